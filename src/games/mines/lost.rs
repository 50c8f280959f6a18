//! A game lost by a guess, told from the screen when the board no longer reads: a page that shows
//! every mine once a mine is hit may draw them in a look the profile never saw, and a program may
//! draw a panel over its board, opened cells too; the board then reads as nothing. Lost only when
//! that is what the screen shows (`shows_loss`); else the reading's own error stands.

use super::Move;
use super::board::{Board, Cell};
use super::config::MinesConfig;
use super::read;
use crate::frame::Frame;
use crate::vision::grid::Grid;

/// After the guess `mv` whose board the screen does not show as `predicted`: the board lost and
/// why, when the guessed cell no longer shows as a covered cell (it reads as no look of the
/// profile, or as a mine, or lies under a `panel`), every cell that reads as no look is where a
/// covered cell was or under the panel, every other opened cell reads as it did, and some cell
/// does (an opened one, or, before anything is opened, a covered one still covered: the board is
/// still drawn as it was). None for a move that cannot lose, or any other screen.
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
    let read: Vec<Option<Cell>> = read::read_each(frame, grid, config).ok()?.into_iter().map(Result::ok).collect();
    let panel = panel(predicted, &read);
    let under = |i: usize| panel.is_some_and(|p| p.holds(i / predicted.cols, i % predicted.cols));
    let mut end = predicted.clone();
    let (mut unread, mut opened, mut covered) = (0, 0, 0);
    for (i, &cell) in read.iter().enumerate() {
        let before = predicted.cells[i];
        match (before, cell) {
            // Under a panel, only the guessed cell is known: the game ended on it.
            _ if under(i) => {
                if mv.cells.contains(&(i / predicted.cols, i % predicted.cols)) {
                    end.cells[i] = Cell::Mine;
                }
            }
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
    let shown = match panel {
        Some(p) => format!(
            "a panel that reads as no look covers rows {} to {}, cols {} to {}, opened cells too",
            p.rows.0, p.rows.1, p.cols.0, p.cols.1
        ),
        None => "the game shows its mines".to_string(),
    };
    let why = format!(
        "the guessed cell row {r} col {c} no longer shows as a covered cell; the {unread} cells that read as no look \
         of the profile are all where covered cells were, and the {opened} opened cells and {covered} covered ones \
         read as before: {shown}"
    );
    Some((end, why))
}

/// A block of cells, rows and columns from the first to the last (inclusive).
#[derive(Clone, Copy)]
struct Block {
    rows: (usize, usize),
    cols: (usize, usize),
}

impl Block {
    fn holds(&self, r: usize, c: usize) -> bool {
        (self.rows.0..=self.rows.1).contains(&r) && (self.cols.0..=self.cols.1).contains(&c)
    }
}

/// A panel the game draws over its board when it ends (RaderH2O's black "Y O U   L O S T !" over
/// its middle rows): the opened cells that read as no look, with every cell between them, grown by
/// every whole row and column beside it that reads as no look too, a block of at least two rows and
/// two columns, or a line of `LINE` cells or more along one row (a line of text over the board),
/// that reads as no look at all. Only where the total is known and the move, safe, would not win
/// (a panel may then be the win's): None otherwise, and when no opened cell is unread. A lone
/// opened cell that no longer reads is no panel.
fn panel(predicted: &Board, read: &[Option<Cell>]) -> Option<Block> {
    if predicted.mines.is_none() || predicted.is_won() {
        return None;
    }
    let (rows, cols) = (predicted.rows, predicted.cols);
    let hidden = (0..read.len()).filter(|&i| matches!(predicted.cells[i], Cell::Open(_)) && read[i].is_none());
    let mut block = Block { rows: (usize::MAX, 0), cols: (usize::MAX, 0) };
    for i in hidden {
        block.rows = (block.rows.0.min(i / cols), block.rows.1.max(i / cols));
        block.cols = (block.cols.0.min(i % cols), block.cols.1.max(i % cols));
    }
    let unread = |b: &Block| (0..read.len()).filter(|&i| b.holds(i / cols, i % cols)).all(|i| read[i].is_none());
    if block.rows.0 == usize::MAX || !unread(&block) {
        return None;
    }
    loop {
        let (r, c) = (block.rows, block.cols);
        let wider = [
            (r.0 > 0).then(|| Block { rows: (r.0 - 1, r.1), cols: c }),
            (r.1 + 1 < rows).then(|| Block { rows: (r.0, r.1 + 1), cols: c }),
            (c.0 > 0).then(|| Block { rows: r, cols: (c.0 - 1, c.1) }),
            (c.1 + 1 < cols).then(|| Block { rows: r, cols: (c.0, c.1 + 1) }),
        ];
        match wider.into_iter().flatten().find(|b| unread(b)) {
            Some(b) => block = b,
            None => break,
        }
    }
    let line = block.rows.0 == block.rows.1 && block.cols.1 + 1 >= block.cols.0 + LINE;
    let block_of_two = block.rows.0 < block.rows.1 && block.cols.0 < block.cols.1;
    (block_of_two || line).then_some(block)
}

/// The fewest cells side by side, in one row, that a line of text written over the board covers
/// (ashishsubedi's "FOOOOSHHH!! GAME OVER. Press R" across its third row): two cells that no
/// longer read may be the guessed cell and one beside it misdrawn.
const LINE: usize = 3;

#[cfg(test)]
#[path = "lost_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "lost_play_tests.rs"]
pub(crate) mod play_tests;
