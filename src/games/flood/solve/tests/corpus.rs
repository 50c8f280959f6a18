//! The benchmark corpora against their published optima: for each set, the first boards are
//! solved and each plan must win, be proven optimal and have exactly the published minimum.
//!
//! The corpora live outside the repository (`../shared/corpus`), so these tests are ignored by
//! default; run them with `cargo test --release flood -- --ignored`. A subset keeps them to
//! seconds; `gamebot bench flood` runs whole sets and measures time.

use super::super::super::bench::{Start, parse_boards};
use super::super::super::solve::solve;
use crate::budget::Budget;

/// How many boards of each set are checked.
const SUBSET: usize = 50;

/// Checks the first `SUBSET` boards of `set` (boards in `<set>.txt`, optima in
/// `<set>.optimal.txt` under the ColorFill corpus) flooded from `start`.
fn check_set(set: &str, start: Start) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus/flood-colorfill");
    let boards = std::fs::read_to_string(format!("{dir}/{set}.txt")).expect("the corpus boards");
    let optima = std::fs::read_to_string(format!("{dir}/{set}.optimal.txt")).expect("the corpus optima");
    let first: String = boards.lines().take(SUBSET).map(|l| format!("{l}\n")).collect();
    let boards = parse_boards(&first, start).expect("corpus boards parse");
    let optima: Vec<usize> = optima.lines().take(SUBSET).map(|l| l.trim().parse().expect("an optimum")).collect();
    assert_eq!(boards.len(), SUBSET);
    assert_eq!(optima.len(), SUBSET);
    for (index, (board, &optimum)) in boards.iter().zip(&optima).enumerate() {
        let solution = solve(board, Budget::UNLIMITED);
        assert!(board.wins_with(&solution.moves), "{set} board {index}: the plan does not win");
        assert!(solution.proven_optimal, "{set} board {index}: not proven");
        assert_eq!(solution.moves.len(), optimum, "{set} board {index}");
    }
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn b10c15_subset_matches_the_published_optima() {
    check_set("b10c15", Start::TopLeft);
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn b12c12_subset_matches_the_published_optima() {
    check_set("b12c12", Start::TopLeft);
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn b14c8_subset_matches_the_published_optima() {
    check_set("b14c8", Start::TopLeft);
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn b18c6_subset_matches_the_published_optima() {
    check_set("b18c6", Start::TopLeft);
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn b24c4_subset_matches_the_published_optima() {
    check_set("b24c4", Start::TopLeft);
}

/// floodtest19's optima are for floods from the centre cell (row 9, col 9).
#[test]
#[ignore = "needs ../shared/corpus"]
fn floodtest19_subset_from_the_centre_matches_the_published_optima() {
    check_set("floodtest19", Start::Centre);
}
