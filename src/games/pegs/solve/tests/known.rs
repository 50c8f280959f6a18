//! Tests against known facts of peg solitaire: the single-vacancy problems of the English and
//! French boards (every English one solvable; on the French board exactly the vacancies the
//! position-class argument allows, and not the centre), Bergholt's 18-move solution of the
//! English central game and the proof that 17 moves are impossible, and random boards made by
//! `sgt-pegs`, which are solvable by construction.

use std::time::Instant;

use super::super::super::board::Cell;
use super::super::bench::{ENGLISH, FRENCH, RANDOM_9X9, hole_squares, single_vacancy};
use super::super::*;

/// Random boards from `sgt-pegs --generate N 5x5random` and `7x7random` (game IDs above each).
const RANDOM_SMALL: [&[&str]; 6] = [
    // 5x5:OPOOOOPPPOPPHPOOPPHPPPPPH
    &["#o###", "#ooo#", "oo.o#", "#oo.o", "oooo."],
    // 5x5:OPHPPOPPPPPPPPPOPPOOOPOOO
    &["#o.oo", "#oooo", "ooooo", "#oo##", "#o###"],
    // 5x5:OOOPPPOOHHPPPPPPPPPPHPPOO
    &["###oo", "o##..", "ooooo", "ooooo", ".oo##"],
    // 7x7:OOOPOOOOPOPPOOOPPPPPPPHPPHPOOPHPPHPOPPPPPOOOPPHPO
    &["###o###", "#o#oo##", "#oooooo", "o.oo.o#", "#o.oo.o", "#ooooo#", "##oo.o#"],
    // 7x7:OOOPOOOOPPPPPOOOPHPPOOPPPPPOPPHPPHPOOPOPPOOOOPPPP
    &["###o###", "#ooooo#", "##o.oo#", "#ooooo#", "oo.oo.o", "##o#oo#", "###oooo"],
    // 7x7:OOPOOOOPPPPPPOOPHPPOOOPPPHPPOPPPPPHOOPPOPPOOOOOOP
    &["##o####", "oooooo#", "#o.oo##", "#ooo.oo", "#ooooo.", "##oo#oo", "######o"],
];

fn assert_one_peg(board: &Board, jumps: &[Jump], at: Option<Pos>) {
    let end = board.play_all(jumps).unwrap_or_else(|e| panic!("{e} on\n{board}"));
    assert_eq!(end.pegs(), 1, "ends as\n{end}");
    if let Some(t) = at {
        assert_eq!(end.get(t), Cell::Peg, "ends as\n{end}");
    }
}

/// True when the position class lets the last peg of `board` stand anywhere at all.
fn class_allows_one_peg(board: &Board) -> bool {
    let geo = geometry::Geometry::<u64>::new(board, None).unwrap();
    let class = geo.class(geo.pegs(board));
    geo.holes.ones().any(|sq| geo.class(1 << sq) == class)
}

#[test]
fn english_single_vacancies_are_all_solvable() {
    let started = Instant::now();
    for vacancy in hole_squares(&ENGLISH) {
        let board = single_vacancy(&ENGLISH, vacancy);
        assert!(class_allows_one_peg(&board));
        match solve(&board, Target::OnePeg, Budget::UNLIMITED).outcome {
            Outcome::Solved(jumps) => assert_one_peg(&board, &jumps, None),
            other => panic!("vacancy {vacancy:?}: {other:?}"),
        }
    }
    eprintln!("33 English single-vacancy starts solved in {:?}", started.elapsed());
}

#[test]
fn french_single_vacancies_follow_the_position_classes() {
    // sgt-pegs (pegs.c) and Beasley: the vacancies the class argument does not rule out, all
    // of them solvable.
    let allowed = [
        (0, 2),
        (0, 4),
        (1, 3),
        (2, 0),
        (2, 3),
        (2, 6),
        (3, 1),
        (3, 2),
        (3, 4),
        (3, 5),
        (4, 0),
        (4, 3),
        (4, 6),
        (5, 3),
        (6, 2),
        (6, 4),
    ];
    let started = Instant::now();
    let mut solvable = Vec::new();
    for vacancy in hole_squares(&FRENCH) {
        let board = single_vacancy(&FRENCH, vacancy);
        assert_eq!(class_allows_one_peg(&board), allowed.contains(&vacancy), "{vacancy:?}");
        match solve(&board, Target::OnePeg, Budget::UNLIMITED).outcome {
            Outcome::Solved(jumps) => {
                assert_one_peg(&board, &jumps, None);
                solvable.push(vacancy);
            }
            Outcome::Unsolvable => {}
            Outcome::Unknown => panic!("vacancy {vacancy:?}: no answer"),
        }
    }
    assert_eq!(solvable, allowed);
    eprintln!("37 French single-vacancy starts classified in {:?}", started.elapsed());
}

#[test]
fn the_french_centre_is_unsolvable_at_once() {
    let board = single_vacancy(&FRENCH, (3, 3));
    let report = solve(&board, Target::OnePeg, Budget::UNLIMITED);
    assert_eq!(report, Report { outcome: Outcome::Unsolvable, nodes: 0 });
    assert_eq!(solve_min_moves(&board, Target::OnePeg, Budget::UNLIMITED), Err(Outcome::Unsolvable));
}

#[test]
fn english_central_game_first_solution() {
    let board = Board::from_rows(&ENGLISH).unwrap();
    let started = Instant::now();
    let report = solve(&board, Target::OnePegAt((3, 3)), Budget::UNLIMITED);
    eprintln!("English first solution: {} nodes, {:?}", report.nodes, started.elapsed());
    let Outcome::Solved(jumps) = report.outcome else { panic!("{report:?}") };
    assert_eq!(jumps.len(), 31);
    assert_one_peg(&board, &jumps, Some((3, 3)));
}

#[test]
fn english_central_game_takes_18_moves_and_no_fewer() {
    let board = Board::from_rows(&ENGLISH).unwrap();
    let started = Instant::now();
    let best = solve_min_moves(&board, Target::OnePegAt((3, 3)), Budget::UNLIMITED).unwrap();
    let (moves, proven, nodes) = (best.moves, best.proven_optimal, best.nodes);
    eprintln!("English fewest moves: {moves} (proven {proven}), {nodes} nodes, {:?}", started.elapsed());
    assert_one_peg(&board, &best.jumps, Some((3, 3)));
    assert_eq!(group_moves(&best.jumps).len(), 18);
    assert_eq!((best.moves, best.proven_optimal), (18, true));
}

#[test]
fn random_sgt_boards_are_solved() {
    let boards = RANDOM_9X9.iter().map(|rows| rows.as_slice()).chain(RANDOM_SMALL);
    for rows in boards {
        let board = Board::from_rows(rows).unwrap();
        let started = Instant::now();
        let report = solve(&board, Target::OnePeg, Budget::UNLIMITED);
        let Outcome::Solved(jumps) = &report.outcome else { panic!("{report:?} on\n{board}") };
        assert_one_peg(&board, jumps, None);
        eprintln!("{}x{} random board: {} nodes, {:?}", board.rows, board.cols, report.nodes, started.elapsed());
    }
}
