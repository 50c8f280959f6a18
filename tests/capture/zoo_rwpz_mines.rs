//! The zoo's dark-theme `rwpz-mines`: rw-pz's claude-minesweeper (rw-pz/claude-minesweeper, a DOM
//! page: slate-grey covered cells, near-black opened ones, numbers in four greys, a flag and a mine
//! as light text; see `common::zoo_rwpz`), opened as fetched (GAMEBOT_RWPZ_MINES_DIR) in Chromium
//! under Xvfb: Beginner 9x9 in a wide window (32-px cells) and a narrow one (the page's own layout
//! for small screens, 28-px cells), Intermediate 16x16 (26 px) and Expert 30x16 (22 px), chosen
//! in the page's own selector. `Math.random` is seeded, so each shot's game is the same every run;
//! the truth is the page's own game object, checked against its cells in the DOM.

use std::path::Path;

use crate::common::zoo_rwpz::{TITLE, click, open, truth};
use crate::zoo::{Cases, a_zero, program_dir};
use crate::zoo_navid_mines::frontier;

/// One shot: the page's level, its board (rows, columns, mines), the window, the seed of
/// `Math.random`, and what is played: the first click (on a 0) or none, then safe cells beside
/// numbers opened, mines beside numbers flagged, and whether a mine beside a number is then
/// clicked (a loss).
struct Shot {
    name: &'static str,
    level: &'static str,
    board: (usize, usize, usize),
    window: (u32, u32),
    seed: u32,
    first: bool,
    opens: usize,
    flags: usize,
    lose: bool,
}

const BEGINNER: (usize, usize, usize) = (9, 9, 10);

const SHOTS: &[Shot] = &[
    Shot {
        name: "rwpz-9x9n10-01-untouched",
        level: "beginner",
        board: BEGINNER,
        window: (860, 800),
        seed: 31,
        first: false,
        opens: 0,
        flags: 0,
        lose: false,
    },
    Shot {
        name: "rwpz-9x9n10-02-start",
        level: "beginner",
        board: BEGINNER,
        window: (860, 800),
        seed: 32,
        first: true,
        opens: 0,
        flags: 0,
        lose: false,
    },
    Shot {
        name: "rwpz-9x9n10-03-mid-flags",
        level: "beginner",
        board: BEGINNER,
        window: (860, 800),
        seed: 33,
        first: true,
        opens: 3,
        flags: 2,
        lose: false,
    },
    Shot {
        name: "rwpz-9x9n10-04-lost",
        level: "beginner",
        board: BEGINNER,
        window: (860, 800),
        seed: 34,
        first: true,
        opens: 2,
        flags: 2,
        lose: true,
    },
    Shot {
        name: "rwpz-9x9n10-05-600x800-mid-flags",
        level: "beginner",
        board: BEGINNER,
        window: (600, 800),
        seed: 35,
        first: true,
        opens: 3,
        flags: 2,
        lose: false,
    },
    Shot {
        name: "rwpz-16x16n40-01-mid-flags",
        level: "intermediate",
        board: (16, 16, 40),
        window: (860, 880),
        seed: 38,
        first: true,
        opens: 4,
        flags: 3,
        lose: false,
    },
    Shot {
        name: "rwpz-30x16n99-01-mid-flags",
        level: "expert",
        board: (16, 30, 99),
        window: (860, 800),
        seed: 37,
        first: true,
        opens: 4,
        flags: 3,
        lose: false,
    },
];

fn capture(cases: &mut Cases, dir: &Path, shot: &Shot) {
    let (mut session, mut cdp) = open(dir, shot.level, shot.window, shot.seed);
    let (rows, cols, mines) = shot.board;
    let (board, _, _) = truth(&mut cdp);
    assert_eq!((board.len(), board[0].len()), (rows, cols), "{}: the page's board", shot.name);
    let mut first = None;
    if shot.first {
        let (_, layout, _) = truth(&mut cdp);
        first = Some(a_zero(&layout));
        click(&mut cdp, first.unwrap(), "left");
    }
    for _ in 0..shot.opens {
        let (board, layout, _) = truth(&mut cdp);
        let next = *frontier(&board, &layout, false).first().expect("a clear cell beside a number");
        click(&mut cdp, next, "left");
    }
    for _ in 0..shot.flags {
        let (board, layout, _) = truth(&mut cdp);
        let next = *frontier(&board, &layout, true).first().expect("a mine beside a number");
        click(&mut cdp, next, "right");
    }
    if shot.lose {
        let (board, layout, _) = truth(&mut cdp);
        let next = *frontier(&board, &layout, true).first().expect("a mine beside a number");
        click(&mut cdp, next, "left");
    }
    let (board, layout, state) = truth(&mut cdp);
    let wanted = match (shot.lose, shot.first) {
        (true, _) => "lost",
        (false, true) => "playing",
        (false, false) => "ready",
    };
    assert_eq!(state, wanted, "{}: the game's state", shot.name);
    let frame = session.capture();
    assert_eq!(truth(&mut cdp), (board.clone(), layout.clone(), state), "the board changed while it was captured");
    let played = match first {
        None => "a new game before any click".to_string(),
        Some((r, c)) => format!(
            "first click row {r} col {c} (a 0 by the game's state), then clear cells beside numbers opened: {}, \
             mines beside numbers flagged: {}{}",
            shot.opens,
            shot.flags,
            if shot.lose { ", then a mine beside a number clicked (lost)" } else { "" }
        ),
    };
    let source = format!(
        "rw-pz's claude-minesweeper (rw-pz/claude-minesweeper 49803a8, a DOM page, dark), {} {cols}x{rows}, {mines} \
         mines (its own selector), {played}; Chromium --app under Xvfb + jwm, window {}x{}, Math.random seeded ({}); \
         clicks by DevTools' mouse events; truth from the page's game object (handed over by a script run before the \
         page's), checked against its cells in the DOM; tests/capture/zoo_rwpz_mines.rs ({TITLE})",
        shot.level,
        frame.width(),
        frame.height(),
        shot.seed
    );
    let lines: Vec<String> = layout.iter().map(|l| format!("  \"{l}\",")).collect();
    let answer = format!("layout = [\n{}\n]", lines.join("\n"));
    cases.write_with(
        shot.name,
        &frame,
        &source,
        &board,
        &format!("mines = {mines}\nfirst_click = \"unsafe\"\n"),
        Some(&answer),
    );
    drop(session);
}

#[test]
#[ignore = "needs GAMEBOT_RWPZ_MINES_DIR: rw-pz/claude-minesweeper fetched (the folder holding docs/index.html)"]
fn captures_rwpz_mines() {
    let dir = program_dir("GAMEBOT_RWPZ_MINES_DIR");
    let mut cases = Cases::new("mines", "rwpz-mines");
    for shot in SHOTS {
        capture(&mut cases, &dir, shot);
    }
    cases.check();
}
