//! Simulated games: pieces drawn uniformly at random from a seeded SplitMix64, each placed where
//! the planner chooses, until no placement fits (a top-out) or the piece cap is reached.
//!
//! Rules of the simulation (those of the published one-piece benchmarks): the piece may be put in
//! any column and rotation reachable as `placements.rs` describes, with no spawn check; it tops
//! out when every placement would leave a cell at or above the board's height.

use crate::rng::SplitMix64;

use super::board::Board;
use super::eval::Evaluator;
use super::piece::Piece;
use super::search::Planner;

/// How a simulated game is played.
#[derive(Clone, Copy, Debug)]
pub struct GameConfig {
    pub height: usize,
    /// Stop (without a top-out) after this many pieces.
    pub max_pieces: u64,
    /// Let the planner see the next piece.
    pub preview: bool,
    /// Consider tucks and spins.
    pub tucks: bool,
}

impl Default for GameConfig {
    fn default() -> GameConfig {
        GameConfig { height: 20, max_pieces: 100_000, preview: false, tucks: false }
    }
}

/// How one game went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameResult {
    pub lines: u64,
    pub pieces: u64,
    pub topped_out: bool,
}

/// A seeded stream of uniformly random pieces.
pub struct PieceStream(SplitMix64);

impl PieceStream {
    /// Game `game` of a run seeded `seed`: streams differ between games and between seeds.
    pub fn new(seed: u64, game: u64) -> PieceStream {
        let mut mix = SplitMix64(seed);
        let base = mix.next();
        PieceStream(SplitMix64(base ^ game.wrapping_mul(0xD6E8_FEB8_6659_FD93)))
    }

    pub fn next_piece(&mut self) -> Piece {
        Piece::ALL[self.0.index(7)]
    }
}

/// Plays one game; `progress` is called every 2^16 pieces with the pieces and lines so far.
pub fn play(
    config: &GameConfig,
    eval: &impl Evaluator,
    seed: u64,
    game: u64,
    progress: &mut dyn FnMut(u64, u64),
) -> anyhow::Result<GameResult> {
    let mut board = Board::new(config.height)?;
    let mut planner = Planner::new(config.tucks);
    let mut stream = PieceStream::new(seed, game);
    let mut next = stream.next_piece();
    let mut result = GameResult { lines: 0, pieces: 0, topped_out: false };
    while result.pieces < config.max_pieces {
        let piece = next;
        next = stream.next_piece();
        let choice = if config.preview {
            planner.best_with_preview(&board, piece, next, eval)
        } else {
            planner.best_one(&board, piece, eval)
        };
        let Some((placement, _)) = choice else {
            result.topped_out = true;
            break;
        };
        let Some((after, placed)) = placement.apply(&board) else {
            result.topped_out = true;
            break;
        };
        board = after;
        result.lines += placed.lines as u64;
        result.pieces += 1;
        if result.pieces & 0xFFFF == 0 {
            progress(result.pieces, result.lines);
        }
    }
    Ok(result)
}
