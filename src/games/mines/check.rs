//! Minesweeper's random-position property (`SelfCheck::check_random`), its text parser for the fuzz
//! targets and their seeds: a random game, played a few moves in, written as a case reads back as
//! itself; the solver's move from it opens only cells the hidden layout leaves clear when it claims
//! them certain, and only covered cells; and a guess is never a certain mine.

use super::Mines;
use super::board::{Board, FirstClick};
use super::case::board_of;
use super::sim::{Game, Layout, Status};
use super::solve::position::{Known, Position};
use super::solve::prob::{Cache, probabilities};
use super::solve::{Decision, decide};
use crate::budget::Budget;
use crate::case::round_trip;
use crate::game::SelfCheck;
use crate::rng::SplitMix64;

impl SelfCheck for Mines {
    fn check_random(seed: u64) -> Result<String, String> {
        random(seed)
    }

    fn parse_text(text: &str) -> anyhow::Result<()> {
        parse_text(text)
    }

    fn text_seeds() -> Vec<String> {
        text_seeds()
    }
}

/// A random game from `seed` (3 to 8 rows and columns, up to a third mines), played a few moves
/// by the solver, then checked as the module says.
pub fn random(seed: u64) -> Result<String, String> {
    let mut rng = SplitMix64(seed);
    let (rows, cols) = (3 + rng.index(6), 3 + rng.index(6));
    let mines = 1 + rng.index(rows * cols / 3);
    let rule = if rng.below(2) == 0 { FirstClick::OpensArea } else { FirstClick::Safe };
    let first = rng.index(rows * cols);
    let rule = if Layout::random(rows, cols, mines, first, rule, &mut rng.clone()).is_none() {
        FirstClick::Safe
    } else {
        rule
    };
    let layout = Layout::random(rows, cols, mines, first, rule, &mut rng).ok_or("no layout")?;
    let mut game = Game::new(layout, rule);
    game.open(first);
    let budget = Budget::nodes(100_000);
    for _ in 0..rng.index(4) {
        if game.status != Status::Playing {
            break;
        }
        match decide(&game.board, budget).map_err(|e| format!("{e} on\n{}", game.board))? {
            Decision::Open(cells) => cells.into_iter().for_each(|i| {
                game.open(i);
            }),
            Decision::Guess { cell, .. } => {
                game.open(cell);
            }
            Decision::Done => break,
        }
    }
    let board = game.board.clone();
    let case = round_trip("mines", &super::case::board_toml(&board))?;
    let back = board_of(&case)?;
    if back != board {
        return Err(format!("the board changed on its way through a case file:\n{board}\n{back}"));
    }
    if game.status != Status::Playing {
        return Ok(format!("{rows}x{cols}, {mines} mines: {:?} within a few moves", game.status));
    }
    let what = match decide(&board, budget).map_err(|e| format!("{e} on\n{board}"))? {
        Decision::Open(cells) => {
            if let Some(&i) = cells.iter().find(|&&i| game.layout.mine[i] || !board.cells[i].is_covered()) {
                return Err(format!(
                    "the solver opens row {} col {} as certain, wrongly:\n{board}",
                    i / cols,
                    i % cols
                ));
            }
            format!("{} certain cells", cells.len())
        }
        Decision::Guess { cell, safety } => {
            let mut pos = Position::from_board(&board);
            pos.deduce().map_err(|e| e.to_string())?;
            let probs = probabilities(&pos, &mut Budget::UNLIMITED.start(), &mut Cache::default())
                .map_err(|e| e.to_string())?;
            if pos.cells[cell] != Known::Unknown || probs.mine[cell] >= 1.0 || !(0.0..=1.0).contains(&safety) {
                return Err(format!(
                    "the guess at row {} col {} is not a possible cell:\n{board}",
                    cell / cols,
                    cell % cols
                ));
            }
            format!("a guess {:.0}% safe", safety * 100.0)
        }
        Decision::Done => "nothing to open".into(),
    };
    Ok(format!("{rows}x{cols}, {mines} mines: {what}"))
}

/// What `solve mines` parses from standard input: rows of board cells.
pub fn parse_text(text: &str) -> anyhow::Result<()> {
    let rows: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    Board::from_rows(&rows)?;
    Ok(())
}

/// Boards `parse_text` accepts.
pub fn text_seeds() -> Vec<String> {
    vec!["#####\n#121#\n#...#\n".into(), "1F\n11\n".into(), "*1#\n11#\n".into(), "########\n".into()]
}
