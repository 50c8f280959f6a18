//! Benchmarks of the peg solitaire solver: the English board's first solution and its
//! fewest-moves solution with proof, the 70 single-vacancy starts of the English and French
//! boards, and ten random 9x9 boards from sgt-pegs.
//!
//! The boards are the solver's own data (`gamebot::games::pegs::solve`), so this times exactly
//! what `gamebot bench pegs` reports once. Ten samples each keep the whole run near a minute;
//! the fewest-moves proof alone is a few seconds per sample. Run with
//! `cargo bench --bench pegs_solver`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use gamebot::budget::Budget;
use gamebot::games::pegs::board::Board;
use gamebot::games::pegs::solve::{
    ENGLISH, FRENCH, Outcome, RANDOM_9X9, Target, hole_squares, single_vacancy, solve, solve_min_moves,
};

fn english(c: &mut Criterion) {
    let board = Board::from_rows(&ENGLISH).unwrap();
    let mut group = c.benchmark_group("pegs_english");
    group.sample_size(10).warm_up_time(Duration::from_secs(1));
    group.bench_function("first_solution", |b| {
        b.iter(|| {
            let report = solve(black_box(&board), Target::OnePegAt((3, 3)), Budget::UNLIMITED);
            assert!(matches!(report.outcome, Outcome::Solved(_)));
        })
    });
    group.measurement_time(Duration::from_secs(30));
    group.bench_function("fewest_moves_with_proof", |b| {
        b.iter(|| {
            let best = solve_min_moves(black_box(&board), Target::OnePegAt((3, 3)), Budget::UNLIMITED).unwrap();
            assert!(best.moves == 18 && best.proven_optimal);
        })
    });
    group.finish();
}

fn single_vacancies(c: &mut Criterion) {
    let boards: Vec<Board> = [ENGLISH, FRENCH]
        .iter()
        .flat_map(|rows| hole_squares(rows).into_iter().map(|vacancy| single_vacancy(rows, vacancy)))
        .collect();
    let mut group = c.benchmark_group("pegs_single_vacancies");
    group.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(8));
    group.bench_function("english_33_and_french_37", |b| {
        b.iter(|| {
            for board in &boards {
                let report = solve(black_box(board), Target::OnePeg, Budget::UNLIMITED);
                assert_ne!(report.outcome, Outcome::Unknown);
            }
        })
    });
    group.finish();
}

fn random_boards(c: &mut Criterion) {
    let boards: Vec<Board> = RANDOM_9X9.iter().map(|rows| Board::from_rows(rows).unwrap()).collect();
    let mut group = c.benchmark_group("pegs_random_9x9");
    group.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(20));
    group.bench_function("ten_sgt_boards", |b| {
        b.iter(|| {
            for board in &boards {
                let report = solve(black_box(board), Target::OnePeg, Budget::UNLIMITED);
                assert!(matches!(report.outcome, Outcome::Solved(_)));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, english, single_vacancies, random_boards);
criterion_main!(benches);
