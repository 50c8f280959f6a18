//! Benchmarks of the collapsing-building solvers on deterministic pseudo-random boards.
//!
//! The boards come from `solve::random_board` (SplitMix64 from a fixed seed, rooms like the real
//! game's: one in ten empty, the rest 1-9, food or water at even odds in hard mode), so every run
//! times the same boards: in hard mode the slowest of a few seeds (they need the front sweep),
//! plus one that the probe settles alone. Targets: n = 100 easy under 0.1 ms, n = 100 hard under
//! 10 ms, n = 1000 hard (a 2001 x 2001 building, 4 M rooms) under 5 s. One untimed n = 1000 solve
//! first prints its score, front size and memory estimate.
//! Run with `cargo bench --bench collapse_solver`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use gamebot::games::collapse::board::Mode;
use gamebot::games::collapse::solve::{HARD_N100_SEED, HARD_N1000_SEED, random_board, solve, solve_with_stats};

fn n100(c: &mut Criterion) {
    let mut group = c.benchmark_group("collapse_n100");
    group.sample_size(10).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(2));
    let easy = random_board(100, Mode::Easy, 1);
    group.bench_function("easy", |b| b.iter(|| solve(black_box(&easy))));
    let hard = random_board(100, Mode::Hard, HARD_N100_SEED);
    group.bench_function("hard", |b| b.iter(|| solve(black_box(&hard))));
    let settled = random_board(100, Mode::Hard, 2);
    group.bench_function("hard_probe_only", |b| b.iter(|| solve(black_box(&settled))));
    group.finish();
}

fn n1000(c: &mut Criterion) {
    let hard = random_board(1000, Mode::Hard, HARD_N1000_SEED);
    let (solution, stats) = solve_with_stats(&hard);
    assert_eq!(solution.moves.len(), 2000);
    eprintln!(
        "collapse n1000 hard: score {} (food {}, water {}), {} front entries, peak ~{:.1} MB",
        solution.score,
        solution.food,
        solution.water,
        stats.front_entries,
        stats.peak_bytes as f64 / 1e6
    );
    let mut group = c.benchmark_group("collapse_n1000");
    group.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(5));
    group.bench_function("hard", |b| b.iter(|| solve(black_box(&hard))));
    group.bench_function("easy", |b| {
        let easy = random_board(1000, Mode::Easy, 4);
        b.iter(|| solve(black_box(&easy)))
    });
    group.finish();
}

criterion_group!(benches, n100, n1000);
criterion_main!(benches);
