//! The zoo's `navid-mines`: Navid079's minesweeper.js (Navid079/minesweeper.js, plain script, no
//! library), a Minesweeper drawn on one CANVAS: near-black covered cells and white opened ones with
//! a 1-px grey line round every cell, a number in the canvas' default small font (10 px sans-serif,
//! black, set right of and above the cell's centre), a flag as a purple cell and the hit mine as a
//! red one, nothing else. Opened as fetched (GAMEBOT_NAVID_MINES_DIR, the folder holding
//! `index.html`) in Chromium under Xvfb. Its page starts the game from a global `config` (10x10, 10
//! mines, 70-px cells), which its README says is how the game is set; the 16x16 shot sets that
//! object's fields before the page's load event starts the game, from a script DevTools runs in
//! each new document. The mines are placed with `Math.random` when the game starts (no first click
//! is kept safe), which the same script seeds, so each shot's game is the same every run.
//!
//! The game object lives in a closure that `Runtime.evaluate` cannot reach; a conditional
//! breakpoint in its tick (run every 300 ms), whose condition never pauses, hands it to the page as
//! `window.__game`, and the truth is read from it (each tile's mine, flag, opened and count, by the
//! minified script's names). Clicks are DevTools' mouse events on the cells' centres (left opens,
//! right flags); the first click goes to a cell the game's own state says is a 0.

use std::path::Path;
use std::time::Duration;

use crate::common::cdp::Cdp;
use crate::zoo::{Cases, Session, program_dir};

/// The window's title the page gives itself.
pub const TITLE: &str = "Minesweeper.JS";

/// One shot: its board (rows, columns, mines) and cell size (the page's default is 10x10, 10 mines,
/// 70 px), the device scale, the window, the seed of `Math.random`, and what is played: the first
/// click (on a 0) or none, then safe cells beside numbers opened, mines beside numbers flagged, and
/// whether a mine beside a number is then clicked (a loss).
struct Shot {
    name: &'static str,
    board: (usize, usize, usize),
    cell: u32,
    scale: f64,
    window: (u32, u32),
    seed: u32,
    first: bool,
    opens: usize,
    flags: usize,
    lose: bool,
}

const DEFAULT: (usize, usize, usize) = (10, 10, 10);

const SHOTS: &[Shot] = &[
    Shot {
        name: "navid-10x10n10-01-untouched",
        board: DEFAULT,
        cell: 70,
        scale: 1.0,
        window: (740, 760),
        seed: 21,
        first: false,
        opens: 0,
        flags: 0,
        lose: false,
    },
    Shot {
        name: "navid-10x10n10-02-start",
        board: DEFAULT,
        cell: 70,
        scale: 1.0,
        window: (740, 760),
        seed: 22,
        first: true,
        opens: 0,
        flags: 0,
        lose: false,
    },
    Shot {
        name: "navid-10x10n10-03-mid-flags",
        board: DEFAULT,
        cell: 70,
        scale: 1.0,
        window: (740, 760),
        seed: 23,
        first: true,
        opens: 3,
        flags: 2,
        lose: false,
    },
    Shot {
        name: "navid-10x10n10-04-lost",
        board: DEFAULT,
        cell: 70,
        scale: 1.0,
        window: (740, 760),
        seed: 24,
        first: true,
        opens: 2,
        flags: 2,
        lose: true,
    },
    Shot {
        name: "navid-10x10n10-05-x1.25-mid-flags",
        board: DEFAULT,
        cell: 70,
        scale: 1.25,
        window: (920, 960),
        seed: 25,
        first: true,
        opens: 3,
        flags: 2,
        lose: false,
    },
    Shot {
        name: "navid-16x16n40-01-mid-flags",
        board: (16, 16, 40),
        cell: 40,
        scale: 1.0,
        window: (700, 720),
        seed: 26,
        first: true,
        opens: 4,
        flags: 3,
        lose: false,
    },
];

/// A small generator (mulberry32) given to the page as its `Math.random`, seeded per shot.
pub fn seeded_random(seed: u32) -> String {
    format!(
        "(function(){{var a={seed}>>>0;Math.random=function(){{a=(a+0x6D2B79F5)>>>0;var t=a;\
         t=Math.imul(t^(t>>>15),t|1);t^=t+Math.imul(t^(t>>>7),t|61);return((t^(t>>>14))>>>0)/4294967296;}};}})();"
    )
}

/// The page's game: board rows (# covered, F flagged, . or 1-8 opened, * a mine shown), the mine
/// layout (rows of * and .), and whether it is still running. Read from the game object the
/// breakpoint hands over (tiles `t` mine, `i` flagged, `h` opened, `o` count; the game's `G` board
/// and `L` running, as the minified script names them); "none" before the first tick.
pub const STATE: &str = "(function(){var g=window.__game;if(!g)return 'none';var rows=[],lay=[];\
for(var y=0;y<g.G.length;y++){var s='',l='';for(var x=0;x<g.G[y].length;x++){var c=g.G[y][x];\
l+=c.t?'*':'.';if(c.h)s+=c.t?'*':(c.o?String(c.o):'.');else s+=c.i?'F':'#';}rows.push(s);lay.push(l);}\
return rows.join(',')+';'+lay.join(',')+';'+g.L;})()";

/// The page's game as (board rows, layout rows, running).
pub fn truth(cdp: &mut Cdp) -> (Vec<String>, Vec<String>, bool) {
    let text = crate::common::wait_until(
        "the game's state",
        Duration::from_millis(100),
        || Some(cdp.eval(STATE)).filter(|t| t != "none"),
        String::new,
    );
    let parts: Vec<&str> = text.split(';').collect();
    assert_eq!(parts.len(), 3, "the page's state: {text}");
    let split = |s: &str| s.split(',').map(String::from).collect::<Vec<_>>();
    (split(parts[0]), split(parts[1]), parts[2] == "true")
}

/// The breakpoint that hands the game to the page: in the minified script's tick, `A(){this.L&&`,
/// found in the fetched file (exactly once).
pub fn breakpoint(dir: &Path) -> String {
    let script = std::fs::read_to_string(dir.join("index.min.js")).expect("the fetched index.min.js");
    let at: Vec<usize> = script.match_indices("A(){this.L&&").map(|(i, _)| i + 4).collect();
    assert_eq!(at.len(), 1, "the tick of index.min.js (fetched at another commit?)");
    format!(
        "{{\"lineNumber\":0,\"columnNumber\":{},\"urlRegex\":\"index\\\\.min\\\\.js\",\"condition\":\"(window.__game=this,false)\"}}",
        at[0]
    )
}

/// Opens the page with its game of `board` at `cell` px and `Math.random` seeded: the script is
/// given to every new document and the page loaded again, so both are in place before the game
/// starts.
pub fn open(
    dir: &Path,
    board: (usize, usize, usize),
    cell: u32,
    scale: f64,
    window: (u32, u32),
    seed: u32,
) -> (Session, Cdp) {
    let url = format!("file://{}/index.html", dir.display());
    let factor = format!("--force-device-scale-factor={scale}");
    let (session, mut cdp) = Session::chromium_with(&url, window, TITLE, &[&factor]);
    let (rows, cols, mines) = board;
    let setup = format!(
        "{}window.__seed={seed};addEventListener('DOMContentLoaded',function(){{config.width={cols};config.height={rows};config.nMines={mines};\
         config.w_size={cell};config.h_size={cell};}});",
        seeded_random(seed)
    );
    cdp.send("Page.enable", "{}");
    cdp.send("Page.addScriptToEvaluateOnNewDocument", &format!("{{\"source\":\"{setup}\"}}"));
    cdp.send("Debugger.enable", "{}");
    cdp.send("Debugger.setBreakpointByUrl", &breakpoint(dir));
    cdp.send("Page.reload", "{}");
    let reloaded = format!("String(window.__seed==={seed}&&!!window.__game)");
    crate::common::wait_until(
        "the page loaded again with its script",
        Duration::from_millis(100),
        || (cdp.eval(&reloaded) == "true").then_some(()),
        String::new,
    );
    let (board_now, _, running) = truth(&mut cdp);
    assert!(running, "the game is running");
    assert_eq!((board_now.len(), board_now[0].len()), (rows, cols), "the page's board");
    let seeded = cdp.eval("String(Math.random.toString().indexOf('imul')>=0)");
    assert_eq!(seeded, "true", "the page's Math.random is not the seeded one");
    (session, cdp)
}

/// A click on cell (row, col) of a board of `cell`-px cells through DevTools' mouse events
/// (`left` or `right`), then the pointer moved off the board and a wait for the page's next draw.
pub fn click(cdp: &mut Cdp, cell: u32, (row, col): (usize, usize), button: &str) {
    let at = cdp.eval(
        "(function(){var r=document.querySelector('canvas').getBoundingClientRect();return r.left+','+r.top;})()",
    );
    let (left, top) = at.split_once(',').unwrap();
    let x = left.parse::<f64>().unwrap() + (col as f64 + 0.5) * cell as f64;
    let y = top.parse::<f64>().unwrap() + (row as f64 + 0.5) * cell as f64;
    for kind in ["mouseMoved", "mousePressed", "mouseReleased"] {
        let params = format!("{{\"type\":\"{kind}\",\"x\":{x},\"y\":{y},\"button\":\"{button}\",\"clickCount\":1}}");
        cdp.send("Input.dispatchMouseEvent", &params);
        std::thread::sleep(Duration::from_millis(60));
    }
    cdp.send("Input.dispatchMouseEvent", "{\"type\":\"mouseMoved\",\"x\":2,\"y\":2}");
    std::thread::sleep(Duration::from_millis(400));
}

/// The covered cells (not flagged) next to an opened number, in reading order, that are mines
/// (`mine`) or clear.
pub fn frontier(rows: &[String], layout: &[String], mine: bool) -> Vec<(usize, usize)> {
    let cell = |r: usize, c: usize| rows[r].as_bytes()[c];
    let (h, w) = (rows.len(), rows[0].len());
    let mut out = Vec::new();
    for (r, laid) in layout.iter().enumerate() {
        for c in 0..w {
            if cell(r, c) != b'#' || (laid.as_bytes()[c] == b'*') != mine {
                continue;
            }
            let near_number = (r.saturating_sub(1)..(r + 2).min(h))
                .any(|rr| (c.saturating_sub(1)..(c + 2).min(w)).any(|cc| cell(rr, cc).is_ascii_digit()));
            if near_number {
                out.push((r, c));
            }
        }
    }
    out
}

fn capture(cases: &mut Cases, dir: &Path, shot: &Shot) {
    let (mut session, mut cdp) = open(dir, shot.board, shot.cell, shot.scale, shot.window, shot.seed);
    let (rows, cols, mines) = shot.board;
    let mut first = None;
    if shot.first {
        let (_, layout, _) = truth(&mut cdp);
        first = Some(crate::common::zoo::a_zero(&layout));
        click(&mut cdp, shot.cell, first.unwrap(), "left");
    }
    for _ in 0..shot.opens {
        let (board, layout, _) = truth(&mut cdp);
        let next = *frontier(&board, &layout, false).first().expect("a clear cell beside a number");
        click(&mut cdp, shot.cell, next, "left");
    }
    for _ in 0..shot.flags {
        let (board, layout, _) = truth(&mut cdp);
        let next = *frontier(&board, &layout, true).first().expect("a mine beside a number");
        click(&mut cdp, shot.cell, next, "right");
    }
    if shot.lose {
        let (board, layout, _) = truth(&mut cdp);
        let next = *frontier(&board, &layout, true).first().expect("a mine beside a number");
        click(&mut cdp, shot.cell, next, "left");
    }
    let (board, layout, running) = truth(&mut cdp);
    assert_eq!(running, !shot.lose, "{}: the game ended only by the loss", shot.name);
    let frame = session.capture();
    assert_eq!(truth(&mut cdp), (board.clone(), layout.clone(), running), "the board changed while it was captured");
    let played = match first {
        None => "a new game before any click".to_string(),
        Some((r, c)) => format!(
            "first click row {r} col {c} (a 0 by the game's state), then clear cells beside numbers opened: {}, \
             mines beside numbers flagged: {}{}",
            shot.opens,
            shot.flags,
            if shot.lose { ", then a mine beside a number clicked (lost)" } else { "" }
        ),
    };
    let source = format!(
        "Navid079's minesweeper.js (Navid079/minesweeper.js 36e8f2c, one canvas), {cols}x{rows}, {mines} mines, \
         {}-px cells (its config), {played}; Chromium --app under Xvfb + jwm, window {}x{} at device scale {}, \
         Math.random seeded ({}); clicks by DevTools' mouse events; truth from the page's game object (handed over \
         by a breakpoint in its tick); tests/capture/zoo_navid_mines.rs",
        shot.cell,
        frame.width(),
        frame.height(),
        shot.scale,
        shot.seed
    );
    let lines: Vec<String> = layout.iter().map(|l| format!("  \"{l}\",")).collect();
    let answer = format!("layout = [\n{}\n]", lines.join("\n"));
    cases.write_with(
        shot.name,
        &frame,
        &source,
        &board,
        &format!("mines = {mines}\nfirst_click = \"unsafe\"\n"),
        Some(&answer),
    );
    drop(session);
}

#[test]
#[ignore = "needs GAMEBOT_NAVID_MINES_DIR: Navid079/minesweeper.js fetched (the folder holding index.html)"]
fn captures_navid_mines() {
    let dir = program_dir("GAMEBOT_NAVID_MINES_DIR");
    let mut cases = Cases::new("mines", "navid-mines");
    for shot in SHOTS {
        capture(&mut cases, &dir, shot);
    }
    cases.check();
}
