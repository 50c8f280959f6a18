//! Live tests of this game (compiled into the `live` test binary, not the library: `tests/live/main.rs` includes every
//! `src/games/<game>/live_tests.rs`). End to end against the real sgt-mines under Xvfb: boards of the three presets from
//! freshly generated game IDs (sgt-mines makes boards that need no guess, so each is won whatever its layout), one in a
//! resized window, and a new game the bot starts itself with its first click; the expert board and the new game are played
//! without `--mines`, the total read from the game's own status line. The board is first read exactly as the
//! game ID says; `gamebot play mines` must then win, and a fresh capture must show the game won. A board that needs
//! guesses, whose guess the solver loses (known from the simulation of its layout), must end as a reported loss: a
//! `lost:` summary and a failing exit status, not a crash. Needs the Debian packages xvfb, jwm and sgt-puzzles.
//!
//! Gated: RaderH2O's modern-sweeper (pygame, fetched; GAMEBOT_RADERH2O_MINES_DIR, pygame in
//! GAMEBOT_ZOO_PYTHON), run under the zoo's Python harness (`common::zoo`), calibrated blind from its
//! live window after the test's first click and played with `--mines 14`; judged by its own grid.

use crate::common;

use gamebot::games::mines::config::MinesConfig;
use gamebot::games::mines::read;
use gamebot::games::mines::sgt_id;
use gamebot::games::mines::sim::Game;
use gamebot::profile::Profile;

fn config() -> MinesConfig {
    MinesConfig::from_profile(&Profile::load("sgt-mines", std::path::Path::new("config")).unwrap()).unwrap()
}

/// Plays the board of game ID `id` (`mines` in all) and returns gamebot's output and the board at the end. With
/// `told` the bot is told the total (`--mines`); without, it must read it from the game's status line ("Marked: 0 /
/// 99"), which the first capture is checked for.
fn play(
    id: &str,
    mines: u32,
    resize: Option<(u32, u32)>,
    told: bool,
) -> (std::process::Output, gamebot::games::mines::board::Board) {
    let truth = sgt_id::parse(id).unwrap();
    let mut game = common::LiveGame::start("sgt-mines", &[id], "Mines", resize);
    let before = game.capture();
    let grid = read::locate(&before, &config()).unwrap();
    let mut sim = Game::new(truth.layout.clone(), Default::default());
    let (r, c) = truth.start.unwrap();
    sim.open(r * truth.layout.cols + c);
    assert_eq!(
        read::read(&before, &grid, &config()).unwrap().to_rows(),
        sim.board.to_rows(),
        "the board read is the game ID's"
    );
    let total = mines.to_string();
    let out = if told {
        game.gamebot(&["play", "mines", "--mines", &total])
    } else {
        let read = read::read(&before, &grid, &config()).unwrap();
        assert_eq!(read.mines, Some(mines), "the total read from sgt-mines' own counter is the game ID's");
        game.gamebot(&["play", "mines"])
    };
    std::thread::sleep(std::time::Duration::from_millis(500));
    let after = game.capture();
    let end = read::read(&after, &grid, &config()).unwrap();
    (out, end.with_mines(Some(mines)).unwrap())
}

fn wins(params: &str, mines: u32, resize: Option<(u32, u32)>, told: bool) {
    let id = common::generate("sgt-mines", params);
    let (out, end) = play(&id, mines, resize, told);
    assert!(out.status.success(), "gamebot play mines did not win {id}");
    assert!(String::from_utf8_lossy(&out.stdout).lines().any(|l| l.starts_with("won: ")), "a won summary");
    assert!(end.is_won(), "a fresh capture shows the game won:\n{end}");
}

#[test]
fn wins_a_beginner_board() {
    wins("9x9n10", 10, None, true);
}

#[test]
fn wins_an_intermediate_board_in_a_resized_window() {
    wins("16x16n40", 40, Some((560, 600)), true);
}

#[test]
fn wins_an_expert_board_reading_the_total_from_its_own_counter() {
    wins("30x16n99", 99, None, false);
}

#[test]
fn wins_a_new_game_from_its_own_first_click_reading_its_counter() {
    let mut game = common::LiveGame::start("sgt-mines", &["9x9n10"], "Mines", None);
    let out = game.gamebot(&["play", "mines"]);
    assert!(out.status.success(), "gamebot play mines did not win a new game");
    std::thread::sleep(std::time::Duration::from_millis(500));
    let after = game.capture();
    let grid = read::locate(&after, &config()).unwrap();
    let end = read::read(&after, &grid, &config()).unwrap().with_mines(Some(10)).unwrap();
    assert!(end.is_won(), "a fresh capture shows the game won:\n{end}");
}

#[test]
fn a_lost_game_is_reported_as_a_loss() {
    // 9x9 with 35 mines and no promise of a unique solution (`sgt-mines --generate 1 9x9n35a`): the solver's second
    // guess hits a mine, as `gamebot bench mines --ids` shows for this layout.
    let (out, end) = play("9x9:1,4,mc91d17cd4dd509d8a8170", 35, None, true);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "a loss is a failing exit status");
    assert!(stdout.lines().any(|l| l.starts_with("lost: ")), "a lost summary:\n{stdout}");
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
    assert!(end.is_lost(), "a fresh capture shows the mine hit:\n{end}");
}

/// RaderH2O's modern-sweeper under the zoo's Python harness (`common::zoo::PYTHON_HARNESS`, which
/// seeds `random`, so a seed is one layout): the program's `Game` kept when it is made, its grid
/// written as case rows with its mine layout and a verdict: "lost" when it says so (a mine
/// opened), "cleared" when every cell without a mine is opened (its own `won` asks for every mine
/// flagged as well, which a player need not do; it shows nothing then), else "playing"; `moves`
/// counts the opened cells. Its `main.py` then runs as it does for a person.
const RADER_PROGRAM: &str = r##"
import runpy
import game as rader
GAME = []
_init = rader.Game.__init__
def init(self, *args, **kwargs):
    _init(self, *args, **kwargs)
    GAME.append(self)
rader.Game.__init__ = init
def state():
    if not GAME:
        return {}
    g = GAME[0]
    grid = g.grid
    rows, layout, opened, safe_covered = [], [], 0, 0
    for y in range(grid.rows):
        row, laid = "", ""
        for x in range(grid.columns):
            v = grid.grid[y][x].value
            laid += "*" if v == 9 else "."
            if grid.hidden[y][x]:
                row += "F" if grid.flags[y][x] else "#"
                safe_covered += v != 9
            else:
                row += "*" if v == 9 else (str(v) if v else ".")
                opened += 1
        rows.append(row)
        layout.append(laid)
    verdict = "lost" if g.lost else "cleared" if safe_covered == 0 else "playing"
    return {"rows": rows, "layout": layout, "verdict": verdict, "moves": opened}
threading.Thread(target=poll_in_thread, daemon=True).start()
runpy.run_path("main.py", run_name="__main__")
"##;

/// Its window's title.
const RADER_TITLE: &str = "M I N E S W E E P E R - The Modern one";

/// RaderH2O's pygame Minesweeper (10x10, 14 mines, 50-px cells from (0, 100) in its fixed 500x600
/// window), as a new user plays it: it places its mines before any click and has no new game but
/// starting again, so each game is the program started with another seed, its first click made by
/// the test on a cell its layout makes a 0 (an area opens), then `gamebot calibrate mines --learn`
/// blind from the live window and `gamebot play mines --mines 14`. Up to 5 games; the program's own
/// grid says how each ended (never gamebot's reader): the bot must say `won:` when the program's
/// every safe cell is opened and must not when it opened a mine, and may not stop with the game
/// still on; the last game must be cleared. (Its loss, a black panel over the board, is read as a
/// loss since 2026-12-07, `lost::panel`.) It starts at seed 40, whose shot after the first click
/// shows 1s and 2s only: until 2026-12-07 the bot stopped at its second move on a 3 read as "a
/// glyph shaped like 3 in the colour of the program's 2", the thin 1's mean ink (#0b0b0b) darker
/// than the 2's (#3f3f3f), the profile taking the program for one that tells its numbers by
/// colour; a glyph's colour is now its solid core's (`glyph::ink_colour`: both black), and seed 40
/// is cleared (docs/mines.md).
#[test]
#[ignore = "needs GAMEBOT_RADERH2O_MINES_DIR: RaderH2O/modern-sweeper fetched (the folder holding main.py), pygame in GAMEBOT_ZOO_PYTHON"]
fn wins_raderh2os_pygame_minesweeper_from_a_blind_calibration() {
    use crate::common::zoo::{Session, a_zero, program_dir};
    let dir = program_dir("GAMEBOT_RADERH2O_MINES_DIR");
    let mut outcomes = Vec::new();
    for seed in 40..45 {
        let session = Session::python(&dir, RADER_PROGRAM, seed, RADER_TITLE, &[]);
        let state = session.state_when(|s| s.rows.len() == 10 && s.verdict == "playing");
        let (row, col) = a_zero(&state.layout);
        session.click_window(25.0 + 50.0 * col as f64, 125.0 + 50.0 * row as f64);
        session.state_when(|s| s.moves > 1);
        let bot = crate::learned_mines_zoo::Bot::new(&session.display);
        let (ok, text) = bot.run(&["calibrate", "mines", "--title", RADER_TITLE, "--profile", "rader-live", "--learn"]);
        assert!(ok && text.contains("PROPOSED"), "blind calibration from the live window:\n{text}");
        let (_, text) = bot.run(&["play", "mines", "--profile", "rader-live", "--mines", "14"]);
        println!("seed {seed}:\n{text}");
        std::thread::sleep(std::time::Duration::from_millis(500));
        let end = session.state_when(|_| true);
        let said_won = text.lines().any(|l| l.starts_with("won:"));
        match end.verdict.as_str() {
            "cleared" => assert!(said_won, "the program's every safe cell is opened, the bot did not say won:\n{text}"),
            "lost" => assert!(!said_won, "the program opened a mine, the bot said won:\n{text}"),
            other => panic!("the bot stopped with the game {other}:\n{}\n{text}", end.rows.join("\n")),
        }
        outcomes.push(end.verdict.clone());
        if end.verdict == "cleared" {
            break;
        }
    }
    println!("games: {outcomes:?}");
    assert!(outcomes.last().is_some_and(|o| o == "cleared"), "no game cleared in 5: {outcomes:?}");
}
