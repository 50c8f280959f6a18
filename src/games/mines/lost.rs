//! A game lost by a guess, told from the screen when the board no longer reads: a page that shows
//! every mine once a mine is hit may draw them in a look the profile never saw, and the board then
//! reads as nothing. Lost only when that is what the screen shows (`shows_loss`); else the
//! reading's own error stands.

use super::Move;
use super::board::{Board, Cell};
use super::config::MinesConfig;
use super::read;
use crate::frame::Frame;
use crate::vision::grid::Grid;

/// After the guess `mv` whose board the screen does not show as `predicted`: the board lost and
/// why, when the guessed cell no longer shows as a covered cell (it reads as no look of the
/// profile, or as a mine), every cell that reads as no look is where a covered cell was, every
/// opened cell reads as it did, and some cell does (an opened one, or, before anything is opened,
/// a covered one still covered: the board is still drawn as it was). None for a move that cannot
/// lose, or any other screen.
pub fn shows_loss(
    frame: &Frame,
    grid: &Grid,
    config: &MinesConfig,
    predicted: &Board,
    mv: &Move,
) -> Option<(Board, String)> {
    if mv.safety.is_none() || (grid.rows, grid.cols) != (predicted.rows, predicted.cols) {
        return None;
    }
    let read = read::read_each(frame, grid, config).ok()?;
    let mut end = predicted.clone();
    let (mut unread, mut opened, mut covered) = (0, 0, 0);
    for (i, cell) in read.into_iter().map(Result::ok).enumerate() {
        let before = predicted.cells[i];
        match (before, cell) {
            // An opened cell reads as it did: the board is still there, drawn as it was.
            (Cell::Open(n), Some(Cell::Open(m))) if n == m => opened += 1,
            (Cell::Open(_), _) => return None,
            (Cell::Covered | Cell::Flagged | Cell::Opening, None | Some(Cell::Mine)) => {
                unread += usize::from(cell.is_none());
                end.cells[i] = Cell::Mine;
            }
            (Cell::Covered | Cell::Flagged, Some(Cell::Covered | Cell::Flagged)) => covered += 1,
            _ => return None,
        }
    }
    let guessed: Vec<(usize, usize)> =
        mv.cells.iter().copied().filter(|&(r, c)| end.cells[r * end.cols + c] == Cell::Mine).collect();
    let &(r, c) = guessed.first()?;
    if opened + covered == 0 || guessed.len() != mv.cells.len() {
        return None;
    }
    let why = format!(
        "the guessed cell row {r} col {c} no longer shows as a covered cell; the {unread} cells that read as no look \
         of the profile are all where covered cells were, and the {opened} opened cells and {covered} covered ones \
         read as before: the game shows its mines"
    );
    Some((end, why))
}

#[cfg(test)]
#[path = "lost_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "lost_play_tests.rs"]
mod play_tests;
