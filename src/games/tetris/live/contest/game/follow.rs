//! After a piece's keys: the next piece watched for over the board the landings leave, which also
//! checks the locks the screen has not shown yet, or, for a rushed next piece, its keys sent
//! without seeing it. A rushed piece (one a tick would lock where it comes in, or take past its
//! landing) must have its keys at the page before the next tick, and so must each rushed piece
//! right after it; the screen shows a new piece tens of ms after the drop that brings it, and at
//! 100 ms a row that leaves a run of two no time. The page brings the next piece in the moment the
//! drop key locks the last one and takes keys in order, so once the last piece's keys were sure
//! (out before any tick could come), the next piece is where it must be: when waiting to see it
//! would leave the run too little time, its keys go at once, unseen. A run goes on unseen only
//! while each piece's keys were sure; the first piece seen after it checks every lock of the run,
//! and a board unlike the plan is explained by the run's landings and planned again from.

use std::time::Instant;

use super::super::gravity::period;
use super::super::moves::{Drive, rushed_run};
use super::super::watch::{Expect, Seen, Sight, Ticks, stale_grids, watch};
use super::{Contest, PLAN_AHEAD, Piece};
use crate::games::tetris::board::Board;
use crate::games::tetris::contest::rules::Pos;
use crate::games::tetris::live::contest::Outcome;

impl Contest<'_> {
    /// Watches for the next piece over the board `piece`'s lock leaves (`before`: the board it fell
    /// on), or lets it go unseen (see the module's text); a board unlike the plan is explained and
    /// planned again from. False when the page is over.
    pub(super) fn next(
        &mut self,
        piece: &Piece,
        keys: &Drive,
        before: &Board,
        was_blind: bool,
        sure: bool,
    ) -> anyhow::Result<bool> {
        let k = piece.index;
        // The screens the piece showed on its way: a frame still showing one is old.
        let walked = keys.steps.iter().scan(piece.pos, |p, &step| {
            let next = p.stepped(step);
            if next.is_legal(before) {
                *p = next;
            }
            Some(*p)
        });
        let path: Vec<Pos> = std::iter::once(piece.pos).chain(walked).collect();
        let mut stale = stale_grids(before, &path);
        if was_blind {
            // This piece was never seen: the screen may still show those before it on their way.
            stale.extend_from_slice(&self.last_stale);
        }
        // The first lock the screen has not shown: this piece's, or the first of a run sent unseen.
        let (first, from) = self.unverified.unwrap_or((k, *before));
        let late = self.late_deadline(k, sure);
        let sight = if late.is_some_and(|late| late <= self.clock.now()) {
            Sight::Late
        } else {
            let board = self.board;
            let expect = Expect {
                index: k + 1,
                board: &board,
                before: Some((&from, first)),
                sequence: &self.sequence,
                stale: &stale,
                late,
            };
            let period = period(&self.timing, k as u32 + 2);
            let ticks = Ticks { clock: self.clock, gravity: &mut self.gravity, period, lag: self.lag.display() };
            watch(self.screen, &self.layout, self.config, &expect, ticks, self.sent)?
        };
        self.last_stale = stale;
        self.unverified = None;
        match sight {
            Sight::Expected(next) => {
                self.lag.saw(next.at - self.sent);
                self.seen = next;
            }
            Sight::Differs { seen: next, from, landings } => {
                self.summary.replans += 1;
                (self.progress)(&format!(
                    "the board on screen is not the plan's: piece {} landed at {:?}, not {:?}; planning again from the screen",
                    from + 1,
                    landings[0],
                    self.summary.landings[from]
                ));
                self.summary.landings.truncate(from);
                self.summary.landings.extend(landings);
                self.board = next.board;
                self.plan_again(next.index);
                self.seen = next;
            }
            Sight::Over => {
                self.summary.outcome = Outcome::ToppedOut;
                return Ok(false);
            }
            Sight::Late => {
                self.summary.blind += 1;
                let index = k + 1;
                self.seen =
                    Seen { index, pos: Pos::spawn(self.sequence[index]), board: self.board, at: self.clock.now() };
                self.blind = true;
                self.unverified = Some((first, from));
            }
        }
        Ok(true)
    }

    /// For a rushed next piece after keys that were sure: the moment past which it goes unseen,
    /// so that it and the rushed pieces right after it still have their keys at the page before
    /// the next tick (each the time its keys take to send and reach the page, and a key lag to
    /// spare). When the screen could not show it by then (it takes about a cycle), that moment is
    /// now.
    fn late_deadline(&mut self, k: usize, sure: bool) -> Option<Instant> {
        if !sure {
            return None;
        }
        let next = self.known(k + 1, PLAN_AHEAD);
        let run = rushed_run(&mut self.reach, &self.board, &self.sequence[k + 1..], &next, PLAN_AHEAD);
        if run == 0 {
            return None;
        }
        let quiet = self.gravity.quiet_until(self.sent, period(&self.timing, k as u32 + 2))?;
        let lead = self.run_keys(run - 1);
        let see_by = quiet.checked_sub(lead).unwrap_or(self.sent);
        if self.debug {
            let ms = |t: Instant| t.saturating_duration_since(self.sent).as_secs_f64() * 1e3;
            let line = format!(
                "piece {} run {run} quiet +{:.1} see by +{:.1} cycle {:?} keys {:?}",
                k + 2,
                ms(quiet),
                ms(see_by),
                self.lag.cycle(),
                self.lag.keys()
            );
            (self.progress)(&line);
        }
        Some(if see_by < self.sent + self.lag.cycle() { self.sent } else { see_by })
    }
}
