//! The live tests: the real programs under Xvfb (and a window manager), each test starting its own
//! virtual display, game and `gamebot` as a user would run them. The programs that are Debian
//! packages run everywhere the suite does; the fetched ones (a browser game, the Collapse pygame
//! game) are ignored unless their environment variable says where they are. Run with
//! `cargo test --release --test live`.

#[path = "../common/mod.rs"]
mod common;

// Debian's Qt peg-solitaire won with a learned profile.
mod peg_solitaire;
// quadrapassel played live for lines.
mod tetris;
// Esc stops the bot before its next action.
mod failsafe;
// A closed, covered or minimised window, or a moved mouse, stops the bot; no input reaches a trap.
mod faults;
// A window closed or moved while the bot rests before a press: no press lands outside the game.
mod races;
// Two windows of one title: the one on top is played; a finished board is refused.
mod stacking;
// Keys go only to a focused game window.
mod focus;
// The keyboard focus taken from the game at any moment of play: no key reaches the other window.
mod key_races;
// Learned browser Flood-it and peg solitaire won live (GAMEBOT_FLOOD_URL, GAMEBOT_PEGS_URL).
mod calibrate_live;
// Zoo programs calibrated blind from their live window and won (GAMEBOT_BUTTONPAD_DIR, ...).
mod learned_mines_alert;
mod learned_mines_checkerboard;
mod learned_mines_zoo;
mod learned_zoo;
// The 2021 Tetris contest page played live (GAMEBOT_TETRIS_PAGE_URL).
mod tetris_contest_page;
// Tetris programs learned live and played from the profile learned (GAMEBOT_INVZFNC_TETRIS_DIR,
// GAMEBOT_XOSG_TETRIS_DIR, GAMEBOT_KYEENNO_TETRIS_DIR).
mod learned_tetris;
// The zoo's desktop Tetris (pygame), learned live and played (GAMEBOT_HAILEY_TETRIS_DIR).
mod learned_tetris_hailey;
mod learned_tetris_started;
// Several monitors (RandR, Xinerama), a window off the screen, --monitor, GDK_SCALE=2.
mod desktops;
// The Windows build under Wine, beside the Windows sgt-puzzles (GAMEBOT_WINE_DIR).
mod wine;
// Other windows: a closed game's leftovers never refuse a new game; a cover named, never by id.
mod covers;

// Each game's own live tests, `src/games/<game>/live_tests.rs`, found by the build script (modules
// `game_<game>`).
include!(concat!(env!("OUT_DIR"), "/game_live_tests.rs"));
