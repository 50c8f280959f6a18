//! Issue 36, live: cp-alley's js-minesweeper (a browser page, fetched; GAMEBOT_ALLEY_MINES_DIR,
//! calibration/zoo.md) calibrated blind from its live window and played with the profile it
//! learned. The page places its mines at the first click, so the test makes that click (the
//! centre cell, through DevTools; the page keeps that cell's neighbours clear, so it opens an
//! area), then `gamebot calibrate mines --title Document --learn` and `gamebot play mines --mines
//! 10` with real clicks. Won or lost is the page's own word (its `game` object), never gamebot's
//! reader; a new game (the page's own form) after a loss, up to 5 games, and the bot must say
//! `won:` when the page says won.
//!
//! The same for Navid079's minesweeper.js (GAMEBOT_NAVID_MINES_DIR), drawn on one canvas: its
//! game lives in a closure, handed to the page by a breakpoint in its tick that never pauses; it
//! places its mines before any click, so the test's first click goes to a cell that state says is
//! a 0; a new game is the page loaded again.
//!
//! And for ripexz's python-tkinter-minesweeper (GAMEBOT_RIPEXZ_MINES_DIR), a desktop Tk program
//! run under the zoo's Python harness (`common::zoo_ripexz`): its own window is exactly as wide as
//! its board, which the reader refuses as maybe cut off ("make the window larger"), so the test
//! makes it larger first, as a person told so would; it places its mines before any click (the
//! test's first click goes to a cell its layout makes a 0); won or lost is its own `gameOver`
//! call; a new game is Yes in its "Game Over" dialog.
//!
//! And for rw-pz's claude-minesweeper (GAMEBOT_RWPZ_MINES_DIR), a dark-theme DOM page
//! (`common::zoo_rwpz`): its game object handed over by a script run before the page's, its
//! `Math.random` seeded; it places its mines when a game starts (the test's first click goes to a
//! cell its layout makes a 0); won or lost is its own `gameState`; a new game is its own selector.
//!
//! And for ashishsubedi's pygame sweeper (GAMEBOT_ASHISH_MINES_DIR, `common::zoo_ashish`), whose
//! window is exactly its board: its first click only places the mines, keeping that cell's row and
//! column clear, so the test makes it and opens that row; won or lost is its own `gameOver` and
//! `winner`; a new game is R.

use std::path::Path;

use crate::common::cdp::Cdp;
use crate::common::gamebot_on;
use crate::common::zoo::{Session, program_dir};
use crate::common::zoo_ashish;
use crate::common::zoo_ripexz;
use crate::common::zoo_rwpz;

/// A new game at `level` ("easy" 9x9, "medium" 16x16) through the page's own form, then its
/// centre cell clicked through DevTools' mouse events (the pointer moved off the board after).
fn new_game_opened(cdp: &mut Cdp, level: &str, size: usize) {
    let script = format!(
        "(function(){{difficultySelection.value='{level}';newGameForm.requestSubmit();return game.width+'x'+game.height;}})()"
    );
    assert_eq!(cdp.eval(&script), format!("{size}x{size}"), "the page's {level} level");
    let centre = size / 2;
    let at = cdp.eval(&format!(
        "(function(){{var r=document.getElementById('{centre}-{centre}').getBoundingClientRect();\
         return (r.left+r.width/2)+','+(r.top+r.height/2);}})()"
    ));
    let (x, y) = at.split_once(',').unwrap();
    for kind in ["mouseMoved", "mousePressed", "mouseReleased"] {
        let params = format!("{{\"type\":\"{kind}\",\"x\":{x},\"y\":{y},\"button\":\"left\",\"clickCount\":1}}");
        cdp.send("Input.dispatchMouseEvent", &params);
    }
    cdp.send("Input.dispatchMouseEvent", "{\"type\":\"mouseMoved\",\"x\":2,\"y\":2}");
    assert_eq!(cdp.eval("String(!game.firstClick&&!game.gameOver)"), "true", "the first click opened the game");
}

/// gamebot on a display with profile and calibration folders of its own, kept while it lives.
pub(super) struct Bot {
    display: String,
    folders: tempfile::TempDir,
}

impl Bot {
    pub(super) fn new(display: &str) -> Bot {
        Bot { display: display.to_string(), folders: tempfile::tempdir().unwrap() }
    }

    /// Its profiles' folder.
    pub(super) fn config(&self) -> std::path::PathBuf {
        self.folders.path().join("config")
    }

    /// `gamebot args...`: whether it succeeded, and its output.
    pub(super) fn run(&self, args: &[&str]) -> (bool, String) {
        let (config, calibration) = (self.config(), self.folders.path().join("calibration"));
        let (config, calibration) = (config.to_string_lossy(), calibration.to_string_lossy());
        let mut all = vec!["--config-dir", &config, "--calibration-dir", &calibration];
        all.extend(args);
        let out = gamebot_on(&self.display, &all);
        (
            out.status.success(),
            format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)),
        )
    }
}

/// Plays up to 5 games until one is won: `one(game)` plays game `game` (0 first) and gives the
/// program's verdict and the bot's output. Fails unless the last game played was won.
#[track_caller]
pub(super) fn until_won(mut one: impl FnMut(usize) -> (String, String)) {
    let mut outcomes = Vec::new();
    for game in 0..5 {
        let (verdict, text) = one(game);
        println!("game {game}:\n{text}");
        if ended_won(&verdict, &text, &mut outcomes) {
            break;
        }
    }
    println!("games: {outcomes:?}");
    assert!(outcomes.last().is_some_and(|o| o == "won"), "no win in 5 games: {outcomes:?}");
}

/// Records how a game ended by the program's own verdict, the bot having said won exactly when it
/// was; true when won. A game neither won nor lost (the bot stopped mid-game) fails the test.
#[track_caller]
pub(super) fn ended_won(verdict: &str, text: &str, outcomes: &mut Vec<String>) -> bool {
    if verdict == "won" {
        assert!(text.lines().any(|l| l.starts_with("won:")), "the program says won, the bot did not:\n{text}");
    } else {
        assert_eq!(verdict, "lost", "the bot stopped with the game neither won nor lost:\n{text}");
        assert!(!text.lines().any(|l| l.starts_with("won:")), "the program says lost, the bot won:\n{text}");
    }
    outcomes.push(verdict.to_string());
    verdict == "won"
}

/// The page's verdict: "won", "lost" or "playing".
fn page_says(cdp: &mut Cdp) -> String {
    cdp.eval("game.gameOver?'lost':(game.isWon()?'won':'playing')")
}

#[test]
#[ignore = "needs GAMEBOT_ALLEY_MINES_DIR: cp-alley/js-minesweeper fetched (the folder holding index.html)"]
fn wins_alleys_browser_minesweeper_from_a_blind_calibration() {
    alley_wins("easy", 9, 10, (420, 480));
}

/// Medium, 16x16 with 40 mines, in a larger window.
#[test]
#[ignore = "needs GAMEBOT_ALLEY_MINES_DIR: cp-alley/js-minesweeper fetched (the folder holding index.html)"]
fn wins_alleys_browser_minesweeper_at_16x16_from_a_blind_calibration() {
    alley_wins("medium", 16, 40, (560, 620));
}

/// cp-alley's page at `level` (a `size` x `size` board of `mines`) in a `window`: calibrated blind
/// from its live window after the test's first click, then played, up to 5 games.
fn alley_wins(level: &str, size: usize, mines: usize, window: (u32, u32)) {
    let dir = program_dir("GAMEBOT_ALLEY_MINES_DIR");
    let url = format!("file://{}/index.html", dir.display());
    let (session, mut cdp) = Session::chromium(&url, window, "Document");
    crate::common::wait_until(
        "the page loading",
        std::time::Duration::from_millis(200),
        || (cdp.eval("String(typeof game=='object'&&!!document.getElementById('4-4'))") == "true").then_some(()),
        String::new,
    );
    let bot = Bot::new(&session.display);
    until_won(|game| {
        new_game_opened(&mut cdp, level, size);
        if game == 0 {
            let (ok, text) =
                bot.run(&["calibrate", "mines", "--title", "Document", "--profile", "alley-live", "--learn"]);
            assert!(ok && text.contains("PROPOSED"), "blind calibration from the live window:\n{text}");
        }
        let (_, text) = bot.run(&["play", "mines", "--profile", "alley-live", "--mines", &mines.to_string()]);
        (page_says(&mut cdp), text)
    });
    assert!(bot.config().join("alley-live.toml").exists());
}

/// Navid079's page: its game handed over by a conditional breakpoint in the minified script's
/// tick (`A(){this.L&&`, found in the fetched file), whose condition never pauses.
fn navid_breakpoint(dir: &Path) -> String {
    let script = std::fs::read_to_string(dir.join("index.min.js")).expect("the fetched index.min.js");
    let at: Vec<usize> = script.match_indices("A(){this.L&&").map(|(i, _)| i + 4).collect();
    assert_eq!(at.len(), 1, "the tick of index.min.js (fetched at another commit?)");
    format!(
        "{{\"lineNumber\":0,\"columnNumber\":{},\"urlRegex\":\"index\\\\.min\\\\.js\",\"condition\":\"(window.__game=this,false)\"}}",
        at[0]
    )
}

/// The page's game as its own state says: "won", "lost", "playing" or "none" (not handed over yet),
/// then ';' and its mine layout (rows of * and ., ',' between).
const NAVID_STATE: &str = "(function(){var g=window.__game;if(!g)return 'none;';var lay=[],lost=false,opened=0;\
for(var y=0;y<g.G.length;y++){var l='';for(var x=0;x<g.G[y].length;x++){var c=g.G[y][x];l+=c.t?'*':'.';\
if(c.h){opened++;if(c.t)lost=true;}}lay.push(l);}\
return (lost?'lost':(g.L?(opened?'playing':'new'):'won'))+';'+lay.join(',');})()";

fn navid_says(cdp: &mut Cdp) -> (String, Vec<String>) {
    let text = cdp.eval(NAVID_STATE);
    let (verdict, layout) = text.split_once(';').unwrap();
    (verdict.to_string(), layout.split(',').map(String::from).collect())
}

/// A new game (the page loaded again, or as loaded), then the cell nearest the centre that its
/// layout makes a 0 clicked through DevTools' mouse events.
fn navid_new_game_opened(cdp: &mut Cdp, reload: bool, cell: f64) {
    if reload {
        cdp.eval("(function(){window.__game=null;location.reload();return 'ok';})()");
        std::thread::sleep(std::time::Duration::from_millis(500));
    }
    let layout = crate::common::wait_until(
        "a new game on the page",
        std::time::Duration::from_millis(200),
        || {
            let (verdict, layout) = navid_says(cdp);
            (verdict == "new").then_some(layout)
        },
        String::new,
    );
    let (row, col) = crate::common::zoo::a_zero(&layout);
    let at = cdp.eval(
        "(function(){var r=document.querySelector('canvas').getBoundingClientRect();return r.left+','+r.top;})()",
    );
    let (left, top) = at.split_once(',').unwrap();
    let x = left.parse::<f64>().unwrap() + (col as f64 + 0.5) * cell;
    let y = top.parse::<f64>().unwrap() + (row as f64 + 0.5) * cell;
    for kind in ["mouseMoved", "mousePressed", "mouseReleased"] {
        let params = format!("{{\"type\":\"{kind}\",\"x\":{x},\"y\":{y},\"button\":\"left\",\"clickCount\":1}}");
        cdp.send("Input.dispatchMouseEvent", &params);
    }
    cdp.send("Input.dispatchMouseEvent", "{\"type\":\"mouseMoved\",\"x\":2,\"y\":2}");
    std::thread::sleep(std::time::Duration::from_millis(500));
    assert_eq!(navid_says(cdp).0, "playing", "the first click opened the game");
}

/// Navid079's page with a board of (rows, columns, mines) in `cell`-px cells (None: its own
/// 10x10, 10 mines, 70 px), in a `window`: calibrated blind from its live window after the test's
/// first click, then played, up to 5 games. Another board is set as its README says, through its
/// global `config`, from a script DevTools gives every new document before the page's load event.
fn navid_wins(board: Option<(usize, usize, usize)>, cell: u32, window: (u32, u32)) {
    let dir = program_dir("GAMEBOT_NAVID_MINES_DIR");
    let url = format!("file://{}/index.html", dir.display());
    let (session, mut cdp) = Session::chromium(&url, window, "Minesweeper.JS");
    cdp.send("Debugger.enable", "{}");
    cdp.send("Debugger.setBreakpointByUrl", &navid_breakpoint(&dir));
    let mines = board.map_or(10, |b| b.2);
    if let Some((rows, cols, mines)) = board {
        let setup = format!(
            "addEventListener('DOMContentLoaded',function(){{config.width={cols};config.height={rows};\
             config.nMines={mines};config.w_size={cell};config.h_size={cell};}});"
        );
        cdp.send("Page.enable", "{}");
        cdp.send("Page.addScriptToEvaluateOnNewDocument", &format!("{{\"source\":\"{setup}\"}}"));
    }
    let bot = Bot::new(&session.display);
    let mut outcomes = Vec::new();
    for game in 0..5 {
        navid_new_game_opened(&mut cdp, game > 0 || board.is_some(), cell as f64);
        if let Some((rows, cols, _)) = board {
            let (_, layout) = navid_says(&mut cdp);
            assert_eq!((layout.len(), layout[0].len()), (rows, cols), "the page's board");
        }
        if game == 0 {
            let (ok, text) =
                bot.run(&["calibrate", "mines", "--title", "Minesweeper.JS", "--profile", "navid-live", "--learn"]);
            assert!(ok && text.contains("PROPOSED"), "blind calibration from the live window:\n{text}");
        }
        let (_, text) = bot.run(&["play", "mines", "--profile", "navid-live", "--mines", &mines.to_string()]);
        println!("game {game}:\n{text}");
        // The page marks a game won or lost in its next tick, after it has drawn the last cells.
        let mut verdict = navid_says(&mut cdp).0;
        for _ in 0..30 {
            if verdict != "playing" {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
            verdict = navid_says(&mut cdp).0;
        }
        if ended_won(&verdict, &text, &mut outcomes) {
            break;
        }
    }
    println!("games: {outcomes:?}");
    assert!(outcomes.last().is_some_and(|o| o == "won"), "no win in 5 games: {outcomes:?}");
    assert!(bot.config().join("navid-live.toml").exists());
}

#[test]
#[ignore = "needs GAMEBOT_NAVID_MINES_DIR: Navid079/minesweeper.js fetched (the folder holding index.html)"]
fn wins_navids_canvas_minesweeper_from_a_blind_calibration() {
    navid_wins(None, 70, (740, 760));
}

/// 16x16 with 40 mines in 40-px cells (as the capture's 16x16 shot).
#[test]
#[ignore = "needs GAMEBOT_NAVID_MINES_DIR: Navid079/minesweeper.js fetched (the folder holding index.html)"]
fn wins_navids_canvas_minesweeper_at_16x16_from_a_blind_calibration() {
    navid_wins(Some((16, 16, 40)), 40, (700, 720));
}

/// ripexz's Tk Minesweeper at `size` (rows, columns; None: its own 10x10) in a window made
/// `window` large, `random` seeded with `seed`: calibrated blind from its live window after the
/// test's first click, then played with `--mines` its "Mines: N" label shows, up to 5 games.
fn ripexz_wins(size: Option<(usize, usize)>, window: (u32, u32), seed: u64) {
    let dir = program_dir("GAMEBOT_RIPEXZ_MINES_DIR");
    let (mut session, first_state) = zoo_ripexz::start(&dir, seed, size);
    session.resize(window.0, window.1);
    session.state_when(|s| s.targets != first_state.targets);
    let bot = Bot::new(&session.display);
    let mut outcomes = Vec::new();
    for game in 0..5 {
        if game > 0 {
            zoo_ripexz::play_again(&session);
        }
        let state = zoo_ripexz::state_playing(&session);
        let mines = state.layout.iter().map(|l| l.matches('*').count()).sum::<usize>();
        zoo_ripexz::click(&session, &state, crate::common::zoo::a_zero(&state.layout), 1);
        session.state_when(|s| s.moves > 0);
        if game == 0 {
            let (ok, text) =
                bot.run(&["calibrate", "mines", "--title", zoo_ripexz::TITLE, "--profile", "ripexz-live", "--learn"]);
            assert!(ok && text.contains("PROPOSED"), "blind calibration from the live window:\n{text}");
        }
        let (_, text) = bot.run(&["play", "mines", "--profile", "ripexz-live", "--mines", &mines.to_string()]);
        println!("game {game} ({mines} mines):\n{text}");
        std::thread::sleep(std::time::Duration::from_millis(500));
        let verdict = session.state_when(|_| true).verdict;
        if ended_won(&verdict, &text, &mut outcomes) {
            break;
        }
    }
    println!("games: {outcomes:?}");
    assert!(outcomes.last().is_some_and(|o| o == "won"), "no win in 5 games: {outcomes:?}");
    assert!(bot.config().join("ripexz-live.toml").exists());
}

/// Its own 10x10 in a 300x320 window. (With seed 42 the first click opens an area along the
/// board's bottom edge, above the "Mines: 13" label, and the lattice takes a thing of that label
/// row for an 11th row: neither blind calibration nor the committed profile finds the board, a
/// known failure reported in docs/mines.md, not yet a fixture.)
#[test]
#[ignore = "needs GAMEBOT_RIPEXZ_MINES_DIR: ripexz/python-tkinter-minesweeper fetched (the folder holding minesweeper.py)"]
fn wins_ripexzs_tk_minesweeper_from_a_blind_calibration() {
    ripexz_wins(None, (300, 320), 44);
}

#[test]
#[ignore = "needs GAMEBOT_RIPEXZ_MINES_DIR: ripexz/python-tkinter-minesweeper fetched (the folder holding minesweeper.py)"]
fn wins_ripexzs_tk_minesweeper_at_16x16_from_a_blind_calibration() {
    ripexz_wins(Some((16, 16)), (440, 460), 43);
}

/// rw-pz's dark page at `level` (a board of `mines`) in a `window`, `Math.random` seeded with
/// `seed`: calibrated blind from its live window after the test's first click on a 0, then played,
/// up to 5 games (a new one from the page's own selector).
fn rwpz_wins(level: &str, mines: usize, window: (u32, u32), seed: u32) {
    let dir = program_dir("GAMEBOT_RWPZ_MINES_DIR");
    let (session, mut cdp) = zoo_rwpz::open(&dir, level, window, seed);
    let bot = Bot::new(&session.display);
    let mut outcomes = Vec::new();
    for game in 0..5 {
        if game > 0 {
            zoo_rwpz::new_game(&mut cdp, level);
        }
        let (_, layout, _) = zoo_rwpz::truth(&mut cdp);
        zoo_rwpz::click(&mut cdp, crate::common::zoo::a_zero(&layout), "left");
        assert_eq!(zoo_rwpz::truth(&mut cdp).2, "playing", "the first click opened the game");
        if game == 0 {
            let (ok, text) =
                bot.run(&["calibrate", "mines", "--title", zoo_rwpz::TITLE, "--profile", "rwpz-live", "--learn"]);
            assert!(ok && text.contains("PROPOSED"), "blind calibration from the live window:\n{text}");
        }
        let (_, text) = bot.run(&["play", "mines", "--profile", "rwpz-live", "--mines", &mines.to_string()]);
        println!("game {game}:\n{text}");
        let verdict = zoo_rwpz::truth(&mut cdp).2;
        if ended_won(&verdict, &text, &mut outcomes) {
            break;
        }
    }
    println!("games: {outcomes:?}");
    assert!(outcomes.last().is_some_and(|o| o == "won"), "no win in 5 games: {outcomes:?}");
    assert!(bot.config().join("rwpz-live.toml").exists());
}

/// Beginner, 9x9 with 10 mines, in its 32-px cells.
#[test]
#[ignore = "needs GAMEBOT_RWPZ_MINES_DIR: rw-pz/claude-minesweeper fetched (the folder holding docs/index.html)"]
fn wins_rwpzs_dark_minesweeper_from_a_blind_calibration() {
    rwpz_wins("beginner", 10, (860, 800), 51);
}

/// Intermediate, 16x16 with 40 mines, in its 26-px cells. It failed first at move 4 on "the
/// numbers on the board contradict each other" (a 4 drawn fainter than the ink threshold, read as
/// an opened 0), then, once the faint 4 was read (`learn::faint`), on an opened cell with a black
/// side the page's animations leave; such a cell now reads by its inside (`cells::by_sides`).
#[test]
#[ignore = "needs GAMEBOT_RWPZ_MINES_DIR: rw-pz/claude-minesweeper fetched (the folder holding docs/index.html)"]
fn wins_rwpzs_dark_minesweeper_at_16x16_from_a_blind_calibration() {
    rwpz_wins("intermediate", 40, (860, 880), 52);
}

/// ashishsubedi's pygame sweeper with a `size` x `size` board of `mines`, `random` seeded with
/// `seed`: calibrated blind from its live window once the test has started a game (its first click
/// and that click's row opened), then played, up to 5 games (R for a new one). Every game must end
/// won or lost by the program's own word, never with the bot stopped mid-game.
fn ashish_wins(size: usize, mines: usize, seed: u64) {
    let dir = program_dir("GAMEBOT_ASHISH_MINES_DIR");
    let session = zoo_ashish::start(&dir, seed, size, mines);
    let bot = Bot::new(&session.display);
    until_won(|game| {
        if game > 0 {
            session.key("r");
            session.state_when(|s| s.verdict == "new");
        }
        zoo_ashish::started(&session, size, mines);
        if game == 0 {
            let (ok, text) =
                bot.run(&["calibrate", "mines", "--title", zoo_ashish::TITLE, "--profile", "ashish-live", "--learn"]);
            assert!(ok && text.contains("PROPOSED"), "blind calibration from the live window:\n{text}");
        }
        let (_, text) = bot.run(&["play", "mines", "--profile", "ashish-live", "--mines", &mines.to_string()]);
        (zoo_ashish::verdict(&session), text)
    });
    assert!(bot.config().join("ashish-live.toml").exists());
}

/// Its own 10x10 (60-px cells) with 10 mines.
#[test]
#[ignore = "needs GAMEBOT_ASHISH_MINES_DIR: ashishsubedi/minesweeper fetched (the folder holding main.py), pygame in GAMEBOT_ZOO_PYTHON"]
fn wins_ashishs_pygame_minesweeper_from_a_blind_calibration() {
    ashish_wins(10, 10, 3);
}
