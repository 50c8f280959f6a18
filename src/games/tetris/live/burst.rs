//! Placing a piece in one burst of keys, nothing looked at between the first sight and the drop:
//! room made at the top where a turn needs it, then the turns, the shifts and the hard drop, all
//! at once. A game with fast gravity lands a piece a few hundred milliseconds after it shows,
//! which a look after each step cannot keep up with. The burst is used only where what the keys do
//! is known: the turns of a piece with four shapes from the rotation table (its shape says its turn
//! state), those of I, S and Z from what turns did counted from first sight (`sight.rs`), an O's
//! none. The lock is checked when the next piece shows the stack (the play loop); a stack unlike
//! the plan is taken from the screen and planned again from.

use super::super::Piece;
use super::driver::{Hands, ROOM};
use super::shape::{self, Cells};
use super::sight::Used;
use super::turns::{Shape, Turns};
use crate::input::guard::Halt;

/// Presses from `from` (the piece's shape at first sight) to `target` and the left edge's move, when
/// known for sure; with the entry of the first-sight table relied on, if any.
pub fn path(turns: &Turns, piece: Piece, from: &Shape, target: &Shape) -> Option<(usize, i32, Option<Used>)> {
    if piece.shapes().len() == 4 {
        return turns.path(piece, from, target).map(|(presses, dx)| (presses, dx, None));
    }
    turns.sight.path(piece, from, target)
}

/// Sends the burst for `piece` first seen as `spawn`: `presses` turns then a shift that puts the
/// left edge at `x` (it moves by `dx` on the turns), then the hard drop `drop`. The keys sent.
pub fn send(
    hands: &mut Hands<'_, '_>,
    spawn: &Cells,
    (presses, dx, x): (usize, i32, i32),
    drop: &str,
) -> Result<usize, Halt> {
    let keys = hands.config.keys.clone();
    let top = spawn.iter().map(|c| c.0).min().unwrap_or(0);
    let room = if presses > 0 && top < ROOM { (ROOM - top) as usize } else { 0 };
    let by = x - (shape::left(spawn).unwrap_or(0) + dx);
    hands.keys(&keys.soft_drop, room)?;
    hands.keys(&keys.rotate, presses)?;
    hands.shift(by)?;
    hands.keys(drop, 1)?;
    Ok(room + presses + by.unsigned_abs() as usize + 1)
}
