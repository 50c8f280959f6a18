//! After a piece's keys: the next piece watched for over the board the landings leave, which also
//! checks the locks the screen has not shown yet, or, for a rushed next piece, its keys sent
//! without seeing it. A rushed piece (one a tick would lock where it comes in, or take past its
//! landing) must have its keys at the page before the next tick, and so must each rushed piece
//! right after it; the screen shows a new piece tens of ms after the drop that brings it, and at
//! 100 ms a row that leaves a run of two no time. The page brings the next piece in the moment the
//! drop key locks the last one and takes keys in order, so once the last piece's keys were sure
//! (out before any tick could come), the next piece is where it must be, and its keys go at once,
//! unseen: waiting to see it would spend the run's time on the screen's lag. A run goes on unseen only
//! while each piece's keys were sure; the first piece seen after it checks every lock of the run,
//! and a board unlike the plan is explained by the run's landings and planned again from.

use super::super::gravity::period;
use super::super::moves::{Drive, rushed_run};
use super::super::watch::{Expect, Seen, Sight, Ticks, stale_grids, watch};
use super::{Contest, Piece};
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
        let (first, from) = self.unverified.take().unwrap_or((k, *before));
        if sure && self.rushed_next(k) {
            self.last_stale = stale;
            self.summary.blind += 1;
            let index = k + 1;
            self.seen = Seen { index, pos: Pos::spawn(self.sequence[index]), board: self.board, at: self.clock.now() };
            self.blind = true;
            self.unverified = Some((first, from));
            return Ok(true);
        }
        let board = self.board;
        let expect = Expect {
            index: k + 1,
            board: &board,
            before: Some((&from, first)),
            sequence: &self.sequence,
            stale: &stale,
        };
        let period = period(&self.timing, k as u32 + 2);
        let ticks = Ticks { clock: self.clock, gravity: &mut self.gravity, period, lag: self.lag.display() };
        let sight = watch(self.screen, &self.layout, self.config, &expect, ticks, self.sent)?;
        self.last_stale = stale;
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
        }
        Ok(true)
    }

    /// True when the piece after piece `k` is rushed (it cannot wait for a tick at its spawn).
    fn rushed_next(&mut self, k: usize) -> bool {
        let next = self.known(k + 1, 1);
        rushed_run(&mut self.reach, &self.board, &self.sequence[k + 1..], &next, 1) > 0
    }
}
