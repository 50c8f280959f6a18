//! The zoo's `fedelopez-app-pegs`: fedelopez's peg solitaire (`common::zoo_fede`; the zoo's
//! `fedelopez-pegs` is the same page captured headless, with no peg selected), SVG circles on a
//! round light table: pegs and holes discs of one size (brown, dark slate), each with a darker
//! rim, a selected peg a pale yellow disc with a pale rim. Bundled outside the repository
//! (GAMEBOT_FEDE_PEGS_DIR, the folder holding the bundled `index.html`) and opened in Chromium under
//! Xvfb at device scale factors 0.8, 1, 1.25 and 1.5 (a page zoomed). The jumps are the first
//! legal ones, clicked peg then hole; a selected peg is the one of the next legal jump.

use crate::common::zoo_fede::{fede_click as click, fede_truth as truth, open_fede};
use crate::zoo::{Cases, jump_select_capture, program_dir};

/// One capture in a window of `size` at device scale `scale`, after `jumps` jumps, with the peg
/// of the next jump selected when `selected`.
fn capture(cases: &mut Cases, name: &str, size: (u32, u32), scale: f64, jumps: usize, selected: bool) {
    let dir = program_dir("GAMEBOT_FEDE_PEGS_DIR");
    let factor = format!("--force-device-scale-factor={scale}");
    let (mut session, mut cdp) = open_fede(&dir, size, &[&factor]);
    let start = truth(&mut cdp).0;
    assert_eq!(start.iter().map(|r| r.matches('o').count()).sum::<usize>(), 32, "the English start: {start:?}");
    let (frame, rows, selected) = jump_select_capture(&mut session, &mut cdp, truth, click, jumps, selected);
    let source = format!(
        "fedelopez's peg solitaire (fedelopez/peg-solitaire-web, bundled with esbuild), SVG discs on a round \
         table; Chromium --app under Xvfb + jwm, window {}x{} at device scale {scale}{}{}; truth from the page's \
         circles through DevTools; tests/capture/zoo_fede_pegs.rs",
        frame.width(),
        frame.height(),
        if jumps > 0 { format!(", {jumps} jumps clicked (peg, then hole)") } else { String::new() },
        match selected {
            Some((r, c)) => format!(", the peg at row {r} column {c} selected (pale yellow)"),
            None => String::new(),
        },
    );
    let answer = (jumps == 0).then_some("pegs_left = 1");
    cases.write(name, &frame, &source, &rows, answer);
    drop(session);
}

#[test]
#[ignore = "needs GAMEBOT_FEDE_PEGS_DIR: fedelopez/peg-solitaire-web bundled with jQuery (its bundled index.html's folder)"]
fn captures_fede_pegs() {
    let mut cases = Cases::new("pegs", "fedelopez-app-pegs");
    capture(&mut cases, "fa-01-860x600", (860, 600), 1.0, 0, false);
    capture(&mut cases, "fa-02-860x600-5jumps", (860, 600), 1.0, 5, false);
    capture(&mut cases, "fa-03-860x600-4jumps-selected", (860, 600), 1.0, 4, true);
    capture(&mut cases, "fa-04-600x800x1.25-8jumps-selected", (600, 800), 1.25, 8, true);
    capture(&mut cases, "fa-05-1000x700x0.8-10jumps", (1000, 700), 0.8, 10, false);
    capture(&mut cases, "fa-06-900x760x1.5-3jumps", (900, 760), 1.5, 3, false);
    cases.check();
}
