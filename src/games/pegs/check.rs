//! Peg solitaire's random-position property (`Game::check_random`), its text parser for the fuzz
//! targets and their seeds: a random board written as a case reads back as itself, and every
//! solution the solver gives (one peg anywhere, and the fewest moves) is a chain of legal jumps
//! that leaves one peg, counted as the moves it claims.

use super::Pegs;
use super::board::{Board, group_moves};
use super::solve::{self, Outcome, Target};
use crate::budget::Budget;
use crate::case::{board_rows, round_trip};
use crate::game::SelfCheck;
use crate::game::TurnBased;
use crate::rng::SplitMix64;

fn one_peg_left(board: &Board, jumps: &[super::board::Jump]) -> Result<(), String> {
    let end = board.play_all(jumps).map_err(|e| format!("{e} on\n{board}"))?;
    if end.pegs() != 1 {
        return Err(format!("{} pegs left after the plan on\n{board}", end.pegs()));
    }
    Ok(())
}

impl SelfCheck for Pegs {
    /// A random board from `seed`: 3 to 5 rows and columns of squares off the board (1 in 5), holes
    /// (1 in 5) and pegs.
    fn check_random(seed: u64) -> Result<String, String> {
        let mut rng = SplitMix64(seed);
        let (rows, cols) = (3 + rng.index(3), 3 + rng.index(3));
        let text: Vec<String> =
            (0..rows).map(|_| (0..cols).map(|_| ['#', '.', 'o', 'o', 'o'][rng.index(5)]).collect()).collect();
        let board = Board::from_rows(&text).map_err(|e| e.to_string())?;
        let case = round_trip("pegs", &Pegs::board_toml(&board))?;
        let back = Board::from_rows(&board_rows(&case)?).map_err(|e| e.to_string())?;
        if back != board {
            return Err(format!("the board changed on its way through a case file:\n{board}\n{back}"));
        }
        let budget = Budget::nodes(200_000);
        let mut solved = "no solution";
        if let Outcome::Solved(jumps) = solve::solve(&board, Target::OnePeg, budget).outcome {
            one_peg_left(&board, &jumps)?;
            solved = "solved";
        }
        if let Ok(best) = solve::solve_min_moves(&board, Target::OnePeg, budget) {
            one_peg_left(&board, &best.jumps)?;
            if group_moves(&best.jumps).len() != best.moves {
                return Err(format!(
                    "{} moves claimed, the jumps make {}:\n{board}",
                    best.moves,
                    group_moves(&best.jumps).len()
                ));
            }
        }
        Ok(format!("{rows}x{cols} board: {solved}"))
    }

    /// What `solve pegs` parses from standard input: rows of o, . and #.
    fn parse_text(text: &str) -> anyhow::Result<()> {
        let rows: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        Board::from_rows(&rows)?;
        Ok(())
    }

    /// Boards `parse_text` accepts.
    fn text_seeds() -> Vec<String> {
        vec!["##ooo##\n##ooo##\nooooooo\nooo.ooo\nooooooo\n##ooo##\n##ooo##\n".into(), "oo.\n#o#\n".into()]
    }
}
