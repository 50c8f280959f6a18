//! The zoo's dark-theme Minesweeper, `rwpz-mines`: rw-pz's claude-minesweeper (a DOM page, one
//! script, no library; fetched outside the repository, GAMEBOT_RWPZ_MINES_DIR the folder holding
//! `docs/index.html`), run in Chromium under Xvfb for the capture and live tests. Every cell is a
//! BUTTON in a CSS grid: covered a slate grey (#374151) with a lighter 1-px border, opened the
//! page's near-black (#1f2937), numbers in the system font in four greys (5-8 the same greys as 1-4,
//! bolder), a flag "⚑" and a mine "●" as light text, every mine shown after a loss on dark red; the
//! cell the keyboard is on (the top-left one until keys move it) has a light outline.
//!
//! Its game object is made at the page's DOMContentLoaded and kept by no name; a script DevTools
//! runs in each new document (before the page's own) adds a listener that runs first and wraps the
//! class's `init`, so the object hands itself to the page as `window.__game`, and seeds
//! `Math.random` (the page places its mines when a game starts, before any click, so no first
//! click is safe). The truth is read from that object (each cell's mine, flag, opened, count, the
//! game's state) and checked against the cells' own classes and text in the DOM. Clicks are
//! DevTools' mouse events on the cells' centres (left opens, right flags), the pointer moved off
//! the board after.

use std::path::Path;
use std::time::Duration;

use crate::common::cdp::Cdp;
use crate::common::zoo::Session;

/// The window's title the page gives itself.
pub const TITLE: &str = "Claude's Minesweeper";

/// A small generator (mulberry32) given to the page as its `Math.random`, seeded.
fn seeded_random(seed: u32) -> String {
    format!(
        "(function(){{var a={seed}>>>0;Math.random=function(){{a=(a+0x6D2B79F5)>>>0;var t=a;\
         t=Math.imul(t^(t>>>15),t|1);t^=t+Math.imul(t^(t>>>7),t|61);return((t^(t>>>14))>>>0)/4294967296;}};}})();"
    )
}

/// The game as `board;layout;state;dom`: board rows (# covered, F flagged, . or 1-8 opened, * a
/// mine shown) from the game object, the mine layout, its `gameState` (ready, playing, won, lost)
/// and the same board rows read from the cells' classes and text; "none" before the game exists.
const STATE: &str = "(function(){var g=window.__game;if(!g||!g.board.length)return 'none';\
var rows=[],lay=[],dom=[],cells=document.querySelectorAll('#game-board .cell');\
for(var y=0;y<g.height;y++){var s='',l='',d='';for(var x=0;x<g.width;x++){var c=g.board[y][x];\
l+=c.isMine?'*':'.';if(c.isFlagged)s+='F';else if(c.isRevealed)s+=c.isMine?'*':(c.neighborCount?String(c.neighborCount):'.');\
else s+='#';var e=cells[y*g.width+x],k=e.classList;\
d+=k.contains('flagged')?'F':(k.contains('mine')?'*':(k.contains('revealed')?(e.textContent.trim()||'.'):'#'));}\
rows.push(s);lay.push(l);dom.push(d);}\
return rows.join(',')+';'+lay.join(',')+';'+g.gameState+';'+dom.join(',');})()";

/// The page's game: board rows, layout rows and its state ("ready", "playing", "won", "lost"),
/// once it has held still for 300 ms (the page opens an area and shows the mines of a loss cell by
/// cell on timers), its object's board checked against the DOM's.
pub fn truth(cdp: &mut Cdp) -> (Vec<String>, Vec<String>, String) {
    let mut last = String::new();
    let text = crate::common::wait_until(
        "the game's state holding still",
        Duration::from_millis(300),
        || {
            let now = cdp.eval(STATE);
            let still = now != "none" && now == last;
            last = now;
            still.then(|| last.clone())
        },
        String::new,
    );
    let parts: Vec<&str> = text.split(';').collect();
    assert_eq!(parts.len(), 4, "the page's state: {text}");
    assert_eq!(parts[0], parts[3], "the game object's board and the page's cells differ");
    let split = |s: &str| s.split(',').map(String::from).collect::<Vec<_>>();
    (split(parts[0]), split(parts[1]), parts[2].to_string())
}

/// Opens the page (`docs/index.html` of `dir`) in a `window` with `Math.random` seeded and the game
/// object handed over: the script is given to every new document and the page loaded again, so
/// both are in place before the game starts. Then the page's own difficulty selector is set to
/// `level` ("beginner" 9x9, "intermediate" 16x16, "expert" 30x16).
pub fn open(dir: &Path, level: &str, window: (u32, u32), seed: u32) -> (Session, Cdp) {
    let url = format!("file://{}/docs/index.html", dir.display());
    let (session, mut cdp) = Session::chromium(&url, window, TITLE);
    let setup = format!(
        "{}window.__seed={seed};document.addEventListener('DOMContentLoaded',function(){{\
         var init=Minesweeper.prototype.init;Minesweeper.prototype.init=function(){{window.__game=this;return init.call(this);}};}});",
        seeded_random(seed)
    );
    cdp.send("Page.enable", "{}");
    cdp.send("Page.addScriptToEvaluateOnNewDocument", &format!("{{\"source\":\"{setup}\"}}"));
    cdp.send("Page.reload", "{}");
    let reloaded = format!("String(window.__seed==={seed}&&!!window.__game)");
    crate::common::wait_until(
        "the page loaded again with its script",
        Duration::from_millis(100),
        || (cdp.eval(&reloaded) == "true").then_some(()),
        String::new,
    );
    let seeded = cdp.eval("String(Math.random.toString().indexOf('imul')>=0)");
    assert_eq!(seeded, "true", "the page's Math.random is not the seeded one");
    new_game(&mut cdp, level);
    (session, cdp)
}

/// A new game at `level` through the page's own difficulty selector (its change event starts one).
pub fn new_game(cdp: &mut Cdp, level: &str) {
    let script = format!(
        "(function(){{var s=document.getElementById('difficulty');s.value='{level}';\
         s.dispatchEvent(new Event('change'));return window.__game.width+'x'+window.__game.height;}})()"
    );
    let size = cdp.eval(&script);
    let (_, _, state) = truth(cdp);
    assert_eq!(state, "ready", "a new {level} game ({size})");
}

/// A click on cell (row, col) through DevTools' mouse events (`left` or `right`) at the cell's
/// centre, then the pointer moved off the board (a covered cell under it is drawn lighter).
pub fn click(cdp: &mut Cdp, (row, col): (usize, usize), button: &str) {
    let at = cdp.eval(&format!(
        "(function(){{var g=window.__game,r=document.querySelectorAll('#game-board .cell')[{row}*g.width+{col}]\
         .getBoundingClientRect();return (r.left+r.width/2)+','+(r.top+r.height/2);}})()"
    ));
    let (x, y) = at.split_once(',').unwrap();
    for kind in ["mouseMoved", "mousePressed", "mouseReleased"] {
        let params = format!("{{\"type\":\"{kind}\",\"x\":{x},\"y\":{y},\"button\":\"{button}\",\"clickCount\":1}}");
        cdp.send("Input.dispatchMouseEvent", &params);
        std::thread::sleep(Duration::from_millis(60));
    }
    cdp.send("Input.dispatchMouseEvent", "{\"type\":\"mouseMoved\",\"x\":2,\"y\":2}");
    std::thread::sleep(Duration::from_millis(300));
}
