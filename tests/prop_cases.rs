//! Property tests (proptest): a case file written the way `gamebot read` prints a `[board]`, saved
//! and loaded again through the case loader `replay` and `solve` use, is the same case: the same
//! game, source and board, for Flood-it, peg solitaire, Collapse and Breach.

use gamebot::games::case::{CaseFile, load};
use gamebot::games::{Collapse, Flood, Pegs, breach, collapse, flood, pegs};
use gamebot::rng::SplitMix64;
use gamebot::runner::TurnBased;
use proptest::prelude::*;

/// Writes a case file as a person would keep `read`'s output, and loads it back.
fn round_trip(game: &str, board_toml: &str) -> CaseFile {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("case.toml");
    let text = format!("game = \"{game}\"\nsource = \"proptest \\\"drawn\\\" board\"\n\n[board]\n{board_toml}\n");
    gamebot::files::write_atomic(&path, text.as_bytes(), false).unwrap();
    let case = load(&path).unwrap();
    assert_eq!(case.game, game);
    assert_eq!(case.source, "proptest \"drawn\" board");
    case
}

fn rows(case: &CaseFile) -> Vec<String> {
    case.board["rows"].as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect()
}

#[derive(serde::Deserialize)]
struct CollapseRows {
    mode: String,
    rows: Vec<Vec<String>>,
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 32,
        failure_persistence: None,
        rng_seed: proptest::test_runner::RngSeed::Fixed(20),
        ..ProptestConfig::default()
    })]

    #[test]
    fn a_flood_case_survives_writing_and_reading(
        (rows_n, cols_n, cells) in (1usize..=20, 1usize..=20).prop_flat_map(|(r, c)| (Just(r), Just(c), proptest::collection::vec(0u8..16, r * c))),
    ) {
        let board = flood::board::Board::new(rows_n, cols_n, cells);
        let case = round_trip("flood", &<Flood as TurnBased>::board_toml(&board));
        prop_assert_eq!(flood::board::Board::from_rows(&rows(&case)).unwrap(), board);
    }

    #[test]
    fn a_pegs_case_survives_writing_and_reading(
        text in proptest::collection::vec("[o.#]{1,9}", 1..9).prop_filter("rows of one length", |t| t.iter().all(|r| r.len() == t[0].len())),
    ) {
        let board = pegs::board::Board::from_rows(&text).unwrap();
        let case = round_trip("pegs", &<Pegs as TurnBased>::board_toml(&board));
        prop_assert_eq!(pegs::board::Board::from_rows(&rows(&case)).unwrap(), board);
    }

    #[test]
    fn a_collapse_case_survives_writing_and_reading(seed in any::<u64>(), n in 1usize..=20, hard in any::<bool>()) {
        let mode = if hard { collapse::board::Mode::Hard } else { collapse::board::Mode::Easy };
        let board = collapse::solve::random_board(n, mode, seed);
        let case = round_trip("collapse", &<Collapse as TurnBased>::board_toml(&board));
        let back: CollapseRows = case.board_as().unwrap();
        let mode_back = collapse::board::Mode::from_name(&back.mode).unwrap();
        let read = collapse::board::Board::from_rows(mode_back, &back.rows).unwrap();
        prop_assert!(read.same_rooms(&board), "rooms differ");
        prop_assert_eq!(read.mode, board.mode);
    }

    #[test]
    fn a_breach_case_survives_writing_and_reading(
        seed in any::<u64>(), side in 4usize..=7, daemons in 1usize..=4, buffer in 4usize..=9,
    ) {
        let puzzle = breach::random::puzzle(&mut SplitMix64(seed), side, daemons, buffer);
        let case = round_trip("breach", &breach::play::board_toml(&puzzle));
        prop_assert_eq!(breach::case::case_puzzle(&case.board).unwrap(), puzzle);
    }
}
