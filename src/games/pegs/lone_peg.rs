//! Blind calibration from a screenshot that shows a selected peg. A click-click program draws the
//! chosen peg in another colour: its look occurs once on the board and is neither the pegs' nor the
//! holes', so learning it as either spoils that look, and learning it as a square with no hole
//! reads a peg as none. The rule, for any look: a square whose look occurs once (no other square
//! of the board lies within the given ΔE of it), where something stands (not a bare surface), and
//! whose rings stand out from its surround as the pegs' do (`looks::selected_shape`: its shape
//! within `SELECTED_SHAPE` of the pegs' and nearer theirs than the holes', or, where pegs and holes
//! are shaped alike, nearer the pegs' colour), or that shows the pegs' own middle on a ground of
//! another colour (`looks::on_a_ground`: a disc drawn behind the chosen peg), is a peg drawn selected. It is
//! set aside from the looks learned, and the learned profile must then read it as a selected peg.

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
