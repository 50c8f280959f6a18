//! The easy-mode solver: the classic DP for the most supplies on a monotone path, O(n^2).
//!
//! For each quadrant (see `quadrant.rs` for why four quadrants cover every game), the most
//! supplies collectable from each room to the end of the game, computed backwards from the far
//! corner: best(room) = supplies(room) + max(best(next vertical), best(next horizontal)), or just
//! supplies(room) where no step forward is left. The moves follow the larger neighbour from the
//! player. It reads the board's rooms in place with strides (no copy of the quadrant) and keeps
//! one i32 per room of one quadrant plus a border of "blocked" sentinels, so that the inner loop
//! has no bounds tests: about 4(n+1)^2 cell updates in all.

use super::super::board::{Board, Dir, Room};

/// The value of a room that cannot be entered (or lies outside the quadrant).
const BLOCKED: i32 = i32::MIN / 2;

/// The supplies in a room, or `BLOCKED`. Written as selects rather than a `match` over every
/// variant, which compiles to a jump table that mispredicts on random boards (3x slower).
/// Easy boards hold no food or water (`Board::from_cells` refuses them).
fn supplies(room: Room) -> i32 {
    let value = if let Room::Supply(v) = room { i32::from(v) } else { 0 };
    if room == Room::Collapsed { BLOCKED } else { value }
}

/// The moves collecting the most supplies from the player's room, and the bytes the DP held.
pub(super) fn best_moves(board: &Board) -> (Vec<Dir>, usize) {
    let (pr, pc) = board.player();
    let size = board.size;
    let (mut table, mut values): (Vec<i32>, Vec<i32>) = (Vec::new(), Vec::with_capacity(size));
    let mut best: Option<(i32, Vec<Dir>)> = None;
    let mut held = 0;
    for vertical in [Dir::Up, Dir::Down] {
        for horizontal in [Dir::Left, Dir::Right] {
            let (rows, row_step) = if vertical == Dir::Up { (pr + 1, -1) } else { (size - pr, 1) };
            let cols = if horizontal == Dir::Left { pc + 1 } else { size - pc };
            // Row i of the table is row i of the quadrant plus a sentinel column; then a sentinel row.
            let width = cols + 1;
            table.clear();
            table.resize((rows + 1) * width, BLOCKED);
            held = held.max(table.capacity() * 4 + values.capacity() * 4);
            for i in (0..rows).rev() {
                let line = pr.strict_add_signed(row_step * i as isize) * size;
                let rooms = if horizontal == Dir::Left {
                    &board.cells[line..=line + pc]
                } else {
                    &board.cells[line + pc..line + size]
                };
                values.clear();
                if horizontal == Dir::Left {
                    values.extend(rooms.iter().rev().map(|&r| supplies(r)));
                } else {
                    values.extend(rooms.iter().map(|&r| supplies(r)));
                }
                let (here, below) = table[i * width..(i + 2) * width].split_at_mut(width);
                let mut right = BLOCKED;
                for ((cell, &down), &value) in here[..cols].iter_mut().zip(&below[..cols]).zip(&values).rev() {
                    let onward = down.max(right).max(0);
                    *cell = if value == BLOCKED { BLOCKED } else { value + onward };
                    right = *cell;
                }
            }
            let total = table[0];
            if best.as_ref().is_none_or(|(value, _)| total > *value) {
                best = Some((total, walk(&table, width, vertical, horizontal)));
            }
        }
    }
    (best.map(|(_, moves)| moves).unwrap_or_default(), held)
}

/// Follows the table from the player: the larger of the two next rooms (vertical on ties).
fn walk(table: &[i32], width: usize, vertical: Dir, horizontal: Dir) -> Vec<Dir> {
    let (mut k, mut moves) = (0, Vec::new());
    loop {
        let (down, right) = (table[k + width], table[k + 1]);
        if down == BLOCKED && right == BLOCKED {
            return moves;
        }
        if down >= right {
            moves.push(vertical);
            k += width;
        } else {
            moves.push(horizontal);
            k += 1;
        }
    }
}
