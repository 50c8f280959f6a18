//! Tests of the collapsing-building rules: parsing and printing case-file rows, errors that
//! name the cell, what a move collects and brings down, scores, and illegal moves. Boards are
//! written as text rows, the way case files list them.

use super::*;

/// Parses rows written as space-separated rooms, the way case files list them.
fn parse(mode: Mode, rows: &[&str]) -> Result<Board, BoardError> {
    let rows: Vec<Vec<&str>> = rows.iter().map(|r| r.split_whitespace().collect()).collect();
    Board::from_rows(mode, &rows)
}

fn board(mode: Mode, rows: &[&str]) -> Board {
    parse(mode, rows).unwrap()
}

#[test]
fn parses_and_prints_rows() {
    let b = board(Mode::Hard, &["f1 w2 .", "# @ f0", "w9 f9 w0"]);
    assert_eq!((b.n, b.size, b.player()), (1, 3, (1, 1)));
    assert_eq!(b.get((0, 1)), Room::Water(2));
    assert_eq!(b.to_rows()[1], vec!["#", "@", "f0"]);
    let e = board(Mode::Easy, &["1 2 .", "3 @ 0", "# 9 9"]);
    assert_eq!((e.get((1, 2)), e.get((0, 2))), (Room::Supply(0), Room::Empty));
    assert_eq!(e.to_string().lines().next(), Some(" 1  2  ."));
    assert_eq!(Mode::from_name("hard"), Some(Mode::Hard));
}

#[test]
fn errors_name_the_cell() {
    let err = parse(Mode::Easy, &["1 2 3", "4 @ f5", "7 8 9"]).unwrap_err();
    assert!(matches!(err, BoardError::BadCell { row: 1, col: 2, ref text, .. } if text == "f5"));
    assert!(err.to_string().starts_with("row 1 col 2: \"f5\""), "{err}");
    let err = parse(Mode::Hard, &["f1 f2 f3", "f4 @ 5", "w7 w8 w9"]).unwrap_err();
    assert!(matches!(err, BoardError::BadCell { row: 1, col: 2, .. }));
    assert!(parse(Mode::Hard, &["f1 f2 f3", "f4 @ f10", "w7 w8 w9"]).is_err());
    let ragged = parse(Mode::Easy, &["1 2 3", "4 @", "7 8 9"]);
    assert_eq!(ragged, Err(BoardError::Ragged { row: 1, found: 2, expected: 3 }));
    assert_eq!(parse(Mode::Easy, &["1 @", "3 4"]), Err(BoardError::EvenSize { size: 2 }));
    assert_eq!(parse(Mode::Easy, &["1 2 3", "4 5 6", "7 8 9"]), Err(BoardError::NoPlayer));
    let two = parse(Mode::Easy, &["1 2 3", "4 @ 6", "7 8 @"]);
    assert_eq!(two, Err(BoardError::TwoPlayers { row: 2, col: 2, first_row: 1, first_col: 1 }));
    assert_eq!(parse(Mode::Easy, &[]), Err(BoardError::Empty));
    let short = Board::from_cells(Mode::Easy, 3, vec![Room::Player; 1]);
    assert_eq!(short, Err(BoardError::WrongCount { found: 1, expected: 9 }));
    let food = Board::from_cells(Mode::Easy, 1, vec![Room::Food(1)]);
    assert!(matches!(food, Err(BoardError::BadCell { row: 0, col: 0, .. })));
}

#[test]
fn a_move_collects_and_collapses_everything_behind() {
    let mut b = board(Mode::Easy, &["1 2 3 4 5", "6 7 8 9 1", "2 3 @ 4 5", "6 7 8 9 1", "2 3 4 5 6"]);
    assert_eq!(b.play(Dir::Left).unwrap().supplies, 3);
    let expected = board(Mode::Easy, &["1 2 # # #", "6 7 # # #", "2 @ # # #", "6 7 # # #", "2 3 # # #"]);
    assert!(b.same_rooms(&expected), "\n{b}");
    assert_eq!(b.legal_moves(), vec![Dir::Up, Dir::Down, Dir::Left]);
    b.play(Dir::Down).unwrap();
    b.play(Dir::Down).unwrap();
    let expected = board(Mode::Easy, &["# # # # #", "# # # # #", "# # # # #", "# # # # #", "2 @ # # #"]);
    assert!(b.same_rooms(&expected), "\n{b}");
    assert_eq!(b.score(), 3 + 7 + 3);
    b.play(Dir::Left).unwrap();
    assert!(b.is_over());
    assert_eq!(b.score(), 15);
}

#[test]
fn hard_mode_scores_the_smaller_total() {
    let mut b = board(Mode::Hard, &["f9 w2 .", "# @ f4", "w9 f9 w1"]);
    b.play(Dir::Right).unwrap();
    assert_eq!(b.score(), 0);
    b.play(Dir::Down).unwrap();
    assert_eq!(b.tally, Tally { supplies: 0, food: 4, water: 1 });
    assert_eq!(b.score(), 1);
    assert!(b.is_over());
}

#[test]
fn illegal_moves_say_why() {
    let mut b = board(Mode::Easy, &["1 # 3", "4 @ 6", "7 8 9"]);
    let err = b.play(Dir::Up).unwrap_err();
    assert_eq!((err.dir, err.row, err.col, err.why), (Dir::Up, 1, 1, "that room has collapsed"));
    b.play(Dir::Right).unwrap();
    assert_eq!(b.check(Dir::Right), Some("it leaves the building"));
    assert_eq!(b.check(Dir::Left), Some("that room has collapsed"));
    assert_eq!(b.play_all(&[Dir::Down, Dir::Up]).unwrap_err().why, "that room has collapsed");
}
