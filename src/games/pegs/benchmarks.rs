//! Peg solitaire's benchmarks (`cargo bench`, over the list of games): the English board's first
//! solution and its fewest-moves solution with proof, the 70 single-vacancy starts of the English
//! and French boards, and ten random 9x9 boards from sgt-pegs: the solver's own data, so they time
//! what `gamebot bench pegs` reports once.

use std::hint::black_box;
use std::path::Path;

use super::Pegs;
use super::board::Board;
use super::solve::{
    ENGLISH, FRENCH, Outcome, RANDOM_9X9, Target, hole_squares, single_vacancy, solve, solve_min_moves,
};
use crate::budget::Budget;
use crate::game::Benchmark;
use crate::game::Benchmarks;

impl Benchmarks for Pegs {
    fn benchmarks(_root: &Path) -> Vec<Benchmark> {
        let english = Board::from_rows(&ENGLISH).expect("the English board");
        let first = english.clone();
        let vacancies: Vec<Board> = [ENGLISH, FRENCH]
            .iter()
            .flat_map(|rows| hole_squares(rows).into_iter().map(|vacancy| single_vacancy(rows, vacancy)))
            .collect();
        let random: Vec<Board> = RANDOM_9X9.iter().filter_map(|rows| Board::from_rows(rows).ok()).collect();
        vec![
            Benchmark::new("pegs english first solution", move || {
                let report = solve(black_box(&first), Target::OnePegAt((3, 3)), Budget::UNLIMITED);
                assert!(matches!(report.outcome, Outcome::Solved(_)));
            })
            .samples(10),
            Benchmark::new("pegs english fewest moves with proof", move || {
                let best = solve_min_moves(black_box(&english), Target::OnePegAt((3, 3)), Budget::UNLIMITED);
                assert!(best.is_ok_and(|b| b.moves == 18 && b.proven_optimal));
            })
            .samples(10),
            Benchmark::new("pegs 70 single vacancies (english 33, french 37)", move || {
                for board in &vacancies {
                    assert_ne!(solve(black_box(board), Target::OnePeg, Budget::UNLIMITED).outcome, Outcome::Unknown);
                }
            })
            .samples(10),
            Benchmark::new("pegs ten random sgt 9x9 boards", move || {
                for board in &random {
                    assert!(matches!(
                        solve(black_box(board), Target::OnePeg, Budget::UNLIMITED).outcome,
                        Outcome::Solved(_)
                    ));
                }
            })
            .samples(10),
        ]
    }
}
