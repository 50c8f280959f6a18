//! Benchmarks of the Flood-it solver: exact solving of real 14x14 boards, and a big board
//! under a fixed node budget.
//!
//! The 14x14 boards come from the Programming Challenge 19 corpus in
//! `../shared/corpus/flood-pc19` (read at run time, skipped if absent). The whole corpus is
//! too slow for criterion's repeated samples, so one group times the first 50 boards per
//! iteration and single boards on their own. The 24x24, 8-colour board is random (a fixed
//! seed) and too hard to solve exactly, so it is timed under a node budget, which keeps the
//! work identical from run to run. A third group solves the first boards of the ColorFill
//! floodtest19 set, flooded from the centre cell, through the same parser as `gamebot bench`.
//! Run with `cargo bench --bench flood_solver`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use gamebot::budget::Budget;
use gamebot::games::flood::bench::{Start, parse_boards};
use gamebot::games::flood::board::Board;
use gamebot::games::flood::solve::solve;

/// The corpus boards, or nothing when the corpus is not there.
fn corpus() -> Vec<Board> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus/flood-pc19/tiles.txt");
    let Ok(text) = std::fs::read_to_string(path) else {
        eprintln!("flood_solver bench: {path} not found, skipping the corpus benchmarks");
        return Vec::new();
    };
    text.lines()
        .map(|line| {
            let cells = line.trim().bytes().map(|b| b - b'1').collect();
            Board::new(14, 14, cells)
        })
        .collect()
}

/// A random board from a fixed seed (SplitMix64), so every run times the same board.
fn random_board(seed: u64, rows: usize, cols: usize, colours: u64) -> Board {
    let mut state = seed;
    let mut next = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let cells = (0..rows * cols).map(|_| (next() % colours) as u8).collect();
    Board::new(rows, cols, cells)
}

fn pc19(c: &mut Criterion) {
    let boards = corpus();
    if boards.is_empty() {
        return;
    }
    let mut group = c.benchmark_group("flood_pc19");
    group.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(5));
    group.bench_function("first_50_boards", |b| {
        b.iter(|| {
            for board in &boards[..50] {
                let solution = solve(black_box(board), Budget::UNLIMITED);
                assert!(solution.proven_optimal);
            }
        })
    });
    // Board 0 is typical; board 519 is the slowest of the thousand.
    for index in [0, 519] {
        group.bench_function(format!("board_{index}"), |b| {
            b.iter(|| solve(black_box(&boards[index]), Budget::UNLIMITED))
        });
    }
    group.finish();
}

fn random_24x24(c: &mut Criterion) {
    let board = random_board(1, 24, 24, 8);
    let mut group = c.benchmark_group("flood_24x24_8_colours");
    group.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(5));
    group.bench_function("20k_nodes", |b| b.iter(|| solve(black_box(&board), Budget::nodes(20_000))));
    group.finish();
}

fn floodtest19_from_the_centre(c: &mut Criterion) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus/flood-colorfill/floodtest19.txt");
    let Ok(text) = std::fs::read_to_string(path) else {
        eprintln!("flood_solver bench: {path} not found, skipping floodtest19");
        return;
    };
    let first: String = text.lines().take(5).map(|l| format!("{l}\n")).collect();
    let Ok(boards) = parse_boards(&first, Start::Centre) else {
        eprintln!("flood_solver bench: {path} does not parse, skipping floodtest19");
        return;
    };
    let mut group = c.benchmark_group("flood_floodtest19_centre");
    group.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(10));
    group.bench_function("first_5_boards", |b| {
        b.iter(|| {
            for board in &boards {
                let solution = solve(black_box(board), Budget::UNLIMITED);
                assert!(solution.proven_optimal);
            }
        })
    });
    group.finish();
}

criterion_group!(benches, pc19, random_24x24, floodtest19_from_the_centre);
criterion_main!(benches);
