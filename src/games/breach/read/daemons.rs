//! Finding the daemon sequences: lines of tokens right of the code matrix (or, with none there,
//! the close group of lines just above it, as the clone stacks its panels in a narrow window), each an evenly spaced
//! chain, all on one lattice of columns: they start in the leftmost column (the game) or some whole
//! number of columns right of it when the profile says daemons move (the clone moves a daemon
//! along as the buffer fills), and then only when all its tokens are clearly codes. How far apart
//! a daemon's codes may be is a hint of the profile too (the clone spaces them wider). A chain is
//! continued, one step at a time, by pairs of glyphs that are clearly codes even where other text
//! stands close beside them.
//!
//! Only tokens of about the matrix's text size count, and only lines about level with the matrix:
//! from under a row pitch above its first row (the daemon panel's title sits higher) to a pitch and
//! a half below its last (a long list beside a small matrix). A daemon already shown as installed
//! or failed is drawn over by its banner, so its codes are not tokens and the line is not read: the
//! spec leaves such daemons out too.

use super::ReadHints;
use super::matrix::{MatrixTokens, lines};
use super::tokens::Token;

/// The token lines of the daemons, top to bottom.
pub fn find(
    tokens: &[Token],
    pairs: &[Token],
    matrix: &MatrixTokens,
    hints: &ReadHints,
    is_code: impl Fn(&Token) -> bool,
) -> Vec<Vec<Token>> {
    let first = &matrix.rows[0];
    let height = first.iter().map(|t| t.height()).sum::<f64>() / first.len() as f64;
    let sized = |t: &Token| t.height() >= 0.65 * height && t.height() <= 1.3 * height;
    let mut lines_found = lines_right(tokens, matrix, &sized);
    if lines_found.is_empty() {
        lines_found = lines_above(tokens, matrix, height, &sized);
    }
    let chains: Vec<Vec<Token>> = lines_found.iter().map(|line| chain(line, height, hints.daemon_step)).collect();
    let Some(column) = chains.iter().map(|c| c[0].centre().0).min_by(f64::total_cmp) else {
        return Vec::new();
    };
    let mut steps: Vec<f64> = chains
        .iter()
        .filter(|c| c.len() >= 2)
        .map(|c| (c[c.len() - 1].centre().0 - c[0].centre().0) / (c.len() - 1) as f64)
        .collect();
    steps.sort_by(f64::total_cmp);
    let pitch = steps.get(steps.len() / 2).copied();
    let kept: Vec<Vec<Token>> = chains
        .into_iter()
        .filter(|c| {
            let offset = c[0].centre().0 - column;
            if offset <= 0.5 * height {
                return true;
            }
            // A line moved along the lattice: only when every token is clearly a code, so that
            // a pair of letters in other text (a daemon's description) is not taken for one.
            hints.daemons_move
                && pitch.is_some_and(|p| (offset - (offset / p).round() * p).abs() <= 0.5 * height)
                && c.iter().all(&is_code)
        })
        .collect();
    kept.into_iter()
        .map(|mut c| {
            let own = (c.len() >= 2).then(|| (c[c.len() - 1].centre().0 - c[0].centre().0) / (c.len() - 1) as f64);
            if let Some(p) = own.or(pitch) {
                extend(&mut c, pairs, p, &is_code);
            }
            c
        })
        .collect()
}

/// The token lines right of the matrix and about level with it (the game's layout, and the
/// clone's in a wide window).
fn lines_right(tokens: &[Token], matrix: &MatrixTokens, sized: &dyn Fn(&Token) -> bool) -> Vec<Vec<Token>> {
    let (first, last) = (&matrix.rows[0], &matrix.rows[matrix.rows.len() - 1]);
    let right_edge = first[first.len() - 1].x1() as f64 + 0.5 * matrix.pitch_x;
    let (top, bottom) = (first[0].centre().1 - 0.8 * matrix.pitch_y, last[0].centre().1 + 1.5 * matrix.pitch_y);
    let candidates: Vec<Token> = tokens
        .iter()
        .filter(|t| {
            let (x, y) = t.centre();
            x > right_edge && y > top && y < bottom && sized(t)
        })
        .copied()
        .collect();
    lines(&candidates)
}

/// Lines this many text heights apart or less are one panel's.
const PANEL_LINE_GAP: f64 = 6.0;

/// With nothing right of the matrix, the panel above it (the clone in a narrow window stacks the
/// buffer, the daemons and the matrix): the token lines above the matrix's first row, from the
/// lowest up while they stay close together (the buffer's codes stand further up).
fn lines_above(
    tokens: &[Token],
    matrix: &MatrixTokens,
    height: f64,
    sized: &dyn Fn(&Token) -> bool,
) -> Vec<Vec<Token>> {
    let ceiling = matrix.rows[0][0].centre().1 - 0.8 * matrix.pitch_y;
    let candidates: Vec<Token> = tokens.iter().filter(|t| t.centre().1 < ceiling && sized(t)).copied().collect();
    let mut above = lines(&candidates);
    let Some(lowest) = above.last().map(|line| line[0].height()) else { return above };
    // From the lowest line up: close together and of one size (a smaller label is not a daemon).
    above.retain(|line| (line[0].height() - lowest).abs() <= 0.2 * lowest);
    let mut keep = above.len().min(1);
    while keep < above.len() {
        let (upper, lower) = (&above[above.len() - keep - 1], &above[above.len() - keep]);
        if lower[0].centre().1 - upper[0].centre().1 > PANEL_LINE_GAP * height {
            break;
        }
        keep += 1;
    }
    above.split_off(above.len() - keep)
}

/// Continues a daemon past where its tokens stop: a pair of glyphs at the next step, level with
/// it, that is clearly a code, is one even with other text close beside it (a daemon's name in
/// CJK script can sit right after its last code).
fn extend(chain: &mut Vec<Token>, pairs: &[Token], pitch: f64, is_code: impl Fn(&Token) -> bool) {
    while chain.len() < 16 {
        let last = chain[chain.len() - 1];
        let (x, y) = (last.centre().0 + pitch, last.centre().1);
        let next = pairs.iter().find(|t| {
            (t.centre().0 - x).abs() <= 0.15 * pitch
                && (t.centre().1 - y).abs() <= last.height() / 3.0
                && (t.height() - last.height()).abs() <= 0.25 * last.height()
        });
        match next {
            Some(t) if is_code(t) => chain.push(*t),
            _ => break,
        }
    }
}

/// The evenly spaced chain of tokens that starts a line (spacing within 15 %, and no wider than
/// `first_step` token heights: further tokens belong to other text).
fn chain(line: &[Token], height: f64, first_step: f64) -> Vec<Token> {
    let mut chain = vec![line[0]];
    let mut pitch: Option<f64> = None;
    for token in &line[1..] {
        let step = token.centre().0 - chain[chain.len() - 1].centre().0;
        let fits = match pitch {
            None => step <= first_step * height,
            Some(p) => (step - p).abs() <= 0.15 * p,
        };
        if !fits {
            break;
        }
        pitch.get_or_insert(step);
        chain.push(*token);
    }
    chain
}
