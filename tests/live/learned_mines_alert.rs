//! Issue 36, live: Masonward99/Minesweeper (a DOM table, fetched; GAMEBOT_MASON_MINES_DIR) ends a
//! game with the page's own `alert`, which dims the whole window, and shows its mine total as
//! "Bombs:" above the number, which the counter reader does not take: so the bot plays without the
//! total, and the rules alone cannot tell it has won. A move that cannot lose (cells the numbers
//! prove safe) followed by a board gone from the window is then the game's end display, a win
//! (`TurnBased::cannot_lose`). The test makes the first click on a 0 of the page's own layout
//! (through DevTools), calibrates blind from the live window, plays without `--mines`, and judges
//! the game by the message the page gave its `alert` (recorded by the test, then the dialog
//! dismissed over DevTools); a new game is the page's Reset button, up to 5 games.

use crate::common::cdp::Cdp;
use crate::common::zoo::{Session, program_dir};

use super::learned_mines_zoo::{Bot, until_won};

/// Records the page's alerts (then shows them as the page would).
const RECORD_ALERTS: &str = "(function(){window.__said='';var a=window.alert;window.alert=function(m){window.__said=m;return a.call(window,m);};return 'ok';})()";

/// A new game by the page's Reset, then a cell its layout makes a 0 clicked through DevTools.
fn new_game_opened(cdp: &mut Cdp) {
    cdp.eval("(function(){window.__said='';document.getElementById('reset').click();return 'ok';})()");
    let at = cdp.eval(
        "(function(){var t=document.getElementById('Grid');for(var r=0;r<t.rows.length;r++)for(var c=0;c<t.rows[r].cells.length;c++)\
         {var e=t.rows[r].cells[c];if(e.innerHTML=='0'){var b=e.getBoundingClientRect();return (b.left+b.width/2)+','+(b.top+b.height/2);}}return 'none';})()",
    );
    let (x, y) = at.split_once(',').unwrap_or_else(|| panic!("no 0 in the page's layout: {at}"));
    for kind in ["mouseMoved", "mousePressed", "mouseReleased"] {
        let params = format!("{{\"type\":\"{kind}\",\"x\":{x},\"y\":{y},\"button\":\"left\",\"clickCount\":1}}");
        cdp.send("Input.dispatchMouseEvent", &params);
    }
    cdp.send("Input.dispatchMouseEvent", "{\"type\":\"mouseMoved\",\"x\":2,\"y\":2}");
    assert_eq!(cdp.eval("String(firstClick)"), "false", "the first click opened the game");
}

/// The page's verdict, from its alert's message (the dialog dismissed first): "won", "lost" or
/// "playing".
fn page_says(cdp: &mut Cdp) -> String {
    cdp.send("Page.handleJavaScriptDialog", "{\"accept\":true}");
    let said = cdp.eval("String(window.__said)");
    if said.contains("won") {
        "won".into()
    } else if said.contains("lost") {
        "lost".into()
    } else {
        "playing".into()
    }
}

#[test]
#[ignore = "needs GAMEBOT_MASON_MINES_DIR: Masonward99/Minesweeper fetched (the folder holding index.html)"]
fn wins_masonwards_minesweeper_without_its_total_ending_in_its_own_alert() {
    let dir = program_dir("GAMEBOT_MASON_MINES_DIR");
    let url = format!("file://{}/index.html", dir.display());
    let (session, mut cdp) = Session::chromium(&url, (1000, 900), "Minesweeper");
    cdp.wait_loaded();
    // Dialogs are handled over DevTools only with the page's domain on.
    cdp.send("Page.enable", "{}");
    cdp.eval(RECORD_ALERTS);
    let bot = Bot::new(&session.display);
    until_won(|game| {
        new_game_opened(&mut cdp);
        if game == 0 {
            let (ok, text) =
                bot.run(&["calibrate", "mines", "--title", "Minesweeper", "--profile", "mason-live", "--learn"]);
            assert!(ok && text.contains("PROPOSED"), "blind calibration from the live window:\n{text}");
        }
        let (_, text) = bot.run(&["play", "mines", "--profile", "mason-live"]);
        (page_says(&mut cdp), text)
    });
}
