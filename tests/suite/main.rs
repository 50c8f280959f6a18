//! The test suite that needs no display: every game in the list replayed, fed hostile input and
//! checked from random positions, plus the command line, file faults, calibration learned across
//! programs and the desktop mapping over the list of games. A module per topic that spans games; tests that read `../shared/corpus` are ignored with that
//! reason (CI runs them). A game's own tests of this kind are in its folder
//! (`src/games/<game>/suite_tests.rs`), included from the list the build script makes. Run with
//! `cargo test --release --test suite`.

#[path = "../common/mod.rs"]
mod common;

// Every game in the list has fixtures, fuzz seeds and benchmarks.
mod games;
// `gamebot replay` over every game's fixtures, and bad cases as FAIL lines with reasons.
mod replay;
// Random positions of every game: case round trips, legal plans that do what they claim.
mod properties;
// Hostile files and text to every command of every game: one error line, never a panic.
mod hostile_input;
// Command-line mistakes: a clear message and a non-zero exit.
mod cli_errors;
// Writes that cannot complete leave the old file whole and no temporary behind.
mod file_faults;
// Boards drawn by a test renderer read back as themselves (flood, pegs).
mod prop_render;
// Profiles learned from one screenshot read every other screenshot of their program.
mod calibrate_learn;
// Every zoo program calibrated blind and from its board: all its screenshots read (issue 26).
mod calibrate_zoo;
// One mapping from capture pixels to desktop units: every game's actions on simulated monitors.
mod desktop_mapping;

// Each game's own suite tests, from its folder (the build script's list).
include!(concat!(env!("OUT_DIR"), "/game_suite_tests.rs"));
