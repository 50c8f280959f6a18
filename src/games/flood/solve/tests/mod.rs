//! Tests of the Flood-it solver: optimality against brute force on small random boards, the
//! known optima of the Programming Challenge 19 corpus, budgets, determinism and big boards.
//!
//! Every plan is checked with `Board::wins_with`, the board's own rules, so the solver's
//! region-graph restatement of the rules is checked against the original each time.

use std::collections::HashSet;
use std::time::Duration;

use super::*;

use crate::rng::SplitMix64 as Rng;

fn random_board(rng: &mut Rng, rows: usize, cols: usize, labels: &[u8]) -> Board {
    let cells = (0..rows * cols).map(|_| labels[rng.index(labels.len())]).collect();
    Board::new(rows, cols, cells)
}

/// The optimum by breadth-first search over whole boards, using only `Board::play`.
fn brute_force(board: &Board) -> usize {
    if board.is_won() {
        return 0;
    }
    let mut colours: Vec<u8> = board.cells.clone();
    colours.sort_unstable();
    colours.dedup();
    let mut seen = HashSet::from([board.cells.clone()]);
    let mut layer = vec![board.clone()];
    for depth in 1.. {
        let mut next = Vec::new();
        for b in &layer {
            for &c in colours.iter().filter(|&&c| c != b.current_colour()) {
                let mut child = b.clone();
                child.play(c);
                if child.is_won() {
                    return depth;
                }
                if seen.insert(child.cells.clone()) {
                    next.push(child);
                }
            }
        }
        layer = next;
    }
    unreachable!()
}

fn corpus() -> Vec<(Board, usize)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus/flood-pc19");
    let tiles = std::fs::read_to_string(format!("{dir}/tiles.txt")).expect("pc19 tiles");
    let optimal = std::fs::read_to_string(format!("{dir}/optimal.txt")).expect("pc19 optima");
    tiles
        .lines()
        .zip(optimal.lines())
        .map(|(line, opt)| {
            let cells = line.trim().bytes().map(|b| b - b'1').collect::<Vec<u8>>();
            assert_eq!(cells.len(), 196);
            (Board::new(14, 14, cells), opt.trim().parse().unwrap())
        })
        .collect()
}

#[test]
fn already_won_board_needs_no_moves() {
    for rows in [&["0"][..], &["777", "777"]] {
        let board = Board::from_rows(rows).unwrap();
        let solution = solve(&board, Budget::CHECK);
        assert_eq!(solution, Solution { moves: vec![], proven_optimal: true, nodes: 0, lower_bound: 0 });
    }
}

#[test]
fn solves_small_hand_made_boards() {
    let cases: [(&[&str], usize); 4] =
        [(&["01"], 1), (&["012", "112"], 2), (&["001", "021", "111"], 2), (&["0101", "1010", "0101"], 5)];
    for (rows, optimum) in cases {
        let board = Board::from_rows(rows).unwrap();
        let solution = solve(&board, Budget::CHECK);
        assert!(board.wins_with(&solution.moves), "{rows:?}: {:?}", solution.moves);
        assert_eq!(solution.moves.len(), optimum, "{rows:?}");
        assert!(solution.proven_optimal);
    }
}

#[test]
fn matches_brute_force_on_small_random_boards() {
    let mut rng = Rng(2024);
    for case in 0..800 {
        let rows = 1 + rng.index(6);
        let cols = 1 + rng.index(6);
        let colours = 2 + rng.index(5);
        // Scattered labels check that colour indices map back to the board's labels.
        let labels: Vec<u8> = (0..colours).map(|c| ((c * 3 + case) % 10) as u8).collect();
        let board = random_board(&mut rng, rows, cols, &labels);
        let solution = solve(&board, Budget::UNLIMITED);
        assert!(board.wins_with(&solution.moves), "{board}moves {:?}", solution.moves);
        assert!(solution.proven_optimal, "{board}");
        assert_eq!(solution.moves.len(), brute_force(&board), "case {case}:\n{board}");
    }
}

#[test]
fn matches_brute_force_with_many_colours_and_any_start() {
    let mut rng = Rng(1915);
    for case in 0..400 {
        let rows = 1 + rng.index(5);
        let cols = 1 + rng.index(5);
        let colours = 8 + rng.index(9); // 8 to 16 labels, most of them above 9
        let labels: Vec<u8> = (0..colours).map(|c| ((c * 7 + case) % 16) as u8).collect();
        let start = (rng.index(rows), rng.index(cols));
        let board = random_board(&mut rng, rows, cols, &labels).with_start(start.0, start.1).unwrap();
        let solution = solve(&board, Budget::UNLIMITED);
        assert!(board.wins_with(&solution.moves), "{board}start {start:?} moves {:?}", solution.moves);
        assert!(solution.proven_optimal, "{board}");
        assert_eq!(solution.moves.len(), brute_force(&board), "case {case} start {start:?}:\n{board}");
    }
}

#[test]
fn the_start_cell_changes_the_optimum() {
    // From a corner the stripes take 4 moves; from the middle stripe, 2.
    let board = Board::from_rows(&["01210"]).unwrap();
    assert_eq!(solve(&board, Budget::UNLIMITED).moves.len(), 4);
    let centre = board.clone().with_start(0, 2).unwrap();
    let solution = solve(&centre, Budget::UNLIMITED);
    assert_eq!(solution.moves, vec![1, 0]);
    assert!(solution.proven_optimal);
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn solves_corpus_boards_to_their_known_optimum() {
    let corpus = corpus();
    for index in [0, 1, 2, 3, 4, 5, 6, 7, 500, 999] {
        let (board, optimum) = &corpus[index];
        let solution = solve(board, Budget::CHECK);
        assert!(board.wins_with(&solution.moves), "board {index}");
        assert!(solution.proven_optimal, "board {index}");
        assert_eq!(solution.moves.len(), *optimum, "board {index}");
    }
}

#[test]
fn the_lower_bound_never_exceeds_the_optimum() {
    let mut rng = Rng(99);
    for case in 0..200 {
        let (rows, cols) = (2 + rng.index(5), 2 + rng.index(5));
        let board = random_board(&mut rng, rows, cols, &[0, 1, 2, 3, 4]);
        let optimum = brute_force(&board);
        for nodes in [0, 3, 30] {
            let solution = solve(&board, Budget::nodes(nodes));
            assert!(solution.lower_bound <= optimum, "case {case}, {nodes} nodes:\n{board}{solution:?}");
            assert!(!solution.proven_optimal || solution.lower_bound == solution.moves.len());
        }
        assert_eq!(solve(&board, Budget::UNLIMITED).lower_bound, optimum, "case {case}:\n{board}");
    }
    // Past the bitset search, the bound is the colours left to flood.
    let board = random_board(&mut rng, 90, 90, &[0, 1, 2, 3]);
    let solution = solve(&board, Budget::nodes(0));
    assert!((1..=3).contains(&solution.lower_bound), "{}", solution.lower_bound);
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn spent_budget_still_returns_a_winning_plan() {
    let mut rng = Rng(7);
    let board = random_board(&mut rng, 24, 24, &[0, 1, 2, 3, 4, 5, 6, 7]);
    for nodes in [0, 1, 50, 2000] {
        let solution = solve(&board, Budget::nodes(nodes));
        assert!(board.wins_with(&solution.moves), "node budget {nodes}");
        assert!(!solution.proven_optimal, "node budget {nodes}");
    }
    let (board, optimum) = &corpus()[0];
    let solution = solve(board, Budget::nodes(0));
    assert!(board.wins_with(&solution.moves));
    assert!(solution.moves.len() >= *optimum);
    assert!(!solution.proven_optimal || solution.moves.len() == *optimum);
}

#[test]
fn node_budgets_are_deterministic() {
    let mut rng = Rng(11);
    let board = random_board(&mut rng, 18, 18, &[0, 1, 2, 3, 4, 5, 6]);
    let first = solve(&board, Budget::nodes(3000));
    assert!(board.wins_with(&first.moves));
    assert_eq!(solve(&board, Budget::nodes(3000)), first);
}

/// A time budget already spent when the search starts still gives a winning plan, said to be
/// unproven (how long a budget really lasts is timed by the benchmarks, not asserted here).
#[test]
fn a_spent_time_budget_still_wins_a_big_board_unproven() {
    let mut rng = Rng(3);
    let board = random_board(&mut rng, 30, 30, &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    let solution = solve(&board, Budget::time(Duration::ZERO));
    assert!(!solution.proven_optimal);
    assert!(board.wins_with(&solution.moves));
}

#[test]
fn boards_beyond_the_bitset_search_get_a_greedy_plan() {
    let mut rng = Rng(5);
    // About 7000 regions: more than the widest bitset (4096 regions).
    let board = random_board(&mut rng, 90, 90, &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    let solution = solve(&board, Budget::nodes(1000));
    assert!(board.wins_with(&solution.moves));
    assert!(!solution.proven_optimal);
}

/// Every board of the 1000-board pc19 set is solved to its published optimum, with proof. (The
/// time this takes is measured by `gamebot bench flood` and the criterion benchmark, not here.)
#[test]
#[ignore = "needs ../shared/corpus"]
fn every_pc19_board_is_solved_to_its_proven_optimum() {
    let corpus = corpus();
    assert_eq!(corpus.len(), 1000);
    let mut total_moves = 0;
    for (index, (board, optimum)) in corpus.iter().enumerate() {
        let solution = solve(board, Budget::UNLIMITED);
        assert!(board.wins_with(&solution.moves), "board {index}");
        assert!(solution.proven_optimal, "board {index}");
        assert_eq!(solution.moves.len(), *optimum, "board {index}");
        total_moves += solution.moves.len();
    }
    assert_eq!(total_moves, 20086);
}

mod corpus;
