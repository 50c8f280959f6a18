//! The zoo's `user469fun-pegs`: user469fun's Square Peg Solitaire (`common::zoo_u469`), light dots
//! on a violet panel with the holes drawn as nothing, a 7x7 square board, opened in Chromium under
//! Xvfb at device scale factors 0.8, 1, 1.25 and 1.5 (a page zoomed). The jumps are the first
//! legal ones, clicked peg then hole; the page leaves the landing peg selected (a darker disc
//! behind its dot), which a case keeps or puts down with one more click.

use crate::common::zoo_u469::{open_u469, u469_click as click, u469_truth as truth};
use crate::zoo::{Cases, first_jump, jump, program_dir};

/// One capture in a window of `size` at device scale `scale`, after `jumps` jumps, with the last
/// jump's peg left selected when `selected` (else its selection put down).
fn capture(cases: &mut Cases, name: &str, size: (u32, u32), scale: f64, jumps: usize, selected: bool) {
    let dir = program_dir("GAMEBOT_U469_PEGS_DIR");
    let factor = format!("--force-device-scale-factor={scale}");
    let (mut session, mut cdp) = open_u469(&dir, size, &[&factor]);
    let (mut rows, none) = truth(&mut cdp);
    assert_eq!((rows.iter().map(|r| r.matches('o').count()).sum::<usize>(), none), (48, None), "the start: {rows:?}");
    let mut landed = None;
    for _ in 0..jumps {
        let (from, to) = first_jump(&rows);
        jump(&mut rows, from, to);
        // A peg that just landed is still selected: a click on it would put it down.
        if landed != Some(from) {
            click(&mut cdp, from.0, from.1);
        }
        click(&mut cdp, to.0, to.1);
        assert_eq!(truth(&mut cdp), (rows.clone(), Some(to)), "the page did not take the jump {from:?}>{to:?}");
        landed = Some(to);
    }
    let shown = match (selected, landed) {
        (true, Some(peg)) => Some(peg),
        (false, Some(peg)) => {
            click(&mut cdp, peg.0, peg.1);
            None
        }
        (_, None) => None,
    };
    assert_eq!(truth(&mut cdp), (rows.clone(), shown), "the page's selection");
    // Its clock ticks every 10 ms: stopped, so that the window holds still for the capture.
    cdp.eval("clearInterval(timerInterval),'stopped'");
    let frame = session.capture();
    assert_eq!(truth(&mut cdp), (rows.clone(), shown), "the board changed while it was captured");
    let source = format!(
        "user469fun's Square Peg Solitaire (user469fun/Square-Peg-Solitaire, main.html), dots on a violet panel, \
         holes drawn as nothing; Chromium --app under Xvfb + jwm, window {}x{} at device scale {scale}{}{}; truth \
         from the page's cells through DevTools; tests/capture/zoo_u469_pegs.rs",
        frame.width(),
        frame.height(),
        if jumps > 0 { format!(", {jumps} jumps clicked (peg, then hole)") } else { String::new() },
        match shown {
            Some((r, c)) => format!(", the peg at row {r} column {c} left selected (a darker disc)"),
            None => String::new(),
        },
    );
    cases.write(name, &frame, &source, &rows, None);
    drop(session);
}

#[test]
#[ignore = "needs GAMEBOT_U469_PEGS_DIR: user469fun/Square-Peg-Solitaire fetched (the folder of its main.html)"]
fn captures_u469_pegs() {
    let mut cases = Cases::new("pegs", "user469fun-pegs");
    capture(&mut cases, "ua-01-700x800", (700, 800), 1.0, 0, false);
    capture(&mut cases, "ua-02-700x800-6jumps", (700, 800), 1.0, 6, false);
    capture(&mut cases, "ua-03-700x800-5jumps-selected", (700, 800), 1.0, 5, true);
    capture(&mut cases, "ua-04-600x640x0.8-9jumps", (600, 640), 0.8, 9, false);
    capture(&mut cases, "ua-05-900x1000x1.25-4jumps-selected", (900, 1000), 1.25, 4, true);
    capture(&mut cases, "ua-06-1000x1000x1.5-12jumps", (1000, 1000), 1.5, 12, false);
    cases.check();
}
