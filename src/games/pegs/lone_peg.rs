//! Blind calibration from a screenshot that shows a selected peg. A click-click program draws the
//! chosen peg in another colour: its look occurs once on the board and is neither the pegs' nor the
//! holes', so learning it as either spoils that look, and learning it as a square with no hole
//! reads a peg as none. The rule, for any look, is the one reading applies to a board read
//! (`drawn_selected`, below): calibration asks it of each square that could be one by its look
//! alone (`noticed`), on each board it may learn with that square a peg. A square so told is set
//! aside from the looks learned, and the learned profile must then read it as a selected peg. A
//! peg so drawn may lie within the limit of the profile's peg look, and is still the one the
//! program shows selected. The rule does not hang on one ΔE: the lone peg must lie from every
//! other square farther than a player can be sure to see (`NOTICED`), and farther than the other
//! pegs' looks stray among themselves, by a margin (`STRAY`). A tint only a little subtler than
//! the zoo's is still seen on pegs drawn alike, and pegs drawn each a little otherwise (shaded by a
//! lamp, photographed) do not make one of them a selected peg by lying a little apart.

use super::board::{Board, Cell};
use super::looks::{on_a_ground, selected_shape};
use crate::vision::looks::Look;

/// Whether the square `i` of `looks` (compared `relative` or not) could be a peg drawn selected by
/// its look alone: it stands out from its surround by more than `NOTICED`, and no other square
/// lies within `NOTICED` of it. Blind calibration asks it of every square before it knows the
/// board; `drawn_selected` of the pegs read.
pub fn noticed(looks: &[Look], relative: bool, i: usize) -> bool {
    let near = |j: usize| looks[i].distance_as_within(&looks[j], relative, NOTICED).is_some();
    looks[i].unlike_surround() > NOTICED && (0..looks.len()).all(|j| j == i || !near(j))
}

/// The least ΔE between the selected peg's look and every other square's, and the least by which
/// it stands out from its own surround: twice the just noticeable difference of CIE76 (about
/// 2.3). A program draws a peg selected for its player to see, so what lies nearer is no mark.
/// The zoo's boards with no peg selected, read as captured and zoomed 0.8 to 1.5, have no peg
/// farther than ΔE 1.7 from another square; its selected pegs drawn within the peg's look lie 10.4
/// from the others.
pub const NOTICED: f32 = 4.6;

/// How many times the most any other peg lies from the other pegs' mean look the selected peg must
/// lie from every other square. Two of them lie at most twice that apart; a peg drawn as they are,
/// but for the variation among them, lies nearer one of them than that, and twice it again leaves
/// room for the few pegs of a late board.
pub const STRAY: f32 = 4.0;

/// The one square read as a peg (`board`, read from `looks`, compared `relative` or not) that is
/// drawn selected: no other square lies within `NOTICED` of it, it stands out from its surround by
/// more than that, it lies from every other square farther than `STRAY` times the most any other
/// peg lies from the other pegs' mean look, and it is shaped as the board's other pegs
/// (`peg_shaped`, rings standing out by `NOTICED` or less making no shape); None when no peg or
/// more than one is noticed so. Each peg is compared only until a square within `NOTICED` is
/// found, and the other pegs' spread only for the one peg left, once a peg: a board with no peg
/// so drawn costs about a comparison a peg.
pub fn drawn_selected(looks: &[Look], board: &Board, relative: bool) -> Option<usize> {
    let mut found = (0..looks.len()).filter(|&i| board.cells[i] == Cell::Peg && noticed(looks, relative, i));
    let one = found.next()?;
    if found.next().is_some() {
        return None;
    }
    let nearest = (0..looks.len())
        .filter(|&j| j != one)
        .map(|j| looks[one].distance_as(&looks[j], relative))
        .fold(f32::MAX, f32::min);
    let others: Vec<Look> =
        (0..looks.len()).filter(|&j| j != one && board.cells[j] == Cell::Peg).map(|j| looks[j]).collect();
    let mean = Look::mean(&others);
    let spread = others.iter().map(|peg| peg.distance_as(&mean, relative)).fold(0.0, f32::max);
    (nearest > STRAY * spread && peg_shaped(looks, board, one, NOTICED)).then_some(one)
}

/// True when the square `aside` of `board` (read from `looks`) is shaped as the board's other
/// pegs are and more like them than like its holes (`looks::selected_shape`), or is their peg on a
/// ground of another colour (`looks::on_a_ground`); rings standing out by no more than `floor`
/// make no shape.
fn peg_shaped(looks: &[Look], board: &Board, aside: usize, floor: f32) -> bool {
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

#[cfg(test)]
mod tests {
    use super::super::MoveStyle;
    use super::super::calibrate::learn;
    use super::super::drawn::{Drawing, Kind, english, english_later};
    use super::super::read::{locate_with, read_with, selected_with};
    use super::*;

    /// Flat dark discs learned blind from the English start; `drawing` read with what was learned:
    /// the board and the peg said selected.
    fn read_discs(drawing: Drawing, board: &Board) -> (Board, Option<(usize, usize)>) {
        let learnt = learn(&Drawing::new(Kind::Discs, 44.0).draw(&english()), None, MoveStyle::Click).unwrap();
        let frame = drawing.draw(board);
        let grid = locate_with(&frame, &learnt.config).unwrap();
        (read_with(&frame, &grid, &learnt.config).unwrap(), selected_with(&frame, &grid, &learnt.config).unwrap())
    }

    /// A program that selects a peg by a subtler tint than the zoo's (dark grey discs, the chosen
    /// one dark red: ΔE about 6.4 and 8.6 from the others, the zoo's subtlest 10.4) draws it within
    /// the limit of the peg's look: it reads as a peg and is said to be the selected one. Before,
    /// with the fixed ΔE 10 of blind calibration's `lone`, none was said selected.
    #[test]
    fn a_peg_selected_by_a_subtler_tint_than_the_zoos_is_said_selected() {
        let tinted = [([42.0, 30.0, 30.0], 40.0, &[(3, 4)][..]), ([46.0, 30.0, 30.0], 52.0, &[(2, 3)])];
        for (tint, pitch, selected) in tinted {
            let drawing = Drawing { selected, tint: Some(tint), ..Drawing::new(Kind::Discs, pitch) };
            let said = read_discs(drawing, &english_later());
            assert_eq!(said, (english_later(), selected.first().copied()), "{tint:?} at {pitch} px");
            let plain = Drawing::new(Kind::Discs, pitch);
            assert_eq!(read_discs(plain, &english_later()), (english_later(), None), "at {pitch} px");
        }
    }

    /// Calibration tells a selected peg by the reader's own rule (`drawn_selected`): a screenshot
    /// whose chosen peg is tinted subtler than ΔE 10 (the dark red discs above) is learned blind
    /// and from its known board with that peg set aside as selected, and the profile learned reads
    /// it as a peg said selected. Before, with calibration's fixed ΔE 10 (`lone`), the tinted peg
    /// was no lone look and was learned into the pegs' look (squares straying ΔE 6.2 from it).
    #[test]
    fn a_peg_selected_by_a_subtler_tint_than_the_zoos_is_set_aside_at_calibration() {
        let tinted = [([42.0, 30.0, 30.0], 40.0, &[(3, 4)][..]), ([46.0, 30.0, 30.0], 52.0, &[(2, 3)])];
        for (tint, pitch, selected) in tinted {
            let board = english_later();
            let frame = Drawing { selected, tint: Some(tint), ..Drawing::new(Kind::Discs, pitch) }.draw(&board);
            for known in [None, Some(&board)] {
                let learnt = learn(&frame, known, MoveStyle::Click).unwrap();
                let grid = locate_with(&frame, &learnt.config).unwrap();
                let read = read_with(&frame, &grid, &learnt.config).unwrap();
                let said = selected_with(&frame, &grid, &learnt.config).unwrap();
                let how = learnt.notes.join("; ");
                assert_eq!((read, said), (board.clone(), selected.first().copied()), "{tint:?} at {pitch} px, {how}");
                assert!(how.contains("selected peg"), "{tint:?} at {pitch} px, known {}: {how}", known.is_some());
            }
        }
    }

    /// Pegs lit by a lamp, each a little lighter down and right (ΔE about 1.9 a row or column), on
    /// a board whose last peg down and right lies three rows and columns beyond the others: it is
    /// ΔE 5.7 from every other square, farther than a player is sure to see, yet the other pegs
    /// lie up to 9 apart among themselves. Nothing is selected, and nothing is said selected.
    /// Judged by `NOTICED` alone (no `STRAY`), that peg was said selected.
    #[test]
    fn pegs_drawn_each_a_little_otherwise_do_not_make_one_apart_from_them_selected() {
        let board =
            Board::from_rows(&["##ooo##", "##ooo##", "ooooo..", "ooo.o..", "oo.o...", "##...##", "##..o##"]).unwrap();
        for pitch in [40.0, 52.0] {
            let drawing = Drawing { lamp: 4.0, ..Drawing::new(Kind::Discs, pitch) };
            assert_eq!(read_discs(drawing, &board), (board.clone(), None), "at {pitch} px");
        }
    }
}
