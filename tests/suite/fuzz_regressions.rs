//! Inputs the fuzz targets (`fuzz/`) found crashing, each kept as a test named after its bug and
//! run through the same calls as its target, so the fix stays fixed without cargo-fuzz.

use gamebot::budget::Budget;
use gamebot::games::pegs::board::Board as PegsBoard;
use gamebot::games::pegs::solve::{Target, solve, solve_min_moves};

/// `text_board`: a one-row peg board of 64 squares made the solver shift a 64-bit word by 64
/// (the "square above" of a one-row board), a panic in debug builds and garbage in release.
#[test]
fn a_one_row_peg_board_as_wide_as_the_word_does_not_overflow_a_shift() {
    let row = ".o#ooo.oo.o#ooo.oo.oo#.ooooo#ooooo..o#.oooo#ooooo...oo#oo.oo#...";
    assert_eq!(row.len(), 64);
    for text in [row.to_string(), format!("{row}{row}")] {
        let board = PegsBoard::from_rows(&[text]).unwrap();
        let _ = solve(&board, Target::OnePeg, Budget::nodes(500));
        let _ = solve_min_moves(&board, Target::OnePeg, Budget::nodes(500));
    }
}

/// `text_board`: a one-row peg board of 113 squares (two pegs, then holes) made the fewest-moves
/// solver pack more than 64 holes' patterns into one 64-bit word.
#[test]
fn a_peg_board_of_more_than_64_holes_does_not_overflow_the_pattern_word() {
    let row = format!("oo{}", ".".repeat(111));
    let board = PegsBoard::from_rows(&[row]).unwrap();
    let _ = solve(&board, Target::OnePeg, Budget::nodes(500));
    let best = solve_min_moves(&board, Target::OnePeg, Budget::nodes(500)).expect("one jump solves it");
    assert_eq!(best.moves, 1);
}
