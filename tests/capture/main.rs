//! The capture tests: the project's fixtures of real programs, captured again from those programs
//! under Xvfb. Every test is ignored (it needs the program and takes a minute or more); each captures
//! its program's cases into a temporary folder and checks that each reads to the same truth as the
//! committed fixture of its name, or, with `REGENERATE=1`, rewrites the fixtures on purpose. Run with
//! `cargo test --release --test capture -- --ignored [filter]`; `CAPTURE_ONLY=name,name` captures only
//! those cases. Every test is named `captures_*`, so `.ci/run` leaves them all out with one
//! `--skip ::captures_`.

#[path = "../common/mod.rs"]
mod common;

// The zoo of Flood-its and peg solitaires of issue 26 and Minesweepers of issue 36 (calibration/zoo.md),
// each a program fetched outside the repository, captured under a small harness or DevTools that
// reads the program's own state.
mod zoo;
mod zoo_alley_mines;
mod zoo_b21phiro_pegs;
mod zoo_buttonpad_flood;
mod zoo_buttonpad_pegs;
mod zoo_fede_pegs;
mod zoo_fromxt_pegs;
mod zoo_kangankhanke_pegs;
mod zoo_metulburr_flood;
mod zoo_navid_mines;
mod zoo_phaser_flood;
mod zoo_ripexz_mines;
mod zoo_rwpz_mines;
mod zoo_setko_pegs;
mod zoo_tetris;
mod zoo_tetris_by_down;
mod zoo_tetris_dionyziz;
mod zoo_tetris_gabz;
mod zoo_tetris_hailey;
mod zoo_tetris_invzfnc;
mod zoo_tetris_jakes;
mod zoo_tetris_manu;
mod zoo_toke_pegs;
mod zoo_u469_pegs;
mod zoo_waissi_pegs;

// Each game's own capture tests, `src/games/<game>/capture_tests.rs`, found by the build script
// (modules `game_<game>`).
include!(concat!(env!("OUT_DIR"), "/game_capture_tests.rs"));
