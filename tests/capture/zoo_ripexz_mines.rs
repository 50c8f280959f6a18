//! The zoo's `ripexz-mines`: ripexz/python-tkinter-minesweeper, a desktop Minesweeper of Tk push
//! buttons showing Windows-classic 16-px pictures (`common::zoo_ripexz` says how it runs and where
//! its truth comes from). Each shot starts the program with Python's `random` seeded, plays as a
//! person would with real X clicks (the first on a cell the program's own layout makes a 0, then
//! clear cells beside numbers opened, mines beside numbers flagged, and for the lost shot a mine
//! beside a number clicked, the program's "Game Over" dialog then moved aside), and writes the
//! window with the program's own tiles as the truth. Shots: 10x10 (the program's size) in a
//! 300x320 window untouched, started, mid-game with flags and lost, mid-game with flags in a
//! 420x380 window, and 16x16 (its size constants set) mid-game with flags in 440x460.

use std::path::Path;

use crate::common::zoo::a_zero;
use crate::common::zoo_ripexz::{self, click};
use crate::zoo::{Cases, program_dir};
use crate::zoo_navid_mines::frontier;

/// One shot: the board (rows, columns; None for the program's own 10x10), the window it is
/// resized to, the seed of `random`, and what is played. The program asks for a window exactly
/// as wide as its board, which puts the board's first and last columns against the window's
/// edges, where a reader cannot tell whether more lies beyond (`vision::edge` refuses it: "make
/// the window larger"); every shot is taken as a person does after that advice, in a larger
/// window, where Tk keeps the board centred at its own size.
struct Shot {
    name: &'static str,
    size: Option<(usize, usize)>,
    window: (u32, u32),
    seed: u64,
    first: bool,
    opens: usize,
    flags: usize,
    lose: bool,
}

const SHOTS: &[Shot] = &[
    Shot {
        name: "ripexz-10x10-01-untouched",
        size: None,
        window: (300, 320),
        seed: 31,
        first: false,
        opens: 0,
        flags: 0,
        lose: false,
    },
    Shot {
        name: "ripexz-10x10-02-start",
        size: None,
        window: (300, 320),
        seed: 32,
        first: true,
        opens: 0,
        flags: 0,
        lose: false,
    },
    Shot {
        name: "ripexz-10x10-03-mid-flags",
        size: None,
        window: (300, 320),
        seed: 33,
        first: true,
        opens: 3,
        flags: 2,
        lose: false,
    },
    Shot {
        name: "ripexz-10x10-04-lost",
        size: None,
        window: (300, 320),
        seed: 34,
        first: true,
        opens: 2,
        flags: 2,
        lose: true,
    },
    Shot {
        name: "ripexz-10x10-05-420x380-mid-flags",
        size: None,
        window: (420, 380),
        seed: 35,
        first: true,
        opens: 3,
        flags: 2,
        lose: false,
    },
    Shot {
        name: "ripexz-16x16-01-mid-flags",
        size: Some((16, 16)),
        window: (440, 460),
        seed: 36,
        first: true,
        opens: 4,
        flags: 3,
        lose: false,
    },
];

fn capture(cases: &mut Cases, dir: &Path, shot: &Shot) {
    let (mut session, mut state) = zoo_ripexz::start(dir, shot.seed, shot.size);
    session.resize(shot.window.0, shot.window.1);
    state = session.state_when(|s| s.verdict == "playing" && s.targets != state.targets);
    let mines = state.layout.iter().map(|l| l.matches('*').count()).sum::<usize>();
    let mut first = None;
    if shot.first {
        first = Some(a_zero(&state.layout));
        click(&session, &state, first.unwrap(), 1);
    }
    let now = |session: &crate::zoo::Session, moved: usize| session.state_when(|s| s.moves as usize >= moved);
    for _ in 0..shot.opens {
        let state = now(&session, 1);
        let next = *frontier(&state.rows, &state.layout, false).first().expect("a clear cell beside a number");
        let before = state.moves;
        click(&session, &state, next, 1);
        now(&session, before as usize + 1);
    }
    for flagged in 0..shot.flags {
        let state = now(&session, 1);
        let next = *frontier(&state.rows, &state.layout, true).first().expect("a mine beside a number");
        click(&session, &state, next, 3);
        session.state_when(|s| s.rows.iter().map(|r| r.matches('F').count()).sum::<usize>() > flagged);
    }
    if shot.lose {
        let state = now(&session, 1);
        let next = *frontier(&state.rows, &state.layout, true).first().expect("a mine beside a number");
        click(&session, &state, next, 1);
        session.state_when(|s| s.verdict == "lost");
        zoo_ripexz::move_dialog_aside(&session);
    }
    let state = session.state_when(|s| s.verdict == if shot.lose { "lost" } else { "playing" });
    let frame = session.capture();
    let after = session.state_when(|_| true);
    assert_eq!((&after.rows, &after.verdict), (&state.rows, &state.verdict), "the board changed while it was captured");
    let (rows, cols) = (state.rows.len(), state.rows[0].len());
    let played = match first {
        None => "a new game before any click".to_string(),
        Some((r, c)) => format!(
            "first click row {r} col {c} (a 0 by the program's layout), then clear cells beside numbers opened: {}, \
             mines beside numbers flagged: {}{}",
            shot.opens,
            shot.flags,
            if shot.lose {
                ", then a mine beside a number clicked (lost; its Game Over dialog moved aside)"
            } else {
                ""
            }
        ),
    };
    let source = format!(
        "ripexz/python-tkinter-minesweeper (fc281a0, Tk push buttons with 16-px pictures), {cols}x{rows}{}, {mines} \
         mines (its own draw, about a tenth of the cells), {played}; Xvfb + jwm, window {}x{}, Python's random \
         seeded ({}); real X clicks (xdotool); truth from the program's own tiles; tests/capture/zoo_ripexz_mines.rs",
        if shot.size.is_some() { " (its size constants set)" } else { "" },
        frame.width(),
        frame.height(),
        shot.seed
    );
    let lines: Vec<String> = state.layout.iter().map(|l| format!("  \"{l}\",")).collect();
    let answer = format!("layout = [\n{}\n]", lines.join("\n"));
    cases.write_with(
        shot.name,
        &frame,
        &source,
        &state.rows,
        &format!("mines = {mines}\nfirst_click = \"unsafe\"\n"),
        Some(&answer),
    );
}

#[test]
#[ignore = "needs GAMEBOT_RIPEXZ_MINES_DIR: ripexz/python-tkinter-minesweeper fetched (the folder holding minesweeper.py)"]
fn captures_ripexz_mines() {
    let dir = program_dir("GAMEBOT_RIPEXZ_MINES_DIR");
    let mut cases = Cases::new("mines", "ripexz-mines");
    for shot in SHOTS {
        capture(&mut cases, &dir, shot);
    }
    cases.check();
}
