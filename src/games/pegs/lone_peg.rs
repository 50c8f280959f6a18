//! Blind calibration from a screenshot that shows a selected peg. A click-click program draws the
//! chosen peg in another colour: its look occurs once on the board and is neither the pegs' nor the
//! holes', so learning it as either spoils that look, and learning it as a square with no hole
//! reads a peg as none. The rule, for any look: a square whose look occurs once (no other square
//! of the board lies within the given ΔE of it), where something stands (not a bare surface), and
//! whose rings stand out from its surround as the pegs' do (`looks::selected_shape`: its shape
//! within `SELECTED_SHAPE` of the pegs' and nearer theirs than the holes', or, where pegs and holes
//! are shaped alike, nearer the pegs' colour), or that shows the pegs' own middle on a ground of
//! another colour (`looks::on_a_ground`: a disc drawn behind the chosen peg), is a peg drawn
//! selected. It is set aside from the looks learned, and the learned profile must then read it as
//! a selected peg.
//! Reading applies the same rule to a board read (`drawn_selected`): a peg so drawn may lie within
//! the limit of the profile's peg look, and is still the one the program shows selected.

use super::board::{Board, Cell};
use super::looks::{on_a_ground, selected_shape};
use crate::vision::looks::Look;

/// The squares (indices into `looks`) whose look occurs once: none of the others lies within
/// `alike` of it, and it stands out from its own surround by more than half of that.
pub fn lone(looks: &[Look], relative: bool, alike: f32) -> Vec<usize> {
    (0..looks.len())
        .filter(|&i| looks[i].unlike_surround() > alike / 2.0)
        .filter(|&i| (0..looks.len()).all(|j| j == i || looks[i].distance_as(&looks[j], relative) > alike))
        .collect()
}

/// The one square read as a peg (`board`, read from `looks`) that the rule above takes for a peg
/// drawn selected: its look occurs once on the board (no other square within `alike`, compared
/// `relative` or not), it stands out from its surround by more than half of that, and it is shaped
/// as the board's other pegs (`peg_shaped`, rings standing out by half of `alike` or less making
/// no shape); None when no peg or more than one is so.
pub fn drawn_selected(looks: &[Look], board: &Board, relative: bool, alike: f32) -> Option<usize> {
    let lone = |i: usize| {
        looks[i].unlike_surround() > alike / 2.0
            && (0..looks.len()).all(|j| j == i || looks[i].distance_as(&looks[j], relative) > alike)
    };
    let mut found = (0..looks.len()).filter(|&i| board.cells[i] == Cell::Peg && lone(i));
    let one = found.next()?;
    (found.next().is_none() && peg_shaped(looks, board, one, alike / 2.0)).then_some(one)
}

/// True when the square `aside` of `board` (read from `looks`) is shaped as the board's other
/// pegs are and more like them than like its holes (`looks::selected_shape`), or is their peg on a
/// ground of another colour (`looks::on_a_ground`); rings standing out by no more than `floor`
/// make no shape.
pub fn peg_shaped(looks: &[Look], board: &Board, aside: usize, floor: f32) -> bool {
    let mean_of = |kind: Cell| {
        let of: Vec<Look> =
            (0..looks.len()).filter(|&i| i != aside && board.cells[i] == kind).map(|i| looks[i]).collect();
        (!of.is_empty()).then(|| Look::mean(&of))
    };
    let Some(pegs) = mean_of(Cell::Peg) else {
        return false;
    };
    let holes = mean_of(Cell::Hole);
    selected_shape(&looks[aside], &pegs, holes.iter(), floor) || on_a_ground(&looks[aside], &pegs, holes.iter(), floor)
}
