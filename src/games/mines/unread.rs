//! A board still shown, with cells in a look the profile lacks, told from a board gone. After a
//! move that cannot lose, the play loop takes a board that reads neither where it was nor anywhere
//! for the game's own end display, a win; but a number in a look the profile never learned (a
//! glyph no rule reads, on a shade of its own) can make the board both unreadable and unfound (the
//! opened cells around it in looks the profile lacks too): the game was then called won with cells
//! still covered. The board is still there when every cell opened before reads as it did, every
//! cell covered before reads as covered or opened, some cell reads as before, and each group of
//! cells that read as nothing (touching one another) holds a cell the move clicked or touches a
//! cell it opened as a 0: what the move uncovered. A game's end display does not read so (a page
//! dimmed or a panel over opened cells, mines shown in a new look away from what was clicked: a
//! mine is never beside a 0).

use super::board::{Board, Cell};
use super::config::MinesConfig;
use super::read;
use crate::frame::Frame;
use crate::vision::grid::Grid;

/// After a move that cannot lose: why the board is still shown though it does not read, naming
/// the first cell that reads as nothing (see the module's comment); None when the screen is not
/// so.
pub fn in_place(frame: &Frame, grid: &Grid, config: &MinesConfig, predicted: &Board) -> Option<String> {
    if (grid.rows, grid.cols) != (predicted.rows, predicted.cols) {
        return None;
    }
    let read = read::read_each(frame, grid, config).ok()?;
    let (mut as_before, mut unread) = (0, vec![false; read.len()]);
    for (i, cell) in read.iter().enumerate() {
        match (predicted.cells[i], cell) {
            (Cell::Open(n), Ok(Cell::Open(m))) if n == *m => as_before += 1,
            (Cell::Covered | Cell::Flagged, Ok(Cell::Covered | Cell::Flagged)) => as_before += 1,
            (Cell::Covered | Cell::Opening, Ok(Cell::Open(_))) => {}
            (Cell::Covered | Cell::Opening | Cell::Flagged, Err(_)) => unread[i] = true,
            _ => return None,
        }
    }
    let first = unread.iter().position(|&u| u)?;
    let uncovered = |i: usize| {
        predicted.cells[i] == Cell::Opening
            || predicted.neighbours(i).any(|j| predicted.cells[j] != Cell::Open(0) && read[j] == Ok(Cell::Open(0)))
    };
    if as_before == 0 || !groups(predicted, &unread).iter().all(|group| group.iter().any(|&i| uncovered(i))) {
        return None;
    }
    let count = unread.iter().filter(|&&u| u).count();
    let what = read[first].as_ref().err()?;
    Some(format!(
        "the board is still shown (the rest of it reads as the rules allow) but {count} cells the move uncovered \
         read as no cell of the profile, the first row {} col {}: {what}",
        first / predicted.cols,
        first % predicted.cols
    ))
}

/// The cells marked in `mask`, in groups of cells touching one another (8 ways).
fn groups(board: &Board, mask: &[bool]) -> Vec<Vec<usize>> {
    let mut seen = vec![false; mask.len()];
    let mut out = Vec::new();
    for start in (0..mask.len()).filter(|&i| mask[i]) {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let (mut group, mut stack) = (Vec::new(), vec![start]);
        while let Some(i) = stack.pop() {
            group.push(i);
            for j in board.neighbours(i).filter(|&j| mask[j] && !seen[j]).collect::<Vec<_>>() {
                seen[j] = true;
                stack.push(j);
            }
        }
        out.push(group);
    }
    out
}
