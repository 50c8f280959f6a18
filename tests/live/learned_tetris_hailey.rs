//! Issue 37, live, the zoo's desktop Tetris: haileyhoyat/python-tetris (pygame, fetched outside the
//! repository; ignored unless GAMEBOT_HAILEY_TETRIS_DIR names its folder, run by the Python of
//! GAMEBOT_ZOO_PYTHON with pygame) learned from its live window by `gamebot calibrate tetris
//! --learn` (its keys, their turning direction, its rotations) and then played from the profile
//! learned, in a new run of the program, to 200 lines judged by its own counter (its score over
//! ten, read from its own objects by the harness of `common::zoo_hailey`), never by gamebot's word.
//! It has no hard drop: the pieces go down by Down, and lock when its gravity finds them resting.

use crate::common::zoo::program_dir;
use crate::common::zoo_hailey::{Hailey, VAR};

use super::learned_tetris::{gamebot, learned_keys};

#[test]
#[ignore = "needs GAMEBOT_HAILEY_TETRIS_DIR: haileyhoyat/python-tetris fetched, and pygame (GAMEBOT_ZOO_PYTHON)"]
fn hailey_is_learned_live_and_played_to_200_lines_by_its_own_counter() {
    let dir = tempfile::tempdir().unwrap();
    {
        let game = Hailey::start(&program_dir(VAR), 1);
        let learn = ["calibrate", "tetris", "--learn", "--title", "Tetris", "--profile", "learned-hailey"];
        let (ok, text) = gamebot(&game.session.display, dir.path(), &learn);
        assert!(ok, "live calibration:\n{text}");
        let keys = learned_keys(&text);
        for (what, key) in [("left", "Left"), ("right", "Right"), ("rotate", "Up"), ("soft_drop", "Down")] {
            assert_eq!(keys[what].as_str(), Some(key), "{what}: {text}");
        }
        assert_eq!(keys.get("hard_drop").and_then(|k| k.as_str()), None, "hard drop: {text}");
        assert!(text.contains("turns clockwise"), "{text}");
    }
    // A new game for the play: the program started again (it starts a new game only from the menu
    // it shows once a game is lost).
    let game = Hailey::start(&program_dir(VAR), 2);
    let play = ["play", "tetris", "--profile", "learned-hailey", "--lines", "200"];
    let (ok, text) = gamebot(&game.session.display, dir.path(), &play);
    let lines = game.fresh_truth().lines;
    println!("the program's own line counter: {lines}");
    assert!(ok, "play from the learned profile:\n{text}");
    assert!(lines >= 200, "the program counted {lines} lines:\n{text}");
}

/// The program left on its menu ("Press Any Key To Play"): the calibration sees no falling piece,
/// starts a game itself (a click in the window's middle does nothing there; Return does), says so,
/// writes Return as the key that starts a new game, and learns the program in the game it started.
/// That a game runs is the program's own state (`verdict`), read by the harness.
#[test]
#[ignore = "needs GAMEBOT_HAILEY_TETRIS_DIR: haileyhoyat/python-tetris fetched, and pygame (GAMEBOT_ZOO_PYTHON)"]
fn hailey_left_on_its_menu_is_started_by_the_calibration() {
    let dir = tempfile::tempdir().unwrap();
    let game = Hailey::at_menu(&program_dir(VAR), 3);
    let learn = ["calibrate", "tetris", "--learn", "--title", "Tetris", "--profile", "learned-hailey"];
    let (ok, text) = gamebot(&game.session.display, dir.path(), &learn);
    assert!(ok, "live calibration:\n{text}");
    assert!(text.contains("starting a game by a click in the window's middle"), "{text}");
    assert!(text.contains("a game started by Return"), "{text}");
    assert_eq!(learned_keys(&text).get("new_game").and_then(|k| k.as_str()), Some("Return"), "{text}");
    let state = game.session.state_now().expect("the program's state");
    assert_eq!(state.verdict, "playing", "the program's own state after the calibration");
}
