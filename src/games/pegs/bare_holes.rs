//! Holes drawn as nothing. Some programs draw a peg on every square that holds one and nothing at
//! all where a square is empty (user469fun's page: a dot on a plain panel), so that a screenshot
//! shows one kind of thing only. A board has no gaps: along every row and every column its squares
//! run unbroken, so a square where nothing stands between things in its row and in its column is a
//! hole of the board, not a square with no hole. Calibration proposes such a board as one more
//! reading when every thing looks alike: the things pegs, those enclosed squares holes (their look
//! the bare surface's), the rest squares with no hole; and, where a board's edge rows have emptied
//! mid-game, every bare square on the surface the things stand on a hole. Each is learned only if
//! the looks then tell the three apart and read the board back, as every proposal must. Reading a board of such a
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

/// The boards proposed when every taken square looks alike (within `within`, compared
/// `relative`ly or not): pegs where things are, and holes at the bare squares of `extent` where
/// nothing stands, by two rules, each offered when it finds a hole: the squares enclosed by things
/// (`enclosed`) holes and the rest no hole; then every bare square drawn as nothing on the surface
/// the things stand on (`drawn_as_nothing`) a hole, and the rest no hole, where every enclosed
/// square is such a bare square too. Mid-game a board's edge
/// row may have emptied, so that its holes are enclosed along one way only or not at all; the
/// surface still tells them from the page around the board.
pub fn propose(looks: &[Look], extent: Extent, taken: &[(i64, i64)], relative: bool, within: f32) -> Vec<Board> {
    let ((r0, r1), (c0, c1)) = extent;
    let (rows, cols) = ((r1 - r0 + 1) as usize, (c1 - c0 + 1) as usize);
    let index = |&(r, c): &(i64, i64)| (r - r0) as usize * cols + (c - c0) as usize;
    let seen: Vec<Look> = taken.iter().map(|at| looks[index(at)]).collect();
    if seen.is_empty() || group(&seen, within, relative).iter().any(|&g| g > 0) {
        return Vec::new();
    }
    let board = |holes: &[(i64, i64)]| {
        let mut cells = vec![Cell::Off; rows * cols];
        taken.iter().for_each(|at| cells[index(at)] = Cell::Peg);
        holes.iter().for_each(|at| cells[index(at)] = Cell::Hole);
        Board { rows, cols, cells }
    };
    let mut proposed = Vec::new();
    let holes = enclosed(extent, taken);
    if !holes.is_empty() {
        proposed.push(board(&holes));
    }
    let peg = &seen[0];
    // Holes enclosed by things but drawn (a cup, a ring) are no holes drawn as nothing: the
    // surface then shows squares with no hole, not holes.
    if !holes.iter().all(|at| drawn_as_nothing(&looks[index(at)], peg)) {
        return proposed;
    }
    let on_surface: Vec<(i64, i64)> = (r0..=r1)
        .flat_map(|r| (c0..=c1).map(move |c| (r, c)))
        .filter(|at| !taken.contains(at) && drawn_as_nothing(&looks[index(at)], peg))
        .collect();
    let surface = board(&on_surface);
    if !on_surface.is_empty() && !proposed.contains(&surface) {
        proposed.push(surface);
    }
    proposed
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

    /// The peg that is selected drawn as the others on a darker disc (user469fun's page) lies within
    /// the limit of the learned peg's look: it reads as a peg, and is said to be the selected one,
    /// its look occurring once on the board and shaped as the other pegs
    /// (`lone_peg::drawn_selected`); the same boards drawn with nothing selected say none. Before,
    /// no peg was said selected.
    #[test]
    fn a_peg_selected_within_the_limit_of_the_pegs_look_is_said_selected() {
        let learnt = learn(&Drawing::new(Kind::Bare, 50.0).draw(&square_start()), None, MoveStyle::Click).unwrap();
        let classes = looks::Classes::from_config(&learnt.config.looks).unwrap();
        let later = [
            ["o.o.o.o", "...o...", "o..o...", "......o", "ooo.ooo", "ooooooo", "ooooooo"],
            [".......", "..o.o..", "o..o...", "......o", "ooo.o.o", "o.ooooo", "oo.oooo"],
        ];
        for (rows, pitch) in later.iter().zip([40.0, 62.0]) {
            let board = Board::from_rows(rows).unwrap();
            for selected in [&[(4, 1)][..], &[(6, 6)], &[]] {
                let frame = Drawing { selected, ..Drawing::new(Kind::Bare, pitch) }.draw(&board);
                let grid = locate_with(&frame, &learnt.config).unwrap();
                let (read, said) = looks::read_selected(&frame, &grid, &classes).unwrap();
                assert_eq!((read, said), (board.clone(), selected.first().copied()), "at pitch {pitch}");
            }
        }
    }

    /// Mid-game boards of a 7x7 square whose edge rows have emptied: some holes lie between
    /// things one way only (0,1), or no way at all (0,5), (0,6); and the same with the peg that
    /// last jumped drawn selected (its dot on a darker disc). Calibrated blind from each, the
    /// board proposed is the board drawn. Before, holes enclosed both ways only were proposed: the
    /// first was refused ("do not look distinct"), the second took the selected peg for the only
    /// hole and the bare squares for squares with no hole.
    #[test]
    fn holes_drawn_as_nothing_are_learned_blind_mid_game_with_edge_rows_emptied_and_a_peg_selected() {
        let rows = ["o.o.o..", "o...ooo", "ooooooo", "ooooooo", "ooooooo", "ooooooo", "ooooooo"];
        let board = Board::from_rows(&rows).unwrap();
        for (selected, pitch) in [(&[][..], 50.0), (&[(0, 2)][..], 44.0)] {
            let frame = Drawing { selected, ..Drawing::new(Kind::Bare, pitch) }.draw(&board);
            let learnt = learn(&frame, None, MoveStyle::Click).unwrap_or_else(|e| panic!("{selected:?}: {e:#}"));
            assert_eq!(learnt.board, board, "{selected:?}: {:?}", learnt.notes);
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
