//! Breach Protocol's random-position property (`Game::check_random`), its text parser for the fuzz
//! targets and their seeds: a random puzzle written as a case reads back as itself, and the
//! solver's picks are legal, fit the buffer and complete exactly the daemons and value they claim.

use super::Breach;
use super::board::Puzzle;
use super::state::board_toml;
use super::{case, random, solve};
use crate::budget::Budget;
use crate::case::round_trip;
use crate::game::SelfCheck;
use crate::rng::SplitMix64;

impl SelfCheck for Breach {
    /// A random puzzle from `seed`: a 4x4 to 6x6 matrix, 1 to 3 daemons, a buffer of 4 to 8.
    fn check_random(seed: u64) -> Result<String, String> {
        let mut rng = SplitMix64(seed);
        let (side, daemons, buffer) = (4 + rng.index(3), 1 + rng.index(3), 4 + rng.index(5));
        let puzzle = random::puzzle(&mut rng, side, daemons, buffer);
        let case = round_trip("breach", &board_toml(&puzzle))?;
        let back = case::case_puzzle(&case.board).map_err(|e| format!("{e:#}"))?;
        if back != puzzle {
            return Err(format!("the puzzle changed on its way through a case file:\n{}", board_toml(&puzzle)));
        }
        let (solution, _) = solve::solve_within(&puzzle, Budget::nodes(200_000));
        if solution.path.len() > puzzle.buffer {
            return Err(format!("{} picks for a buffer of {}", solution.path.len(), puzzle.buffer));
        }
        let codes = puzzle.check_path(&solution.path).map_err(|e| e.to_string())?;
        if puzzle.completed(&codes) != solution.daemons || Puzzle::value(&solution.daemons) != solution.value {
            return Err(format!(
                "the picks complete {:?}, the plan claims {:?}",
                puzzle.completed(&codes),
                solution.daemons
            ));
        }
        Ok(format!("{side}x{side}, {daemons} daemons: {} picks", solution.path.len()))
    }

    /// What `solve breach` parses: a case file's `[board]` (grid, daemons, buffer; mid-game fields).
    fn parse_text(text: &str) -> anyhow::Result<()> {
        let table: toml::Table = toml::from_str(text)?;
        case::case_state(&table)?;
        Ok(())
    }

    /// `[board]` tables `parse_text` accepts.
    fn text_seeds() -> Vec<String> {
        vec![
            "grid = [\"1C 55 BD E9\", \"E9 1C 7A 55\", \"55 FF 1C BD\", \"7A BD 55 1C\"]\ndaemons = [\"1C 55\", \"E9 FF\"]\nbuffer = 4\n"
                .into(),
            "grid = [\"[] 55 BD E9\", \"E9 7A 1C 55\", \"55 FF 1C BD\", \"7A BD 55 1C\"]\ndaemons = [\"55 7A\"]\nbuffer = 3\npicked = [\"1C\"]\nline = \"col 0\"\n"
                .into(),
        ]
    }
}
