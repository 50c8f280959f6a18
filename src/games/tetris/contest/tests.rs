//! Tests of the contest rules and replayer: the spec's test vectors (generator, small records,
//! rejected records) need nothing else; the two real records and the piece list are read from
//! `../shared/corpus/tetris-contest/`, which a fresh clone does not have, so those are ignored.

use super::super::board::Board;

use super::record::{self, Validation};
use super::replay::{End, ReplayOptions, replay_str};
use super::rules::{self, Kind, Lock, Pos, SequencePiece, Step, TopOut};

const PUBLIC: ReplayOptions = ReplayOptions { validation: Validation::Later, topout: TopOut::Public };
const STAFF: ReplayOptions = ReplayOptions { validation: Validation::Later, topout: TopOut::Staff };

fn names(pieces: &[SequencePiece]) -> String {
    pieces.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(" ")
}

/// The board rows that are not empty, as "row: text".
fn filled_rows(board: &Board) -> Vec<String> {
    rules::board_rows(board)
        .into_iter()
        .enumerate()
        .filter(|(_, r)| r.contains('#'))
        .map(|(y, r)| format!("{y:02} {r}"))
        .collect()
}

#[test]
fn generator_gives_the_specs_first_twenty_pieces_and_type_counts() {
    let pieces = rules::sequence();
    assert_eq!(pieces.len(), 10_000);
    assert_eq!(names(&pieces[..20]), "Z0 I1 O2 S3 L0 Z1 S2 I3 Z0 J1 S2 S3 Z0 Z1 I2 Z3 Z0 J1 O2 L3");
    let counts: Vec<usize> = Kind::ALL.iter().map(|&k| pieces.iter().filter(|p| p.kind == k).count()).collect();
    assert_eq!(counts, vec![722, 957, 1053, 1325, 1649, 2094, 2200], "I L J T O S Z");
}

#[test]
fn every_state_has_four_distinct_cells_including_the_centre() {
    for kind in Kind::ALL {
        for state in 0..4 {
            let shape = kind.shape(state);
            assert!(shape.offsets.contains(&(0, 0)), "{kind:?}{state}");
            let mut cells = shape.offsets.to_vec();
            cells.sort();
            cells.dedup();
            assert_eq!(cells.len(), 4, "{kind:?}{state}");
            assert_eq!(shape.rotation.rows.iter().map(|r| r.count_ones()).sum::<u32>(), 4);
        }
    }
    assert_eq!(Kind::I.shape(2).canonical, 0);
    assert_eq!(Kind::O.shape(3).canonical, 0);
    assert_eq!(Kind::T.shape(2).canonical, 2);
}

#[test]
fn small_record_left_then_drop() {
    let r = replay_str("N,L9,D19", PUBLIC).expect("valid");
    assert_eq!((r.score, r.pieces, r.skipped_steps, r.midair_locks), (0, 1, 6, 0));
    assert_eq!(filled_rows(&r.board), ["18 ##........", "19 .##......."]);
}

#[test]
fn small_record_rotations_and_a_mid_air_lock() {
    let r = replay_str("N,C5,R9,D25,N,D3", PUBLIC).expect("valid");
    assert_eq!((r.score, r.pieces, r.midair_locks), (0, 2, 1));
    assert_eq!(r.skipped_steps, 4 + 7, "4 R steps past the wall, 7 D steps below the floor");
    assert_eq!(filled_rows(&r.board), ["03 ...####...", "17 .........#", "18 ........##", "19 ........#."]);
}

#[test]
fn small_record_lock_at_spawn_ends_only_the_public_game() {
    let public = replay_str("N,D19,N", PUBLIC).expect("valid");
    assert_eq!((public.score, public.pieces, public.end), (0, 2, End::ToppedOut { piece: 2 }));
    let staff = replay_str("N,D19,N", STAFF).expect("valid");
    assert_eq!((staff.score, staff.pieces, staff.end), (0, 2, End::OpsDone));
    assert!(filled_rows(&staff.board).contains(&"00 ...####...".to_string()));
}

#[test]
fn rejected_records_name_their_op() {
    for (record, op) in [
        ("D1,N", 1),
        ("N,D19,N3", 3),
        ("N,D0", 2),
        ("N,X3", 2),
        ("N,D19,", 3),
        ("N,D60,R41,N", 3),
        ("N,N,D19", 1),
        ("N", 1),
    ] {
        let err = record::parse(record, Validation::Later).expect_err(record);
        assert_eq!(err.op, op, "{record}: {err}");
    }
    let err = record::parse("N,D60,R41,N", Validation::Later).expect_err("101 ops");
    assert!(err.reason.contains("piece 1") && err.reason.contains("101"), "{err}");
    assert!(record::parse("N,D,N", Validation::Later).is_err(), "a bare D");
    assert!(record::parse(" N , D05 ", Validation::Later).is_ok(), "trimmed ops, leading zero");
}

#[test]
fn allow_empty_discards_a_piece() {
    let options = ReplayOptions { validation: Validation::AllowEmpty, topout: TopOut::Public };
    let r = replay_str("N,N,D19", options).expect("valid with allow_empty");
    assert_eq!((r.pieces, r.score_after.len()), (2, 2));
    assert_eq!(filled_rows(&r.board), ["19 ...####..."], "piece 2 (I1) locked, piece 1 left nothing");
    assert!(replay_str("N", options).is_ok());
}

#[test]
fn a_four_line_clear_scores_every_cell_on_the_board_ten_times() {
    let rows = vec!["..........", ".#########", ".#########", ".#########", ".#########"];
    let mut board = Board::from_rows(&rows, 20).expect("board");
    // I state 0 spans dy -2..1: centre at row 17 puts it in rows 15..18, one above the floor.
    let pos = Pos { kind: Kind::I, state: 0, x: 0, y: 17 };
    assert!(rules::can_fall(&board, pos));
    let pos = Pos { y: 18, ..pos };
    assert!(pos.is_legal(&board) && !rules::can_fall(&board, pos));
    let lock = rules::lock(&mut board, pos, TopOut::Public);
    assert_eq!(lock, Lock::Scored { cells: 40, lines: 4 });
    assert_eq!(lock.points(), 400);
    assert_eq!(board.count_cells(), 0);
}

#[test]
fn record_writer_joins_runs() {
    use super::rules::Step::*;
    let mut out = String::from("N");
    record::piece_ops(&[Rotate, Left, Left, Down, Down, Down, Right], &mut out);
    assert_eq!(out, "N,C1,L2,D3,R1");
    let mut empty = String::new();
    record::piece_ops(&[], &mut empty);
    assert_eq!(empty, ",D1");
}

mod corpus {
    //! The real records and the piece list, from `../shared/corpus/tetris-contest/`.

    use super::*;

    fn read(name: &str) -> String {
        let path = format!("{}/../shared/corpus/tetris-contest/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    const CHECKPOINTS: [u32; 7] = [1, 10, 100, 1000, 2000, 5000, 9000];

    fn check(name: &str, checkpoints: [u64; 7], score: u64, pieces: u32, clears: [u32; 5]) {
        let record = read(name);
        for options in [PUBLIC, STAFF, ReplayOptions { validation: Validation::AllowEmpty, topout: TopOut::Public }] {
            let r = replay_str(&record, options).unwrap_or_else(|e| panic!("{name}: {e}"));
            let got: Vec<u64> = CHECKPOINTS.iter().map(|&k| r.score_after_piece(k)).collect();
            assert_eq!(got, checkpoints, "{name} {options:?}");
            assert_eq!((r.score, r.pieces), (score, pieces), "{name} {options:?}");
            assert_eq!(r.clears, clears, "{name}: locks by lines cleared");
            assert_eq!((r.skipped_steps, r.midair_locks), (0, 0), "{name}: no skipped step, no mid-air lock");
        }
    }

    #[test]
    #[ignore = "needs ../shared/corpus"]
    fn chys87_record_scores_1395326_with_every_checkpoint() {
        check(
            "chys87.record.txt",
            [0, 0, 9_176, 132_008, 273_678, 694_166, 1_251_270],
            1_395_326,
            9_999,
            [8756, 18, 233, 464, 528],
        );
    }

    #[test]
    #[ignore = "needs ../shared/corpus"]
    fn esrrhs_record_scores_881026_and_its_last_piece_never_scores() {
        check(
            "esrrhs.record.txt",
            [0, 32, 5_528, 86_168, 175_378, 442_100, 791_996],
            881_026,
            10_000,
            [7994, 651, 727, 628, 0],
        );
        let r = replay_str(&read("esrrhs.record.txt"), PUBLIC).expect("valid");
        assert_eq!(r.end, End::PieceLimit);
        assert_eq!(r.score_after_piece(8) - r.score_after_piece(7), 32, "piece 8 clears one line with 32 cells");
    }

    #[test]
    #[ignore = "needs ../shared/corpus"]
    fn generator_matches_the_piece_list() {
        let listed: Vec<String> = read("pieces.txt").lines().map(str::to_string).collect();
        let generated: Vec<String> = rules::sequence().iter().map(|p| p.to_string()).collect();
        assert_eq!(generated, listed);
    }
}

#[test]
fn a_short_plan_replays_to_the_score_it_claims_and_uses_only_landings() {
    use super::plan::{PlanOptions, solve_contest};
    let options = PlanOptions { width: 8, pieces: 150, ..PlanOptions::default() };
    let mut reports = 0;
    let planned = solve_contest(&options, &mut |_| reports += 1).expect("plan");
    assert_eq!(reports, 2, "a progress report at piece 100 and one at the end");
    let r = replay_str(&planned.record, PUBLIC).expect("the record is valid");
    assert_eq!((r.score, r.pieces, planned.pieces), (planned.score, 150, 150));
    assert_eq!((r.skipped_steps, r.midair_locks), (0, 0));
    assert!(planned.score > 0 && !planned.cut_short);
}

#[test]
fn landings_rest_and_paths_reach_them() {
    use super::reach::{Landing, Reach};
    let board = Board::from_rows(&["#.........", "##.....###"], 20).expect("board");
    let piece = SequencePiece { kind: Kind::T, state: 0 };
    let mut reach = Reach::default();
    let mut landings: Vec<Landing> = Vec::new();
    reach.landings(&board, piece, &mut landings);
    assert!(!landings.is_empty());
    for landing in &landings {
        assert!(landing.pos.is_legal(&board) && !rules::can_fall(&board, landing.pos), "{landing:?}");
        let path = reach.path_to(&board, piece, landing.pos).expect("reachable");
        assert_eq!(path.len(), landing.steps as usize);
        let mut pos = Pos::spawn(piece);
        for step in path {
            pos = pos.stepped(step);
            assert!(pos.is_legal(&board));
        }
        assert_eq!(pos, landing.pos);
    }
    // Every distinct resting place of T on this board, found by brute force over positions.
    let mut expected = std::collections::BTreeSet::new();
    for state in 0..4u8 {
        for x in -2..12 {
            for y in 0..22 {
                let pos = Pos { kind: Kind::T, state, x, y };
                if pos.is_legal(&board) && !rules::can_fall(&board, pos) {
                    let mut cells = pos.cells();
                    cells.sort();
                    expected.insert(cells);
                }
            }
        }
    }
    let found: std::collections::BTreeSet<_> = landings
        .iter()
        .map(|l| {
            let mut cells = l.pos.cells();
            cells.sort();
            cells
        })
        .collect();
    assert_eq!(found, expected, "on an open board every resting place is reachable");
}

#[test]
fn weight_overrides_change_only_what_they_name() {
    use super::eval::Weights;
    let w = Weights::default().with_overrides("cell=41, clear4=7").expect("valid");
    assert_eq!((w.cell, w.clear[3], w.hole), (41.0, 7.0, Weights::default().hole));
    assert!(Weights::default().with_overrides("cells=1").is_err(), "unknown name");
    assert!(Weights::default().with_overrides("cell").is_err(), "no value");
    assert!(Weights::default().with_overrides("cell=x").is_err(), "not a number");
}

#[test]
fn threads_do_not_change_the_plan() {
    use super::plan::{PlanOptions, solve_contest};
    let one = PlanOptions { width: 12, pieces: 120, threads: 1, ..PlanOptions::default() };
    let two = PlanOptions { threads: 2, ..one };
    let a = solve_contest(&one, &mut |_| {}).expect("plan");
    let b = solve_contest(&two, &mut |_| {}).expect("plan");
    assert_eq!(a.record, b.record);
}

/// The cells of a landing, sorted (states with the same cells compare equal).
fn cells_of(pos: Pos) -> [(i32, i32); 4] {
    let mut cells = pos.cells();
    cells.sort();
    cells
}

#[test]
fn on_a_board_with_no_overhang_every_resting_place_is_a_drop() {
    use super::reach::{Landing, Moves, Reach};
    let board = Board::from_rows(&["#.........", "##.....###"], 20).expect("board");
    let mut reach = Reach::default();
    for kind in Kind::ALL {
        let piece = SequencePiece { kind, state: 1 };
        let (mut any, mut drop): (Vec<Landing>, Vec<Landing>) = (Vec::new(), Vec::new());
        reach.landings_for(&board, piece, Moves::Any, &mut any);
        reach.landings_for(&board, piece, Moves::Drop { margin: 2 }, &mut drop);
        let set = |l: &[Landing]| l.iter().map(|l| cells_of(l.pos)).collect::<std::collections::BTreeSet<_>>();
        assert_eq!(set(&drop), set(&any), "{kind:?}");
        for landing in &drop {
            assert!(landing.pos.is_legal(&board) && !rules::can_fall(&board, landing.pos));
        }
    }
}

#[test]
fn a_top_path_stays_where_a_tick_can_neither_lock_the_piece_nor_block_a_key() {
    use super::reach::top_path;
    // Column 2 is filled from row 3 down: an I lying flat (state 1) shifting left past it at row 2
    // would rest on it (a tick there locks it); at rows 0 and 1 it passes.
    let mut rows = vec![".........."; 20];
    for row in rows.iter_mut().skip(3) {
        *row = "..#.......";
    }
    let board = Board::from_rows(&rows, 20).expect("board");
    let from = Pos { kind: Kind::I, state: 1, x: 4, y: 0 };
    let target = Pos { kind: Kind::I, state: 1, x: 1, y: 2 };
    assert!(!rules::can_fall(&board, target) && target.is_legal(&board));
    let path = top_path(&board, from, target, 0..=1).expect("over the column at rows 0 and 1, then down");
    assert_eq!(path, [Step::Left; 3]);
    assert_eq!(top_path(&board, from, target, 0..=2), None, "two ticks before the shift and it rests on the column");
    let right = Pos { x: 7, y: 19, ..target };
    assert!(top_path(&board, from, right, 0..=3).is_some(), "to the open side, any row will do");
}

#[test]
fn settled_and_fixed_landings_are_the_start_of_the_final_line() {
    use super::beam::Beam;
    use super::search::BeamConfig;
    let config = BeamConfig::narrow(32);
    let pieces = rules::sequence()[..160].to_vec();
    let mut beam = Beam::new(Board::default(), 0, 0, pieces.clone(), &config);
    let mut settled = Vec::new();
    while !beam.done() {
        beam.step().expect("a step");
        settled = beam.settle().to_vec();
        if beam.progress().piece == 60 {
            let fixed = beam.fix_through(60).to_vec();
            assert!(fixed.len() >= 60, "the first 60 landings are fixed on demand");
            settled = fixed;
        }
    }
    let line = beam.finish(false).expect("a line");
    assert!(settled.len() >= 60 && settled.len() <= line.landings.len());
    assert_eq!(&line.landings[..settled.len()], &settled[..], "what was final stays in the line");
    // The same pieces searched without fixing anything may end elsewhere, never with an illegal line.
    let mut board = Board::default();
    for (pos, piece) in line.landings.iter().zip(&pieces) {
        assert_eq!((pos.kind, rules::can_fall(&board, *pos)), (piece.kind, false));
        assert_ne!(rules::lock(&mut board, *pos, TopOut::Public), Lock::GameOver);
    }
}
