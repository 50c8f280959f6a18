//! Benchmarks of the Tetris engine on a realistic board (the one a seeded game with our weights
//! leaves after 1000 pieces): placement generation with and without tucks, the one-piece choice
//! and the choice with the preview (every pair of placements). Run with `cargo bench --bench tetris`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use gamebot::games::tetris::eval::Weights;
use gamebot::games::tetris::placements::placements;
use gamebot::games::tetris::search::Planner;
use gamebot::games::tetris::sim::PieceStream;
use gamebot::games::tetris::{Board, Piece};

fn mid_game() -> Board {
    let weights = Weights::default();
    let mut board = Board::default();
    let mut planner = Planner::new(false);
    let mut stream = PieceStream::new(1, 0);
    for _ in 0..1000 {
        let (p, _) = planner.best_one(&board, stream.next_piece(), &weights).expect("the game goes on");
        board = p.apply(&board).expect("legal").0;
    }
    board
}

fn tetris(c: &mut Criterion) {
    let board = mid_game();
    let weights = Weights::default();
    let mut group = c.benchmark_group("tetris");
    group.warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
    let mut out = Vec::new();
    group.bench_function("placements_t_hard_drops", |b| {
        b.iter(|| placements(black_box(&board), Piece::T, false, &mut out))
    });
    group.bench_function("placements_t_with_tucks", |b| {
        b.iter(|| placements(black_box(&board), Piece::T, true, &mut out))
    });
    let mut planner = Planner::new(false);
    group.bench_function("choice_one_piece", |b| b.iter(|| planner.best_one(black_box(&board), Piece::T, &weights)));
    group.bench_function("choice_with_preview", |b| {
        b.iter(|| planner.best_with_preview(black_box(&board), Piece::T, Piece::L, &weights))
    });
    group.finish();
}

criterion_group!(benches, tetris);
criterion_main!(benches);
