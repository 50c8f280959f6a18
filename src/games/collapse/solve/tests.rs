//! Tests of the solvers: against brute force over every game on small boards (both modes, from the
//! centre, mid-game, with a tally, with stray rubble), against plain unpruned Pareto fronts on
//! medium boards, the sweep and the probe on their own per quadrant, the corpus answers, and the
//! board where keeping one best min(food, water) per room goes wrong.
//!
//! Brute force plays every sequence of legal moves through `Board::play` until the game is over,
//! so it shares nothing with the solvers but the rules.

use serde::Deserialize;

use super::super::board::Room;
use super::bounds::Bounds;
use super::probe::probe;
use super::quadrant::Quadrant;
use super::sweep::Sweep;
use super::*;

/// A board from rows of space-separated rooms.
fn board(mode: Mode, rows: &[&str]) -> Board {
    let rows: Vec<Vec<&str>> = rows.iter().map(|r| r.split_whitespace().collect()).collect();
    Board::from_rows(mode, &rows).unwrap()
}

/// The best final score over every complete game from `board`.
fn brute_force(board: &Board) -> u32 {
    let moves = board.legal_moves();
    if moves.is_empty() {
        return board.score();
    }
    moves
        .into_iter()
        .map(|dir| {
            let mut next = board.clone();
            next.play(dir).unwrap();
            brute_force(&next)
        })
        .max()
        .unwrap()
}

/// Checks a solution against the rules: its moves are legal, end the game, and score as claimed.
fn check_replay(board: &Board, solution: &Solution) -> Board {
    let end = board.play_all(&solution.moves).unwrap_or_else(|e| panic!("{e}\n{board}"));
    assert!(end.is_over(), "the moves stop before the end\n{board}{:?}", solution.moves);
    assert_eq!(end.score(), solution.score, "\n{board}");
    if board.mode == Mode::Hard {
        assert_eq!((end.tally.food, end.tally.water), (solution.food, solution.water));
    }
    end
}

use crate::rng::SplitMix64 as Rng;

/// Random positions: fresh boards, boards after a few random moves, and boards with stray rubble.
fn positions(n: usize, mode: Mode, seed: u64) -> Vec<Board> {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let fresh = random_board(n, mode, seed);
    let mut played = fresh.clone();
    for _ in 0..rng.below(2 * n as u64) {
        let moves = played.legal_moves();
        played.play(moves[rng.below(moves.len() as u64) as usize]).unwrap();
    }
    let mut rubble = fresh.clone();
    for k in 0..rubble.cells.len() {
        if rubble.cells[k] != Room::Player && rng.below(6) == 0 {
            rubble.cells[k] = Room::Collapsed;
        }
    }
    vec![fresh, played, rubble]
}

#[test]
fn matches_brute_force_on_small_boards() {
    for mode in [Mode::Easy, Mode::Hard] {
        for n in 1..=5usize {
            let boards = if n <= 3 {
                120
            } else if n == 4 {
                40
            } else {
                12
            };
            for seed in 0..boards {
                for position in positions(n, mode, 1000 * n as u64 + seed) {
                    let solution = solve(&position);
                    let best = brute_force(&position);
                    assert_eq!(solution.score, best, "{mode} n={n} seed={seed}\n{position}");
                    check_replay(&position, &solution);
                }
            }
        }
    }
}

#[test]
fn low_value_boards_with_few_waters_match_brute_force() {
    // Scarce water makes the fronts long and the bounds weak: the hard case for the pruning.
    let mut rng = Rng(7);
    for _ in 0..150 {
        let size = 2 * (1 + rng.below(4) as usize) + 1;
        let cells = (0..size * size)
            .map(|k| match rng.below(10) {
                _ if k == size * size / 2 => Room::Player,
                0 => Room::Water(rng.below(10) as u8),
                1 => Room::Empty,
                _ => Room::Food(rng.below(3) as u8),
            })
            .collect();
        let position = Board::from_cells(Mode::Hard, size, cells).unwrap();
        let solution = solve(&position);
        assert_eq!(solution.score, brute_force(&position), "\n{position}");
        check_replay(&position, &solution);
    }
}

/// The best min(food, water) over the paths of one quadrant, by enumeration.
fn quadrant_brute_force(q: &Quadrant, i: usize, j: usize, (f, w): (u32, u32)) -> u32 {
    let next = q.successors(i, j);
    if next == [None, None] {
        return f.min(w);
    }
    next.into_iter()
        .flatten()
        .map(|k| {
            let (df, dw) = q.value(k);
            quadrant_brute_force(q, k / q.cols, k % q.cols, (f + df, w + dw))
        })
        .max()
        .unwrap()
}

/// The (food, water) a path of a quadrant collects, checking that it ends where no step is left.
fn follow_steps(q: &Quadrant, steps: &[bool], base: (u32, u32)) -> (u32, u32) {
    let (mut i, mut j, mut totals) = (0, 0, base);
    for &vertical in steps {
        if vertical {
            i += 1
        } else {
            j += 1
        }
        assert!(i < q.rows && j < q.cols && q.open(i * q.cols + j));
        let (f, w) = q.value(i * q.cols + j);
        totals = (totals.0 + f, totals.1 + w);
    }
    assert_eq!(q.successors(i, j), [None, None]);
    totals
}

#[test]
fn sweeps_and_probes_find_each_quadrants_best() {
    // Exercised on their own: on whole boards the probe often settles the game before a sweep.
    for n in 1..=4usize {
        for seed in 0..30 {
            for mut position in positions(n, Mode::Hard, 7000 + 100 * n as u64 + seed) {
                position.tally.water = (seed % 3) as u32 * 4;
                let base = (position.tally.food, position.tally.water);
                for q in Quadrant::all(&position) {
                    let best = quadrant_brute_force(&q, 0, 0, base);
                    let bounds = Bounds::new(&q, base, &[(1, 0), (0, 1), (1, 1), (2, 5)]);
                    assert!(bounds.can_reach(0, base, best));
                    let sweep = Sweep::new(&bounds);
                    for incumbent in [0, best.saturating_sub(2), best.saturating_sub(1), best] {
                        let mut stats = Stats::default();
                        match sweep.run(incumbent, 0, &mut stats) {
                            Some((value, steps)) => {
                                assert_eq!(value, best, "n={n} seed={seed} incumbent={incumbent}\n{position}");
                                let (f, w) = follow_steps(&q, &steps, base);
                                assert_eq!(f.min(w), best);
                            }
                            None => {
                                let quadrant = (q.vertical, q.horizontal);
                                assert!(best <= incumbent, "n={n} seed={seed} {quadrant:?} best={best}\n{position}");
                            }
                        }
                    }
                    if let Some((value, steps)) = probe(&bounds, best, 1000) {
                        let (f, w) = follow_steps(&q, &steps, base);
                        assert_eq!((value, f.min(w)), (best, best));
                    }
                    assert_eq!(probe(&bounds, best + 1, 1000), None);
                }
            }
        }
    }
}

/// The best min(food, water) by full Pareto fronts per room, with no bounds and no pruning.
fn unpruned_pareto(board: &Board) -> u32 {
    let base = (board.tally.food, board.tally.water);
    let mut best = base.0.min(base.1);
    for q in Quadrant::all(board) {
        let mut fronts: Vec<Vec<(u32, u32)>> = vec![Vec::new(); q.rows * q.cols];
        fronts[0].push(base);
        for i in 0..q.rows {
            for j in 0..q.cols {
                let k = i * q.cols + j;
                if k > 0 && q.open(k) {
                    let (f, w) = q.value(k);
                    let mut all: Vec<(u32, u32)> = Vec::new();
                    if i > 0 {
                        all.extend(&fronts[k - q.cols]);
                    }
                    if j > 0 {
                        all.extend(&fronts[k - 1]);
                    }
                    all.sort_unstable_by(|a, b| b.cmp(a));
                    let mut front: Vec<(u32, u32)> = Vec::new();
                    for (a, b) in all {
                        if front.last().is_none_or(|&(_, top)| b > top) {
                            front.push((a, b));
                        }
                    }
                    fronts[k] = front.into_iter().map(|(a, b)| (a + f, b + w)).collect();
                }
                if q.open(k) && q.successors(i, j) == [None, None] {
                    best = fronts[k].iter().map(|&(f, w)| f.min(w)).fold(best, u32::max);
                }
            }
        }
    }
    best
}

#[test]
fn matches_unpruned_fronts_on_medium_boards() {
    for n in [6, 8, 11, 15] {
        for seed in 0..6 {
            for position in positions(n, Mode::Hard, 90_000 + 10 * n as u64 + seed) {
                let solution = solve(&position);
                assert_eq!(solution.score, unpruned_pareto(&position), "n={n} seed={seed}\n{position}");
                check_replay(&position, &solution);
            }
        }
    }
}

#[test]
fn big_boards_replay_exactly() {
    for mode in [Mode::Easy, Mode::Hard] {
        let board = random_board(150, mode, 11);
        let solution = solve(&board);
        assert_eq!(solution.moves.len(), 300);
        check_replay(&board, &solution);
    }
}

/// The DP that keeps only the best min(food, water) per room (ties: the larger food + water).
fn greedy_min_dp(board: &Board) -> u32 {
    let mut best = 0;
    for q in Quadrant::all(board) {
        let mut keep: Vec<Option<(u32, u32)>> = vec![None; q.rows * q.cols];
        keep[0] = Some((0, 0));
        for i in 0..q.rows {
            for j in 0..q.cols {
                let k = i * q.cols + j;
                if k > 0 && q.open(k) {
                    let from = [(i > 0).then(|| keep[k - q.cols]), (j > 0).then(|| keep[k - 1])];
                    let (f, w) = q.value(k);
                    let totals = from.into_iter().flatten().flatten().map(|(a, b)| (a + f, b + w));
                    keep[k] = totals.max_by_key(|&(a, b)| (a.min(b), a + b));
                }
                if let (Some((f, w)), [None, None]) = (keep[k], q.successors(i, j)) {
                    best = best.max(f.min(w));
                }
            }
        }
    }
    best
}

#[test]
fn one_best_min_per_room_is_not_enough() {
    // Going right first is balanced (w5 then f5: 5/5) and wins at the f5 room, but going down
    // first (f9, f5: 14/0) wins the game once the water comes: down, right, right, down.
    let b = board(Mode::Hard, &[". . . . .", ". . . . .", ". . @ w5 .", ". . f9 f5 w9", ". . . w9 w9"]);
    assert_eq!(brute_force(&b), 14);
    assert_eq!(greedy_min_dp(&b), 9);
    let solution = solve(&b);
    assert_eq!((solution.score, solution.food, solution.water), (14, 14, 18));
    check_replay(&b, &solution);
}

#[test]
fn the_tally_counts_towards_the_hard_score() {
    // With 10 water already collected, the food-only path down the left is best.
    let mut b = board(Mode::Hard, &["w1 w1 w1", "f4 @ w2", "f4 w3 w3"]);
    assert_eq!(solve(&b).score, 3);
    b.tally.water = 10;
    let solution = solve(&b);
    assert_eq!((solution.score, solution.moves), (8, vec![Dir::Left, Dir::Down]));
}

#[test]
fn easy_solution_takes_the_richest_quadrant() {
    let b = board(Mode::Easy, &["1 1 9", "1 @ 1", "1 1 1"]);
    let solution = solve(&b);
    assert_eq!((solution.score, solution.food, solution.water), (10, 0, 0));
    assert_eq!(solution.moves.len(), 2);
    check_replay(&b, &solution);
}

#[test]
fn a_finished_game_needs_no_moves() {
    let b = board(Mode::Easy, &["1 2 3", "4 @ 6", "7 8 9"]).play_all(&[Dir::Down, Dir::Right]).unwrap();
    let solution = solve(&b);
    assert_eq!((solution.moves.len(), solution.score), (0, 17));
}

#[test]
fn a_path_stopping_on_an_axis_is_finished() {
    // Up is rubble and all but two rooms are empty: the best path in the up-left quadrant stops
    // at the left edge, but the game goes on downwards, and the solution must play it out.
    let b = board(Mode::Hard, &[". . . . .", "# # # # #", "f3 w3 @ . .", ". . . . .", ". . . . ."]);
    let solution = solve(&b);
    assert_eq!(solution.score, 3);
    assert_eq!(solution.moves.len(), 4);
    check_replay(&b, &solution);
}

#[derive(Deserialize)]
struct Case {
    source: String,
    board: CaseBoard,
    answer: Option<Answer>,
}

#[derive(Deserialize)]
struct CaseBoard {
    mode: String,
    rows: Vec<Vec<String>>,
}

#[derive(Deserialize)]
struct Answer {
    best: Option<u32>,
}

/// The collapse cases of the shared corpus, by file name.
fn corpus() -> Vec<(String, Case, Board)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus/collapse");
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .expect("the collapse corpus")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let case: Case = toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            let mode = Mode::from_name(&case.board.mode).unwrap();
            let board = Board::from_rows(mode, &case.board.rows).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, case, board)
        })
        .collect()
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn solves_the_corpus_to_its_answers() {
    let cases = corpus();
    assert_eq!(cases.len(), 46);
    let mut answered = 0;
    for (name, case, board) in &cases {
        let solution = solve(board);
        check_replay(board, &solution);
        assert_eq!(board.to_rows(), case.board.rows, "{name}");
        if let Some(best) = case.answer.as_ref().and_then(|a| a.best) {
            assert_eq!(board.player(), board.centre(), "{name}");
            assert_eq!(solution.score, best, "{name}");
            answered += 1;
        } else {
            assert_eq!(solution.score, brute_force(board), "{name}");
        }
    }
    assert_eq!(answered, 40);
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn the_rules_collapse_like_the_real_game() {
    // In every mid-game case only the rectangle from the player to a corner still stands.
    for (name, case, board) in corpus().into_iter().filter(|(n, _, _)| n.starts_with("mid_")) {
        assert!(case.source.contains("moves so far ['"), "{name}");
        let (pr, pc) = board.player();
        let standing = |p: usize, x: usize| p == board.n || (p > board.n && x >= p) || (p < board.n && x <= p);
        for r in 0..board.size {
            for c in 0..board.size {
                let inside = standing(pr, r) && standing(pc, c);
                assert_eq!(board.get((r, c)) != Room::Collapsed, inside, "{name} row {r} col {c}");
            }
        }
    }
    // `mid_easy_n02_1` is `easy_n02_b1` after Left, Down, Down.
    let cases = corpus();
    let find = |n: &str| cases.iter().find(|(name, _, _)| name == n).map(|(_, _, b)| b.clone()).unwrap();
    let played = find("easy_n02_b1.toml").play_all(&[Dir::Left, Dir::Down, Dir::Down]).unwrap();
    assert!(played.same_rooms(&find("mid_easy_n02_1.toml")), "\n{played}");
}
