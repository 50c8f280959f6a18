//! Issue 37, live: Tetris programs gamebot has no profile for, learned from their live window
//! (`gamebot calibrate tetris --learn --title ... --profile ...`: the look from a frame, the keys
//! and their turning direction by trying them, the rotation table by playing), then played from
//! the profile learned. quadrapassel (a Debian package) runs everywhere; invzfnc's browser Tetris
//! is fetched outside the repository and served on 127.0.0.1, so its test is ignored unless
//! GAMEBOT_INVZFNC_TETRIS_DIR names its folder. Lines are judged by the program's own counter
//! (invzfnc's "Lines cleared" element, xosg's and kyeenno's game objects, read over DevTools), never
//! by gamebot's word. xosg/WebGames' blocks-drop and kyeenno/purejs-tetris are gated the same way on
//! GAMEBOT_XOSG_TETRIS_DIR and GAMEBOT_KYEENNO_TETRIS_DIR, and Manuofthebirth/js-tetris (no hard
//! drop: played by soft drops) on GAMEBOT_MANU_TETRIS_DIR, and Gabzmelo/tetris-game (its well at the
//! window's top edge, no hard drop) on GAMEBOT_GABZ_TETRIS_DIR, and rwxdelir/mtwain-js (Shift pauses
//! it) on GAMEBOT_MTWAIN_TETRIS_DIR, and buwilliams/tetris (a row a frame from its 100th line) on
//! GAMEBOT_BUW_TETRIS_DIR, and asceznyk/jstetris slowed (its well drawn only at its gravity steps) on
//! GAMEBOT_ASCEZNYK_TETRIS_DIR; these share one learn-then-play step.

use std::time::Duration;

use crate::common;
use crate::common::cdp::Cdp;
use crate::common::file_server::serve;
use crate::common::zoo::{Session, program_dir};

/// `gamebot --config-dir DIR args...` on `display`: whether it succeeded, and its output.
pub(super) fn gamebot(display: &str, config: &std::path::Path, args: &[&str]) -> (bool, String) {
    let config = config.to_string_lossy().to_string();
    let mut all = vec!["--config-dir", config.as_str()];
    all.extend(args);
    let out = common::gamebot_on(display, &all);
    (out.status.success(), format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)))
}

/// Checks a learned profile's text: the keys it names and the direction it says the turning key
/// turns.
pub(super) fn learned_keys(text: &str) -> toml::Table {
    let start = text.find("# Learned by").expect("the profile printed");
    let profile: toml::Table = toml::from_str(&text[start..text.rfind("wrote ").unwrap_or(text.len())]).unwrap();
    profile["keys"].as_table().unwrap().clone()
}

/// The keys every web zoo program has (their sources: arrows, Up turns clockwise); most also
/// drop a piece with Space.
const USUAL_KEYS: [(&str, &str); 4] = [("left", "Left"), ("right", "Right"), ("rotate", "Up"), ("soft_drop", "Down")];

/// Learns the browser program in `session`'s window titled `title` as profile `profile`, checks
/// the usual keys, its hard drop (`hard_drop`, None for a program with none) and a clockwise
/// turn were learnt, starts a new game with `new_game`, plays 200 lines from the learned profile
/// and judges them by the program's own counter, the value of the JavaScript `counter`.
fn learned_then_played_to_200_lines(
    session: &Session,
    cdp: &mut Cdp,
    (title, profile, hard_drop): (&str, &str, Option<&str>),
    new_game: impl FnOnce(&mut Cdp),
    counter: &str,
) {
    let dir = tempfile::tempdir().unwrap();
    let learn = ["calibrate", "tetris", "--learn", "--title", title, "--profile", profile];
    let (ok, text) = gamebot(&session.display, dir.path(), &learn);
    assert!(ok, "live calibration:\n{text}");
    let keys = learned_keys(&text);
    for (what, key) in USUAL_KEYS {
        assert_eq!(keys[what].as_str(), Some(key), "{what}: {text}");
    }
    assert_eq!(keys.get("hard_drop").and_then(|k| k.as_str()), hard_drop, "hard drop: {text}");
    assert!(text.contains("turns clockwise"), "{text}");
    new_game(cdp);
    let (ok, text) = gamebot(&session.display, dir.path(), &["play", "tetris", "--profile", profile, "--lines", "200"]);
    let counter = cdp.eval(counter);
    let lines: u32 =
        counter.trim().trim_matches('"').parse().unwrap_or_else(|_| panic!("the program's counter: {counter}"));
    println!("the program's own line counter: {lines}");
    assert!(ok, "play from the learned profile:\n{text}");
    assert!(lines >= 200, "the program counted {lines} lines:\n{text}");
}

/// Presses `key` (DevTools' `key`, `code` and virtual key code) in the page.
fn press(cdp: &mut Cdp, (key, code, vk): (&str, &str, u32)) {
    for kind in ["keyDown", "keyUp"] {
        let event =
            format!("{{\"type\":\"{kind}\",\"key\":\"{key}\",\"code\":\"{code}\",\"windowsVirtualKeyCode\":{vk}}}");
        cdp.send("Input.dispatchKeyEvent", &event);
    }
}

/// A new game: the page loaded again.
fn reloaded(cdp: &mut Cdp) {
    cdp.eval("(function(){location.reload();return 'ok';})()");
    std::thread::sleep(Duration::from_secs(2));
    cdp.wait_loaded();
}

/// Opens the `index.html` of the program fetched to the folder `var` names, by file URL, in a
/// 900x800 window titled `title`, and starts its game with the JavaScript `start` once loaded.
fn started(var: &str, title: &str, start: &str) -> (Session, Cdp) {
    let url = format!("file://{}/index.html", program_dir(var).display());
    let (session, mut cdp) = Session::chromium(&url, (900, 800), title);
    cdp.wait_loaded();
    cdp.eval(start);
    std::thread::sleep(Duration::from_secs(1));
    (session, cdp)
}

#[test]
#[ignore = "needs GAMEBOT_INVZFNC_TETRIS_DIR: invzfnc/tetris-in-browser fetched (runs as fetched, served on 127.0.0.1)"]
fn invzfnc_is_learned_live_and_played_to_200_lines_by_its_own_counter() {
    let server = serve(&program_dir("GAMEBOT_INVZFNC_TETRIS_DIR"));
    let url = format!("http://127.0.0.1:{}/game.html", server.port);
    let (session, mut cdp) = Session::chromium(&url, (900, 800), "Tetris in Browser");
    // A new game for the play: the page reloaded. Its counter: the "Lines cleared" element.
    let reload = |cdp: &mut Cdp| {
        cdp.eval("(function(){location.reload();return 'ok';})()");
        std::thread::sleep(Duration::from_secs(3));
    };
    let counter = "document.getElementById('lines-cleared').textContent";
    learned_then_played_to_200_lines(
        &session,
        &mut cdp,
        ("Tetris in Browser", "learned-invzfnc", Some("space")),
        reload,
        counter,
    );
}

/// xosg/WebGames' blocks-drop (fetched; opened by file URL): its game object, which no global
/// holds, is taken from its `draw`, and its game started by its own Pause button.
const XOSG_START: &str = "(function(){var d=TetrisGame.prototype.draw;TetrisGame.prototype.draw=function(){window.__g=this;return d.apply(this,arguments);};document.getElementById('pause-game').click();return 'ok';})()";

#[test]
#[ignore = "needs GAMEBOT_XOSG_TETRIS_DIR: xosg/WebGames' blocks-drop folder fetched (runs as fetched)"]
fn xosg_is_learned_live_and_played_to_200_lines_by_its_own_counter() {
    let (session, mut cdp) = started("GAMEBOT_XOSG_TETRIS_DIR", "Tetris Blocks", XOSG_START);
    // A new game for the play: the page's own R (a new game, started at once).
    let restart = |cdp: &mut Cdp| {
        press(cdp, ("r", "KeyR", 82));
        std::thread::sleep(Duration::from_secs(1));
    };
    // Its "Lines" element is never updated by the page: its counter is the game object's.
    let counter = "String(window.__g.lines)";
    learned_then_played_to_200_lines(
        &session,
        &mut cdp,
        ("Tetris Blocks", "learned-xosg", Some("space")),
        restart,
        counter,
    );
}

/// kyeenno/purejs-tetris (fetched; opened by file URL). Its page is laid out by Tailwind, which it
/// loads from the network: the few Tailwind rules it uses are given here (the flex layout of its
/// score and controls panel beside the well, the `hidden` class that takes its start screen
/// away), so the page looks offline much as it does online. Without them the score spans stand
/// in one line, which widens with the score and moves the well across the page in mid-game. The
/// game object, which no global holds, is taken from its `render`, and the game started by its
/// own Start button.
const KYEENNO_START: &str = "(function(){var s=document.createElement('style');s.textContent='.flex{display:flex} .flex-col{flex-direction:column} .items-center{align-items:center} .justify-center{justify-content:center} .h-screen{height:100vh} .mr-8{margin-right:2rem} .border-2{border:2px solid} .p-2{padding:.5rem} .hidden{display:none}';document.head.appendChild(s);var d=Game.prototype.render;Game.prototype.render=function(){window.__g=this;return d.apply(this,arguments);};document.getElementById('startbtn').click();return 'ok';})()";

#[test]
#[ignore = "needs GAMEBOT_KYEENNO_TETRIS_DIR: kyeenno/purejs-tetris fetched (runs as fetched)"]
fn kyeenno_is_learned_live_and_played_to_200_lines_by_its_own_counter() {
    let (session, mut cdp) = started("GAMEBOT_KYEENNO_TETRIS_DIR", "Tetris", KYEENNO_START);
    // A new game for the play: the page's own Enter (a new game, started at once).
    let restart = |cdp: &mut Cdp| {
        press(cdp, ("Enter", "Enter", 13));
        std::thread::sleep(Duration::from_secs(1));
    };
    // Its counter: the game object's `lines` (the page's "Lines:" element shows the same).
    let counter = "String(window.__g.lines)";
    learned_then_played_to_200_lines(
        &session,
        &mut cdp,
        ("Tetris", "learned-kyeenno", Some("space")),
        restart,
        counter,
    );
}

/// Manuofthebirth/js-tetris (fetched; opened by file URL): its well of DOM squares, no hard drop
/// (Down moves a row, and locks a piece that rests). Its game starts by its Start button; a new
/// game is the page loaded again and started so. Its counter is its "LINES" element.
const MANU_START: &str = "(function(){document.querySelector('.start-btn').click();return 'ok';})()";

#[test]
#[ignore = "needs GAMEBOT_MANU_TETRIS_DIR: Manuofthebirth/js-tetris fetched (runs as fetched)"]
fn manu_is_learned_live_and_played_to_200_lines_by_its_own_counter() {
    let (session, mut cdp) = started("GAMEBOT_MANU_TETRIS_DIR", "Tetris", MANU_START);
    let restart = |cdp: &mut Cdp| {
        cdp.eval("(function(){location.reload();return 'ok';})()");
        std::thread::sleep(Duration::from_secs(2));
        cdp.wait_loaded();
        cdp.eval(MANU_START);
        std::thread::sleep(Duration::from_secs(1));
    };
    let counter = "document.querySelector('.score-num').textContent";
    learned_then_played_to_200_lines(&session, &mut cdp, ("Tetris", "learned-manu", None), restart, counter);
}

/// Gabzmelo/tetris-game runs as soon as its page loads (served: its page names its files from the
/// server's root). Its canvas is the page's first thing, so the well starts at the window's top
/// edge; no preview, no hold, no hard drop; gravity from a row every 500 ms to one every 100 ms by
/// its 20th line. Its lines are its `score` over 10. At a game's end it asks `confirm`, which
/// would stop the page: the test's own `confirm` notes the end and answers no.
const GABZ_SETUP: &str = "(function(){window.confirm=function(){window.__over=true;return false;};return 'ok';})()";

#[test]
#[ignore = "needs GAMEBOT_GABZ_TETRIS_DIR: Gabzmelo/tetris-game fetched (runs as fetched, served on 127.0.0.1)"]
fn gabzmelos_tetris_with_its_well_at_the_windows_top_is_learned_live_and_played_to_200_lines() {
    let server = serve(&program_dir("GAMEBOT_GABZ_TETRIS_DIR"));
    let url = format!("http://127.0.0.1:{}/", server.port);
    let (session, mut cdp) = Session::chromium(&url, (900, 800), "Tetris");
    cdp.wait_loaded();
    cdp.eval(GABZ_SETUP);
    let reload = |cdp: &mut Cdp| {
        cdp.eval("(function(){location.reload();return 'ok';})()");
        std::thread::sleep(Duration::from_secs(2));
        cdp.wait_loaded();
        cdp.eval(GABZ_SETUP);
    };
    let counter = "String(window.__over ? -1 : score / 10)";
    learned_then_played_to_200_lines(&session, &mut cdp, ("Tetris", "learned-gabz", None), reload, counter);
}

/// rwxdelir/mtwain-js (fetched; served on 127.0.0.1: its page has no title, so its window is named
/// by its address): a 300x600 canvas well of touching 30-px cells (no lines between them) on a
/// teal page, each block casting a red shadow 5 px right and down, a dark ghost, five previews in
/// a column left of the well (the first black, the rest pink); Shift, one of the usual keys
/// tried, pauses it under a tinted sheet (`learn/pause.rs`). Its page counts no lines (a score
/// only): its lines are the full rows its own `_clearLine` takes away, counted by a wrapper: the
/// full rows it finds on the call that ends a clear (its clear flashes them some 20 frames first;
/// the call that ends it leaves its `clearLineState` false). Its class is a global binding, so the
/// wrapper is set before the game's next frame. Its well touches the window's top edge, and each
/// block's shadow ends past its column (`learn::well::on_columns`, docs/tetris.md).
const MTWAIN_SETUP: &str = "(function(){window.__lines=0;var c=Tetris.prototype._clearLine;Tetris.prototype._clearLine=function(){var n=0;for(var i=0;i<this.boardHeight;i++){var full=true;for(var j=0;j<this.boardWidth;j++){if(this.board[i][j]==7){full=false;break;}}if(full){n++;}}var r=c.apply(this,arguments);if(n>0&&!this.clearLineState){window.__lines+=n;}return r;};return 'ok';})()";

#[test]
#[ignore = "needs GAMEBOT_MTWAIN_TETRIS_DIR: rwxdelir/mtwain-js fetched (runs as fetched, served on 127.0.0.1)"]
fn mtwain_pausing_on_shift_is_learned_live_and_played_to_200_lines_by_its_own_rows_cleared() {
    let server = serve(&program_dir("GAMEBOT_MTWAIN_TETRIS_DIR"));
    let address = format!("127.0.0.1:{}/index.html", server.port);
    let (session, mut cdp) = Session::chromium(&format!("http://{address}"), (1000, 800), &address);
    cdp.wait_loaded();
    cdp.eval(MTWAIN_SETUP);
    // Played on in the game the calibration left (its page restarts only when reloaded, and after
    // a reload here no key reached it in two runs: untraced), its count started again.
    let count_anew = |cdp: &mut Cdp| {
        cdp.eval("(function(){window.__lines=0;return 'ok';})()");
    };
    let counter = "String(window.__lines)";
    learned_then_played_to_200_lines(
        &session,
        &mut cdp,
        ("127.0.0.1", "learned-mtwain", Some("space")),
        count_anew,
        counter,
    );
}

/// buwilliams/tetris (fetched; its `app/index.html` opened by file URL, its music files left out:
/// the page plays on without them): a 300x600 canvas of black with 30-px bevelled blocks in a
/// light blue frame, DOM panels of score, level and lines beside it; no preview, no hold, no
/// ghost, no hard drop (Down moves a row); pieces start two rows above the well; gravity 1000 ms a
/// row, 90 ms less each level of 10 lines, so from its 100th line a row every frame (25 ms). Its
/// game starts with the page; a new game is the page loaded again (its own Restart link does
/// just that). Its "Lines" element is not updated by a clear that raises the level, which its
/// "Level" element then shows (level - 1 tens of lines): its count is the greater of the two.
const BUW_COUNTER: &str = "(function(){var n=function(id){return +document.getElementById(id).textContent;};return String(Math.max(n('lines'),(n('level')-1)*10));})()";

#[test]
#[ignore = "needs GAMEBOT_BUW_TETRIS_DIR: buwilliams/tetris fetched (runs as fetched, its app/index.html by file URL)"]
fn buwilliams_tetris_falling_a_row_a_frame_from_its_100th_line_is_learned_live_and_played_to_200_lines() {
    let url = format!("file://{}/app/index.html", program_dir("GAMEBOT_BUW_TETRIS_DIR").display());
    let (session, mut cdp) = Session::chromium(&url, (900, 800), "Tetris");
    cdp.wait_loaded();
    learned_then_played_to_200_lines(&session, &mut cdp, ("Tetris", "learned-buw", None), reloaded, BUW_COUNTER);
}

/// Under load quadrapassel's Down was once seen taking a piece all the way down, and was learned as
/// the hard drop; a hard drop must now be seen twice and never a row down (`learn::trials`).
#[test]
fn quadrapassel_is_learned_live_with_its_own_keys_and_rotation_table() {
    let settings = tempfile::tempdir().unwrap();
    let env = super::tetris::private_settings(settings.path());
    let game = common::LiveGame::start_with_env("quadrapassel", "quadrapassel", &env, &[], "Quadrapassel");
    // quadrapassel's first game starts by its play button (a key before it crashes the program).
    let out = game.gamebot(&["play", "tetris", "--new-game", "--pieces", "1"]);
    assert!(out.status.success(), "starting quadrapassel's game");
    let dir = tempfile::tempdir().unwrap();
    let learn = ["calibrate", "tetris", "--learn", "--title", "Quadrapassel", "--profile", "learned-quadrapassel"];
    let (ok, text) = gamebot(&game.display, dir.path(), &learn);
    assert!(ok, "live calibration:\n{text}");
    let keys = learned_keys(&text);
    for (what, key) in [("left", "Left"), ("right", "Right"), ("rotate", "Up"), ("hard_drop", "space")] {
        assert_eq!(keys[what].as_str(), Some(key), "{what}: {text}");
    }
    // quadrapassel turns counter-clockwise (its setting rotate-counter-clock-wise, true by default).
    assert!(text.contains("turns counter-clockwise"), "{text}");
}

/// austinlast/tetris (pygame, `main.py`; fetched outside the repository, its folder in
/// GAMEBOT_AUSTINLAST_TETRIS_DIR, run by the Python of GAMEBOT_ZOO_PYTHON with pygame): its well
/// is drawn from the window's top-left corner (x = 0, y = 0), 30-px textured cells under grey grid
/// lines on black, an outlined ghost, its score panel light blue right of it, the window titled
/// "pygame window". The harness part reads its `Game` object's `lines_cleared` (the "Lines:" the
/// panel shows), then runs its `main`.
const AUSTINLAST: &str = r#"
def state():
    games = objects("Game")
    if not games:
        return {"verdict": "menu"}
    g = games[-1]
    return {"moves": g.lines_cleared, "verdict": "lost" if g.game_over else "playing"}
threading.Thread(target=poll_in_thread, daemon=True).start()
import main
main.main()
"#;

/// A well from the window's left edge (`learn/well.rs`, `on_columns`): learned from its live
/// window, then played in a new run of the program to 200 lines by its own counter.
#[test]
#[ignore = "needs GAMEBOT_AUSTINLAST_TETRIS_DIR: austinlast/tetris fetched, and pygame (GAMEBOT_ZOO_PYTHON)"]
fn austinlast_with_its_well_at_the_windows_left_edge_is_learned_live_and_played_to_200_lines() {
    let folder = program_dir("GAMEBOT_AUSTINLAST_TETRIS_DIR");
    let dir = tempfile::tempdir().unwrap();
    {
        let session = Session::python(&folder, AUSTINLAST, 1, "pygame window", &[]);
        let learn = ["calibrate", "tetris", "--learn", "--title", "pygame window", "--profile", "learned-austinlast"];
        let (ok, text) = gamebot(&session.display, dir.path(), &learn);
        assert!(ok, "live calibration:\n{text}");
        let keys = learned_keys(&text);
        for (what, key) in USUAL_KEYS {
            assert_eq!(keys[what].as_str(), Some(key), "{what}: {text}");
        }
        assert_eq!(keys.get("hard_drop").and_then(|k| k.as_str()), Some("space"), "hard drop: {text}");
        assert!(text.contains("turns clockwise"), "{text}");
    }
    let session = Session::python(&folder, AUSTINLAST, 2, "pygame window", &[]);
    let play = ["play", "tetris", "--profile", "learned-austinlast", "--lines", "200"];
    let (ok, text) = gamebot(&session.display, dir.path(), &play);
    std::thread::sleep(Duration::from_millis(500));
    let lines = session.state_when(|s| !s.verdict.is_empty()).moves;
    println!("the program's own line counter: {lines}");
    assert!(ok, "play from the learned profile:\n{text}");
    assert!(lines >= 200, "the program counted {lines} lines:\n{text}");
}

/// asceznyk/jstetris in a scratch copy slowed to 500 ms a row (its `lapse`, as its own page tells
/// players to) with its AI key `a` taken out (calibration/zoo.md: a usual key that turns its AI on):
/// a 200x400 canvas under a "Lines: N" label, no hard drop, and the well drawn only at its gravity
/// steps, so that a key shows only at the next step (`learn/at_steps.rs`, `live/steps.rs`). Its
/// count: its `arena.score`. A new game is the page loaded again. Some 20 minutes (a piece takes
/// some four steps, 2.1 s).
#[test]
#[ignore = "needs GAMEBOT_ASCEZNYK_TETRIS_DIR: asceznyk/jstetris fetched, slowed to 500 ms and its AI key taken out (calibration/zoo.md)"]
fn asceznyks_tetris_drawn_only_at_its_gravity_steps_is_learned_live_and_played_to_200_lines() {
    let server = serve(&program_dir("GAMEBOT_ASCEZNYK_TETRIS_DIR"));
    let url = format!("http://127.0.0.1:{}/index.html", server.port);
    let (session, mut cdp) = Session::chromium(&url, (900, 800), "Tetris 99");
    cdp.wait_loaded();
    let counter = "String(arena.score)";
    learned_then_played_to_200_lines(&session, &mut cdp, ("Tetris 99", "learned-asceznyk", None), reloaded, counter);
}
