//! The zoo's `b21phiro-pegs`: b21phiro's peg solitaire (`common::zoo_b21phiro`), a canvas page
//! that fits the English board to its window: black circles inscribed in their squares, touching
//! their neighbours, a peg a black disc inside its circle, a selected peg blue and the holes it can
//! jump to lit with a small blue disc. Built with the program's own Vite outside the repository
//! (GAMEBOT_B21PHIRO_PEGS_DIR, its `dist`), served on 127.0.0.1 and opened in Chromium under Xvfb
//! in windows of several shapes and device scales (each draws the board at another size). Jumps
//! are the first legal ones in reading order, clicked peg then hole; the truth is the program's own
//! `board` and `selectedPeg`.

use crate::common::zoo_b21phiro::{B21, Truth, open_b21phiro};
use crate::zoo::{Cases, Select, first_jump, jump, program_dir};

type Square = (usize, usize);

/// Whether the peg at `at` has a jump.
fn can_jump(rows: &[String], (r, c): Square) -> bool {
    let at = |r: i64, c: i64| -> u8 {
        if r < 0 || c < 0 {
            return b'#';
        }
        rows.get(r as usize).and_then(|row| row.as_bytes().get(c as usize)).copied().unwrap_or(b'#')
    };
    let (r, c) = (r as i64, c as i64);
    [(-1, 0), (0, -1), (0, 1), (1, 0)]
        .iter()
        .any(|(dr, dc)| at(r + dr, c + dc) == b'o' && at(r + 2 * dr, c + 2 * dc) == b'.')
}

/// One capture in a window of `size` at device scale `scale`, after `jumps` jumps, with a peg
/// selected as `select` says.
fn capture(cases: &mut Cases, name: &str, size: (u32, u32), scale: f64, jumps: usize, select: Select) {
    let dir = program_dir("GAMEBOT_B21PHIRO_PEGS_DIR");
    let factor = format!("--force-device-scale-factor={scale}");
    let mut page: B21 = open_b21phiro(&dir, size, &[&factor]);
    let mut rows = page.truth().rows;
    assert_eq!(rows.iter().map(|r| r.matches('o').count()).sum::<usize>(), 32, "the English start: {rows:?}");
    for _ in 0..jumps {
        let (from, to) = first_jump(&rows);
        jump(&mut rows, from, to);
        page.click(from.0, from.1);
        page.click(to.0, to.1);
        let want = Truth { rows: rows.clone(), selected: None, lit: Vec::new() };
        assert_eq!(page.truth(), want, "the page did not take the jump {from:?}>{to:?}");
    }
    let selected = match select {
        Select::Nothing => None,
        Select::Stuck => Some(
            (0..7)
                .flat_map(|r| (0..7).map(move |c| (r, c)))
                .find(|&(r, c)| rows[r].as_bytes()[c] == b'o' && !can_jump(&rows, (r, c)))
                .expect("a peg with no jump"),
        ),
        Select::Jumping => Some(first_jump(&rows).0),
    };
    if let Some(peg) = selected {
        page.click(peg.0, peg.1);
    }
    let truth = page.truth();
    assert_eq!((&truth.rows, truth.selected), (&rows, selected), "the page did not select {selected:?}");
    let frame = page.session.capture();
    assert_eq!(page.truth(), truth, "the board changed while it was captured");
    let source = format!(
        "b21phiro's peg solitaire (b21phiro/peg-solitaire-ts, built with its own Vite), a canvas fitted to the \
         window; Chromium --app under Xvfb + jwm, window {}x{} at device scale {scale}{}{}; truth from the \
         program's own board through DevTools; tests/capture/zoo_b21phiro_pegs.rs",
        frame.width(),
        frame.height(),
        if jumps > 0 { format!(", {jumps} jumps clicked (peg, then hole)") } else { String::new() },
        match (truth.selected, truth.lit.is_empty()) {
            (Some((r, c)), true) => format!(", the peg at row {r} column {c} selected (blue; it has no jump)"),
            (Some((r, c)), false) => {
                format!(", the peg at row {r} column {c} selected (blue; its landing holes {:?} lit blue)", truth.lit)
            }
            (None, _) => String::new(),
        },
    );
    let answer = (jumps == 0).then_some("pegs_left = 1");
    cases.write(name, &frame, &source, &rows, answer);
}

#[test]
#[ignore = "needs GAMEBOT_B21PHIRO_PEGS_DIR: b21phiro/peg-solitaire-ts built (its dist folder)"]
fn captures_b21phiro_pegs() {
    let mut cases = Cases::new("pegs", "b21phiro-pegs");
    capture(&mut cases, "bp-01-860x600", (860, 600), 1.0, 0, Select::Nothing);
    capture(&mut cases, "bp-02-860x600-6jumps", (860, 600), 1.0, 6, Select::Nothing);
    capture(&mut cases, "bp-03-860x600-4jumps-selected", (860, 600), 1.0, 4, Select::Stuck);
    capture(&mut cases, "bp-04-600x900-9jumps", (600, 900), 1.0, 9, Select::Nothing);
    capture(&mut cases, "bp-05-1200x800x1.25-12jumps", (1200, 800), 1.25, 12, Select::Nothing);
    capture(&mut cases, "bp-06-700x700-3jumps-selected-landings-lit", (700, 700), 1.0, 3, Select::Jumping);
    cases.check();
}
