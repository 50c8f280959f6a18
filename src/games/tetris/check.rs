//! Tetris's random-position property (`Game::check_random`), its text parsers for the fuzz targets
//! and their seeds: a random stack written as a case reads back as itself; every placement found on
//! it fits, rests on the stack and does not top out, and the planner picks one of them; and a short
//! contest plan replays to the score it claims.

use super::Tetris;
use super::case::{board_toml, case_board};
use super::contest::{self, PlanOptions, Validation};
use super::eval::Weights;
use super::placements::placements;
use super::search::Planner;
use super::{Board, Piece};
use crate::case::round_trip;
use crate::game::SelfCheck;
use crate::rng::SplitMix64;

impl SelfCheck for Tetris {
    /// A random stack of up to 9 rows from `seed`, a random piece, with and without tucks.
    fn check_random(seed: u64) -> Result<String, String> {
        let mut rng = SplitMix64(seed);
        let filled = rng.index(10);
        let rows: Vec<String> = (0..20)
            .map(|r| if r < 20 - filled { ".".repeat(10) } else { (0..10).map(|_| ['#', '.'][rng.index(2)]).collect() })
            .collect();
        let (piece, next) = (Piece::ALL[rng.index(7)], Piece::ALL[rng.index(7)]);
        let back = case_board(&round_trip("tetris", &board_toml(&rows, Some(piece), Some(next)))?.board)?;
        if back.rows != rows || back.piece != Some(piece) || back.next != Some(next) {
            return Err(format!("the stack changed on its way through a case file:\n{}", rows.join("\n")));
        }
        let board = Board::from_rows(&rows, 20).map_err(|e| format!("{e:#}"))?;
        let mut found = Vec::new();
        for tucks in [false, true] {
            placements(&board, piece, tucks, &mut found);
            for p in &found {
                let (x, y) = (p.x as i32, p.y as i32);
                if !board.fits(p.rotation(), x, y) || (y > 0 && board.fits(p.rotation(), x, y - 1)) {
                    return Err(format!("{p:?} overlaps or floats on\n{}", rows.join("\n")));
                }
                if p.apply(&board).is_none() {
                    return Err(format!("{p:?} tops out on\n{}", rows.join("\n")));
                }
            }
            let best = Planner::new(tucks).best_one(&board, piece, &Weights::default());
            if best.is_some() == found.is_empty() || best.is_some_and(|(p, _)| !found.contains(&p)) {
                return Err(format!("the planner's choice is not among the placements on\n{}", rows.join("\n")));
            }
        }
        let options =
            PlanOptions { width: 1 + rng.index(4), pieces: 1 + rng.below(20) as u32, threads: 1, ..Default::default() };
        let planned = contest::solve_contest(&options, &mut |_| {}).map_err(|e| format!("{e:#}"))?;
        let replay = contest::replay_str(&planned.record, Default::default()).map_err(|e| e.to_string())?;
        if replay.score != planned.score {
            return Err(format!(
                "a contest record of {} pieces replays to {}, not {}",
                planned.pieces, replay.score, planned.score
            ));
        }
        Ok(format!("{piece:?} on {filled} rows: {} placements; contest {} pieces", found.len(), planned.pieces))
    }

    /// Tetris's text inputs: a contest record (`solve`/`bench` write them; the page's own format), or
    /// a case file's `[board]` table.
    fn parse_text(text: &str) -> anyhow::Result<()> {
        if let Ok(table) = toml::from_str::<toml::Table>(text) {
            case_board(&table).map_err(anyhow::Error::msg)?;
            return Ok(());
        }
        contest::record::parse(text, Validation::default())?;
        Ok(())
    }

    /// Texts `parse_text` accepts: a short contest record and a case's `[board]`.
    fn text_seeds() -> Vec<String> {
        let options = PlanOptions { width: 1, pieces: 3, threads: 1, ..Default::default() };
        let record = contest::solve_contest(&options, &mut |_| {}).map(|p| p.record).unwrap_or_default();
        let rows: Vec<String> = (0..20).map(|r| if r < 19 { ".".repeat(10) } else { "####.#####".into() }).collect();
        vec![record, board_toml(&rows, Some(Piece::T), Some(Piece::I))]
    }
}
