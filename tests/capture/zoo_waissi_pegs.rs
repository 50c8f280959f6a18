//! The zoo's `waissi-pegs`: Waissi/peg-solitaire (pygame-ce): the English board drawn straight on
//! a brown window, pegs as flat black discs and holes as thin black rings, no grid lines; the
//! window is resizable and the board scales with it. Run from the fetched repository's `src`
//! (GAMEBOT_WAISSI_PEGS_DIR) with a Python that has pygame-ce (GAMEBOT_ZOO_PYTHON). The truth is
//! the program's own `Game` (its board's slots); jumps are clicks on the peg, then on the hole.

use crate::common::zoo_programs::WAISSI_PEGS as PROGRAM;
use crate::zoo::{Cases, Session, first_jump, jump, program_dir};

/// One capture in a window of `size` (None: as the program opens it) after `jumps` jumps.
fn capture(cases: &mut Cases, name: &str, size: Option<(u32, u32)>, jumps: usize) {
    let dir = program_dir("GAMEBOT_WAISSI_PEGS_DIR");
    let mut session = Session::python(&dir, PROGRAM, 1, "Peg Solitaire", &[]);
    if let Some((w, h)) = size {
        session.resize(w, h);
    }
    let mut state = session.state_when(|s| s.rows.len() == 7);
    for _ in 0..jumps {
        let (from, to) = first_jump(&state.rows);
        let mut expected = state.rows.clone();
        jump(&mut expected, from, to);
        for (r, c) in [from, to] {
            let [x, y] = state.targets[r * 7 + c];
            session.click_window(x, y);
        }
        state = session.state_when(|s| s.rows == expected);
    }
    let frame = session.capture();
    let after = session.state_when(|_| true);
    assert_eq!(after.rows, state.rows, "the board changed while it was captured");
    let source = format!(
        "Waissi/peg-solitaire (pygame-ce), English board, flat black pegs and ring holes on brown; \
         Xvfb + jwm, window {}x{}{}; truth from the program's own Game object; \
         tests/capture/zoo_waissi_pegs.rs",
        frame.width(),
        frame.height(),
        if jumps > 0 { format!(", {jumps} jumps clicked (peg, then hole)") } else { String::new() },
    );
    let answer = (jumps == 0).then_some("pegs_left = 1  # the English board from its centre vacancy");
    cases.write(name, &frame, &source, &state.rows, answer);
}

#[test]
#[ignore = "needs GAMEBOT_WAISSI_PEGS_DIR: Waissi/peg-solitaire's src fetched (and GAMEBOT_ZOO_PYTHON with pygame-ce)"]
fn captures_waissi_pegs() {
    let mut cases = Cases::new("pegs", "waissi-pegs");
    capture(&mut cases, "wai-01-600x600", None, 0);
    capture(&mut cases, "wai-02-1000x700-4jumps", Some((1000, 700)), 4);
    capture(&mut cases, "wai-03-240x260", Some((240, 260)), 0);
    capture(&mut cases, "wai-04-500x900-10jumps", Some((500, 900)), 10);
    capture(&mut cases, "wai-05-1200x960-17jumps", Some((1200, 960)), 17);
    cases.check();
}
