//! The contest replayer: runs a parsed record exactly as spec section 5 says (unit steps, skipped
//! illegal steps, locks where a piece's ops end, discarded pieces, the piece limit, both top-out
//! rules) and reports the score with the score after every piece, so checkpoints can be compared.
//!
//! It is the judge of the planner too: a planned record is replayed here before it is returned.

use super::super::board::Board;

use super::record::{self, Op, RecordError, Validation};
use super::rules::{self, Generator, Lock, PIECES, Pos, TopOut};

/// The two rule variants.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReplayOptions {
    pub validation: Validation,
    pub topout: TopOut,
}

/// Why the replay stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The ops ran out.
    OpsDone,
    /// Piece `piece` could not enter: its spawn position is not legal.
    SpawnBlocked { piece: u32 },
    /// The lock of piece `piece` ended the game (top-out rule).
    ToppedOut { piece: u32 },
    /// Piece `PIECES` locked (or was brought in and more followed): nothing after it counts.
    PieceLimit,
}

/// What a replay found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    pub score: u64,
    /// Pieces brought in.
    pub pieces: u32,
    /// `score_after[k - 1]`: the score once piece k has locked (or was discarded).
    pub score_after: Vec<u64>,
    /// Locks by lines cleared (0..4); a lock that does not score (piece limit) counts as 0.
    pub clears: [u32; 5],
    /// Unit steps skipped because the new position was not legal.
    pub skipped_steps: u32,
    /// Locks of a piece that could still have fallen.
    pub midair_locks: u32,
    pub end: End,
    /// The board when the replay ended (after the last lock's clear, even one that did not score).
    pub board: Board,
    /// Where each piece brought in locked, in order (None: discarded, or still falling at the end).
    pub landed: Vec<Option<Pos>>,
}

impl Replay {
    /// The score once piece `k` (1-based) has locked; the final score for pieces never reached.
    pub fn score_after_piece(&self, k: u32) -> u64 {
        self.score_after.get((k as usize).wrapping_sub(1)).copied().unwrap_or(self.score)
    }
}

/// Parses, validates and replays a record.
pub fn replay_str(record: &str, options: ReplayOptions) -> Result<Replay, RecordError> {
    let ops = record::parse(record, options.validation)?;
    Ok(replay(&ops, options.topout))
}

/// Replays validated ops.
pub fn replay(ops: &[Op], topout: TopOut) -> Replay {
    let mut generator = Generator::default();
    let mut r = Replay {
        score: 0,
        pieces: 0,
        score_after: Vec::new(),
        clears: [0; 5],
        skipped_steps: 0,
        midair_locks: 0,
        end: End::OpsDone,
        board: Board::default(),
        landed: Vec::new(),
    };
    let mut current: Option<Pos> = None;
    for (i, op) in ops.iter().enumerate() {
        match *op {
            Op::Next => {
                if current.take().is_some() {
                    // Two N in a row: the previous piece is discarded.
                    r.score_after.push(r.score);
                }
                let Some(piece) = generator.next() else { break };
                r.pieces += 1;
                r.landed.push(None);
                let pos = Pos::spawn(piece);
                if !pos.is_legal(&r.board) {
                    r.end = End::SpawnBlocked { piece: r.pieces };
                    return r;
                }
                current = Some(pos);
                if i + 1 == ops.len() && !lock_piece(&mut r, pos, topout) {
                    return r;
                }
            }
            Op::Move(step, n) => {
                let Some(mut pos) = current else { continue };
                for _ in 0..n {
                    let next = pos.stepped(step);
                    if next.is_legal(&r.board) {
                        pos = next;
                    } else {
                        r.skipped_steps += 1;
                    }
                }
                current = Some(pos);
                let piece_ends = ops.get(i + 1).is_none_or(|next| *next == Op::Next);
                if piece_ends {
                    current = None;
                    if !lock_piece(&mut r, pos, topout) {
                        return r;
                    }
                }
            }
        }
    }
    r
}

/// Locks the current piece; false when the game is over.
fn lock_piece(r: &mut Replay, pos: Pos, topout: TopOut) -> bool {
    if let Some(last) = r.landed.last_mut() {
        *last = Some(pos);
    }
    if rules::can_fall(&r.board, pos) {
        r.midair_locks += 1;
    }
    match rules::lock(&mut r.board, pos, topout) {
        Lock::GameOver => {
            r.clears[0] += 1;
            r.score_after.push(r.score);
            r.end = End::ToppedOut { piece: r.pieces };
            false
        }
        _ if r.pieces >= PIECES => {
            r.clears[0] += 1;
            r.score_after.push(r.score);
            r.end = End::PieceLimit;
            false
        }
        scored @ Lock::Scored { lines, .. } => {
            r.clears[lines as usize] += 1;
            r.score += scored.points();
            r.score_after.push(r.score);
            true
        }
    }
}
