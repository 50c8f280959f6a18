//! The zoo's `phaser-flood`: TheBlueGamer55/PhaserFloodIt (Phaser 2, drawn on a canvas): a 14x14
//! board of 16-pixel squares on a black 640x480 canvas, centred in the page, six square colour
//! buttons under it, a column of red bars counting the 25 tries left of it and instructions below
//! the canvas. Opened from the fetched folder (GAMEBOT_PHASER_FLOOD_DIR, `index.html` by file URL)
//! in Chromium under Xvfb; the board is dealt again from a seed through the game's own random
//! generator and reset (as its R key does). The truth is the game's own grid bitmap, read through
//! DevTools (colour index = its palette: 0 red, 1 green, 2 blue, 3 yellow, 4 purple, 5 cyan);
//! moves are mouse clicks on its colour buttons through DevTools' input events.

use crate::common::zoo_programs::{click_canvas, phaser_truth as truth};
use crate::zoo::{Cases, Session, next_colour, program_dir};

/// One capture in a Chromium window of `size`, board dealt from `seed`, after `moves` moves.
fn capture(cases: &mut Cases, name: &str, size: (u32, u32), seed: u32, moves: usize) {
    let dir = program_dir("GAMEBOT_PHASER_FLOOD_DIR");
    let url = format!("file://{}/index.html", dir.display());
    let (mut session, mut cdp) = Session::chromium(&url, size, "FloodIt Clone");
    let ready = "String(!!(window.Phaser&&Phaser.GAMES[0]&&Phaser.GAMES[0].state.getCurrentState()&&Phaser.GAMES[0].state.getCurrentState().gridColors))";
    crate::common::wait_until(
        "the game starting",
        std::time::Duration::from_millis(200),
        || (cdp.eval(ready) == "true").then_some(()),
        String::new,
    );
    cdp.eval(&format!(
        "(function(){{var g=Phaser.GAMES[0];g.rnd.sow(['{seed}']);g.state.getCurrentState().resetGame();return 'ok';}})()"
    ));
    let (mut rows, mut tries) = truth(&mut cdp);
    for made in 0..moves {
        let colour = next_colour(&rows) as f64;
        click_canvas(&mut cdp, 160.0 + colour * 56.0 + 24.0, 400.0 + 24.0);
        (rows, tries) = truth(&mut cdp);
        assert_eq!(tries as usize, made + 1, "the game did not take the click");
    }
    let frame = session.capture();
    assert_eq!(truth(&mut cdp).0, rows, "the board changed while it was captured");
    let source = format!(
        "TheBlueGamer55/PhaserFloodIt (Phaser 2 canvas), 14x14, 6 colours, colour buttons under the \
         board; Chromium --app under Xvfb + jwm, window {}x{}, board dealt from seed {seed} by the game's \
         own generator{}; truth from the game's grid bitmap through DevTools (digit = its palette \
         index: 0 red, 1 green, 2 blue, 3 yellow, 4 purple, 5 cyan); tests/capture/zoo_phaser_flood.rs",
        frame.width(),
        frame.height(),
        if moves > 0 { format!(", {moves} moves clicked on its colour buttons") } else { String::new() },
    );
    let answer = format!("max_moves = {}  # the game's 25 tries, less those used", 25 - tries);
    cases.write(name, &frame, &source, &rows, Some(&answer));
    drop(session);
}

#[test]
#[ignore = "needs GAMEBOT_PHASER_FLOOD_DIR: TheBlueGamer55/PhaserFloodIt fetched (runs as fetched)"]
fn captures_phaser_flood() {
    let mut cases = Cases::new("flood", "phaser-flood");
    capture(&mut cases, "pha-01-800x640", (800, 640), 11, 0);
    capture(&mut cases, "pha-02-1200x900", (1200, 900), 12, 0);
    capture(&mut cases, "pha-03-700x600-4moves", (700, 600), 13, 4);
    capture(&mut cases, "pha-04-1000x700", (1000, 700), 14, 0);
    capture(&mut cases, "pha-05-1272x960-7moves", (1272, 960), 15, 7);
    cases.check();
}
