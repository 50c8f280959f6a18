//! Tests of the solver against brute force on small boards: the same answers, legal solutions,
//! the fewest moves, admissible bounds, and a budget that runs out never giving a wrong answer.
//!
//! The brute-force searches use only the rules engine (`Board::jump`, `legal_jumps`), so they
//! share no code with the solver. Boards are random shapes of up to 5x5 from a fixed seed.

use std::collections::{HashMap, HashSet};

use super::super::board::Cell;
use super::*;

use crate::rng::SplitMix64 as Rng;

/// A random board: each square is off the board with chance 1/5, else a peg with chance 3/4.
fn random_board(rng: &mut Rng) -> Board {
    let (rows, cols) = (3 + rng.below(3) as usize, 3 + rng.below(3) as usize);
    let text: Vec<String> = (0..rows)
        .map(|_| {
            (0..cols)
                .map(|_| match rng.below(20) {
                    0..4 => '#',
                    4..8 => '.',
                    _ => 'o',
                })
                .collect()
        })
        .collect();
    Board::from_rows(&text).unwrap()
}

fn hole_list(board: &Board) -> Vec<Pos> {
    (0..board.rows).flat_map(|r| (0..board.cols).map(move |c| (r, c))).filter(|&p| board.get(p) != Cell::Off).collect()
}

fn finished(board: &Board, target: Target) -> bool {
    board.pegs() == 1
        && match target {
            Target::OnePeg => true,
            Target::OnePegAt(t) => board.get(t) == Cell::Peg,
        }
}

/// Solvable by exhaustive search over single jumps (memoised).
fn brute_solvable(board: &Board, target: Target, memo: &mut HashMap<Vec<Cell>, bool>) -> bool {
    if finished(board, target) {
        return true;
    }
    if let Some(&known) = memo.get(&board.cells) {
        return known;
    }
    let result = board.legal_jumps().iter().any(|jump| {
        let mut next = board.clone();
        next.jump(jump).unwrap();
        brute_solvable(&next, target, memo)
    });
    memo.insert(board.cells.clone(), result);
    result
}

/// Every position one move (a chain of one or more jumps by one peg) away.
fn brute_moves(board: &Board) -> Vec<Board> {
    fn chain(board: &Board, at: Pos, out: &mut Vec<Board>) {
        for jump in board.legal_jumps().into_iter().filter(|j| j.from == at) {
            let mut next = board.clone();
            next.jump(&jump).unwrap();
            chain(&next, jump.to, out);
            out.push(next);
        }
    }
    let mut out = Vec::new();
    for from in hole_list(board).into_iter().filter(|&p| board.get(p) == Cell::Peg) {
        chain(board, from, &mut out);
    }
    out
}

/// The fewest moves to the target, by breadth-first search over moves.
fn brute_min_moves(board: &Board, target: Target) -> Option<usize> {
    let mut seen = HashSet::from([board.cells.clone()]);
    let mut level = vec![board.clone()];
    for moves in 0.. {
        if level.iter().any(|b| finished(b, target)) {
            return Some(moves);
        }
        let mut next = Vec::new();
        for b in &level {
            for child in brute_moves(b) {
                if seen.insert(child.cells.clone()) {
                    next.push(child);
                }
            }
        }
        if next.is_empty() {
            return None;
        }
        level = next;
    }
    None
}

/// A board played backwards from one peg (solvable, to that square), then with one random
/// square flipped a third of the time (often not); and the square it started from.
fn backward_board(rng: &mut Rng) -> (Board, Pos) {
    let mut board = random_board(rng);
    let holes = hole_list(&board);
    for &p in &holes {
        board.cells[p.0 * board.cols + p.1] = Cell::Hole;
    }
    let start = holes[rng.below(holes.len() as u64) as usize];
    board.cells[start.0 * board.cols + start.1] = Cell::Peg;
    for _ in 0..3 * holes.len() {
        // An unjump: a peg on `to` goes back to `from` over an empty `over`, which gets a peg.
        let (r, c) = holes[rng.below(holes.len() as u64) as usize];
        let (dr, dc) = [(0, 2), (0, -2), (2, 0), (-2, 0)][rng.below(4) as usize];
        let (fr, fc) = (r as isize + dr, c as isize + dc);
        if fr < 0 || fc < 0 || fr as usize >= board.rows || fc as usize >= board.cols {
            continue;
        }
        let Some(jump) = Jump::new((fr as usize, fc as usize), (r, c)) else { continue };
        if board.get(jump.to) == Cell::Peg && board.get(jump.from) == Cell::Hole && board.get(jump.over) == Cell::Hole {
            for (p, cell) in [(jump.to, Cell::Hole), (jump.over, Cell::Peg), (jump.from, Cell::Peg)] {
                board.cells[p.0 * board.cols + p.1] = cell;
            }
        }
    }
    if rng.below(3) == 0 {
        let (r, c) = holes[rng.below(holes.len() as u64) as usize];
        let cell = &mut board.cells[r * board.cols + c];
        *cell = if *cell == Cell::Peg { Cell::Hole } else { Cell::Peg };
    }
    (board, start)
}

/// Random small problems with at least two pegs, three in four played backwards from one peg,
/// each with the target "anywhere" and "on a square" (the backward start, or a random hole).
fn problems(seed: u64, count: usize) -> Vec<(Board, Target)> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let (board, at) = if out.len() % 8 == 0 {
            let board = random_board(&mut rng);
            let holes = hole_list(&board);
            let at = holes[rng.below(holes.len() as u64) as usize];
            (board, at)
        } else {
            backward_board(&mut rng)
        };
        if board.pegs() < 2 {
            continue;
        }
        out.push((board.clone(), Target::OnePeg));
        out.push((board, Target::OnePegAt(at)));
    }
    out
}

/// A solution must replay through the rules and leave one peg where the target wants it.
fn assert_solves(board: &Board, target: Target, jumps: &[Jump]) {
    let end = board.play_all(jumps).unwrap_or_else(|e| panic!("{e} on\n{board}"));
    assert!(finished(&end, target), "ends as\n{end}from\n{board}for {target:?}");
}

#[test]
fn solvability_agrees_with_brute_force() {
    let (mut solved, mut unsolvable) = (0, 0);
    for (board, target) in problems(1, 300) {
        let expected = brute_solvable(&board, target, &mut HashMap::new());
        match solve(&board, target, Budget::UNLIMITED).outcome {
            Outcome::Solved(jumps) => {
                assert!(expected, "solved an unsolvable board\n{board}");
                assert_solves(&board, target, &jumps);
                solved += 1;
            }
            Outcome::Unsolvable => {
                assert!(!expected, "called a solvable board unsolvable ({target:?})\n{board}");
                unsolvable += 1;
            }
            Outcome::Unknown => panic!("no answer without a limit\n{board}"),
        }
    }
    eprintln!("brute force agrees: {solved} solved, {unsolvable} unsolvable");
    // Both answers must be well represented for the test to mean something.
    assert!(solved > 80 && unsolvable > 80, "{solved} solved, {unsolvable} unsolvable");
}

#[test]
fn fewest_moves_agree_with_breadth_first_search() {
    let mut checked = 0;
    for (board, target) in problems(2, 150) {
        let expected = brute_min_moves(&board, target);
        // With the end solved backwards, and with the deepening search alone.
        for frontier in [minmoves::FRONTIER_DEPTH, 1, 0] {
            match fewest_moves(&board, target, Budget::UNLIMITED, frontier) {
                Ok(best) => {
                    assert_solves(&board, target, &best.jumps);
                    assert_eq!(best.moves, group_moves(&best.jumps).len());
                    assert!(best.proven_optimal);
                    assert_eq!(Some(best.moves), expected, "on\n{board}for {target:?}");
                    checked += usize::from(frontier == 0);
                }
                Err(outcome) => {
                    assert_eq!(outcome, Outcome::Unsolvable);
                    assert_eq!(expected, None, "on\n{board}");
                }
            }
        }
    }
    eprintln!("fewest moves agree on {checked} solvable problems");
    assert!(checked > 50, "only {checked} solvable problems");
}

#[test]
fn the_move_bound_never_overestimates() {
    for (board, target) in problems(3, 150) {
        if let (Some(best), Some((_, bound))) = (brute_min_moves(&board, target), problem_facts(&board, target)) {
            assert!(bound as usize <= best, "bound {bound} > {best} moves on\n{board}");
        }
    }
}

#[test]
fn a_spent_budget_never_gives_a_wrong_answer() {
    for (board, target) in problems(4, 200) {
        let expected = brute_solvable(&board, target, &mut HashMap::new());
        for nodes in [0, 1, 3, 10, 40] {
            match solve(&board, target, Budget::nodes(nodes)).outcome {
                Outcome::Solved(jumps) => assert_solves(&board, target, &jumps),
                Outcome::Unsolvable => assert!(!expected, "wrong Unsolvable at {nodes} nodes\n{board}"),
                Outcome::Unknown => {}
            }
            match solve_min_moves(&board, target, Budget::nodes(nodes)) {
                Ok(best) => assert_solves(&board, target, &best.jumps),
                Err(Outcome::Unsolvable) => assert!(!expected, "wrong Unsolvable at {nodes} nodes\n{board}"),
                Err(_) => {}
            }
        }
    }
    let english = Board::from_rows(&bench::ENGLISH).unwrap();
    assert_eq!(solve(&english, Target::OnePegAt((3, 3)), Budget::nodes(10)).outcome, Outcome::Unknown);
    let unproven = solve_min_moves(&english, Target::OnePegAt((3, 3)), Budget::nodes(100_000)).unwrap();
    assert!(!unproven.proven_optimal);
    assert_solves(&english, Target::OnePegAt((3, 3)), &unproven.jumps);
}

#[test]
fn trivial_and_degenerate_boards() {
    let one = Board::from_rows(&["#o.", "..."]).unwrap();
    assert_eq!(solve(&one, Target::OnePeg, Budget::UNLIMITED).outcome, Outcome::Solved(Vec::new()));
    assert_eq!(solve(&one, Target::OnePegAt((1, 1)), Budget::UNLIMITED).outcome, Outcome::Unsolvable);
    let none = Board::from_rows(&["..", ".."]).unwrap();
    assert_eq!(solve(&none, Target::OnePeg, Budget::UNLIMITED).outcome, Outcome::Unsolvable);
    let two = Board::from_rows(&["oo."]).unwrap();
    assert_eq!(solve(&two, Target::OnePegAt((0, 0)), Budget::UNLIMITED).outcome, Outcome::Unsolvable);
    assert_eq!(solve(&two, Target::OnePegAt((5, 5)), Budget::UNLIMITED).outcome, Outcome::Unsolvable);
    let best = solve_min_moves(&two, Target::OnePegAt((0, 2)), Budget::UNLIMITED).unwrap();
    assert_eq!((best.moves, best.proven_optimal), (1, true));
    // A 12x12 box is beyond the solver's 128 squares: Unknown, not a wrong answer.
    let mut rows = vec!["o".repeat(12); 12];
    rows[0] = format!(".{}", "o".repeat(11));
    let big = Board::from_rows(&rows).unwrap();
    assert_eq!(solve(&big, Target::OnePeg, Budget::UNLIMITED).outcome, Outcome::Unknown);
}

#[test]
fn pagoda_functions_are_valid_on_every_shape() {
    let mut rng = Rng(5);
    let mut boards: Vec<Board> = (0..50).map(|_| random_board(&mut rng)).collect();
    boards.push(Board::from_rows(&bench::ENGLISH).unwrap());
    boards.push(Board::from_rows(&bench::FRENCH).unwrap());
    boards.extend(bench::RANDOM_9X9.iter().map(|rows| Board::from_rows(rows).unwrap()));
    for board in &boards {
        let Some(geo) = geometry::Geometry::<u128>::new(board, None) else { continue };
        for centre in geo.holes.ones() {
            for tail in [true, false] {
                assert!(pagoda::Pagoda::distance(&geo, centre, tail).is_valid(&geo), "on\n{board}");
            }
        }
    }
}

#[test]
fn symmetry_groups_follow_shape_and_target() {
    let english = Board::from_rows(&bench::ENGLISH).unwrap();
    assert_eq!(problem_facts(&english, Target::OnePegAt((3, 3))).unwrap().0, 8);
    assert_eq!(problem_facts(&english, Target::OnePegAt((2, 3))).unwrap().0, 2);
    assert_eq!(problem_facts(&english, Target::OnePegAt((2, 2))).unwrap().0, 2);
    let french = Board::from_rows(&bench::FRENCH).unwrap();
    assert_eq!(problem_facts(&french, Target::OnePeg).unwrap().0, 8);
    let oblong = Board::from_rows(&["ooo.o", "ooooo"]).unwrap();
    assert_eq!(problem_facts(&oblong, Target::OnePeg).unwrap().0, 4);
}

#[test]
fn the_search_is_deterministic() {
    for rows in bench::RANDOM_9X9.iter().take(3) {
        let board = Board::from_rows(rows).unwrap();
        let a = solve(&board, Target::OnePeg, Budget::nodes(2_000_000));
        let b = solve(&board, Target::OnePeg, Budget::nodes(2_000_000));
        assert_eq!(a, b);
    }
}

mod known;
