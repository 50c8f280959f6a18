//! The zoo's ashishsubedi/minesweeper (`main.py`, pygame): a 600x600 display exactly its board of
//! square cells, covered white, opened blue with the count written in black ("0" too), a flag
//! green with an "F", every mine red at the end; a line of text over the board's third row before
//! the first click and at the end. Its first click only places the mines (none in that cell's row
//! or column) and opens nothing; after it, a click opens that one cell; R starts a new game. The
//! mines and the board's size are constants at the top of its file ("change these for different
//! gameplay"); `ZOO_MINES` and `ZOO_MINES_SIZE` set them before it runs, as a user editing them
//! would (square boards whose cells divide 600 px: its own arithmetic).
//!
//! It runs under the zoo's Python harness (`common::zoo::PYTHON_HARNESS`, `random` seeded), its
//! source run in a namespace the harness keeps; a thread writes, every 0.1 s, the program's own
//! globals as its state: the mine layout (`game_matrix`) and its verdict (`firstClick`,
//! `gameOver`, `winner`: "new", "playing", "won", "lost"). Clicks are real X clicks.

use crate::common::zoo::{Session, State};

/// The program's window title.
pub const TITLE: &str = "Minesweeper";

/// The harness's part: the program run in `G`, its state read from there.
pub const PROGRAM: &str = r##"
import re, threading
SRC = open("main.py").read()
for var, pattern, value in (("ZOO_MINES", r"(?m)^MINES = \d+$", "MINES = %s"),
                            ("ZOO_MINES_SIZE", r"(?m)^rows,cols = \d+,\d+$", "rows,cols = %s,%s")):
    if os.environ.get(var):
        n = os.environ[var]
        SRC, count = re.subn(pattern, value % ((n,) * value.count("%s")), SRC)
        if count != 1:
            raise SystemExit("main.py: no line %r (fetched at another commit?)" % pattern)
G = {"__name__": "__main__", "__file__": os.path.abspath("main.py")}
def state():
    if "game_matrix" not in G or "winner" not in G:
        return {"verdict": "none"}
    m, rows, cols = G["game_matrix"], G["rows"], G["cols"]
    layout = ["".join("*" if m[x][y] == -1 else "." for x in range(cols)) for y in range(rows)]
    over, won = G["gameOver"], G["winner"]
    verdict = ("won" if won else "lost") if over else ("new" if G["firstClick"] else "playing")
    return {"layout": layout, "verdict": verdict}
threading.Thread(target=poll_in_thread, daemon=True).start()
exec(compile(SRC, "main.py", "exec"), G)
"##;

/// Starts the program under Xvfb + jwm with `random` seeded, a `size` x `size` board of `mines`,
/// and waits for its first state.
pub fn start(dir: &std::path::Path, seed: u64, size: usize, mines: usize) -> Session {
    let (size, mines) = (size.to_string(), mines.to_string());
    let env = [("ZOO_MINES_SIZE", size.as_str()), ("ZOO_MINES", mines.as_str())];
    let session = Session::python(dir, PROGRAM, seed, TITLE, &env);
    session.state_when(|s| s.verdict == "new");
    session
}

/// A person's click on cell (row, col) of a `size` x `size` board (the window is the board).
pub fn click(session: &Session, size: usize, (row, col): (usize, usize)) {
    let cell = 600.0 / size as f64;
    session.click_window((col as f64 + 0.5) * cell, (row as f64 + 0.5) * cell);
}

/// A new game started as a person starts one: the centre cell clicked (the program places its
/// `mines` then, none in that cell's row or column), then cells its layout makes safe opened,
/// nearest the centre first, until they show a 0 and two other counts (at most 40): something to
/// calibrate from. The program's state after.
pub fn started(session: &Session, size: usize, mines: usize) -> State {
    let centre = size / 2;
    click(session, size, (centre, centre));
    let laid = |s: &State| s.layout.iter().map(|l| l.matches('*').count()).sum::<usize>() == mines;
    let state = session.state_when(|s| s.verdict == "playing" && laid(s));
    assert!(!state.layout[centre].contains('*'), "the program's rule: no mine in the first click's row");
    let mine = |r: usize, c: usize| state.layout[r].as_bytes()[c] == b'*';
    let count = |r: usize, c: usize| {
        let near = |a: usize| a.saturating_sub(1)..(a + 2).min(size);
        near(r).flat_map(|rr| near(c).map(move |cc| (rr, cc))).filter(|&(rr, cc)| mine(rr, cc)).count()
    };
    let mut cells: Vec<(usize, usize)> = (0..size).flat_map(|r| (0..size).map(move |c| (r, c))).collect();
    cells.sort_by_key(|&(r, c)| r.abs_diff(centre) + c.abs_diff(centre));
    let mut seen = std::collections::BTreeSet::new();
    for (r, c) in cells.into_iter().filter(|&(r, c)| !mine(r, c)).take(40) {
        click(session, size, (r, c));
        seen.insert(count(r, c));
        if seen.contains(&0) && seen.len() >= 3 {
            break;
        }
    }
    session.state_when(|s| s.verdict == "playing")
}

/// The program's verdict once the bot has stopped: "won", "lost", or "playing" if it is neither
/// after 3 s.
pub fn verdict(session: &Session) -> String {
    let started = std::time::Instant::now();
    loop {
        let verdict = session.state_now().map(|s| s.verdict).unwrap_or_default();
        if verdict != "playing" || started.elapsed() > std::time::Duration::from_secs(3) {
            return verdict;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
}
