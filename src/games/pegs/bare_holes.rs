//! Holes drawn as nothing. Some programs draw a peg on every square that holds one and nothing at
//! all where a square is empty (user469fun's page: a dot on a plain panel), so that a screenshot
//! shows one kind of thing only. A board has no gaps: along every row and every column its squares
//! run unbroken, so a square where nothing stands between things in its row and in its column is a
//! hole of the board, not a square with no hole. Calibration proposes such a board as one more
//! reading when every thing looks alike: the things pegs, those enclosed squares holes (their look
//! the bare surface's), the rest squares with no hole; it is learned only if the looks then tell
//! the three apart and read the board back, as every proposal must. Reading a board of such a
//! profile, a row of holes at its edge has nothing standing in it: the board grows over it while
//! its squares read as the bare surface (`locate::settle`).

use super::board::{Board, Cell};
use crate::vision::looks::{Look, group};

type Extent = ((i64, i64), (i64, i64));

/// How far a ring of a bare square's look may lie from its middle's (ΔE): a plain surface.
const PLAIN: f32 = 5.0;

/// True when every ring of `look` lies within `PLAIN` of its middle: a bare surface.
pub fn plain(look: &Look) -> bool {
    look.lab.iter().all(|ring| ring.delta_e(&look.lab[0]) <= PLAIN)
}

/// True when a profile's `hole` look is the bare surface its `peg` stands on: plain, and like the
/// peg's outermost ring. Holes drawn as nothing, not empty buttons or cups of their own colour.
pub fn drawn_as_nothing(hole: &Look, peg: &Look) -> bool {
    let surface = &peg.lab[peg.lab.len() - 1];
    plain(hole) && hole.lab.iter().all(|ring| ring.delta_e(surface) <= PLAIN)
}

/// The squares of `extent` where nothing was `taken` that lie between taken squares both in their
/// row and in their column.
pub fn enclosed(extent: Extent, taken: &[(i64, i64)]) -> Vec<(i64, i64)> {
    let ((r0, r1), (c0, c1)) = extent;
    let is_taken = |at: (i64, i64)| taken.contains(&at);
    let mut found = Vec::new();
    for r in r0..=r1 {
        for c in c0..=c1 {
            if is_taken((r, c)) {
                continue;
            }
            let across = (c0..c).any(|k| is_taken((r, k))) && (c + 1..=c1).any(|k| is_taken((r, k)));
            let down = (r0..r).any(|k| is_taken((k, c))) && (r + 1..=r1).any(|k| is_taken((k, c)));
            if across && down {
                found.push((r, c));
            }
        }
    }
    found
}

/// The board proposed when every taken square looks alike (within `within`, compared
/// `relative`ly or not) and some square is enclosed: pegs where things are, holes where the
/// enclosed squares are, no hole elsewhere in `extent`. None otherwise.
pub fn propose(looks: &[Look], extent: Extent, taken: &[(i64, i64)], relative: bool, within: f32) -> Option<Board> {
    let ((r0, r1), (c0, c1)) = extent;
    let (rows, cols) = ((r1 - r0 + 1) as usize, (c1 - c0 + 1) as usize);
    let index = |&(r, c): &(i64, i64)| (r - r0) as usize * cols + (c - c0) as usize;
    let seen: Vec<Look> = taken.iter().map(|at| looks[index(at)]).collect();
    if seen.is_empty() || group(&seen, within, relative).iter().any(|&g| g > 0) {
        return None;
    }
    let holes = enclosed(extent, taken);
    if holes.is_empty() {
        return None;
    }
    let mut cells = vec![Cell::Off; rows * cols];
    taken.iter().for_each(|at| cells[index(at)] = Cell::Peg);
    holes.iter().for_each(|at| cells[index(at)] = Cell::Hole);
    Some(Board { rows, cols, cells })
}

#[cfg(test)]
mod tests {
    use super::super::calibrate::learn;
    use super::super::drawn::{Drawing, Kind};
    use super::super::read::{locate_with, read_with};
    use super::super::{MoveStyle, looks};
    use super::*;

    /// A 7x7 square board at its start: every square a peg but the centre.
    fn square_start() -> Board {
        Board::from_rows(&["ooooooo", "ooooooo", "ooooooo", "ooo.ooo", "ooooooo", "ooooooo", "ooooooo"]).unwrap()
    }

    #[test]
    fn holes_drawn_as_nothing_are_learned_blind_and_read_at_other_sizes_with_a_peg_selected() {
        let learnt = learn(&Drawing::new(Kind::Bare, 50.0).draw(&square_start()), None, MoveStyle::Click).unwrap();
        assert_eq!(learnt.board, square_start(), "{:?}", learnt.notes);
        // Later boards, one with its whole top row empty, at other sizes, a peg selected.
        let later = [
            ["o.o.o.o", "...o...", "o..o...", "......o", "ooo.ooo", "ooooooo", "ooooooo"],
            [".......", "..o.o..", "o..o...", "......o", "ooo.o.o", "o.ooooo", "oo.oooo"],
        ];
        for (rows, pitch) in later.iter().zip([40.0, 62.0]) {
            let board = Board::from_rows(rows).unwrap();
            let frame = Drawing { selected: &[(4, 1)], ..Drawing::new(Kind::Bare, pitch) }.draw(&board);
            let grid = locate_with(&frame, &learnt.config).unwrap();
            let read = read_with(&frame, &grid, &learnt.config).unwrap();
            assert_eq!(read, board, "at pitch {pitch}, learned {:?}", learnt.notes);
            let classes = looks::Classes::from_config(&learnt.config.looks).unwrap();
            assert_eq!(looks::read_selected(&frame, &grid, &classes).unwrap().0, board);
        }
    }

    #[test]
    fn a_square_is_enclosed_only_between_things_both_across_and_down() {
        // A cross's arm: the gap in its middle row is enclosed; a corner notch is not.
        let taken = [(0, 1), (1, 0), (1, 2), (2, 1), (2, 2)];
        assert_eq!(enclosed(((0, 2), (0, 2)), &taken), vec![(1, 1)]);
        let edge = [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)];
        assert!(enclosed(((0, 1), (0, 2)), &edge).is_empty(), "(0, 1) has nothing above it");
    }
}
