//! Live tests of this game (compiled into the `live` test binary, not the library: `tests/live/main.rs` includes every
//! `src/games/<game>/live_tests.rs`). End to end against the real sgt-pegs under Xvfb: Cross, Octagon and a 9x9 Random
//! board (one in a resized window). The board must be read exactly as its game ID says; then `gamebot play pegs` plays
//! it down to one peg, and a fresh capture confirms a single peg is left. Needs the Debian packages xvfb, jwm and sgt-
//! puzzles.

use crate::common;

use gamebot::games::pegs::PegsConfig;
use gamebot::games::pegs::board::{Board, Cell};
use gamebot::games::pegs::read;
use gamebot::profile::Profile;

/// The board of an sgt-pegs game ID (`7x7:OOPPP...`: P peg, H hole, O no hole).
fn board_of(id: &str) -> Board {
    let (size, squares) = id.split_once(':').unwrap();
    let (w, h) = size.split_once('x').unwrap();
    let (cols, rows): (usize, usize) = (w.parse().unwrap(), h.parse().unwrap());
    let cells: Vec<Cell> = squares
        .chars()
        .map(|c| match c {
            'P' => Cell::Peg,
            'H' => Cell::Hole,
            _ => Cell::Off,
        })
        .collect();
    assert_eq!(cells.len(), rows * cols);
    Board { rows, cols, cells }
}

fn live_game(params: &str, resize: Option<(u32, u32)>) {
    let profile: PegsConfig = Profile::load("sgt-pegs", std::path::Path::new("config")).unwrap().settings().unwrap();
    let id = common::generate("sgt-pegs", params);
    let mut game = common::LiveGame::start("sgt-pegs", &[&id], "Pegs", resize);
    let before = game.capture();
    let grid = read::locate(&before, profile.palette.as_ref()).unwrap();
    assert_eq!(
        read::read(&before, &grid, profile.palette.as_ref()).unwrap(),
        board_of(&id),
        "the board read is the game ID's"
    );

    let out = game.gamebot(&["play", "pegs"]);
    assert!(out.status.success(), "gamebot play pegs failed on {id}");

    std::thread::sleep(std::time::Duration::from_millis(300));
    let after = game.capture();
    let end = read::read(&after, &grid, profile.palette.as_ref()).unwrap();
    assert_eq!(end.pegs(), 1, "a fresh capture shows one peg:\n{end}");
}

#[test]
fn plays_the_english_cross_down_to_one_peg() {
    live_game("7x7cross", None);
}

#[test]
fn plays_the_french_octagon_down_to_one_peg() {
    live_game("7x7octagon", Some((560, 620)));
}

#[test]
fn plays_a_9x9_random_board_down_to_one_peg() {
    live_game("9x9random", None);
}
