//! The zoo's `buttonpad-pegs`: the peg solitaire of asweigart/buttonpad (`buttonpad/pegsolitaire.py`,
//! Tk): the English board as square push buttons with 2-pixel gaps on a brown window, a peg being
//! the text glyph "●" on a light button and a hole an empty, darker button; a menu bar above and a
//! status bar below; a fixed-size window. Run from the fetched repository (GAMEBOT_BUTTONPAD_DIR)
//! with a Python that has tkinter and pymsgbox (GAMEBOT_ZOO_PYTHON). The truth is the program's
//! `board`; jumps are made as it takes them, by clicking the peg and then its landing hole.

use crate::common::zoo_programs::BUTTONPAD_PEGS as PROGRAM;
use crate::zoo::{Cases, Session, first_jump, jump, program_dir};

/// One capture after `jumps` jumps (the first legal one in reading order each time).
fn capture(cases: &mut Cases, name: &str, jumps: usize) {
    let dir = program_dir("GAMEBOT_BUTTONPAD_DIR");
    let mut session = Session::python(&dir, PROGRAM, 1, "Peg Solitaire", &[]);
    let mut state = session.state_when(|s| s.rows.len() == 7);
    for _ in 0..jumps {
        let (from, to) = first_jump(&state.rows);
        let mut expected = state.rows.clone();
        jump(&mut expected, from, to);
        for (r, c) in [from, to] {
            let [x, y] = state.targets[r * 7 + c];
            session.click_screen(x, y);
        }
        state = session.state_when(|s| s.rows == expected);
    }
    let frame = session.capture();
    assert_eq!(session.state_when(|_| true).rows, state.rows, "the board changed while it was captured");
    let source = format!(
        "asweigart/buttonpad pegsolitaire.py (Tk), English board of push buttons, peg = the glyph \
         \u{25cf} on a button, hole = an empty button; Xvfb + jwm, window {}x{}{}; truth from the \
         program's own board; tests/capture/zoo_buttonpad_pegs.rs",
        frame.width(),
        frame.height(),
        if jumps > 0 { format!(", {jumps} jumps clicked (peg, then hole)") } else { String::new() },
    );
    let answer = (jumps == 0).then_some("pegs_left = 1  # the English board from its centre vacancy");
    cases.write(name, &frame, &source, &state.rows, answer);
}

#[test]
#[ignore = "needs GAMEBOT_BUTTONPAD_DIR: asweigart/buttonpad fetched (and GAMEBOT_ZOO_PYTHON with tkinter, pymsgbox)"]
fn captures_buttonpad_pegs() {
    let mut cases = Cases::new("pegs", "buttonpad-pegs");
    capture(&mut cases, "bpp-01-start", 0);
    capture(&mut cases, "bpp-02-3jumps", 3);
    capture(&mut cases, "bpp-03-8jumps", 8);
    capture(&mut cases, "bpp-04-14jumps", 14);
    capture(&mut cases, "bpp-05-20jumps", 20);
    cases.check();
}
