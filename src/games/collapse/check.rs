//! Collapse's random-position property (`Game::check_random`), its text parser for the fuzz targets
//! and their seeds: a random building written as a case reads back with the same rooms, and the
//! solver's path is legal, ends the game and collects the score it claims.

use super::Collapse;
use super::board::Mode;
use super::case::{board_toml, case_board};
use super::solve;
use crate::case::round_trip;
use crate::game::SelfCheck;
use crate::rng::SplitMix64;

impl SelfCheck for Collapse {
    /// A random building from `seed`: n from 1 to 7 (a (2n+1)x(2n+1) grid), easy or hard.
    fn check_random(seed: u64) -> Result<String, String> {
        let mut rng = SplitMix64(seed);
        let n = 1 + rng.index(7);
        let mode = if rng.below(2) == 0 { Mode::Easy } else { Mode::Hard };
        let board = solve::random_board(n, mode, rng.next());
        let back = case_board(&round_trip("collapse", &board_toml(&board))?.board)?;
        if !back.same_rooms(&board) || back.mode != board.mode {
            return Err(format!("the building changed on its way through a case file:\n{}", board_toml(&board)));
        }
        let solution = solve::solve(&board);
        let end = board.play_all(&solution.moves).map_err(|e| e.to_string())?;
        if !end.is_over() {
            return Err(format!("moves are left after the path on\n{}", board_toml(&board)));
        }
        if end.score() != solution.score {
            return Err(format!("the path collects {}, the solver claims {}", end.score(), solution.score));
        }
        Ok(format!("n={n} {mode}: score {}", solution.score))
    }

    /// What `solve collapse` parses: a case file's `[board]` (`mode`, `rows`).
    fn parse_text(text: &str) -> anyhow::Result<()> {
        let table: toml::Table = toml::from_str(text)?;
        case_board(&table).map_err(anyhow::Error::msg)?;
        Ok(())
    }

    /// `[board]` tables `parse_text` accepts.
    fn text_seeds() -> Vec<String> {
        (1..=3).map(|n| board_toml(&solve::random_board(n, Mode::Easy, n as u64))).collect()
    }
}
