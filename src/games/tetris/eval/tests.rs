//! Evaluator tests: every feature on small boards worked out by hand, and weights files.

use std::path::Path;

use super::super::board::Board;
use super::super::piece::Piece;
use super::super::placements::Placement;
use super::{BoardFeatures, MoveFeatures, Weights};

/// Heights 2 3 1 2 0 2 1 1 1 1; one hole (column 1, row 0) under two filled cells; wells at
/// column 0 row 2, column 2 row 1, column 1 row 0 and a two-deep one in column 4 (1 + 2).
const ROWS: [&str; 5] = ["..........", "..........", ".#........", "##.#.#....", "#.##.#####"];

#[test]
fn board_features_of_a_hand_worked_board() {
    let b = Board::from_rows(&ROWS, 5).expect("board");
    let f = BoardFeatures::of(&b);
    let expected = BoardFeatures {
        row_transitions: 2 + 2 + 4 + 6 + 4,
        column_transitions: 1 + 3 + 1 + 1 + 1 + 5,
        holes: 1,
        wells: 1 + 1 + 1 + 3,
        hole_depth: 2,
        rows_with_holes: 1,
        diversity: 5,
        aggregate_height: 14,
        bumpiness: 1 + 2 + 1 + 2 + 2 + 1,
    };
    assert_eq!(f, expected);
}

#[test]
fn holes_under_a_tall_column_and_an_empty_board() {
    // Column 0, bottom up: filled, empty, empty, filled, filled: two holes, 2 filled cells above
    // each. Column 9: filled, empty, filled: one hole under one cell. Rows 1 and 2 hold holes.
    let rows = ["#.........", "#.........", ".........#", "..........", "#........#"];
    let f = BoardFeatures::of(&Board::from_rows(&rows, 6).expect("board"));
    assert_eq!((f.holes, f.hole_depth, f.rows_with_holes), (3, 2 + 2 + 1, 2));
    let empty = BoardFeatures::of(&Board::new(6).expect("board"));
    assert_eq!((empty.row_transitions, empty.column_transitions, empty.holes, empty.wells), (12, 10, 0, 0));
    assert_eq!((empty.diversity, empty.aggregate_height, empty.bumpiness), (1, 0, 0));
}

#[test]
fn move_features_of_a_double_with_a_vertical_i() {
    let b = Board::from_rows(&["####.#####", "####.#####"], 5).expect("board");
    let p = Placement { piece: Piece::I, rot: 1, x: 4, y: 0, tuck: false };
    let (after, placed) = p.apply(&b).expect("fits");
    let m = MoveFeatures::of(&p, &placed);
    assert_eq!(m, MoveFeatures { landing_height: 2.5, eroded_cells: 4, lines: 2 });
    assert_eq!(after.to_rows()[3..], ["....#.....", "....#....."].map(String::from));
}

#[test]
fn weights_files_override_and_errors_are_clear() {
    let w = Weights::parse("holes = -7.5\nwells = -2\n", Path::new("w.toml")).expect("parses");
    assert_eq!((w.holes, w.wells), (-7.5, -2.0));
    assert_eq!(w.landing_height, Weights::default().landing_height, "the rest stays ours");
    let unknown = format!("{:#}", Weights::parse("hols = 1\n", Path::new("w.toml")).unwrap_err());
    assert!(unknown.contains("hols") && unknown.contains("w.toml"), "{unknown}");
    let malformed = format!("{:#}", Weights::parse("holes = = 1\n", Path::new("w.toml")).unwrap_err());
    assert!(malformed.contains("line 1"), "{malformed}");
    let text = format!("{:#}", Weights::parse("holes = \"many\"\n", Path::new("w.toml")).unwrap_err());
    assert!(text.contains("w.toml"), "{text}");
    // A file written by to_toml reads back the same; names resolve; a missing file is explained.
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("ga.toml");
    std::fs::write(&path, Weights::ga().to_toml()).expect("write");
    assert_eq!(Weights::resolve(path.to_str().expect("utf-8")).expect("loads"), Weights::ga());
    assert_eq!(Weights::resolve("dellacherie").expect("name"), Weights::dellacherie());
    assert_eq!(Weights::dellacherie().holes, -4.0);
    let missing = format!("{:#}", Weights::resolve("no-such-weights.toml").unwrap_err());
    assert!(missing.contains("ours, dellacherie, ga"), "{missing}");
}
