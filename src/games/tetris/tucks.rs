//! Placements reached by moving after a soft drop: a breadth-first search over piece states
//! (x, y, rotation) under the moves left, right, turn clockwise, turn counter-clockwise and down.
//!
//! Every state at or above a column's straight-drop landing row is reachable from spawn (turn and
//! shift above the stack, then fall), so all of them seed the search; the search then finds the
//! states below that only sideways moves or turns reach. A final placement is a state that cannot
//! move down. Turns happen in the rotation box with no wall kicks. Placements with the same cells
//! (I, S, Z and O have repeated shapes) are reported once, preferring a straight drop.

use std::collections::VecDeque;

use super::board::{Board, WIDTH};
use super::piece::Piece;
use super::placements::{Placement, Step, hard_drops, landing_row, turns_and_shifts};

const XS: usize = WIDTH + 4;

/// A searched state space: for every visited state, the step and the state it came from.
struct Search {
    rows: usize,
    /// `None` = not visited; `Some(None)` = a seed; `Some(Some((parent, step)))` otherwise.
    came_from: Vec<Option<Option<(usize, Step)>>>,
    finals: Vec<usize>,
}

fn index(rows: usize, rot: u8, x: i32, y: i32) -> usize {
    ((rot as usize * XS) + (x + 3) as usize) * rows + y as usize
}

fn decode(rows: usize, i: usize) -> (u8, i32, i32) {
    let y = (i % rows) as i32;
    let rest = i / rows;
    ((rest / XS) as u8, (rest % XS) as i32 - 3, y)
}

fn search(board: &Board, piece: Piece) -> Search {
    let rows = board.height() + 1;
    let heights = board.column_heights();
    let top = board.top() as i32;
    let mut came_from = vec![None; 4 * XS * rows];
    let mut queue = VecDeque::new();
    for rot in 0..4u8 {
        let r = piece.rotation(rot);
        for x in 0..=(WIDTH - r.width as usize) {
            let land = landing_row(&heights, r, x);
            for y in land..=top.max(land).min(board.height() as i32) {
                let i = index(rows, rot, x as i32, y);
                came_from[i] = Some(None);
                queue.push_back(i);
            }
        }
    }
    let mut finals = Vec::new();
    while let Some(i) = queue.pop_front() {
        let (rot, x, y) = decode(rows, i);
        let r = piece.rotation(rot);
        if !board.fits(r, x, y - 1) {
            finals.push(i);
        }
        let (bx, by) = (x - r.box_offset.0 as i32, y - r.box_offset.1 as i32);
        let turn = |to: u8| {
            let o = piece.rotation(to).box_offset;
            (to, bx + o.0 as i32, by + o.1 as i32)
        };
        let moves = [
            (Step::Left, (rot, x - 1, y)),
            (Step::Right, (rot, x + 1, y)),
            (Step::Down, (rot, x, y - 1)),
            (Step::Cw, turn((rot + 1) & 3)),
            (Step::Ccw, turn((rot + 3) & 3)),
        ];
        for (step, (nr, nx, ny)) in moves {
            if ny as usize >= rows || !board.fits(piece.rotation(nr), nx, ny) {
                continue;
            }
            let j = index(rows, nr, nx, ny);
            if came_from[j].is_none() {
                came_from[j] = Some(Some((i, step)));
                queue.push_back(j);
            }
        }
    }
    Search { rows, came_from, finals }
}

/// Fills `out` with the hard drops followed by every other final placement (marked `tuck`).
pub fn all_placements(board: &Board, piece: Piece, out: &mut Vec<Placement>) {
    hard_drops(board, piece, out);
    let found = search(board, piece);
    let height = board.height() as i32;
    let mut seen: Vec<(u8, i8, i8)> = out.iter().map(|p| (p.rotation().shape, p.x, p.y)).collect();
    let mut finals = found.finals.clone();
    finals.sort_unstable();
    for i in finals {
        let (rot, x, y) = decode(found.rows, i);
        let r = piece.rotation(rot);
        let key = (r.shape, x as i8, y as i8);
        if y + r.height as i32 > height || seen.contains(&key) {
            continue;
        }
        seen.push(key);
        out.push(Placement { piece, rot, x: x as i8, y: y as i8, tuck: true });
    }
}

/// The steps from spawn to `target` (or to a state with the same cells), if the search reaches it.
pub fn path_to(board: &Board, target: &Placement) -> Option<Vec<Step>> {
    let found = search(board, target.piece);
    let shape = target.rotation().shape;
    let end = (0..4u8).find_map(|rot| {
        let r = target.piece.rotation(rot);
        let i = index(found.rows, rot, target.x as i32, target.y as i32);
        (r.shape == shape && found.came_from.get(i).copied().flatten().is_some()).then_some(i)
    })?;
    let mut steps = Vec::new();
    let mut at = end;
    while let Some(Some((parent, step))) = found.came_from[at] {
        steps.push(step);
        at = parent;
    }
    steps.reverse();
    let (rot, x, y) = decode(found.rows, at);
    let mut path = turns_and_shifts(target.piece, rot, x as i8);
    path.push(Step::SoftDropTo(y as i8));
    path.extend(steps);
    Some(path)
}
