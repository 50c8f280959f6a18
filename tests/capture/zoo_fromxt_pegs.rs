//! The zoo's `fromxt-pegs`: fromxt's marble peg solitaire (peaceiris/fromxt.github.io,
//! `post/peg_solitaire/peg.html`, jQuery): the English board as an HTML table of 48-px photographs,
//! a glossy black marble for a peg, a white cup on white for a hole, blank cells off the board, a
//! dark navigation bar above and a "Reset" button beside; a selected marble is another photograph
//! (lit). Opened from the fetched folder (GAMEBOT_FROMXT_PEGS_DIR, the folder holding `peg.html`)
//! in Chromium under Xvfb, at device scale factors 1, 1.25 and 1.5 (a page zoomed). The truth is
//! the page's own cells (their classes) read through DevTools; jumps are clicks on the marble and
//! then on the hole through DevTools' mouse events.

use crate::common::zoo_programs::{fromxt_click as click, fromxt_truth as truth, open_fromxt};
use crate::zoo::{Cases, jump_select_capture, program_dir};

/// One capture in a window of `size` at device scale `scale`, after `jumps` jumps, with the peg of
/// the next jump selected if `select`.
fn capture(cases: &mut Cases, name: &str, size: (u32, u32), scale: f64, jumps: usize, select: bool) {
    let dir = program_dir("GAMEBOT_FROMXT_PEGS_DIR");
    let factor = format!("--force-device-scale-factor={scale}");
    let (mut session, mut cdp) = open_fromxt(&dir, size, &[&factor]);
    let (frame, rows, selected) = jump_select_capture(&mut session, &mut cdp, truth, click, jumps, select);
    let source = format!(
        "fromxt's marble peg solitaire (peaceiris/fromxt.github.io post/peg_solitaire/peg.html, jQuery \
         from Debian's libjs-jquery), English board of marble photographs; Chromium --app under Xvfb + \
         jwm, window {}x{} at device scale {scale}{}{}; truth from the page's cells through DevTools; \
         tests/capture/zoo_fromxt_pegs.rs",
        frame.width(),
        frame.height(),
        if jumps > 0 { format!(", {jumps} jumps clicked (marble, then hole)") } else { String::new() },
        match selected {
            Some((r, c)) => format!(", the marble at row {r} column {c} selected (lit)"),
            None => String::new(),
        },
    );
    let answer = (jumps == 0).then_some("pegs_left = 1  # the English board from its centre vacancy");
    cases.write(name, &frame, &source, &rows, answer);
    drop(session);
}

#[test]
#[ignore = "needs GAMEBOT_FROMXT_PEGS_DIR: peaceiris/fromxt.github.io's post/peg_solitaire fetched (and libjs-jquery)"]
fn captures_fromxt_pegs() {
    let mut cases = Cases::new("pegs", "fromxt-pegs");
    capture(&mut cases, "fx-01-800x700", (800, 700), 1.0, 0, false);
    capture(&mut cases, "fx-02-800x700-3jumps-selected", (800, 700), 1.0, 3, true);
    capture(&mut cases, "fx-03-520x640-6jumps", (520, 640), 1.0, 6, false);
    capture(&mut cases, "fx-04-1000x760x1.25-9jumps-selected", (1000, 760), 1.25, 9, true);
    capture(&mut cases, "fx-05-700x900x1.5-14jumps", (700, 900), 1.5, 14, false);
    cases.check();
}
