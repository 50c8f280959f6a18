//! The zoo's `metulburr-flood`: metulburr/FloodIt (pygame): a 14x14 board of 25-pixel squares
//! touching each other (no lines between cells) on a white window of fixed size 500x400, six small
//! square colour buttons in two rows left of the board, a "New Game" button and counters. It opens
//! on a splash screen (Return leaves it) and a menu (click "Play"). Run from the fetched repository
//! (GAMEBOT_METULBURR_FLOOD_DIR; its `game.exe` is not needed) with a Python that has pygame
//! (GAMEBOT_ZOO_PYTHON). The truth is the program's own `Game` state: colour index = its
//! `color_options` (0 blue, 1 red, 2 green, 3 yellow, 4 pink, 5 purple), the order of its buttons.
//! A region whose colour the program holds as None (before the first move) shows its start colour.

use crate::common::zoo_programs::METULBURR_FLOOD as PROGRAM;
use crate::zoo::{Cases, Session, next_colour, program_dir};

/// One capture of the game started with harness seed `seed`, after `moves` colour-button clicks.
fn capture(cases: &mut Cases, name: &str, seed: u64, moves: usize) {
    let dir = program_dir("GAMEBOT_METULBURR_FLOOD_DIR");
    let mut session = Session::python(&dir, PROGRAM, seed, "Flood It", &[]);
    crate::common::zoo_programs::start_metulburr_game(&mut session);
    let mut state = session.state_when(|s| s.rows.len() == 14);
    for made in 0..moves {
        let colour = next_colour(&state.rows);
        let [x, y] = state.targets[colour];
        session.click_window(x, y);
        session.state_when(|s| s.moves as usize == made + 1);
        // The flood is applied on the next frame after the click is counted.
        std::thread::sleep(std::time::Duration::from_millis(300));
        state = session.state_when(|_| true);
    }
    let frame = session.capture();
    assert_eq!(session.state_when(|_| true).rows, state.rows, "the board changed while it was captured");
    let source = format!(
        "metulburr/FloodIt (pygame), 14x14, 6 colours, touching 25-pixel squares, colour buttons left \
         of the board; Xvfb + jwm, window {}x{}, harness seed {seed}{}; truth from the program's own \
         Game state (digit = its color_options index: 0 blue, 1 red, 2 green, 3 yellow, 4 pink, \
         5 purple); tests/capture/zoo_metulburr_flood.rs",
        frame.width(),
        frame.height(),
        if moves > 0 { format!(", {moves} moves clicked on its colour buttons") } else { String::new() },
    );
    // Its 25th click loses without filling: 24 fills in all.
    let answer = format!("max_moves = {}  # the program's 24 fills, less those made", 24 - state.moves);
    cases.write(name, &frame, &source, &state.rows, Some(&answer));
}

#[test]
#[ignore = "needs GAMEBOT_METULBURR_FLOOD_DIR: metulburr/FloodIt fetched (and GAMEBOT_ZOO_PYTHON with pygame)"]
fn captures_metulburr_flood() {
    let mut cases = Cases::new("flood", "metulburr-flood");
    capture(&mut cases, "met-01-500x400", 1, 0);
    capture(&mut cases, "met-02-500x400", 2, 0);
    capture(&mut cases, "met-03-500x400-3moves", 3, 3);
    capture(&mut cases, "met-04-500x400", 4, 0);
    capture(&mut cases, "met-05-500x400-6moves", 5, 6);
    cases.check();
}
