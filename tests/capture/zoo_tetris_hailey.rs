//! The Tetris zoo's desktop program (issue 37): haileyhoyat/python-tetris, a pygame Tetris run
//! from the folder `GAMEBOT_HAILEY_TETRIS_DIR` names (fetched, never in this repository) under the
//! zoo's Python harness (`common::zoo_hailey`), which reads the truth of every case from the
//! program's own objects: the settled cells, the falling piece's cells and letter, the next piece
//! and the line counter, never gamebot's reader. Pieces are placed with real X keys (xdotool): a
//! fixed pattern of shifts, then Down until the piece locks. Before each capture the program's
//! gravity is stopped (the harness's `ZOO_FREEZE`) with the falling piece whole in the well.
//!
//! Its window has one size (800x700, not resizable, its cells always 30 px), so the cases differ by
//! the game they show and the seed it was dealt from, not by size.

use std::path::Path;

use gamebot::frame::Frame;

use crate::common::zoo::program_dir;
use crate::common::zoo_hailey::{Hailey, Truth, VAR};

/// What the fixtures say of the program.
const ABOUT: &str = "haileyhoyat/python-tetris (pygame, one 800x700 window: a black 10x20 well of 30-px cells \
    under grey grid lines drawn over every cell, a red 5-px frame, the next piece drawn bare beside the well under \
    'Next Shape', no ghost, no hold box, no hard drop; pieces start above the well)";

/// Places `pieces` pieces, spread by a fixed pattern of shifts, each moved down by Down until it
/// locks (the program's stack or line counter changes).
fn play(game: &Hailey, pieces: usize) {
    for i in 0..pieces {
        let shift = [-4i32, 3, -1, 1, -3, 4, 0, -2, 2][i % 9];
        // The piece shows once it has fallen into the well.
        crate::common::wait_until(
            "a piece coming into the well",
            std::time::Duration::from_millis(50),
            || game.truth().cells().iter().all(|&(r, _)| r >= 0).then_some(()),
            String::new,
        );
        let before = game.truth();
        for _ in 0..shift.unsigned_abs() {
            game.session.key(if shift < 0 { "Left" } else { "Right" });
        }
        for _ in 0..40 {
            let now = game.truth();
            if now.settled() != before.settled() || now.lines != before.lines {
                break;
            }
            game.session.key("Down");
        }
    }
}

/// Starts the program with `seed`, plays `pieces` pieces, stops its gravity once the new piece is
/// whole in the well and not yet resting, captures, writes the case.
fn capture(dir: &Path, name: &str, seed: u64, pieces: usize) {
    let mut game = Hailey::start(&program_dir(VAR), seed);
    play(&game, pieces);
    let ready = |t: &Truth| {
        let cells = t.cells();
        let resting = |&(r, c): &(i32, i32)| {
            !cells.contains(&(r + 1, c)) && (r + 1 >= 20 || t.rows[(r + 1) as usize].as_bytes()[c as usize] == b'#')
        };
        cells.len() == 4 && cells.iter().all(|&(r, _)| r >= 1) && !cells.iter().any(resting)
    };
    crate::common::wait_until(
        "the falling piece whole in the well",
        std::time::Duration::from_millis(20),
        || ready(&game.truth()).then_some(()),
        String::new,
    );
    game.freeze(true);
    let before = game.fresh_truth();
    let frame = game.session.capture();
    let after = game.fresh_truth();
    assert_eq!(before, after, "the game moved while it was captured");
    assert!(ready(&after), "the falling piece shows whole and apart from the stack: {after:?}");
    assert!(!after.piece.contains('?') && !after.next.contains('?'), "a shape not the program's own: {after:?}");
    write(
        dir,
        name,
        &frame,
        &after,
        &format!("seed {seed}, {pieces} pieces moved down by Down after a fixed pattern of shifts"),
    );
}

/// Writes one case into `dir`: the capture and its truth.
fn write(dir: &Path, name: &str, frame: &Frame, t: &Truth, how: &str) {
    gamebot::files::save_png(&frame.image, &dir.join(format!("{name}.png")), true).unwrap();
    let mut text = format!(
        "game = \"tetris\"\nprofile = \"zoo-hailey\"\nsource = \"{ABOUT}; under the zoo's Python harness on Xvfb + jwm, \
         window {}x{}; {how}; gravity stopped by the harness; truth from its own objects (the locals of its main \
         function: locked positions, falling and next piece; its line counter {}), not from gamebot's reader; \
         tests/capture/zoo_tetris_hailey.rs\"\n\n[board]\nrows = [\n",
        frame.width(),
        frame.height(),
        t.lines
    );
    for row in &t.rows {
        text.push_str(&format!("  \"{row}\",\n"));
    }
    text.push_str(&format!("]\npiece = \"{}\"\nnext = \"{}\"\n", t.piece, t.next));
    gamebot::files::write_atomic(&dir.join(format!("{name}.toml")), text.as_bytes(), true).unwrap();
}

#[test]
#[ignore = "needs GAMEBOT_HAILEY_TETRIS_DIR: haileyhoyat/python-tetris fetched, and pygame (GAMEBOT_ZOO_PYTHON)"]
fn captures_hailey_tetris() {
    let (dir, _temp) = crate::zoo_tetris::out_dir_named("zoo-hailey");
    capture(&dir, "hailey-01-start", 1, 0);
    capture(&dir, "hailey-02-12", 1, 12);
    capture(&dir, "hailey-03-20", 2, 20);
    capture(&dir, "hailey-04-7", 3, 7);
}
