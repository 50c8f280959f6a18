//! Contest records: the comma-separated op strings contestants submitted (spec section 5.1), parsed
//! and validated as the page did, and written back from unit steps.
//!
//! A record the page would reject is an error naming the 1-based op number and the reason, so a
//! bad planner output or a hand-edited record points at its fault. The empty-piece rule comes in
//! the two versions the spec describes: the later pages' (default) and the early page's.

use std::fmt;

use super::rules::{MAX_OPS_PER_PIECE, Step};

/// One op.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// Bring in the next piece.
    Next,
    /// `n` unit steps of one kind.
    Move(Step, u32),
}

/// Which pieces may have no ops (spec 5.1, "[variant: validation]").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Validation {
    /// Later pages: every piece has 1..=100 ops, except that a record's last op may be an `N`
    /// with none (when that `N` is not also the first op: a record of just `N` is rejected).
    #[default]
    Later,
    /// The early staff page: 0..=100 ops per piece (`N,N` discards a piece).
    AllowEmpty,
}

/// Why a record is rejected: the 1-based op number and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    pub op: usize,
    pub reason: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "record rejected at op {}: {}", self.op, self.reason)
    }
}

impl std::error::Error for RecordError {}

fn reject(op: usize, reason: impl Into<String>) -> RecordError {
    RecordError { op, reason: reason.into() }
}

/// Parses and validates a record (surrounding whitespace of the whole string, such as a final
/// newline, and around each op is ignored, as the page's trim did).
pub fn parse(record: &str, validation: Validation) -> Result<Vec<Op>, RecordError> {
    let mut ops = Vec::new();
    for (i, text) in record.trim().split(',').enumerate() {
        ops.push(parse_op(text.trim()).map_err(|reason| reject(i + 1, reason))?);
    }
    if ops.first() != Some(&Op::Next) {
        return Err(reject(1, "the first op must be N"));
    }
    // Each piece: the op number of its N and the sum of its counts.
    let mut piece = 0usize;
    let mut piece_op = 0usize;
    let mut sum = 0u64;
    for (i, op) in ops.iter().enumerate() {
        match *op {
            Op::Next => {
                if piece > 0 && sum == 0 && validation == Validation::Later {
                    return Err(empty_piece(piece, piece_op));
                }
                piece += 1;
                piece_op = i + 1;
                sum = 0;
            }
            Op::Move(_, n) => {
                sum += n as u64;
                if sum > MAX_OPS_PER_PIECE as u64 {
                    return Err(reject(
                        i + 1,
                        format!("piece {piece} has more than {MAX_OPS_PER_PIECE} ops ({sum} so far)"),
                    ));
                }
            }
        }
    }
    // The last piece may have no ops only if its N is the last op and not the first.
    if sum == 0 && validation == Validation::Later && ops.len() == 1 {
        return Err(empty_piece(piece, piece_op));
    }
    Ok(ops)
}

fn empty_piece(piece: usize, op: usize) -> RecordError {
    reject(op, format!("piece {piece} has no ops (two N in a row; allowed only with the early page's rule)"))
}

fn parse_op(text: &str) -> Result<Op, String> {
    let mut chars = text.chars();
    let step = match chars.next() {
        None => return Err("empty op".into()),
        Some('N') if text.len() == 1 => return Ok(Op::Next),
        Some('N') => return Err(format!("{text:?}: N takes no count")),
        Some('L') => Step::Left,
        Some('R') => Step::Right,
        Some('D') => Step::Down,
        Some('C') => Step::Rotate,
        Some(other) => return Err(format!("{text:?}: {other:?} is not an op (N, L, R, D or C)")),
    };
    let digits = chars.as_str();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{text:?}: {} needs a count of ASCII digits", step.letter()));
    }
    // More than 100 per piece is rejected anyway, so saturate instead of overflowing.
    let n = digits.bytes().fold(0u32, |acc, b| acc.saturating_mul(10).saturating_add((b - b'0') as u32));
    if n == 0 {
        return Err(format!("{text:?}: the count must be at least 1"));
    }
    Ok(Op::Move(step, n))
}

/// Writes the ops of one piece from its unit steps, runs of one step joined into one op (`N` not
/// included). An empty path becomes `D1`, a step the piece cannot take (it rests) but that counts,
/// so the piece has the one op the later rule wants and still locks where it is.
pub fn piece_ops(steps: &[Step], out: &mut String) {
    if steps.is_empty() {
        out.push_str(",D1");
        return;
    }
    let mut i = 0;
    while i < steps.len() {
        let run = steps[i..].iter().take_while(|&&s| s == steps[i]).count();
        out.push(',');
        out.push(steps[i].letter());
        out.push_str(&run.to_string());
        i += run;
    }
}
