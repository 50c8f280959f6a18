//! Tetris's benchmarks (`cargo bench`, over the list of games), on the board a seeded simulated game
//! leaves after 1,000 pieces: every straight-drop placement of a T, every placement with tucks and
//! spins, the one-piece choice, and the choice with the preview (every pair of placements).

use std::hint::black_box;
use std::path::Path;

use super::Tetris;
use super::eval::Weights;
use super::placements::placements;
use super::search::Planner;
use super::simulate::PieceStream;
use super::{Board, Piece};
use crate::game::Benchmark;
use crate::game::Benchmarks;

/// The board after 1,000 pieces of seed 1, each placed by the one-piece planner.
fn mid_game() -> Board {
    let weights = Weights::default();
    let mut board = Board::default();
    let mut planner = Planner::new(false);
    let mut stream = PieceStream::new(1, 0);
    for _ in 0..1000 {
        let Some((p, _)) = planner.best_one(&board, stream.next_piece(), &weights) else { break };
        let Some((after, _)) = p.apply(&board) else { break };
        board = after;
    }
    board
}

impl Benchmarks for Tetris {
    fn benchmarks(_root: &Path) -> Vec<Benchmark> {
        let board = mid_game();
        let mut out = Vec::new();
        let mut with_tucks = Vec::new();
        let mut one = Planner::new(false);
        let mut two = Planner::new(false);
        let weights = Weights::default();
        let w2 = weights.clone();
        vec![
            Benchmark::new("tetris placements T hard drops", move || {
                placements(black_box(&board), Piece::T, false, &mut out)
            }),
            Benchmark::new("tetris placements T with tucks", move || {
                placements(black_box(&board), Piece::T, true, &mut with_tucks)
            }),
            Benchmark::new("tetris choice one piece", move || {
                black_box(one.best_one(black_box(&board), Piece::T, &weights));
            }),
            Benchmark::new("tetris choice with preview", move || {
                black_box(two.best_with_preview(black_box(&board), Piece::T, Piece::L, &w2));
            }),
        ]
    }
}
