//! The zoo's `kangankhanke-pegs`: kangankhanke/Peg-Solitaire (one HTML page, no library): pale
//! yellow pegs with soft shadows on a yellow board, a hole a darker yellow well in a dashed ring,
//! squares off the board left bare; four boards in its "Board Type" list (the English, French and
//! German crosses and an asymmetric one), a setup mode first (its "Start Game" button), a selected
//! peg drawn as any other. Opened from the fetched folder (GAMEBOT_KANGANKHANKE_PEGS_DIR) in
//! Chromium under Xvfb, at device scale factors 0.8, 1 and 1.25 (a page zoomed). The truth is the page's own cells
//! (their classes) read through DevTools; jumps are clicks on the peg and then on the hole
//! through DevTools' mouse events.

use crate::common::zoo_programs::{kangankhanke_click as click, kangankhanke_truth as truth, open_kangankhanke};
use crate::zoo::{Cases, first_jump, jump, program_dir};

/// One capture of `board` in a window of `size` at device scale `scale`, after `jumps` jumps.
fn capture(cases: &mut Cases, name: &str, board: &str, size: (u32, u32), scale: f64, jumps: usize) {
    let dir = program_dir("GAMEBOT_KANGANKHANKE_PEGS_DIR");
    let factor = format!("--force-device-scale-factor={scale}");
    let (mut session, mut cdp) = open_kangankhanke(&dir, size, &[&factor], board);
    let mut rows = truth(&mut cdp);
    for _ in 0..jumps {
        let (from, to) = first_jump(&rows);
        jump(&mut rows, from, to);
        click(&mut cdp, from.0, from.1);
        click(&mut cdp, to.0, to.1);
        assert_eq!(truth(&mut cdp), rows, "the page did not take the jump {from:?}>{to:?}");
    }
    let frame = session.capture();
    assert_eq!(truth(&mut cdp), rows, "the board changed while it was captured");
    let source = format!(
        "kangankhanke/Peg-Solitaire (one page), board type {board}; Chromium --app under Xvfb + jwm, \
         window {}x{} at device scale {scale}{}; truth from the page's cells through DevTools; \
         tests/capture/zoo_kangankhanke_pegs.rs",
        frame.width(),
        frame.height(),
        if jumps > 0 { format!(", {jumps} jumps clicked (peg, then hole)") } else { String::new() },
    );
    cases.write(name, &frame, &source, &rows, None);
    drop(session);
}

#[test]
#[ignore = "needs GAMEBOT_KANGANKHANKE_PEGS_DIR: kangankhanke/Peg-Solitaire fetched"]
fn captures_kangankhanke_pegs() {
    let mut cases = Cases::new("pegs", "kangankhanke-pegs");
    capture(&mut cases, "kk-01-english-640x740", "classic", (640, 740), 1.0, 0);
    capture(&mut cases, "kk-02-english-600x720-5jumps", "classic", (600, 720), 1.0, 5);
    capture(&mut cases, "kk-03-german-900x800x0.8", "german", (900, 800), 0.8, 0);
    capture(&mut cases, "kk-04-french-560x720x1.25-4jumps", "european", (560, 720), 1.25, 4);
    capture(&mut cases, "kk-05-asymmetric-700x720x0.8-8jumps", "asymmetric", (700, 720), 0.8, 8);
    cases.check();
}
