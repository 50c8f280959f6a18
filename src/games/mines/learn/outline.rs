//! Marks on cells that look covered but are drawn with another edge. A program may outline a
//! covered cell in a colour of its own: the flag's frame (rw-pz's dark page draws "⚑" on a covered
//! cell with a light-grey border), or the cell its keyboard is on, outlined the same with nothing
//! on it. Such a look has the covered cells' inside, so it is a covered cell, and what is drawn on
//! it says what it is: the flag's mark, or nothing. Learned as a look of its own (the hit mine's
//! blind, the flagged background's with the known board), every cell outlined so would read as a
//! mine or a flag whatever stands on it: a wrong board. Blind, marks on a look with the covered
//! inside are mines shown only in a lost game, and a lost game shows the mine that was hit on a
//! look of its own; with no such look they are flags; with one, they could be either (the mines
//! shown on covered-coloured cells, as WineMine draws them), which one screenshot cannot tell:
//! refused.

use super::{Groups, MERGE, Mark};
use crate::games::mines::board::{Board, Cell};
use crate::vision::colour::{Lab, to_hex};

/// True when look `h` has the inside of look `covered` (within `MERGE`): a covered cell, whatever
/// its edge.
pub(super) fn covered_inside(groups: &Groups, h: usize, covered: usize) -> bool {
    let inside = |g: usize| Lab::from_rgb8(groups.looks[g].0);
    inside(h).delta_e(&inside(covered)) <= MERGE
}

/// Blind: whether look `g`, every cell of which carries a mark that is no number, is covered cells
/// with flags on them (true), or the mines shown after a loss (false). `covered` is the covered
/// look, `hit_like` the looks that could be the mine that was hit. Refused when the look has the
/// covered inside and the board also shows a loss on a look of another inside.
pub(super) fn flags_on_covered(
    groups: &Groups,
    g: usize,
    covered: usize,
    hit_like: &[bool],
    cols: usize,
) -> anyhow::Result<bool> {
    if !covered_inside(groups, g, covered) {
        return Ok(false);
    }
    let loss = (0..groups.looks.len()).find(|&h| h != g && hit_like[h] && !covered_inside(groups, h, covered));
    let Some(hit) = loss else { return Ok(true) };
    let first = |h: usize| groups.of.iter().position(|&k| k == h).unwrap_or_default();
    let (i, j) = (first(g), first(hit));
    anyhow::bail!(
        "row {} col {} looks covered (inside {}) but drawn with another edge, with a mark on it, and row {} col {} \
         ({}) looks like the mine that was hit: a flag or a mine shown after a loss, which one screenshot cannot \
         tell; calibrate from a screenshot of a game in play, or give the known board with --board",
        i / cols,
        i % cols,
        to_hex(groups.looks[g].0),
        j / cols,
        j % cols,
        to_hex(groups.looks[hit].0)
    )
}

/// With the known board: whether look `g`, holding only flagged cells, is covered cells with the
/// flag drawn on them (every cell marked, the inside a covered look's) rather than a flag drawn as
/// a colour of its own.
pub(super) fn flag_drawn_on_covered(truth: &Board, groups: &Groups, marks: &[Mark], g: usize) -> bool {
    let members = || (0..truth.cells.len()).filter(move |&i| groups.of[i] == g);
    let covered_looks = (0..groups.looks.len())
        .filter(|&h| (0..truth.cells.len()).any(|i| groups.of[i] == h && truth.cells[i] == Cell::Covered));
    members().all(|i| marks[i] != Mark::Plain) && covered_looks.into_iter().any(|h| covered_inside(groups, g, h))
}

#[cfg(test)]
mod tests {
    use super::super::tests::drawn_with_edges;
    use super::super::{Groups, Mark, blind_roles, truth_roles};
    use crate::games::mines::board::Board;
    use crate::games::mines::config::Role;

    const DARK: [u8; 3] = [31, 41, 55];
    const SLATE: [u8; 3] = [55, 65, 81];
    const RED: [u8; 3] = [127, 29, 29];

    /// A board drawn as text (`learn::tests::drawn`), each look its own edge (a grey of its index),
    /// as the outline sets a look apart by its edge.
    fn drawn(looks: &[&str], marks: &[&str], insides: &[(char, [u8; 3])]) -> (usize, usize, Vec<Mark>, Groups) {
        drawn_with_edges(looks, marks, insides, |k, _| [[40 * k as u8 + 60; 3]; 4])
    }

    /// rw-pz's dark page: the top-left cell opened and outlined ('p'), two flags on covered cells
    /// outlined in light grey ('k', a mark on each), the other covered cells ('c'). The outlined
    /// look has the covered inside and nothing shows a loss, so it is covered and its marks are
    /// flags (before: the hit mine's, so every flag read as a mine and the outlined covered
    /// keyboard's cell, with nothing on it, as one too).
    #[test]
    fn marks_on_covered_cells_outlined_are_flags_when_nothing_shows_a_loss() {
        let insides = [('p', DARK), ('o', DARK), ('k', SLATE), ('c', SLATE)];
        let looks = ["pooo", "oooo", "kkcc", "cccc"];
        let (rows, cols, marks, groups) = drawn(&looks, &["....", "1221", "xx..", "...."], &insides);
        let roles = blind_roles(rows, cols, &marks, &groups).expect("a reading that obeys the rules");
        assert_eq!(roles, vec![Role::Opened, Role::Opened, Role::Covered, Role::Covered]);
    }

    /// The same with a mine shown on a look of its own (dark red, a mark on it): the game is lost,
    /// and the marks on the outlined covered look could be flags or mines shown on covered-coloured
    /// cells: refused, naming both cells.
    #[test]
    fn marks_on_covered_cells_outlined_beside_a_hit_mine_are_refused_blind() {
        let insides = [('p', DARK), ('o', DARK), ('k', SLATE), ('c', SLATE), ('r', RED)];
        let looks = ["pooo", "oooo", "kkcc", "cccr"];
        let (rows, cols, marks, groups) = drawn(&looks, &["....", "1221", "xx..", "...x"], &insides);
        let refused = blind_roles(rows, cols, &marks, &groups).expect_err("a flag or a mine shown").to_string();
        assert!(refused.contains("row 2 col 0") && refused.contains("row 3 col 3"), "{refused}");
        assert!(refused.contains("a flag or a mine shown after a loss"), "{refused}");
    }

    /// With the known board, a look holding only flags is the flagged background's when the flag
    /// is drawn as a colour alone, and covered when the flag is a mark on a look with the covered
    /// inside (so an outlined covered cell with nothing on it reads as covered, not flagged).
    #[test]
    fn a_flag_drawn_on_an_outlined_covered_cell_is_learned_as_its_mark() {
        let insides = [('p', DARK), ('o', DARK), ('k', SLATE), ('c', SLATE)];
        let looks = ["pooo", "oooo", "kkcc", "cccc"];
        let truth = Board::from_rows(&["....", "1221", "FF##", "####"]).expect("a board");
        let (_, _, marks, groups) = drawn(&looks, &["....", "1221", "xx..", "...."], &insides);
        let roles = truth_roles(&truth, &groups, &marks).expect("roles");
        assert_eq!(roles, vec![Role::Opened, Role::Opened, Role::Covered, Role::Covered]);
        let (_, _, plain, groups) = drawn(&looks, &["....", "1221", "....", "...."], &insides);
        let roles = truth_roles(&truth, &groups, &plain).expect("roles");
        assert_eq!(roles[2], Role::Flagged, "a flag drawn by its outline alone");
    }
}
