//! A 0 written on an opened cell. Most programs leave an opened 0 blank and open the cells round
//! it, but some write the count "0" like any other (ashishsubedi's pygame sweeper, which opens
//! only the cell clicked, so its 0s stand beside covered cells). The digit shapes of the cells'
//! numbers are 1-8, so such a 0 was a mark that is no number, and blind calibration took every
//! one for a mine shown ("F1**2F#2#2"). Rule: a mark the general digit shapes, 0 to 8, are sure
//! is a 0, drawn at the size of the numbers and on a look whose other cells carry sure numbers
//! (a covered cell carries no number, so the look is an opened cell's), is the count 0.

use super::Mark;
use super::cells::CellLook;
use super::glyph::{self, nearest_digit};

/// `marks` with every mark the rule above makes a written 0 made `Mark::Digit(0)`; `of` gives
/// each cell's look.
pub(super) fn counts(looks: &[CellLook], marks: &[Mark], of: &[usize]) -> Vec<Mark> {
    let numbered = |g: usize| (0..marks.len()).any(|j| of[j] == g && matches!(marks[j], Mark::Digit(n) if n > 0));
    let heights: Vec<f32> = (0..marks.len())
        .filter(|&j| matches!(marks[j], Mark::Digit(n) if n > 0))
        .filter_map(|j| looks[j].glyph.as_ref().map(|g| g.height))
        .collect();
    let Some(usual) = glyph::median(heights) else { return marks.to_vec() };
    (0..marks.len())
        .map(|i| match (&looks[i].glyph, marks[i]) {
            (Some(g), Mark::Other)
                if numbered(of[i])
                    && glyph::one_size(g.height, usual)
                    && nearest_digit(g, 0..=8).is_ok_and(|v| v.digit == 0) =>
            {
                Mark::Digit(0)
            }
            _ => marks[i],
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::learn;
    use super::super::tiled_tests::drawn;
    use crate::games::mines::board::Board;

    /// Its 0s, written like its other counts and standing beside covered cells (the program opens
    /// only the cell clicked), are opened 0s: blind calibration read each as a mine shown before.
    #[test]
    fn a_written_0_beside_covered_cells_is_an_opened_0() {
        let rows = ["F####0", "121100", "##F##0", "011211", "#####1", "#10111"];
        let learnt = learn(&drawn(&rows), None).expect("learned blind");
        let truth = Board::from_rows(&rows.map(|r| r.replace('0', "."))).expect("a board");
        assert_eq!(learnt.board.to_rows(), truth.to_rows());
    }
}
