//! The solver from a breach under way: against brute force over every continuation on small random
//! puzzles (codes already in the buffer count toward daemons, picks continue from the start's line,
//! used cells are never picked again), from a row and from a column.

use gamebot::budget::Budget;
use gamebot::games::breach::board::{Line, Puzzle, Start};
use gamebot::games::breach::{random, solve};
use gamebot::rng::SplitMix64;

/// The best (value, fewest further picks) over every legal continuation, by exhaustive search.
fn brute(p: &Puzzle, start: &Start) -> (u32, usize) {
    fn go(p: &Puzzle, start: &Start, path: &mut Vec<(usize, usize)>, best: &mut (u32, usize)) {
        let Ok(codes) = p.check_from(start, path) else { return };
        let value = Puzzle::value(&p.completed(&codes));
        if value > best.0 || (value == best.0 && path.len() < best.1) {
            *best = (value, path.len());
        }
        if codes.len() == p.buffer {
            return;
        }
        for r in 0..p.rows() {
            for c in 0..p.cols() {
                path.push((r, c));
                go(p, start, path, best);
                path.pop();
            }
        }
    }
    let mut best = (0, 0);
    go(p, start, &mut Vec::new(), &mut best);
    best
}

/// A start reached by `k` random legal picks from `line`.
fn random_start(rng: &mut SplitMix64, p: &Puzzle, line: Line, k: usize) -> Start {
    let mut start = Start::on(line);
    for _ in 0..k {
        let open: Vec<(usize, usize)> = (0..p.rows())
            .flat_map(|r| (0..p.cols()).map(move |c| (r, c)))
            .filter(|&cell| start.line.holds(cell) && !start.used.contains(&cell))
            .collect();
        if open.is_empty() {
            break;
        }
        let cell = open[rng.index(open.len())];
        start.picked.push(p.at(cell.0, cell.1));
        start.used.push(cell);
        start.line = start.line.after(cell);
    }
    start
}

#[test]
fn mid_game_plans_match_brute_force() {
    let mut rng = SplitMix64(13);
    for round in 0..150 {
        let p = random::puzzle(&mut rng, 4, 3, 5 + round % 2);
        let line = if round % 3 == 0 { Line::Col(0) } else { Line::Row(0) };
        let start = random_start(&mut rng, &p, line, round % 4);
        let (solution, proven) = solve::solve_from(&p, &start, Budget::UNLIMITED);
        assert!(proven);
        let codes = p.check_from(&start, &solution.path).expect("a legal continuation");
        let value = Puzzle::value(&p.completed(&codes));
        assert_eq!(value, solution.value, "round {round}");
        assert_eq!((value, solution.path.len()), brute(&p, &start), "round {round}: {p:?} {start:?}");
    }
}

#[test]
fn a_column_start_moves_along_rows_next() {
    let mut rng = SplitMix64(5);
    let p = random::puzzle(&mut rng, 5, 2, 6);
    let start = Start::on(Line::Col(0));
    let (solution, _) = solve::solve_from(&p, &start, Budget::UNLIMITED);
    if let Some(&(_, c)) = solution.path.first() {
        assert_eq!(c, 0);
    }
    if let [a, b, ..] = solution.path[..] {
        assert_eq!(a.0, b.0, "the second pick shares the first one's row");
    }
}
