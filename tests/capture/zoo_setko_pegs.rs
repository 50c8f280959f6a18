//! The zoo's `setko-pegs`: maksverver's Setko Puzzler 67 (`common::zoo_setko`), a peg solitaire
//! that jumps along diagonals too, on 25 holes of a 7x7 lattice: yellow discs, thin grey ring
//! holes on a near-black page, the goal square ringed in gold, a selected peg ringed in blue.
//! Opened from the fetched `gh-pages` branch (GAMEBOT_SETKO_PEGS_DIR, the folder holding
//! `index.html`) in Chromium under Xvfb, at device scale factors 0.8, 1, 1.25 and 1.5 (a page
//! zoomed). The first click takes the centre peg off, as a person sets the puzzle up; the jumps are
//! the first legal ones, diagonals first, clicked peg then hole. A selected peg is captured where
//! it has no jump, and once where it has: then the page rings the holes it can jump to in blue too.

use crate::common::zoo_setko::{open_setko, setko_click as click, setko_take_first_peg, setko_truth as truth};
use crate::zoo::{Cases, Select, jump, program_dir};

type Square = (usize, usize);

const STEPS: [(i64, i64); 8] = [(-1, -1), (-1, 1), (1, -1), (1, 1), (-1, 0), (0, -1), (0, 1), (1, 0)];

fn at(rows: &[String], r: i64, c: i64) -> u8 {
    if r < 0 || c < 0 {
        return b'#';
    }
    rows.get(r as usize).and_then(|row| row.as_bytes().get(c as usize)).copied().unwrap_or(b'#')
}

/// The jumps of the peg at (r, c), diagonals first.
fn jumps_of(rows: &[String], r: usize, c: usize) -> Vec<Square> {
    let (r, c) = (r as i64, c as i64);
    STEPS
        .iter()
        .filter(|(dr, dc)| {
            at(rows, r, c) == b'o' && at(rows, r + dr, c + dc) == b'o' && at(rows, r + 2 * dr, c + 2 * dc) == b'.'
        })
        .map(|(dr, dc)| ((r + 2 * dr) as usize, (c + 2 * dc) as usize))
        .collect()
}

/// Every peg in reading order.
fn pegs(rows: &[String]) -> impl Iterator<Item = Square> + '_ {
    rows.iter()
        .enumerate()
        .flat_map(|(r, row)| row.bytes().enumerate().filter(|&(_, b)| b == b'o').map(move |(c, _)| (r, c)))
}

/// The first legal jump in reading order, diagonals first.
fn first_jump(rows: &[String]) -> (Square, Square) {
    pegs(rows).find_map(|p| jumps_of(rows, p.0, p.1).first().map(|&to| (p, to))).expect("no legal jump left")
}

/// One capture in a window of `size` at device scale `scale`, after `jumps` jumps, with a peg
/// selected as `select` says.
fn capture(cases: &mut Cases, name: &str, size: (u32, u32), scale: f64, jumps: usize, select: Select) {
    let dir = program_dir("GAMEBOT_SETKO_PEGS_DIR");
    let factor = format!("--force-device-scale-factor={scale}");
    let (mut session, mut cdp) = open_setko(&dir, size, &[&factor]);
    let mut rows = setko_take_first_peg(&mut cdp, 3, 3);
    for _ in 0..jumps {
        let (from, to) = first_jump(&rows);
        jump(&mut rows, from, to);
        click(&mut cdp, from.0, from.1);
        click(&mut cdp, to.0, to.1);
        assert_eq!(truth(&mut cdp), (rows.clone(), None), "the page did not take the jump {from:?}>{to:?}");
    }
    let selected = match select {
        Select::Nothing => None,
        Select::Stuck => Some(pegs(&rows).find(|p| jumps_of(&rows, p.0, p.1).is_empty()).expect("a peg with no jump")),
        Select::Jumping => Some(first_jump(&rows).0),
    };
    if let Some(peg) = selected {
        click(&mut cdp, peg.0, peg.1);
        assert_eq!(truth(&mut cdp), (rows.clone(), selected), "the page did not select {peg:?}");
    }
    let frame = session.capture();
    assert_eq!(truth(&mut cdp), (rows.clone(), selected), "the board changed while it was captured");
    let source = format!(
        "maksverver's Setko Puzzler 67 (maksverver/setko-puzzler-67 gh-pages, one page), diagonal jumps, \
         the goal square (row 3 column 4) ringed in gold; Chromium --app under Xvfb + jwm, window {}x{} at \
         device scale {scale}; the centre peg taken off by the first click{}{}; truth from the page's cells \
         through DevTools; tests/capture/zoo_setko_pegs.rs",
        frame.width(),
        frame.height(),
        if jumps > 0 { format!(", {jumps} jumps clicked (peg, then hole; diagonals first)") } else { String::new() },
        match (selected, select) {
            (Some((r, c)), Select::Stuck) => {
                format!(", the peg at row {r} column {c} selected (ringed in blue; it has no jump)")
            }
            (Some((r, c)), _) => format!(
                ", the peg at row {r} column {c} selected (ringed in blue, and the holes it can jump to ringed in blue: {:?})",
                jumps_of(&rows, r, c)
            ),
            (None, _) => String::new(),
        },
    );
    let answer = (jumps == 0).then_some("pegs_left = 1  # by its profile's rules: diagonal jumps");
    cases.write(name, &frame, &source, &rows, answer);
    drop(session);
}

#[test]
#[ignore = "needs GAMEBOT_SETKO_PEGS_DIR: maksverver/setko-puzzler-67's gh-pages branch fetched"]
fn captures_setko_pegs() {
    let mut cases = Cases::new("pegs", "setko-pegs");
    capture(&mut cases, "sk-01-860x600", (860, 600), 1.0, 0, Select::Nothing);
    capture(&mut cases, "sk-02-860x600-5jumps-selected", (860, 600), 1.0, 5, Select::Stuck);
    capture(&mut cases, "sk-03-520x900x1.25-8jumps", (520, 900), 1.25, 8, Select::Nothing);
    capture(&mut cases, "sk-04-1100x760x1.5-11jumps-selected", (1100, 760), 1.5, 11, Select::Stuck);
    capture(&mut cases, "sk-05-700x640x0.8-14jumps", (700, 640), 0.8, 14, Select::Nothing);
    capture(&mut cases, "sk-06-860x600-3jumps-selected-landings-ringed", (860, 600), 1.0, 3, Select::Jumping);
    cases.check();
}
