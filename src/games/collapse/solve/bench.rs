//! Deterministic pseudo-random boards and the solver's headline measurements.
//!
//! The boards follow what the real game shows (corpus cases): about one room in ten empty, the
//! others 1-9, in hard mode food or water with even odds. A SplitMix64 generator from a fixed
//! seed makes every run time the same board. `bench_report` times the three headline cases once
//! each (`gamebot bench collapse` prints its pairs as key=value lines); the criterion benchmarks in
//! `benches/collapse_solver.rs` time the same boards more carefully.

use std::hint::black_box;
use std::time::Instant;

use super::super::board::{Board, Mode, Room};
use super::{solve, solve_with_stats};

use crate::rng::SplitMix64 as SplitMix;

/// A (2n+1)x(2n+1) board at the start of a game, filled from `seed`.
pub fn random_board(n: usize, mode: Mode, seed: u64) -> Board {
    let size = 2 * n + 1;
    let mut rng = SplitMix(seed);
    let cells = (0..size * size)
        .map(|k| {
            if k == n * size + n {
                return Room::Player;
            }
            if rng.below(10) == 0 {
                return Room::Empty;
            }
            let value = 1 + rng.below(9) as u8;
            match mode {
                Mode::Easy => Room::Supply(value),
                Mode::Hard if rng.below(2) == 0 => Room::Food(value),
                Mode::Hard => Room::Water(value),
            }
        })
        .collect();
    Board::from_cells(mode, size, cells).expect("a generated board is well formed")
}

/// The mean seconds of `runs` solves of `board`.
fn seconds_per_solve(board: &Board, runs: u32) -> f64 {
    let started = Instant::now();
    for _ in 0..runs {
        black_box(solve(black_box(board)));
    }
    started.elapsed().as_secs_f64() / f64::from(runs)
}

/// Seeds of the headline hard boards: the slowest to solve of seeds 1-8 at n = 100 and of seeds
/// 1-20 at n = 1000 (both need sweeps; on many boards the probe alone settles the game).
pub const HARD_N100_SEED: u64 = 6;
pub const HARD_N1000_SEED: u64 = 4;

/// Times the headline cases once: n = 100 easy and hard (mean of repeated solves) and n = 1000
/// hard (one solve, with its peak memory estimate and front size). Takes about a second.
pub fn bench_report() -> Vec<(String, String)> {
    let mut report = Vec::new();
    let mut put = |key: &str, value: String| report.push((key.to_string(), value));
    let easy = random_board(100, Mode::Easy, 1);
    put("n100_easy_ms", format!("{:.4}", 1e3 * seconds_per_solve(&easy, 200)));
    let hard = random_board(100, Mode::Hard, HARD_N100_SEED);
    put("n100_hard_ms", format!("{:.3}", 1e3 * seconds_per_solve(&hard, 20)));
    let big = random_board(1000, Mode::Hard, HARD_N1000_SEED);
    let started = Instant::now();
    let (solution, stats) = solve_with_stats(&big);
    put("n1000_hard_s", format!("{:.3}", started.elapsed().as_secs_f64()));
    put("n1000_hard_score", solution.score.to_string());
    put("n1000_hard_front_entries", stats.front_entries.to_string());
    put("n1000_hard_peak_mb", format!("{:.1}", stats.peak_bytes as f64 / 1e6));
    put("n1000_board_mb", format!("{:.1}", (big.cells.len() * std::mem::size_of::<Room>()) as f64 / 1e6));
    report
}
