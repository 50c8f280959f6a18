//! The Tetris zoo's desktop program (issue 37): haileyhoyat/python-tetris (`tetris.py`, pygame), the
//! well-known tutorial Tetris in one 800x700 window that cannot be resized: a black 10x20 well of
//! 30-px cells under grey grid lines drawn over everything (settled cells and the falling piece
//! too), a red 5-px frame round it, on a black window; the next piece drawn bare (no box) right of
//! the well under "Next Shape"; "Score" (ten points a line) and "High Score" as text. It opens on
//! "Press Any Key To Play" and goes back there when a game is lost. Its keys: Left and Right move,
//! Up turns (clockwise, no kicks), Down moves a row; no hard drop, no hold. A piece starts above
//! the well and falls into it; it locks when gravity (a row every 0.27 s, never faster) cannot
//! move it down, so Down never locks it.
//!
//! Its state is all in the locals of its `main` function, which runs on the program's main thread:
//! the harness part here finds that frame (`sys._current_frames`) and reads `locked_positions`
//! (the settled cells), `current_piece` and `next_piece` (their letter is which of the module's
//! shape lists they hold) and `score`, whose tenth is its line counter. It writes the common
//! state (`rows`, `moves` = lines, `verdict` "menu" or "playing") and, for the capture and the
//! live test, its own file (`ZOO_TETRIS_STATE`) with the falling piece's cells and the letters.
//!
//! Two things the harness changes, neither of them the game: the program's loops spin without
//! rest (a whole core), so each screen update is followed by a 4-ms sleep (its clock still measures
//! real time, so gravity is unchanged); and while the file `ZOO_FREEZE` exists its clock reports no
//! time passing, which stops gravity alone (keys still work), so a capture holds still.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::common::zoo::{Session, State};

/// The program's window title.
pub const TITLE: &str = "Tetris";
/// The folder it was fetched to.
pub const VAR: &str = "GAMEBOT_HAILEY_TETRIS_DIR";

/// The harness's part: reads the state of `main`'s frame, then imports (and so runs) the program.
pub const PROGRAM: &str = r##"
import pygame
FREEZE, DETAIL = os.environ["ZOO_FREEZE"], os.environ["ZOO_TETRIS_STATE"]
_update = pygame.display.update
def update(*a):
    _update(*a)
    time.sleep(0.004)
pygame.display.update = update
_Clock = pygame.time.Clock
class Clock:
    def __init__(self):
        self.c = _Clock()
    def tick(self, *a):
        return self.c.tick(*a)
    def get_rawtime(self):
        return 0 if os.path.exists(FREEZE) else self.c.get_rawtime()
pygame.time.Clock = Clock
def game_frame():
    f = sys._current_frames().get(threading.main_thread().ident)
    while f is not None and not (f.f_code.co_name == "main" and "locked_positions" in f.f_code.co_varnames):
        f = f.f_back
    return f
def state():
    f = game_frame()
    if f is None:
        return {"verdict": "menu"}
    loc = dict(f.f_locals)
    t = sys.modules["tetris"]
    letter = dict((id(getattr(t, n)), n) for n in "SZIOJLT")
    locked = loc["locked_positions"]
    rows = ["".join("#" if (c, r) in locked else "." for c in range(10)) for r in range(20)]
    cur, nxt = loc["current_piece"], loc["next_piece"]
    cells = ",".join("%d:%d" % (y, x) for x, y in t.convert_shape_format(cur))
    lines = loc["score"] // 10
    detail = {"rows": rows, "piece": letter.get(id(cur.shape), "?"), "next": letter.get(id(nxt.shape), "?"),
              "cells": cells, "lines": lines}
    with open(DETAIL + ".tmp", "w") as out:
        out.write("".join("%s = %s\n" % (k, json.dumps(v)) for k, v in detail.items()))
    os.replace(DETAIL + ".tmp", DETAIL)
    return {"rows": rows, "moves": lines, "verdict": "playing"}
threading.Thread(target=poll_in_thread, daemon=True).start()
import tetris
"##;

/// The program's state as its harness part read it.
#[derive(Debug, Clone, PartialEq, serde::Deserialize)]
pub struct Truth {
    /// The well's rows, top first, `#` settled.
    pub rows: Vec<String>,
    /// The falling piece's letter and the next one's.
    pub piece: String,
    pub next: String,
    /// The falling piece's cells as `row:col` (rows above the well are negative).
    pub cells: String,
    /// The program's line counter (its score over ten).
    pub lines: u32,
}

impl Truth {
    /// The falling piece's cells as (row, col).
    pub fn cells(&self) -> Vec<(i32, i32)> {
        self.cells
            .split(',')
            .filter_map(|rc| rc.split_once(':'))
            .filter_map(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)))
            .collect()
    }

    /// How many settled cells the well holds.
    pub fn settled(&self) -> usize {
        self.rows.iter().map(|r| r.matches('#').count()).sum()
    }
}

/// The program running, with the files its harness part reads and writes.
pub struct Hailey {
    pub session: Session,
    files: tempfile::TempDir,
}

impl Hailey {
    /// Starts the program (fetched to `dir`) with `random` seeded, and starts a game from its menu
    /// by a key, as a person does.
    pub fn start(dir: &Path, seed: u64) -> Hailey {
        let game = Hailey::at_menu(dir, seed);
        game.new_game();
        game
    }

    /// Starts the program (fetched to `dir`) with `random` seeded, left on its menu ("Press Any
    /// Key To Play").
    pub fn at_menu(dir: &Path, seed: u64) -> Hailey {
        let files = tempfile::tempdir().unwrap();
        let freeze = files.path().join("freeze").display().to_string();
        let detail = files.path().join("detail.toml").display().to_string();
        let env = [("ZOO_FREEZE", freeze.as_str()), ("ZOO_TETRIS_STATE", detail.as_str())];
        let session = Session::python(dir, PROGRAM, seed, TITLE, &env);
        session.state_when(|s: &State| s.verdict == "menu");
        Hailey { session, files }
    }

    /// From the program's menu to a new game: a key (space), repeated until the game runs.
    pub fn new_game(&self) {
        crate::common::wait_until(
            "a game starting from the menu",
            Duration::from_millis(300),
            || {
                self.session.key("space");
                self.session.state_now().filter(|s| s.verdict == "playing").map(|_| ())
            },
            String::new,
        );
    }

    /// The program's latest detailed state (waits for one).
    pub fn truth(&self) -> Truth {
        crate::common::wait_until(
            "the program's state",
            Duration::from_millis(50),
            || toml::from_str(&std::fs::read_to_string(self.detail()).ok()?).ok(),
            String::new,
        )
    }

    /// The state once it has been written anew after this call (the part writes it every 0.1 s).
    pub fn fresh_truth(&self) -> Truth {
        std::thread::sleep(Duration::from_millis(250));
        self.truth()
    }

    /// Stops (true) or restarts (false) the program's gravity.
    pub fn freeze(&self, on: bool) {
        let path = self.files.path().join("freeze");
        if on {
            std::fs::write(&path, b"").unwrap();
        } else {
            let _ = std::fs::remove_file(&path);
        }
    }

    fn detail(&self) -> PathBuf {
        self.files.path().join("detail.toml")
    }
}
