//! The project's own Breach fixtures (`fixtures/breach`): screens of the browser clone captured at
//! several window sizes, at the start and mid-game, with truth taken from the page's DOM. Every
//! truth must be a consistent breach state the solver can plan from; reading them all exactly is
//! the reader's job, with the clone's profile as each case names it.

use crate::common;

use std::path::PathBuf;

use gamebot::budget::Budget;
use gamebot::case::{load, png_for};
use gamebot::games::breach::board::Line;
use gamebot::games::breach::{case, solve};

fn fixtures() -> Vec<PathBuf> {
    common::files_in("fixtures/breach", "toml")
}

#[test]
fn truths_are_consistent_states_and_plannable() {
    let all = fixtures();
    assert!(all.len() >= 6, "at least six fixtures");
    let (mut starts, mut mids) = (0, 0);
    for path in all {
        let file = load(&path).expect("a case file");
        assert!(png_for(&path).exists(), "{}: its screenshot", path.display());
        let (puzzle, start) = case::case_state(&file.board).expect("a well-formed [board]");
        if start.picked.is_empty() {
            starts += 1;
            assert!(
                matches!(start.line, Line::Row(0) | Line::Col(0)),
                "{}: the clone starts on row 0 or col 0",
                path.display()
            );
        } else {
            mids += 1;
        }
        let (solution, proven) = solve::solve_from(&puzzle, &start, Budget::UNLIMITED);
        assert!(proven);
        puzzle.check_from(&start, &solution.path).expect("a legal continuation");
    }
    assert!(starts >= 3 && mids >= 3, "{starts} start and {mids} mid-game fixtures");
}

#[test]
fn every_fixture_reads_exactly() {
    let config = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("config");
    let none = tempfile::tempdir().unwrap();
    let dirs = gamebot::replay::Dirs { config: &config, calibration: none.path() };
    let failures: Vec<String> = fixtures()
        .iter()
        .filter_map(|path| {
            gamebot::replay::run(path, dirs).outcome.err().map(|why| format!("{}: {why}", path.display()))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// What `gamebot read breach` prints of a state (`[]` cells, `picked`, `line`) is a `[board]` that
/// reads back as the same state.
#[test]
fn printed_states_read_back_the_same() {
    for path in fixtures() {
        let file = load(&path).expect("a case file");
        let (puzzle, start) = case::case_state(&file.board).expect("a well-formed [board]");
        let state = gamebot::games::breach::state::BreachState { puzzle: puzzle.clone(), start: start.clone() };
        let text = gamebot::games::breach::state::state_toml(&state);
        let table: toml::Table = toml::from_str(&text).unwrap_or_else(|e| panic!("{text}\n{e}"));
        let (again, again_start) = case::case_state(&table).expect("the printed [board]");
        assert_eq!((again, again_start), (puzzle, start), "{}", path.display());
    }
}
