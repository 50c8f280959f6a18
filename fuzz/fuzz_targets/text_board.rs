//! The solvers' text boards from arbitrary text: rows of colour labels for `solve flood` (and the
//! board files of `bench flood`), rows of `o . #` for `solve pegs`; each board that parses is
//! solved under a small node budget, as `solve` does under its own.
#![no_main]

use gamebot::budget::Budget;
use gamebot::games::flood::bench::{Start, parse_boards};
use gamebot::games::{flood, pegs};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let Some(text) = gamebot_fuzz::text(bytes) else { return };
    // As `solve` reads standard input: the non-empty lines, trimmed.
    let rows: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    if let Ok(board) = flood::board::Board::from_rows(&rows) {
        let _ = flood::solve::solve(&board, Budget::nodes(500));
    }
    if let Ok(board) = pegs::board::Board::from_rows(&rows) {
        let _ = pegs::solve::solve(&board, pegs::solve::Target::OnePeg, Budget::nodes(500));
        let _ = pegs::solve::solve_min_moves(&board, pegs::solve::Target::OnePeg, Budget::nodes(500));
    }
    let _ = parse_boards(text, Start::Centre);
});
