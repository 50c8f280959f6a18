//! Finding the code matrix among the tokens: the largest square block of n x n tokens (n from 4 to
//! 7) in evenly spaced rows and columns.
//!
//! Tokens are grouped into lines by their centres; along a line, runs of evenly spaced tokens are
//! candidate matrix rows. Rows that start at the same place, share the pitch and the count, and
//! follow each other at one steady vertical pitch form the matrix. Tolerances are fractions of the
//! pitch, so nothing depends on the resolution.

use super::super::board::{MAX_SIDE, MIN_SIDE};

use super::tokens::Token;

/// The matrix as found: tokens row by row, and the pitches between cell centres.
#[derive(Clone, Debug)]
pub struct MatrixTokens {
    pub rows: Vec<Vec<Token>>,
    pub pitch_x: f64,
    pub pitch_y: f64,
}

/// An evenly spaced run of tokens on one line.
#[derive(Clone, Debug)]
struct Run {
    tokens: Vec<Token>,
    pitch: f64,
}

impl Run {
    fn x(&self) -> f64 {
        self.tokens[0].centre().0
    }
    fn y(&self) -> f64 {
        self.tokens.iter().map(|t| t.centre().1).sum::<f64>() / self.tokens.len() as f64
    }
}

/// Groups tokens into lines (centres within a third of a token height), each sorted by x.
pub fn lines(tokens: &[Token]) -> Vec<Vec<Token>> {
    let mut sorted = tokens.to_vec();
    sorted.sort_by(|a, b| a.centre().1.total_cmp(&b.centre().1));
    let mut lines: Vec<Vec<Token>> = Vec::new();
    for token in sorted {
        match lines.last_mut() {
            Some(line) if (token.centre().1 - line[0].centre().1).abs() <= line[0].height() / 3.0 => line.push(token),
            _ => lines.push(vec![token]),
        }
    }
    for line in &mut lines {
        line.sort_by(|a, b| a.centre().0.total_cmp(&b.centre().0));
    }
    lines
}

/// Maximal runs of evenly spaced tokens (spacing within 12 %) of at least `MIN_SIDE` tokens.
fn runs(line: &[Token]) -> Vec<Run> {
    let mut found = Vec::new();
    let mut start = 0;
    while start + 1 < line.len() {
        let pitch = line[start + 1].centre().0 - line[start].centre().0;
        let mut end = start + 1;
        while end + 1 < line.len() && ((line[end + 1].centre().0 - line[end].centre().0) - pitch).abs() <= 0.12 * pitch
        {
            end += 1;
        }
        if end + 1 - start >= MIN_SIDE {
            found.push(Run { tokens: line[start..=end].to_vec(), pitch });
        }
        start = end.max(start + 1);
    }
    found
}

/// Finds the largest square matrix of tokens, or None.
pub fn find(tokens: &[Token]) -> Option<MatrixTokens> {
    let runs: Vec<Run> = lines(tokens).iter().flat_map(|l| runs(l)).collect();
    let mut best: Option<MatrixTokens> = None;
    for (i, top) in runs.iter().enumerate() {
        let n = top.tokens.len();
        if !(MIN_SIDE..=MAX_SIDE).contains(&n) || best.as_ref().is_some_and(|b| b.rows.len() >= n) {
            continue;
        }
        let alike = |r: &Run| {
            r.tokens.len() == n
                && (r.pitch - top.pitch).abs() <= 0.1 * top.pitch
                && (r.x() - top.x()).abs() <= 0.25 * top.pitch
        };
        let mut stack = vec![top];
        for run in &runs[i + 1..] {
            if stack.len() == n {
                break;
            }
            if !alike(run) {
                continue;
            }
            let last = stack[stack.len() - 1];
            let step = run.y() - last.y();
            let pitch_y = if stack.len() >= 2 { stack[1].y() - stack[0].y() } else { step };
            let steady = (step - pitch_y).abs() <= 0.12 * pitch_y;
            let plausible = step >= 0.5 * top.pitch && step <= 2.0 * top.pitch;
            if steady && plausible {
                stack.push(run);
            } else if step > 2.0 * top.pitch {
                break;
            }
        }
        if stack.len() == n {
            let pitch_y = (stack[n - 1].y() - stack[0].y()) / (n - 1) as f64;
            let pitch_x = stack.iter().map(|r| r.pitch).sum::<f64>() / n as f64;
            best = Some(MatrixTokens { rows: stack.iter().map(|r| r.tokens.clone()).collect(), pitch_x, pitch_y });
        }
    }
    best
}
