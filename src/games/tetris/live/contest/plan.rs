//! Where the live contest player's landings come from: a record planned beforehand (`--record`,
//! replayed once to know where each piece goes), or the planner running alongside the game
//! (`contest::stream`). When the board on screen differs from the plan, or a record runs out, the
//! player plans again from the board on screen with a new stream.

use std::path::Path;
use std::time::Duration;

use anyhow::{Context, bail};

use crate::games::tetris::board::Board;
use crate::games::tetris::contest::reach::Reach;
use crate::games::tetris::contest::rules::{self, PIECES, Pos, SequencePiece};
use crate::games::tetris::contest::search::{BeamConfig, RushedLimit};
use crate::games::tetris::contest::stream::PlanStream;
use crate::games::tetris::contest::{ReplayOptions, replay_str};

/// The landings in play.
pub enum Plan {
    /// Landings of the first pieces, known beforehand.
    Known(Vec<Pos>),
    /// A search running ahead of the game.
    Stream(PlanStream),
}

/// The pieces a plan covers: all but the last, which never scores.
pub const PLANNED: usize = PIECES as usize - 1;

impl Plan {
    /// The landings of a record file (the contest's format, as `solve tetris --contest` writes).
    pub fn from_record(path: &Path) -> anyhow::Result<Plan> {
        let text =
            std::fs::read_to_string(path).with_context(|| format!("{}: cannot read the record", path.display()))?;
        let replay = replay_str(&text, ReplayOptions::default()).with_context(|| path.display().to_string())?;
        let landings: Vec<Pos> = replay.landed.iter().map_while(|l| *l).take(PLANNED).collect();
        if landings.is_empty() {
            bail!("{}: the record places no piece", path.display());
        }
        Ok(Plan::Known(landings))
    }

    /// A search from `board` (score so far `score`) for the pieces from `index` to the last planned.
    pub fn search(board: Board, score: u64, index: usize, sequence: &[SequencePiece], config: &BeamConfig) -> Plan {
        let pieces = sequence.get(index..PLANNED).unwrap_or_default().to_vec();
        Plan::Stream(PlanStream::start(board, score, index, pieces, *config))
    }

    /// The landing of piece `index` (see `PlanStream::landing`); None when the plan has none.
    pub fn landing(&self, index: usize, patience: Duration) -> anyhow::Result<Option<Pos>> {
        match self {
            Plan::Known(landings) => Ok(landings.get(index).copied()),
            Plan::Stream(stream) => stream.landing(index, patience),
        }
    }

    /// The landings known now from `index` on, at most `count`.
    pub fn known(&self, index: usize, count: usize) -> Vec<Pos> {
        match self {
            Plan::Known(landings) => landings.iter().skip(index).take(count).copied().collect(),
            Plan::Stream(stream) => stream.known(index, count),
        }
    }

    /// Like `known`, but when `wait` is set a search is first given the time to make them final
    /// (`PlanStream::wait_known`): the player's clock stands still meanwhile.
    pub fn known_or_wait(&self, index: usize, count: usize, wait: bool) -> Vec<Pos> {
        match self {
            Plan::Stream(stream) if wait => stream.wait_known(index, count),
            _ => self.known(index, count),
        }
    }

    /// The pieces (0-based) of a plan known beforehand that end a run of rushed pieces longer than
    /// `limit` allows at their index: more in a row than its `most`, or a piece resting on the
    /// stack where it comes in further into its run than the page's gravity leaves time for with
    /// the margin (`RushedLimit::at`). The player counts rushed pieces the same way.
    pub fn short_of_margin(&self, sequence: &[SequencePiece], limit: &RushedLimit) -> Vec<usize> {
        let Plan::Known(landings) = self else { return Vec::new() };
        let mut reach = Reach::default();
        let mut board = Board::default();
        let (mut run, mut out) = (0u8, Vec::new());
        for (k, (&pos, &piece)) in landings.iter().zip(sequence).enumerate() {
            let spawn = Pos::spawn(piece);
            if super::moves::waitable(&mut reach, &board, spawn, pos) {
                run = 0;
            } else {
                run = run.saturating_add(1);
                let resting = !rules::can_fall(&board, spawn);
                if limit.at(k).is_some_and(|(most, most_resting)| run > most || (resting && run > most_resting)) {
                    out.push(k);
                }
            }
            rules::lock(&mut board, pos, rules::TopOut::Staff);
        }
        out
    }

    /// Waits until a search has planned `lead` pieces past `index`, or for `patience`.
    pub fn warm_up(&self, index: usize, lead: usize, patience: Duration) {
        let Plan::Stream(stream) = self else { return };
        let started = std::time::Instant::now();
        while stream.lead(index) < lead && started.elapsed() < patience {
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// True for the first landing of a search (it has had no time to look ahead yet).
    pub fn starts_at(&self, index: usize) -> bool {
        matches!(self, Plan::Stream(stream) if stream.span().0 == index)
    }
}

/// The score of placing `landings` from the start (the public track's rules, as `replay` scores a
/// record).
pub fn score_of(landings: &[Pos]) -> u64 {
    let mut board = Board::default();
    let mut score = 0;
    for (k, &pos) in landings.iter().enumerate() {
        let lock = rules::lock(&mut board, pos, rules::TopOut::Public);
        if lock == rules::Lock::GameOver || k + 1 >= PIECES as usize {
            break;
        }
        score += lock.points();
    }
    score
}
