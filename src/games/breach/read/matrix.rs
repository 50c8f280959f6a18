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

/// Groups tokens into lines, each sorted by x: a token joins the line above it when its centre is
/// within a third of a height (its own or the line's tallest, the larger) of the line's mean centre.
/// Measured against the whole line, a small token of other text a few pixels off a matrix row (a
/// label in the UI's language) neither starts a line of its own that splits the row nor pulls it.
pub fn lines(tokens: &[Token]) -> Vec<Vec<Token>> {
    let mut sorted = tokens.to_vec();
    sorted.sort_by(|a, b| a.centre().1.total_cmp(&b.centre().1));
    let mut lines: Vec<Vec<Token>> = Vec::new();
    for token in sorted {
        let joins = lines.last().is_some_and(|line| {
            let mean = line.iter().map(|t| t.centre().1).sum::<f64>() / line.len() as f64;
            let tallest = line.iter().map(Token::height).fold(token.height(), f64::max);
            (token.centre().1 - mean).abs() <= tallest / 3.0
        });
        match lines.last_mut() {
            Some(line) if joins => line.push(token),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::regions::Component;

    fn token(x: u32, y: u32, h: u32) -> Token {
        let glyph = |x0: u32| Component { area: (h * h / 2) as usize, x0, y0: y, x1: x0 + h * 2 / 3, y1: y + h };
        Token { left: glyph(x), right: glyph(x + h * 2 / 3 + 2) }
    }

    /// Regression (issue 29, a real Korean start screen): a small token of the UI's own text a few
    /// pixels above the middle of a matrix row, far to its right, once started a line of its own
    /// and split the row in two, so no square block was found.
    #[test]
    fn a_small_token_beside_a_row_does_not_split_it() {
        let mut tokens: Vec<Token> =
            (0..5).flat_map(|r| (0..5).map(move |c| token(100 + 64 * c, 100 + 64 * r + (c % 2), 22))).collect();
        tokens.push(token(900, 64 + 100 + 1, 12));
        let found = find(&tokens).expect("the 5x5 matrix");
        assert_eq!(found.rows.len(), 5);
        assert!(found.rows.iter().all(|row| row.len() == 5 && row.iter().all(|t| t.height() >= 20.0)));
    }
}
