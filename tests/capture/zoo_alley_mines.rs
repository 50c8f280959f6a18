//! The zoo's `alley-mines`: cp-alley's js-minesweeper (cp-alley/js-minesweeper, plain scripts, no
//! library), a Minesweeper drawn as an HTML table: grey cells with white and grey CSS bevels, opened
//! cells flat with a thin grey line at their top and left, bold monospace numbers in the classic
//! colours, and a flag and a mine as emoji (🚩, 💣) in whatever font the machine has for them
//! (none here: the same box for both, a flag on a covered cell, a mine on an opened one). Its
//! Easy 9x9/10, Medium 16x16/40 and Hard 30x16/99 are chosen in the page's own form. Opened from
//! the fetched folder (GAMEBOT_ALLEY_MINES_DIR, the folder holding `index.html`) in Chromium under
//! Xvfb, at device scale factors 1 and 1.5 (the page does not grow with its window). The page
//! draws its mines with `Math.random` at the first click (away from that cell and its
//! neighbours) and calls it nowhere else; DevTools gives the loaded page a seeded `Math.random`
//! before that click, so each shot's game is the same every run. The truth is the page's own `game` object (each
//! cell's mine, count, clicked and flagged), checked against its table's cells (their classes and
//! text); clicks are DevTools' mouse events (left to open, right to flag) on the cells' centres.

use crate::common::cdp::Cdp;
use crate::zoo::{Cases, Session, program_dir};

/// One shot: the page's difficulty, its board (rows, columns, mines), the device scale, the
/// window's size, the seed of `Math.random`, and what is played: the first click (None: none),
/// then safe cells opened, mines flagged, and whether a mine is then clicked (a loss).
struct Shot {
    name: &'static str,
    level: &'static str,
    board: (usize, usize, usize),
    scale: f64,
    window: (u32, u32),
    seed: u32,
    first: Option<(usize, usize)>,
    opens: usize,
    flags: usize,
    lose: bool,
}

const SHOTS: &[Shot] = &[
    Shot {
        name: "alley-9x9n10-01-untouched",
        level: "easy",
        board: (9, 9, 10),
        scale: 1.0,
        window: (420, 480),
        seed: 11,
        first: None,
        opens: 0,
        flags: 0,
        lose: false,
    },
    Shot {
        name: "alley-9x9n10-02-start",
        level: "easy",
        board: (9, 9, 10),
        scale: 1.0,
        window: (420, 480),
        seed: 12,
        first: Some((4, 4)),
        opens: 0,
        flags: 0,
        lose: false,
    },
    Shot {
        name: "alley-9x9n10-03-mid-flags",
        level: "easy",
        board: (9, 9, 10),
        scale: 1.0,
        window: (420, 480),
        seed: 13,
        first: Some((4, 4)),
        opens: 3,
        flags: 2,
        lose: false,
    },
    Shot {
        name: "alley-9x9n10-05-x1.5-mid-flags",
        level: "easy",
        board: (9, 9, 10),
        scale: 1.5,
        window: (600, 700),
        seed: 15,
        first: Some((4, 4)),
        opens: 3,
        flags: 2,
        lose: false,
    },
    Shot {
        name: "alley-16x16n40-01-mid-flags",
        level: "medium",
        board: (16, 16, 40),
        scale: 1.0,
        window: (560, 640),
        seed: 16,
        first: Some((8, 8)),
        opens: 6,
        flags: 3,
        lose: false,
    },
    Shot {
        name: "alley-16x30n99-01-mid-flags",
        level: "hard",
        board: (16, 30, 99),
        scale: 1.0,
        window: (900, 640),
        seed: 17,
        first: Some((8, 15)),
        opens: 6,
        flags: 3,
        lose: false,
    },
];

/// A small generator (mulberry32) given to the page as its `Math.random`, seeded per shot.
fn seeded_random(seed: u32) -> String {
    format!(
        "(function(){{var a={seed}>>>0;Math.random=function(){{a=(a+0x6D2B79F5)>>>0;var t=a;\
         t=Math.imul(t^(t>>>15),t|1);t^=t+Math.imul(t^(t>>>7),t|61);return((t^(t>>>14))>>>0)/4294967296;}};}})();"
    )
}

/// The page's game: board rows (# covered, F flagged, . or 1-8 opened, * a mine shown), the mine
/// layout (rows of * and .), and whether the mines are placed yet. Read from its `game` object and
/// checked against the table's cells, which must say the same.
fn truth(cdp: &mut Cdp) -> (Vec<String>, Vec<String>, bool) {
    let js = "(function(){var g=game,rows=[],lay=[],dom=[];for(var y=0;y<g.height;y++){var s='',l='',d='';\
for(var x=0;x<g.width;x++){var c=g.board[y][x];l+=c.mine?'*':'.';\
if(c.clicked)s+=c.mine?'*':(c.mineCount?String(c.mineCount):'.');else s+=c.flagged?'F':'#';\
var td=document.getElementById(y+'-'+x),k=td.classList,t=td.innerText.trim();\
if(k.contains('clicked'))d+=k.contains('mine')?'*':(t===''?'.':t);else d+=k.contains('flagged')?'F':'#';}\
rows.push(s);lay.push(l);dom.push(d);}\
return rows.join(',')+';'+lay.join(',')+';'+(!g.firstClick)+';'+dom.join(',');})()";
    let text = cdp.eval(js);
    let parts: Vec<&str> = text.split(';').collect();
    assert_eq!(parts.len(), 4, "the page's state: {text}");
    assert_eq!(parts[0], parts[3], "the page's game object and its table differ");
    let split = |s: &str| s.split(',').map(String::from).collect::<Vec<_>>();
    (split(parts[0]), split(parts[1]), parts[2] == "true")
}

/// A click on cell (row, col) through DevTools' mouse events (`left` or `right`), then the
/// pointer moved off the board.
fn click(cdp: &mut Cdp, (row, col): (usize, usize), button: &str) {
    let at = cdp.eval(&format!(
        "(function(){{var r=document.getElementById('{row}-{col}').getBoundingClientRect();return (r.left+r.width/2)+','+(r.top+r.height/2);}})()"
    ));
    let (x, y) = at.split_once(',').unwrap();
    for kind in ["mouseMoved", "mousePressed", "mouseReleased"] {
        let params = format!("{{\"type\":\"{kind}\",\"x\":{x},\"y\":{y},\"button\":\"{button}\",\"clickCount\":1}}");
        cdp.send("Input.dispatchMouseEvent", &params);
        std::thread::sleep(std::time::Duration::from_millis(60));
    }
    cdp.send("Input.dispatchMouseEvent", "{\"type\":\"mouseMoved\",\"x\":2,\"y\":2}");
}

/// The covered cells (not flagged) next to an opened number, in reading order, that are mines
/// (`mine`) or clear.
fn frontier(rows: &[String], layout: &[String], mine: bool) -> Vec<(usize, usize)> {
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

/// Opens the page for one shot: its level chosen in its own form, and a seeded `Math.random` given
/// to it before any click.
fn open(dir: &std::path::Path, shot: &Shot) -> (Session, Cdp) {
    let url = format!("file://{}/index.html", dir.display());
    let factor = format!("--force-device-scale-factor={}", shot.scale);
    let (session, mut cdp) = Session::chromium_with(&url, shot.window, "Document", &[&factor]);
    let ready = "String(document.readyState=='complete'&&typeof game=='object'&&!!document.getElementById('0-0'))";
    let wait = |cdp: &mut Cdp, what: &str, js: &str| {
        crate::common::wait_until(
            what,
            std::time::Duration::from_millis(200),
            || (cdp.eval(js) == "true").then_some(()),
            String::new,
        )
    };
    wait(&mut cdp, "the page loading", ready);
    // The page calls Math.random only to place its mines, at the first click.
    let seeded = cdp.eval(&format!("{}String(Math.random.toString().indexOf('imul')>=0)", seeded_random(shot.seed)));
    assert_eq!(seeded, "true", "the page's Math.random is not the seeded one");
    let chosen = cdp.eval(&format!(
        "(function(){{difficultySelection.value='{}';newGameForm.requestSubmit();return String(game.width+'x'+game.height);}})()",
        shot.level
    ));
    let (rows, cols, _) = shot.board;
    assert_eq!(chosen, format!("{cols}x{rows}"), "the page's level {}", shot.level);
    (session, cdp)
}

fn capture(cases: &mut Cases, dir: &std::path::Path, shot: &Shot) {
    let (mut session, mut cdp) = open(dir, shot);
    let (rows, cols, mines) = shot.board;
    if let Some(first) = shot.first {
        click(&mut cdp, first, "left");
    }
    for _ in 0..shot.opens {
        let (board, layout, _) = truth(&mut cdp);
        let next = *frontier(&board, &layout, false).first().expect("a clear cell beside a number");
        click(&mut cdp, next, "left");
    }
    for _ in 0..shot.flags {
        let (board, layout, _) = truth(&mut cdp);
        let next = *frontier(&board, &layout, true).first().expect("a mine beside a number");
        click(&mut cdp, next, "right");
    }
    if shot.lose {
        let (board, layout, _) = truth(&mut cdp);
        let next = *frontier(&board, &layout, true).first().expect("a mine beside a number");
        click(&mut cdp, next, "left");
    }
    let (board, layout, placed) = truth(&mut cdp);
    assert_eq!((board.len(), board[0].len()), (rows, cols), "{}: the page's board", shot.name);
    assert_eq!(placed, shot.first.is_some(), "{}: the mines placed after the first click only", shot.name);
    let frame = session.capture();
    assert_eq!(truth(&mut cdp), (board.clone(), layout.clone(), placed), "the board changed while it was captured");
    let played = match shot.first {
        None => "a new game before any click".to_string(),
        Some((r, c)) => format!(
            "first click row {r} col {c}, then clear cells beside numbers opened: {}, mines beside numbers flagged: {}{}",
            shot.opens,
            shot.flags,
            if shot.lose { ", then a mine beside a number clicked (lost)" } else { "" }
        ),
    };
    let source = format!(
        "cp-alley's js-minesweeper (cp-alley/js-minesweeper 4586ddd, an HTML table), level {} ({cols}x{rows}, \
         {mines} mines), {played}; Chromium --app under Xvfb + jwm, window {}x{} at device scale {}, \
         Math.random seeded ({}); clicks by DevTools' mouse events; truth from the page's game object, checked \
         against its table; tests/capture/zoo_alley_mines.rs",
        shot.level,
        frame.width(),
        frame.height(),
        shot.scale,
        shot.seed
    );
    let answer = placed.then(|| {
        let lines: Vec<String> = layout.iter().map(|l| format!("  \"{l}\",")).collect();
        format!("layout = [\n{}\n]", lines.join("\n"))
    });
    cases.write_with(shot.name, &frame, &source, &board, &format!("mines = {mines}\n"), answer.as_deref());
    drop(session);
}

#[test]
#[ignore = "needs GAMEBOT_ALLEY_MINES_DIR: cp-alley/js-minesweeper fetched (the folder holding index.html)"]
fn captures_alley_mines() {
    let dir = program_dir("GAMEBOT_ALLEY_MINES_DIR");
    let mut cases = Cases::new("mines", "alley-mines");
    for shot in SHOTS {
        capture(&mut cases, &dir, shot);
    }
    cases.check();
}
