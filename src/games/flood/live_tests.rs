//! Live tests of this game (compiled into the `live` test binary, not the library: `tests/live/main.rs` includes every
//! `src/games/<game>/live_tests.rs`). End to end against the real sgt-flood under Xvfb: open generated boards (one in a
//! resized window), check the board is read exactly as its game ID says, run `gamebot play flood`, and confirm from a
//! fresh capture that the board is one colour within the game's move limit. Needs the Debian packages xvfb, jwm and
//! sgt-puzzles.

use crate::common;

use gamebot::games::flood::config::FloodConfig;
use gamebot::games::flood::{read, sgt_id};
use gamebot::profile::Profile;

fn live_game(params: &str, resize: Option<(u32, u32)>) {
    let profile =
        FloodConfig::from_profile(&Profile::load("sgt-flood", std::path::Path::new("config")).unwrap()).unwrap();
    let id = common::generate("sgt-flood", params);
    let truth = sgt_id::parse(&id).unwrap();
    let mut game = common::LiveGame::start("sgt-flood", &[&id], "Flood", resize);
    let before = game.capture();
    let grid = read::locate(&before, &profile.vision, profile.palette.as_ref()).unwrap();
    let reading = read::read(&before, &grid, &profile.vision, profile.palette.as_ref()).unwrap();
    assert_eq!(reading.board, truth.board, "the board read from the screen is the game ID's board");

    let out = game.gamebot(&["play", "flood", "--limit", &truth.limit.to_string()]);
    assert!(out.status.success(), "gamebot play flood failed on {id}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let used: usize = stdout
        .lines()
        .find_map(|l| l.strip_prefix("won: ")?.split_whitespace().next()?.parse().ok())
        .expect("a 'won: N moves used' summary");
    assert!(used <= truth.limit, "{used} moves used, limit {}", truth.limit);

    std::thread::sleep(std::time::Duration::from_millis(300));
    let after = game.capture();
    let final_board = read::read(&after, &grid, &profile.vision, profile.palette.as_ref()).unwrap();
    assert!(final_board.board.is_won(), "a fresh capture shows one colour:\n{}", final_board.board);
}

#[test]
fn wins_a_14x14_board_with_no_spare_moves() {
    live_game("14x14c6m0", None);
}

#[test]
fn wins_a_16x16_board_in_a_resized_window() {
    live_game("16x16c6m0", Some((700, 760)));
}
