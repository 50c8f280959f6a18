//! Property tests (proptest) of every rules engine and its solver: from random states, each
//! solver's plan is legal under the rules and reaches what the solver claims (a win, one peg, the
//! daemons and value it names, the score it names), checked by the rules engine alone. Case counts
//! are small so the file runs in a few seconds, and the seed is fixed so a run is repeatable
//! (change it to explore further).

use gamebot::budget::Budget;
use gamebot::games::{breach, collapse, flood, pegs, tetris};
use gamebot::rng::SplitMix64;
use proptest::prelude::*;

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        rng_seed: proptest::test_runner::RngSeed::Fixed(20),
        ..ProptestConfig::default()
    }
}

/// A flood board: rows x cols cells of `colours` labels.
fn flood_board(max_side: usize, max_colours: u8) -> impl Strategy<Value = flood::board::Board> {
    (1..=max_side, 1..=max_side, 2..=max_colours).prop_flat_map(|(rows, cols, colours)| {
        proptest::collection::vec(0..colours, rows * cols)
            .prop_map(move |cells| flood::board::Board::new(rows, cols, cells))
    })
}

/// True when some plan of `moves` colours or fewer wins `board` (brute force over the rules).
fn flood_wins_within(board: &flood::board::Board, moves: usize) -> bool {
    if board.is_won() {
        return true;
    }
    moves > 0
        && (0..board.colour_count() as u8).filter(|&c| c != board.current_colour()).any(|c| {
            let mut next = board.clone();
            next.play(c) > 0 && flood_wins_within(&next, moves - 1)
        })
}

/// A peg board of 3..=5 x 3..=5 squares: off the board, a hole or a peg.
fn pegs_board() -> impl Strategy<Value = pegs::board::Board> {
    (3usize..=5, 3usize..=5).prop_flat_map(|(rows, cols)| {
        proptest::collection::vec(prop_oneof![1 => Just('#'), 1 => Just('.'), 3 => Just('o')], rows * cols).prop_map(
            move |cells| {
                let text: Vec<String> = cells.chunks(cols).map(|r| r.iter().collect()).collect();
                pegs::board::Board::from_rows(&text).expect("a well-formed board")
            },
        )
    })
}

proptest! {
    #![proptest_config(config(64))]

    #[test]
    fn a_flood_plan_is_legal_and_wins(board in flood_board(6, 5)) {
        let solution = flood::solve::solve(&board, Budget::nodes(50_000));
        let mut now = board.clone();
        for &colour in &solution.moves {
            prop_assert!(colour != now.current_colour(), "a move repeats the flood's colour");
            prop_assert!(now.play(colour) > 0, "a move gains nothing");
        }
        prop_assert!(now.is_won(), "the plan does not win");
    }

    #[test]
    fn a_proven_flood_plan_is_the_shortest(board in flood_board(4, 3)) {
        let solution = flood::solve::solve(&board, Budget::nodes(50_000));
        prop_assert!(solution.proven_optimal);
        let n = solution.moves.len();
        prop_assert!(n == 0 || !flood_wins_within(&board, n - 1), "a plan of {} moves also wins", n - 1);
    }

    #[test]
    fn a_pegs_plan_is_legal_and_leaves_one_peg(board in pegs_board()) {
        let report = pegs::solve::solve(&board, pegs::solve::Target::OnePeg, Budget::nodes(200_000));
        if let pegs::solve::Outcome::Solved(jumps) = report.outcome {
            let end = board.play_all(&jumps).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(end.pegs(), 1);
        }
        if let Ok(best) = pegs::solve::solve_min_moves(&board, pegs::solve::Target::OnePeg, Budget::nodes(200_000)) {
            let end = board.play_all(&best.jumps).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(end.pegs(), 1);
            prop_assert_eq!(pegs::board::group_moves(&best.jumps).len(), best.moves);
        }
    }

    #[test]
    fn a_breach_plan_is_legal_and_completes_the_daemons_it_names(
        seed in any::<u64>(), side in 4usize..=6, daemons in 1usize..=3, buffer in 4usize..=8,
    ) {
        let puzzle = breach::random::puzzle(&mut SplitMix64(seed), side, daemons, buffer);
        let (solution, _) = breach::solve::solve_within(&puzzle, Budget::nodes(200_000));
        prop_assert!(solution.path.len() <= puzzle.buffer);
        let codes = puzzle.check_path(&solution.path).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(&puzzle.completed(&codes), &solution.daemons);
        prop_assert_eq!(breach::board::Puzzle::value(&solution.daemons), solution.value);
    }

    #[test]
    fn a_collapse_path_is_legal_and_collects_its_score(seed in any::<u64>(), n in 1usize..=7, hard in any::<bool>()) {
        let mode = if hard { collapse::board::Mode::Hard } else { collapse::board::Mode::Easy };
        let board = collapse::solve::random_board(n, mode, seed);
        let solution = collapse::solve::solve(&board);
        let end = board.play_all(&solution.moves).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert!(end.is_over(), "moves are left after the path");
        prop_assert_eq!(end.score(), solution.score);
    }

    #[test]
    fn tetris_placements_fit_and_rest_on_the_stack(
        rows in proptest::collection::vec(0u16..1023, 0..10), piece in 0usize..7, tucks in any::<bool>(),
    ) {
        let text: Vec<String> = rows.iter().rev().map(|r| (0..10).map(|x| if r >> x & 1 == 1 { '#' } else { '.' }).collect()).collect();
        let board = tetris::Board::from_rows(&text, 20).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let piece = tetris::Piece::ALL[piece];
        let mut found = Vec::new();
        tetris::placements::placements(&board, piece, tucks, &mut found);
        for p in &found {
            let (x, y) = (p.x as i32, p.y as i32);
            prop_assert!(board.fits(p.rotation(), x, y), "{:?} overlaps", p);
            prop_assert!(y == 0 || !board.fits(p.rotation(), x, y - 1), "{:?} floats", p);
            prop_assert!(p.apply(&board).is_some(), "{:?} tops out", p);
        }
        let best = tetris::search::Planner::new(tucks).best_one(&board, piece, &tetris::eval::Weights::default());
        prop_assert_eq!(best.is_some(), !found.is_empty());
        if let Some((p, _)) = best {
            prop_assert!(found.contains(&p));
        }
    }
}

proptest! {
    #![proptest_config(config(6))]

    #[test]
    fn a_contest_record_replays_to_the_score_it_claims(pieces in 1u32..40, width in 1usize..6) {
        let options = tetris::contest::PlanOptions { width, pieces, threads: 1, ..Default::default() };
        let planned = tetris::contest::solve_contest(&options, &mut |_| {}).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let replay = tetris::contest::replay_str(&planned.record, Default::default()).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(replay.score, planned.score);
    }
}
