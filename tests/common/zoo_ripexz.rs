//! The zoo's `ripexz-mines`: ripexz/python-tkinter-minesweeper (`minesweeper.py`, Tk, MIT), a
//! desktop Minesweeper made of Tk push buttons, each showing a 16x16 Windows-classic picture (a
//! covered tile, an opened one, a number in its own colour, a flag, a mine) inside the button's own
//! raised border, so that every cell, covered or opened, keeps the same bevel; a clock label above
//! the board ticking every second once the game starts, "Mines: N" and "Flags: N" under it. About a
//! tenth of the cells are mines, drawn with Python's `random` when a game starts (before any
//! click: no first click is kept safe), so the total differs from game to game and the program
//! shows it. A loss or a win shows every mine not flagged and opens a "Game Over" dialog over the
//! board ("You Lose! Play again?" / "You Win! Play again?"; Yes starts a new game).
//!
//! It runs under the zoo's Python harness (`common::zoo::PYTHON_HARNESS`, which seeds `random`, so
//! each game's layout is the same every run); the part here keeps the game object when it is made,
//! notes the program's own verdict when it calls its `gameOver`, and writes, every 0.1 s on Tk's
//! thread, its tiles as case rows, the mine layout, the verdict and every button's centre on the
//! screen. The board's size is two constants at the top of the program's file (`SIZE_X` rows,
//! `SIZE_Y` columns, 10x10 as fetched); `ZOO_MINES_SIZE=RxC` sets them before the program starts,
//! as a user editing them would. Clicks are real X clicks through xdotool (left opens, right flags).

use std::process::Command;
use std::time::Duration;

use crate::common::zoo::{Session, State};

/// The program's window title (its dialogs are "Game Over").
pub const TITLE: &str = "Minesweeper";

/// The harness's part: the program's game object, its verdict and its tiles.
pub const PROGRAM: &str = r##"
import minesweeper as m
size = os.environ.get("ZOO_MINES_SIZE")
if size:
    m.SIZE_X, m.SIZE_Y = (int(v) for v in size.split("x"))
GAME, VERDICT = [], ["playing"]
_init, _setup, _over = m.Minesweeper.__init__, m.Minesweeper.setup, m.Minesweeper.gameOver
def init(self, tk):
    GAME.append(self)
    _init(self, tk)
    on_main_thread(tk.after)
def setup(self):
    VERDICT[0] = "playing"
    _setup(self)
def game_over(self, won):
    VERDICT[0] = "won" if won else "lost"
    _over(self, won)
m.Minesweeper.__init__, m.Minesweeper.setup, m.Minesweeper.gameOver = init, setup, game_over
def state():
    g = GAME[0]
    rows, layout, targets = [], [], []
    for x in range(m.SIZE_X):
        row, laid = "", ""
        for y in range(m.SIZE_Y):
            t = g.tiles[x][y]
            laid += "*" if t["isMine"] else "."
            if t["state"] == m.STATE_CLICKED:
                row += str(t["mines"]) if t["mines"] else "."
            elif t["state"] == m.STATE_FLAGGED:
                row += "F"
            elif t["isMine"] and VERDICT[0] != "playing":
                row += "*"
            else:
                row += "#"
            b = t["button"]
            targets.append([b.winfo_rootx() + b.winfo_width() / 2, b.winfo_rooty() + b.winfo_height() / 2])
        rows.append(row)
        layout.append(laid)
    return {"rows": rows, "layout": layout, "verdict": VERDICT[0], "moves": g.clickedCount, "targets": targets}
m.main()
"##;

/// Starts the program under Xvfb + jwm with `random` seeded, at `size` (rows, columns) or the
/// program's own 10x10, and waits for its first state.
pub fn start(dir: &std::path::Path, seed: u64, size: Option<(usize, usize)>) -> (Session, State) {
    let size = size.map(|(r, c)| format!("{r}x{c}"));
    let env: Vec<(&str, &str)> = size.iter().map(|s| ("ZOO_MINES_SIZE", s.as_str())).collect();
    let session = Session::python(dir, PROGRAM, seed, TITLE, &env);
    let state = session.state_when(|s| !s.rows.is_empty() && s.verdict == "playing");
    (session, state)
}

/// The program's state once a new game of its own is running (after a start or a restart).
pub fn state_playing(session: &Session) -> State {
    session.state_when(|s| s.verdict == "playing" && s.moves == 0 && s.rows.iter().all(|r| !r.contains(['F', '*'])))
}

/// A person's click on cell (row, col) with X button `button` (1 opens, 3 flags), aimed at the
/// centre the program gives for that cell's button; then the pointer is moved off the window.
pub fn click(session: &Session, state: &State, (row, col): (usize, usize), button: u8) {
    let [x, y] = state.targets[row * state.rows[0].len() + col];
    let (x, y) = (x.round().to_string(), y.round().to_string());
    let button = button.to_string();
    xdotool(&session.display, &["mousemove", "--sync", &x, &y]);
    std::thread::sleep(Duration::from_millis(60));
    xdotool(&session.display, &["mousedown", &button]);
    std::thread::sleep(Duration::from_millis(60));
    xdotool(&session.display, &["mouseup", &button]);
    xdotool(&session.display, &["mousemove", "--sync", "1279", "1023"]);
    std::thread::sleep(Duration::from_millis(300));
}

/// Moves the program's "Game Over" dialog aside (to the screen's bottom right), as a person does
/// to look at the board under it.
pub fn move_dialog_aside(session: &Session) {
    let found = crate::common::wait_until(
        "the program's \"Game Over\" dialog",
        Duration::from_millis(100),
        || {
            let out = Command::new("xdotool")
                .args(["search", "--name", "^Game Over$"])
                .env("DISPLAY", &session.display)
                .output()
                .ok()?;
            String::from_utf8_lossy(&out.stdout).lines().next().map(String::from)
        },
        String::new,
    );
    xdotool(&session.display, &["windowmove", "--sync", &found, "900", "800"]);
    std::thread::sleep(Duration::from_millis(300));
}

/// Answers the "Game Over" dialog with Yes (a new game), the key a person would press.
pub fn play_again(session: &Session) {
    let out = Command::new("xdotool")
        .args(["search", "--name", "^Game Over$"])
        .env("DISPLAY", &session.display)
        .output()
        .expect("xdotool");
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let dialog = text.lines().next().expect("the program's \"Game Over\" dialog");
    xdotool(&session.display, &["windowactivate", "--sync", dialog]);
    xdotool(&session.display, &["key", "--window", dialog, "Return"]);
}

fn xdotool(display: &str, args: &[&str]) {
    let ok = Command::new("xdotool").args(args).env("DISPLAY", display).status();
    assert!(ok.is_ok_and(|s| s.success()), "xdotool {args:?} failed (apt-get install xdotool)");
}
