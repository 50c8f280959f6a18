//! The zoo's `buttonpad-flood`: the Flood-it of asweigart/buttonpad (`buttonpad/floodit.py`, Tk): an
//! 18x18 board of flat Tk labels with 2-pixel gaps, an info row under it and a row of six wide
//! colour buttons at the bottom, in the board's colours; resizable. Run from the fetched repository
//! (GAMEBOT_BUTTONPAD_DIR) with a Python that has tkinter and pymsgbox (GAMEBOT_ZOO_PYTHON).
//! The truth is the program's `board` (colour index = its PALETTE: 0 green, 1 red, 2 blue,
//! 3 yellow, 4 purple, 5 orange); moves are clicks on its colour buttons, placed by Tk itself.
//! The window grows its cells with the window but does not shrink them below its default size
//! (smaller windows clip the board), so the smallest capture is the default one.

use crate::common::zoo_programs::BUTTONPAD_FLOOD as PROGRAM;
use crate::zoo::{Cases, Session, next_colour, program_dir};

/// One capture: `seed` for the harness's random (the program draws its puzzle seed from it), the
/// window size (None: as the program opens it), and how many moves to make first.
fn capture(cases: &mut Cases, name: &str, seed: u64, size: Option<(u32, u32)>, moves: usize) {
    let dir = program_dir("GAMEBOT_BUTTONPAD_DIR");
    let mut session = Session::python(&dir, PROGRAM, seed, "Flood-It", &[]);
    if let Some((w, h)) = size {
        session.resize(w, h);
    }
    let mut state = session.state_when(|s| s.rows.len() == 18);
    for made in 0..moves {
        let colour = next_colour(&state.rows);
        let [x, y] = state.targets[colour];
        session.click_screen(x, y);
        state = session.state_when(|s| s.moves as usize == made + 1);
    }
    let frame = session.capture();
    let after = session.state_when(|_| true);
    assert_eq!(after.rows, state.rows, "the board changed while it was captured");
    let source = format!(
        "asweigart/buttonpad floodit.py (Tk), 18x18, 6 colours, colour buttons in a row under the board; \
         Xvfb + jwm, window {}x{}{}, harness seed {seed}; truth from the program's own board \
         (digit = its PALETTE index: 0 green, 1 red, 2 blue, 3 yellow, 4 purple, 5 orange); \
         tests/capture/zoo_buttonpad_flood.rs",
        frame.width(),
        frame.height(),
        if moves > 0 { format!(", {moves} moves clicked on its colour buttons") } else { String::new() },
    );
    cases.write(name, &frame, &source, &state.rows, None);
}

#[test]
#[ignore = "needs GAMEBOT_BUTTONPAD_DIR: asweigart/buttonpad fetched (and GAMEBOT_ZOO_PYTHON with tkinter, pymsgbox)"]
fn captures_buttonpad_flood() {
    let mut cases = Cases::new("flood", "buttonpad-flood");
    capture(&mut cases, "bpf-01-default", 1, None, 0);
    capture(&mut cases, "bpf-02-700x800", 2, Some((700, 800)), 0);
    capture(&mut cases, "bpf-03-default-4moves", 3, None, 4);
    capture(&mut cases, "bpf-04-560x640", 4, Some((560, 640)), 0);
    capture(&mut cases, "bpf-05-1200x960-2moves", 5, Some((1200, 960)), 2);
    cases.check();
}
