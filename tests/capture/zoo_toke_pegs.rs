//! The zoo's `toke-pegs`: TokeHOlesen/PegSolitaire (pygame-ce, `common::zoo_toke`): pixel art
//! scaled up by a whole factor, red glossy pegs on grey bevelled tiles, holes dark wells, the
//! squares with no hole plain tiles of the same grey. Run from the fetched repository
//! (GAMEBOT_TOKE_PEGS_DIR, with the placeholder icon calibration/zoo.md tells of) with a Python
//! that has pygame-ce and platformdirs (GAMEBOT_ZOO_PYTHON), at scales 2 and 3 (windows of 640x480
//! and 960x720), on its five layouts. The truth is the program's own `Board`;
//! jumps are drags from the peg to the hole, as the program takes them.

use crate::common::zoo_toke::{drag_window, open_toke};
use crate::zoo::{Cases, Session, State, first_jump, jump, program_dir};

type Square = (usize, usize);

/// Drags the peg at `from` to `to` and waits for the program to show `expected`; a drag the
/// program's frame loop dropped (the peg snapped back, the board as it was) is made again, twice
/// at most.
fn drag_jump(session: &Session, state: &State, from: Square, to: Square, expected: &[String]) -> State {
    let cols = state.rows[0].len();
    for _ in 0..3 {
        drag_window(session, state.targets[from.0 * cols + from.1], state.targets[to.0 * cols + to.1]);
        std::thread::sleep(std::time::Duration::from_millis(300));
        let now = session.state_when(|s| !s.rows.is_empty());
        if now.rows == expected {
            return now;
        }
        assert_eq!(now.rows, state.rows, "the drag {from:?}>{to:?} made another change");
    }
    panic!("the program did not take the drag {from:?}>{to:?}");
}

/// One capture of `layout` at `scale` after `jumps` jumps.
fn capture(cases: &mut Cases, name: &str, scale: u32, layout: usize, jumps: usize) {
    let dir = program_dir("GAMEBOT_TOKE_PEGS_DIR");
    let mut session = open_toke(&dir, scale, layout);
    let mut state = session.state_when(|s| !s.rows.is_empty());
    for _ in 0..jumps {
        let (from, to) = first_jump(&state.rows);
        let mut expected = state.rows.clone();
        jump(&mut expected, from, to);
        state = drag_jump(&session, &state, from, to, &expected);
    }
    let frame = session.capture();
    let after = session.state_when(|s| !s.rows.is_empty());
    assert_eq!(after.rows, state.rows, "the board changed while it was captured");
    let source = format!(
        "TokeHOlesen/PegSolitaire (pygame-ce), its {} layout at --scale {scale}; red glossy pegs on grey bevelled tiles; Xvfb + jwm, window {}x{}{}; truth from the program's own Board (its 9x9 \
         tile grid, rows and columns of plain tiles only trimmed); tests/capture/zoo_toke_pegs.rs",
        ["English", "German", "French", "Diamond", "Asymmetrical"][layout],
        frame.width(),
        frame.height(),
        if jumps > 0 { format!(", {jumps} jumps dragged (peg to hole)") } else { String::new() },
    );
    let answer = (jumps == 0 && layout == 0).then_some("pegs_left = 1  # the English board from its centre vacancy");
    cases.write(name, &frame, &source, &state.rows, answer);
}

#[test]
#[ignore = "needs GAMEBOT_TOKE_PEGS_DIR: TokeHOlesen/PegSolitaire fetched (and GAMEBOT_ZOO_PYTHON with pygame-ce, platformdirs)"]
fn captures_toke_pegs() {
    let mut cases = Cases::new("pegs", "toke-pegs");
    capture(&mut cases, "tk-01-english-960x720", 3, 0, 0);
    capture(&mut cases, "tk-02-english-960x720-6jumps", 3, 0, 6);
    capture(&mut cases, "tk-03-german-640x480-3jumps", 2, 1, 3);
    capture(&mut cases, "tk-04-french-640x480-9jumps", 2, 2, 9);
    capture(&mut cases, "tk-05-diamond-960x720-12jumps", 3, 3, 12);
    capture(&mut cases, "tk-06-asymmetrical-640x480-7jumps", 2, 4, 7);
    cases.check();
}
