//! Flood-it's random-position property (`Game::check_random`), its text parser for the fuzz targets
//! and their seeds: a random board written as a case reads back as itself, and the solver's plan
//! from it never repeats the flood's colour, gains something with every move and wins.

use super::board::Board;
use super::{Flood, solve};
use crate::budget::Budget;
use crate::case::{board_rows, round_trip};
use crate::game::SelfCheck;
use crate::game::TurnBased;
use crate::rng::SplitMix64;

impl SelfCheck for Flood {
    /// A random board from `seed` (1 to 6 rows and columns, 2 to 5 colours), round-tripped through a
    /// case file, then solved and its plan checked by the rules alone.
    fn check_random(seed: u64) -> Result<String, String> {
        let mut rng = SplitMix64(seed);
        let (rows, cols) = (1 + rng.index(6), 1 + rng.index(6));
        let colours = 2 + rng.below(4);
        let board = Board::new(rows, cols, (0..rows * cols).map(|_| rng.below(colours) as u8).collect());
        let case = round_trip("flood", &Flood::board_toml(&board))?;
        let back = Board::from_rows(&board_rows(&case)?).map_err(|e| e.to_string())?;
        if back != board {
            return Err(format!("the board changed on its way through a case file:\n{board}\n{back}"));
        }
        let solution = solve::solve(&board, Budget::nodes(50_000));
        let mut now = board.clone();
        for &colour in &solution.moves {
            if colour == now.current_colour() {
                return Err(format!("a move repeats the flood's colour on\n{board}"));
            }
            if now.play(colour) == 0 {
                return Err(format!("a move gains nothing on\n{board}"));
            }
        }
        if !now.is_won() {
            return Err(format!("the plan {:?} does not win\n{board}", solution.moves));
        }
        Ok(format!("{rows}x{cols} board won in {} moves", solution.moves.len()))
    }

    /// What `solve flood` parses from standard input: rows of colour digits.
    fn parse_text(text: &str) -> anyhow::Result<()> {
        let rows: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        Board::from_rows(&rows)?;
        Ok(())
    }

    /// Boards `parse_text` accepts.
    fn text_seeds() -> Vec<String> {
        vec!["0123\n1123\n2213\n3321\n".into(), "01\n10\n".into(), "0a1b\nf0e1\n".into()]
    }
}
