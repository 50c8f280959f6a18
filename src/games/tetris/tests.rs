//! Tests of the board, the pieces, placement generation (against brute force) and the searches.

use std::collections::BTreeSet;

use crate::rng::SplitMix64;

use super::board::{Board, WIDTH};
use super::eval::Weights;
use super::piece::Piece;
use super::placements::{Placement, Step, hard_drops, placements};
use super::search::Planner;
use super::simulate::{self, GameConfig};

fn board(rows: &[&str], height: usize) -> Board {
    Board::from_rows(rows, height).expect("test board")
}

#[test]
fn pieces_have_the_classic_number_of_distinct_rotations() {
    let counts: Vec<usize> = Piece::ALL.iter().map(|p| p.shapes().len()).collect();
    assert_eq!(counts, vec![2, 4, 4, 1, 2, 4, 2], "I J L O S T Z");
    for p in Piece::ALL {
        assert_eq!(p.distinct_rotations().len(), p.shapes().len(), "{p:?}");
        for (i, &rot) in p.distinct_rotations().iter().enumerate() {
            assert_eq!(p.rotation(rot).shape as usize, i, "{p:?} rotation {rot}");
        }
        for r in p.rotations() {
            let cells: BTreeSet<_> = r.cells.iter().collect();
            assert_eq!(cells.len(), 4, "{p:?}: four distinct cells");
            assert_eq!(r.rows.iter().map(|m| m.count_ones()).sum::<u32>(), 4);
        }
        assert_eq!(Piece::from_char(p.letter().to_ascii_lowercase()), Some(p));
    }
    assert_eq!(Piece::from_char('X'), None);
}

#[test]
fn spawn_orientations_and_a_clockwise_turn() {
    assert_eq!(Piece::T.rotation(0).cells, [(0, 0), (1, 0), (2, 0), (1, 1)], "T points up");
    assert_eq!(Piece::T.rotation(1).cells, [(0, 0), (0, 1), (1, 1), (0, 2)], "then right");
    assert_eq!(Piece::T.rotation(2).cells, [(1, 0), (0, 1), (1, 1), (2, 1)], "then down");
    assert_eq!(Piece::T.rotation(3).cells, [(1, 0), (0, 1), (1, 1), (1, 2)], "then left");
    assert_eq!((Piece::I.rotation(0).width, Piece::I.rotation(0).height), (4, 1), "I flat");
    assert_eq!((Piece::I.rotation(1).width, Piece::I.rotation(1).height), (1, 4));
    assert_eq!(Piece::J.rotation(0).cells, [(0, 0), (1, 0), (2, 0), (0, 1)], "J corner top-left");
    assert_eq!(Piece::L.rotation(0).cells, [(0, 0), (1, 0), (2, 0), (2, 1)], "L corner top-right");
    assert_eq!(Piece::S.rotation(0).cells, [(0, 0), (1, 0), (1, 1), (2, 1)]);
    assert_eq!(Piece::Z.rotation(0).cells, [(1, 0), (2, 0), (0, 1), (1, 1)]);
}

#[test]
fn text_rows_round_trip_and_bad_rows_are_named() {
    let rows = ["..#.......", "##########", "#.#######."];
    let b = board(&rows, 5);
    assert_eq!(b.to_rows()[2..], rows.map(String::from));
    assert_eq!(b.column_heights(), [2, 2, 3, 2, 2, 2, 2, 2, 2, 2]);
    let err = Board::from_rows(&["..x......."], 5).unwrap_err().to_string();
    assert!(err.contains("column 3") && err.contains("'x'"), "{err}");
    assert!(Board::from_rows(&["...."], 5).is_err());
    assert!(Board::from_rows(&[".........."; 6], 5).is_err());
    assert!(Board::new(40).is_err());
}

#[test]
fn placing_clears_full_lines_and_drops_the_rest() {
    let mut b = board(&["....#.....", "#########.", "#########.", "##.######.", "#########."], 6);
    let i_vertical = Piece::I.rotation(1);
    let placed = b.place(i_vertical, 9, 0).expect("fits");
    assert_eq!((placed.lines, placed.piece_cells_cleared), (3, 3));
    // Rows 0, 2 and 3 were full; row 1 (now with the I's cell) and row 4 fall to rows 0 and 1.
    assert_eq!(b.to_rows()[3..], ["..........", "....#.....", "##.#######"].map(String::from));
    // A piece whose top would be above the board is a top-out, and changes nothing.
    let mut tall = board(&["#.........", "#.........", "#.........", "#........."], 5);
    let before = tall;
    assert!(tall.place(i_vertical, 0, 4).is_none());
    assert_eq!(tall, before);
}

/// A random board with ragged columns, holes and overhangs.
fn random_board(rng: &mut SplitMix64, height: usize) -> Board {
    let mut b = Board::new(height).expect("height");
    for x in 0..WIDTH {
        let top = rng.index(height - 3);
        for y in 0..top {
            if rng.index(10) < 7 || y + 1 == top {
                b.set(x, y);
            }
        }
    }
    b
}

/// Straight-drop placements found cell by cell: resting, and with a clear column above.
fn brute_hard_drops(b: &Board, piece: Piece) -> BTreeSet<(u8, i8, i8)> {
    let free = |rot: u8, x: i32, y: i32| {
        let r = piece.rotation(rot);
        y >= 0 && r.cells.iter().all(|&(cx, cy)| !b.is_filled((x + cx as i32) as usize, (y + cy as i32) as usize))
    };
    let mut set = BTreeSet::new();
    for &rot in piece.distinct_rotations() {
        let r = piece.rotation(rot);
        for x in 0..=(WIDTH as i32 - r.width as i32) {
            let clear_from = (0..=b.height() as i32).rev().take_while(|&y| free(rot, x, y)).last();
            if let Some(y) = clear_from
                && y + r.height as i32 <= b.height() as i32
            {
                set.insert((r.shape, x as i8, y as i8));
            }
        }
    }
    set
}

/// Final placements found by a plain flood fill from every state just above the board.
fn brute_reachable(b: &Board, piece: Piece) -> BTreeSet<(u8, i8, i8)> {
    let h = b.height() as i32;
    let ok = |rot: u8, x: i32, y: i32| b.fits(piece.rotation(rot), x, y) && y <= h;
    let mut seen = BTreeSet::new();
    let mut stack: Vec<(u8, i32, i32)> =
        (0..4u8).flat_map(|r| (0..WIDTH as i32).map(move |x| (r, x, h))).filter(|&(r, x, y)| ok(r, x, y)).collect();
    while let Some((r, x, y)) = stack.pop() {
        if !seen.insert((r, x, y)) {
            continue;
        }
        let turn = |to: u8| {
            let (a, b2) = (piece.rotation(r).box_offset, piece.rotation(to).box_offset);
            (to, x - a.0 as i32 + b2.0 as i32, y - a.1 as i32 + b2.1 as i32)
        };
        for (nr, nx, ny) in [(r, x - 1, y), (r, x + 1, y), (r, x, y - 1), turn((r + 1) & 3), turn((r + 3) & 3)] {
            if ok(nr, nx, ny) {
                stack.push((nr, nx, ny));
            }
        }
    }
    seen.into_iter()
        .filter(|&(r, x, y)| !b.fits(piece.rotation(r), x, y - 1) && y + piece.rotation(r).height as i32 <= h)
        .map(|(r, x, y)| (piece.rotation(r).shape, x as i8, y as i8))
        .collect()
}

#[test]
fn placements_match_brute_force_on_random_boards() {
    let mut rng = SplitMix64(7);
    let mut out = Vec::new();
    let mut tucks_seen = 0;
    for _ in 0..60 {
        let b = random_board(&mut rng, 12);
        for piece in Piece::ALL {
            hard_drops(&b, piece, &mut out);
            let fast: BTreeSet<_> = out.iter().map(|p| (p.rotation().shape, p.x, p.y)).collect();
            assert_eq!(fast.len(), out.len(), "no duplicates");
            assert_eq!(fast, brute_hard_drops(&b, piece), "{piece:?} on\n{b}");
            placements(&b, piece, true, &mut out);
            let all: BTreeSet<_> = out.iter().map(|p| (p.rotation().shape, p.x, p.y)).collect();
            assert_eq!(all.len(), out.len(), "no duplicates");
            assert_eq!(all, brute_reachable(&b, piece), "{piece:?} with tucks on\n{b}");
            tucks_seen += out.iter().filter(|p| p.tuck).count();
        }
    }
    assert!(tucks_seen > 50, "the random boards should offer tucks ({tucks_seen})");
}

#[test]
fn a_tuck_under_an_overhang_needs_a_soft_drop_and_a_shift() {
    let b = board(&["..........", "####......", "..........", ".........."], 6);
    let mut out = Vec::new();
    hard_drops(&b, Piece::O, &mut out);
    let tuck = Placement { piece: Piece::O, rot: 0, x: 3, y: 0, tuck: true };
    assert!(!out.iter().any(|p| (p.x, p.y) == (3, 0)), "not a straight drop");
    placements(&b, Piece::O, true, &mut out);
    assert!(out.contains(&tuck), "{out:?}");
    let path = tuck.path(&b);
    assert_eq!(path.last(), Some(&Step::Left), "{path:?}");
    assert!(path.iter().any(|s| matches!(s, Step::SoftDropTo(0))), "{path:?}");
    // Replaying the path keeps the piece inside free cells all the way.
    let (mut x, mut y) = (3 + Piece::O.rotation(0).box_offset.0 as i32, 0);
    for step in &path {
        match step {
            Step::Left => x -= 1,
            Step::Right => x += 1,
            Step::SoftDropTo(row) => y = *row as i32,
            other => panic!("an O needs no {other:?}"),
        }
        assert!(b.fits(Piece::O.rotation(0), x, y), "{step:?} to {x},{y}");
    }
    assert_eq!((x, y), (3, 0));
}

#[test]
fn one_piece_search_fills_the_slot_and_beam_agrees_with_the_preview_search() {
    let b = board(&["#########.", "#########.", "#########.", "#########."], 20);
    let mut planner = Planner::new(false);
    let (best, _) = planner.best_one(&b, Piece::I, &Weights::dellacherie()).expect("a placement");
    assert_eq!((best.rot, best.x, best.y), (1, 9, 0), "the I goes down the slot");
    let choice = planner.choose(&b, Piece::I, None, &Weights::dellacherie()).expect("a choice");
    assert_eq!(choice.path, vec![Step::Cw, Step::Right, Step::Right, Step::Right, Step::Right, Step::HardDrop]);
    let mut rng = SplitMix64(3);
    for _ in 0..10 {
        let b = random_board(&mut rng, 16);
        let (a, c) = (Piece::ALL[rng.index(7)], Piece::ALL[rng.index(7)]);
        let w = Weights::default();
        let preview = planner.best_with_preview(&b, a, c, &w).expect("preview");
        let beam = planner.beam(&b, &[a, c], 10_000, &w).expect("beam");
        assert!((preview.1 - beam.1).abs() < 1e-9, "{preview:?} vs {beam:?}");
        let one = planner.best_one(&b, a, &w).expect("one");
        assert_eq!(planner.beam(&b, &[a], 1, &w).map(|p| p.0), Some(one.0));
    }
}

#[test]
fn dellacherie_clears_many_lines_in_a_seeded_game() {
    let config = GameConfig { height: 20, max_pieces: 5000, preview: false, tucks: false };
    let result = simulate::play(&config, &Weights::dellacherie(), 1, 0, &mut |_, _| {}).expect("game");
    assert!(!result.topped_out && result.lines > 1000, "{result:?}");
    // All-zero weights play blindly and top out quickly on the same pieces.
    let blind = simulate::play(&config, &Weights::ZERO, 1, 0, &mut |_, _| {}).expect("game");
    assert!(blind.topped_out && blind.lines < 100, "{blind:?}");
}
