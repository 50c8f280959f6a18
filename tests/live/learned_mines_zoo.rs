//! Issue 36, live: cp-alley's js-minesweeper (a browser page, fetched; GAMEBOT_ALLEY_MINES_DIR,
//! calibration/zoo.md) calibrated blind from its live window and played with the profile it
//! learned. The page places its mines at the first click, so the test makes that click (the
//! centre cell, through DevTools; the page keeps that cell's neighbours clear, so it opens an
//! area), then `gamebot calibrate mines --title Document --learn` and `gamebot play mines --mines
//! 10` with real clicks. Won or lost is the page's own word (its `game` object), never gamebot's
//! reader; a new game (the page's own form) after a loss, up to 5 games, and the bot must say
//! `won:` when the page says won.

use std::path::Path;

use crate::common::cdp::Cdp;
use crate::common::gamebot_on;
use crate::common::zoo::{Session, program_dir};

/// A new Easy game through the page's own form, then its centre cell clicked through DevTools'
/// mouse events (the pointer moved off the board after).
fn new_game_opened(cdp: &mut Cdp) {
    let size = cdp.eval("(function(){difficultySelection.value='easy';newGameForm.requestSubmit();return game.width+'x'+game.height;})()");
    assert_eq!(size, "9x9", "the page's Easy level");
    let at = cdp.eval("(function(){var r=document.getElementById('4-4').getBoundingClientRect();return (r.left+r.width/2)+','+(r.top+r.height/2);})()");
    let (x, y) = at.split_once(',').unwrap();
    for kind in ["mouseMoved", "mousePressed", "mouseReleased"] {
        let params = format!("{{\"type\":\"{kind}\",\"x\":{x},\"y\":{y},\"button\":\"left\",\"clickCount\":1}}");
        cdp.send("Input.dispatchMouseEvent", &params);
    }
    cdp.send("Input.dispatchMouseEvent", "{\"type\":\"mouseMoved\",\"x\":2,\"y\":2}");
    assert_eq!(cdp.eval("String(!game.firstClick&&!game.gameOver)"), "true", "the first click opened the game");
}

/// The page's verdict: "won", "lost" or "playing".
fn page_says(cdp: &mut Cdp) -> String {
    cdp.eval("game.gameOver?'lost':(game.isWon()?'won':'playing')")
}

#[test]
#[ignore = "needs GAMEBOT_ALLEY_MINES_DIR: cp-alley/js-minesweeper fetched (the folder holding index.html)"]
fn wins_alleys_browser_minesweeper_from_a_blind_calibration() {
    let dir = program_dir("GAMEBOT_ALLEY_MINES_DIR");
    let url = format!("file://{}/index.html", dir.display());
    let (session, mut cdp) = Session::chromium(&url, (420, 480), "Document");
    crate::common::wait_until(
        "the page loading",
        std::time::Duration::from_millis(200),
        || (cdp.eval("String(typeof game=='object'&&!!document.getElementById('4-4'))") == "true").then_some(()),
        String::new,
    );
    let folders = tempfile::tempdir().unwrap();
    let config = folders.path().join("config").to_string_lossy().to_string();
    let calibration = folders.path().join("calibration").to_string_lossy().to_string();
    let bot = |args: &[&str]| {
        let mut all = vec!["--config-dir", &config, "--calibration-dir", &calibration];
        all.extend(args);
        let out = gamebot_on(&session.display, &all);
        let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        (out.status.success(), text)
    };
    let mut outcomes = Vec::new();
    for game in 0..5 {
        new_game_opened(&mut cdp);
        if game == 0 {
            let (ok, text) = bot(&["calibrate", "mines", "--title", "Document", "--profile", "alley-live", "--learn"]);
            assert!(ok && text.contains("PROPOSED"), "blind calibration from the live window:\n{text}");
        }
        let (_, text) = bot(&["play", "mines", "--profile", "alley-live", "--mines", "10"]);
        let verdict = page_says(&mut cdp);
        if verdict == "won" {
            assert!(text.lines().any(|l| l.starts_with("won:")), "the page says won, the bot did not:\n{text}");
            outcomes.push("won".to_string());
            break;
        }
        assert_eq!(verdict, "lost", "the bot stopped with the game neither won nor lost:\n{text}");
        outcomes.push("lost".to_string());
    }
    println!("games: {outcomes:?}");
    assert!(outcomes.last().is_some_and(|o| o == "won"), "no win in 5 games: {outcomes:?}");
    assert!(Path::new(&config).join("alley-live.toml").exists());
}
