//! The contest planner's entry points: plan a record for the known sequence with a beam search,
//! write it as ops, and re-score it with the replayer before handing it out, so the score a caller
//! sees is the score the record earns (public top-out rule, later validation rule).
//!
//! The budget is the beam width (and how many pieces to plan), not wall time, so a run is
//! reproducible; an optional time limit can only cut a run short, and the result says so.

use anyhow::{Context, ensure};

use super::super::board::Board;

use super::beam;
use super::eval::Weights;
use super::reach::{Moves, Reach};
use super::record;
use super::replay::{ReplayOptions, replay_str};
use super::rules::{self, Lock, PIECES, Pos, TopOut};
use super::search::{BeamConfig, Progress, RushedLimit};

/// Default beam width: a full 9,999-piece plan in about 7 minutes on two shared cores.
pub const DEFAULT_WIDTH: usize = 4000;

/// What to plan and with which budget.
#[derive(Clone, Copy, Debug)]
pub struct PlanOptions {
    /// Boards kept per piece.
    pub width: usize,
    /// Pieces to plan from the first (at most 9,999: piece 10,000 never scores).
    pub pieces: u32,
    pub threads: usize,
    pub weights: Weights,
    /// Stop early after this many seconds (the record then covers fewer pieces).
    pub time_limit: Option<f64>,
    /// Which landings a piece may take.
    pub moves: Moves,
    /// How many rushed pieces in a row a line may have (see `search::RushedLimit`).
    pub rushed: Option<RushedLimit>,
}

impl Default for PlanOptions {
    fn default() -> PlanOptions {
        PlanOptions {
            width: DEFAULT_WIDTH,
            pieces: PIECES - 1,
            threads: 2,
            weights: Weights::default(),
            time_limit: None,
            moves: Moves::Any,
            rushed: None,
        }
    }
}

/// A planned record and its verified score.
#[derive(Clone, Debug)]
pub struct PlannedRecord {
    /// The record: comma-separated ops, no trailing newline.
    pub record: String,
    /// Its score as replayed.
    pub score: u64,
    /// Pieces it brings in.
    pub pieces: u32,
    /// True when the time limit stopped planning before `PlanOptions::pieces`.
    pub cut_short: bool,
}

/// Plans a record for the contest's sequence; `progress` hears about every 100 pieces.
pub fn solve_contest(options: &PlanOptions, progress: &mut dyn FnMut(Progress)) -> anyhow::Result<PlannedRecord> {
    ensure!(
        (1..PIECES).contains(&options.pieces),
        "plan 1 to {} pieces (piece {PIECES} never scores), not {}",
        PIECES - 1,
        options.pieces
    );
    ensure!(options.width >= 1, "the beam width is at least 1");
    let sequence = rules::sequence();
    let pieces = &sequence[..options.pieces as usize];
    let config = BeamConfig {
        width: options.width,
        threads: options.threads,
        weights: options.weights,
        time_limit: options.time_limit,
        moves: options.moves,
        rushed: options.rushed,
    };
    let line = beam::beam(pieces, &config, progress)?;
    let (record, score) = write_record(&line.landings)?;
    ensure!(score == line.score, "the planner counted {} points but its placements earn {score}", line.score);
    let replayed = replay_str(&record, ReplayOptions::default()).context("the planned record does not parse")?;
    ensure!(
        replayed.score == score && replayed.pieces as usize == line.landings.len(),
        "the planned record replays to {} points and {} pieces, not {score} and {}",
        replayed.score,
        replayed.pieces,
        line.landings.len()
    );
    Ok(PlannedRecord { record, score, pieces: replayed.pieces, cut_short: line.cut_short })
}

/// The record that brings in each piece and takes it to its landing (a shortest path from its
/// spawn), whatever the landings do: each is reached on the board the ones before it leave (page
/// rules: staff top-out, so a lock in row 0 leaves its cells), and a landing no path reaches is an
/// error naming the piece. For the live player's record of what it placed.
pub fn record_of(landings: &[Pos]) -> anyhow::Result<String> {
    let mut board = Board::default();
    let mut reach = Reach::default();
    let mut out = String::with_capacity(landings.len() * 12);
    for (k, (&target, piece)) in landings.iter().zip(rules::Generator::default()).enumerate() {
        // Any state with the same cells will do (I, S and Z have two; O one).
        let same = (0..4u8).map(|state| Pos { state, ..target });
        let same = same.filter(|p| p.kind.shape(p.state).canonical == target.kind.shape(target.state).canonical);
        let steps = std::iter::once(target)
            .chain(same)
            .find_map(|t| reach.path_to(&board, piece, t))
            .with_context(|| format!("piece {} cannot reach where it was placed, {target:?}", k + 1))?;
        if k > 0 {
            out.push(',');
        }
        out.push('N');
        record::piece_ops(&steps, &mut out);
        rules::lock(&mut board, target, TopOut::Staff);
    }
    Ok(out)
}

/// Writes the ops that put each piece at its landing, with the score they earn.
fn write_record(landings: &[Pos]) -> anyhow::Result<(String, u64)> {
    let mut board = Board::default();
    let mut reach = Reach::default();
    let mut out = String::with_capacity(landings.len() * 12);
    let mut score = 0;
    for (k, (&target, piece)) in landings.iter().zip(rules::Generator::default()).enumerate() {
        let steps = reach
            .path_to(&board, piece, target)
            .with_context(|| format!("piece {} cannot reach its planned landing {target:?}", k + 1))?;
        ensure!(!rules::can_fall(&board, target), "piece {} would lock in mid-air", k + 1);
        if k > 0 {
            out.push(',');
        }
        out.push('N');
        record::piece_ops(&steps, &mut out);
        let lock = rules::lock(&mut board, target, TopOut::Public);
        ensure!(lock != Lock::GameOver, "piece {} tops out", k + 1);
        score += lock.points();
    }
    Ok((out, score))
}
