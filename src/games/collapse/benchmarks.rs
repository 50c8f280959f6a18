//! Collapse's benchmarks (`cargo bench`, over the list of games): the exact solvers on random
//! buildings of n = 100 (easy, hard, and a hard one the probe settles alone) and n = 1000 (hard and
//! easy), the seeds those figures were measured on.

use std::hint::black_box;
use std::path::Path;

use super::Collapse;
use super::board::Mode;
use super::solve::{HARD_N100_SEED, HARD_N1000_SEED, random_board, solve};
use crate::game::Benchmark;
use crate::game::Benchmarks;

impl Benchmarks for Collapse {
    fn benchmarks(_root: &Path) -> Vec<Benchmark> {
        let boards = [
            ("collapse n100 easy", random_board(100, Mode::Easy, 1), 20),
            ("collapse n100 hard", random_board(100, Mode::Hard, HARD_N100_SEED), 20),
            ("collapse n100 hard probe only", random_board(100, Mode::Hard, 2), 20),
            ("collapse n1000 hard", random_board(1000, Mode::Hard, HARD_N1000_SEED), 10),
            ("collapse n1000 easy", random_board(1000, Mode::Easy, 4), 10),
        ];
        boards
            .into_iter()
            .map(|(name, board, samples)| {
                Benchmark::new(name, move || {
                    black_box(solve(black_box(&board)));
                })
                .samples(samples)
            })
            .collect()
    }
}
