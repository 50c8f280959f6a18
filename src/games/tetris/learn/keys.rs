//! The first step of learning a program's keys live (issue 37): each of the usual keys is pressed
//! once while a piece falls, and what the falling piece does is read from the screen before and
//! after: a step left or right, a turn clockwise or counter-clockwise, a row down (soft drop), the
//! piece gone into the stack (hard drop), another piece in its place with the stack unchanged
//! (hold), or nothing. Pieces are read by the general reader (`read.rs`), so any program it reads
//! can be tried. What a turn of an O (no change) or of an I, S or Z (the same shape either way) is
//! cannot tell its direction: those are `Turn`, undirected. A gravity tick between the two frames
//! is allowed for (a step a row lower is still a step); that a row down was the key's and not
//! gravity's is for the caller to make sure of by trying again (`trials.rs`).

use anyhow::Context;

use super::super::Piece;
use super::read::{Seen, read};
use super::settings::LookSettings;
use crate::input::{Action, InputDevice};
use crate::screen::Screen;

/// The keys tried, in this order: arrows, the letters programs use to turn and hold, W/A/S/D,
/// Shift (another usual hold key), and Space last (a hard drop brings in a new piece at the top,
/// where a turn may not show whole).
pub const USUAL: [&str; 13] = ["Left", "Right", "Up", "Down", "x", "z", "c", "w", "a", "s", "d", "Shift", "space"];
/// The usual soft-drop key: written when no key was seen moving a piece a row down, and the
/// hard drop only when no other key was seen hard-dropping (`KeysFound::hard_drop_key`).
pub const USUAL_SOFT_DROP: &str = "Down";

/// What one key did to the falling piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    Left,
    Right,
    TurnClockwise,
    TurnCounterClockwise,
    /// A turn whose direction the piece's shape cannot show (I, S, Z).
    Turn,
    SoftDrop,
    HardDrop,
    Hold,
    Nothing,
    /// Stopped the game until pressed again: a pause (`pause.rs`), never pressed in play.
    Pauses,
    /// Something else (the piece lost, moved by more than a key does).
    Unclear,
}

/// One key tried: the piece that fell when it was pressed, and what the key did.
#[derive(Clone, Debug, PartialEq)]
pub struct Tried {
    pub key: String,
    pub piece: Piece,
    pub effect: Effect,
}

/// Cells moved to start at row 0, column 0, sorted.
fn normal(cells: impl IntoIterator<Item = (i32, i32)>) -> Vec<(i32, i32)> {
    let cells: Vec<(i32, i32)> = cells.into_iter().collect();
    let (r0, c0) = (cells.iter().map(|c| c.0).min().unwrap_or(0), cells.iter().map(|c| c.1).min().unwrap_or(0));
    let mut out: Vec<(i32, i32)> = cells.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
    out.sort_unstable();
    out
}

/// What turned `before` into `after`, both with a falling piece.
fn moved(before: &[(i32, i32)], after: &[(i32, i32)]) -> Effect {
    let shifted = |dr: i32, dc: i32| {
        let mut cells: Vec<(i32, i32)> = before.iter().map(|&(r, c)| (r + dr, c + dc)).collect();
        cells.sort_unstable();
        cells == after
    };
    if shifted(0, 0) {
        return Effect::Nothing;
    }
    if shifted(0, -1) {
        return Effect::Left;
    }
    if shifted(0, 1) {
        return Effect::Right;
    }
    if shifted(1, 0) {
        return Effect::SoftDrop;
    }
    // The same shape elsewhere is a move, never a turn (one press turns a quarter, which changes
    // every shape but the O's, and an O turned stays in place): an O a column right and a row down
    // (a step and a gravity tick) was read as turned, on every key tried on it where gravity is
    // quick (dionyziz/canvas-tetris, 416 ms a row), and Down, turning the O so, was no soft drop.
    if normal(before.iter().copied()) == normal(after.iter().copied()) {
        return Effect::Unclear;
    }
    // On screen, rows grow downwards: clockwise takes (r, c) to (c, -r).
    let clockwise = normal(before.iter().map(|&(r, c)| (c, -r))) == normal(after.iter().copied());
    let counter = normal(before.iter().map(|&(r, c)| (-c, r))) == normal(after.iter().copied());
    match (clockwise, counter) {
        (true, true) => Effect::Turn,
        (true, false) => Effect::TurnClockwise,
        (false, true) => Effect::TurnCounterClockwise,
        (false, false) => Effect::Unclear,
    }
}

/// What a key did, from the frames read before and after it.
pub fn effect_of(before: &Seen, after: &Seen) -> Effect {
    let Some(was) = &before.falling else { return Effect::Unclear };
    match &after.falling {
        _ if landed(was, before, after) => Effect::HardDrop,
        _ if before.settled_rows() != after.settled_rows() => Effect::Unclear,
        None => Effect::Unclear,
        Some(now) if now.piece != was.piece => Effect::Hold,
        Some(now) => {
            let mut cells = now.cells.clone();
            cells.sort_unstable();
            match moved(&was.cells, &cells) {
                Effect::Unclear => with_gravity(&was.cells, &cells, after),
                effect => effect,
            }
        }
    }
}

/// True when the stack grew where the piece was or below it: it was dropped and locked. Cells
/// new to the stack only above it (the next piece coming in, not yet whole, after a hold) are not
/// a drop.
fn landed(was: &super::cells::Falling, before: &Seen, after: &Seen) -> bool {
    let top = was.cells.iter().map(|c| c.0).min().unwrap_or(0).max(0) as usize;
    (top..after.well.rows).any(|r| (0..after.well.cols).any(|c| after.settled(r, c) && !before.settled(r, c)))
}

/// Rows a piece may fall on its own between a trial's two frames and its step still be told: a
/// program at some 20 rows a second shows two or three. No more, since a trial is made only on a
/// piece with four free rows below it (`trials.rs`): a piece that rests afterwards was dropped.
const GRAVITY_ROWS: i32 = 3;

/// What a key did when the piece also moved down on its own meanwhile (gravity between the two
/// frames): a step sideways up to `GRAVITY_ROWS` lower is the step, and two rows down is a soft
/// drop and a tick; a piece straight down two rows or more, now resting on the stack or the floor,
/// was hard-dropped (a program that locks it later).
fn with_gravity(before: &[(i32, i32)], after: &[(i32, i32)], seen: &Seen) -> Effect {
    for rows in 1..=GRAVITY_ROWS {
        let lowered: Vec<(i32, i32)> = before.iter().map(|&(r, c)| (r + rows, c)).collect();
        match moved(&lowered, after) {
            effect @ (Effect::Left | Effect::Right) => return effect,
            Effect::SoftDrop if rows == 1 => return Effect::SoftDrop,
            _ => {}
        }
    }
    let rows = seen.well.rows as i32;
    let rests = after
        .iter()
        .any(|&(r, c)| r + 1 >= rows || (seen.settled((r + 1) as usize, c as usize) && !after.contains(&(r + 1, c))));
    let fell = (2..rows).any(|d| {
        let mut down: Vec<(i32, i32)> = before.iter().map(|&(r, c)| (r + d, c)).collect();
        down.sort_unstable();
        down == after
    });
    if fell && rests { Effect::HardDrop } else { Effect::Unclear }
}

/// Presses each of `keys` once, in order, and says what each did to the falling piece.
pub fn try_keys(
    screen: &mut dyn Screen,
    input: &mut dyn InputDevice,
    keys: &[&str],
    look: Option<&LookSettings>,
) -> anyhow::Result<Vec<Tried>> {
    let mut out = Vec::new();
    let mut before = read(&screen.capture()?, look)?;
    for &key in keys {
        let piece = before.piece().with_context(|| format!("no falling piece on screen to try {key} on"))?;
        input.perform(&Action::Key(key.to_string()))?;
        let after = read(&screen.capture()?, look).with_context(|| format!("reading the screen after {key}"))?;
        out.push(Tried { key: key.to_string(), piece, effect: effect_of(&before, &after) });
        before = after;
    }
    Ok(out)
}
