//! The second program of the Tetris zoo (issue 37): invzfnc/tetris-in-browser, served on
//! 127.0.0.1 from the folder `GAMEBOT_INVZFNC_TETRIS_DIR` names (fetched, never in this
//! repository). It looks unlike kyeenno: a grey ghost, three previews and a hold box in bordered
//! boxes right of the well, grey grid lines, cells sized from the window's height.
//!
//! Its whole state lives in `let`s inside one closure, which DevTools' `Runtime.evaluate` cannot
//! reach; so a conditional breakpoint in its game loop, whose condition never pauses, hands the
//! page a reader of those variables (`window.__s`). The truth of each case is then read from the
//! program's own state, as for kyeenno. A hard drop only locks a piece, which the next gravity
//! tick places, so each piece is dropped with gravity running and the next keys wait for the next
//! piece. Before each capture, once the piece has come two rows in, the game is paused through its
//! own flag (its pause menu is not shown), so nothing moves, its clock included.

use std::time::Duration;

use crate::common::cdp::Cdp;
use crate::common::file_server::serve;
use crate::common::wait_until;
use crate::zoo::{Session, program_dir};
use crate::zoo_tetris::{DROP, HOLD, LEFT, Program, RIGHT, Truth, out_dir, press, truth, write};

const INVZFNC: Program = Program {
    name: "zoo-invzfnc",
    var: "GAMEBOT_INVZFNC_TETRIS_DIR",
    page: "game.html",
    title: "Tetris in Browser",
    // The condition runs in the game loop's frame, where the closure's variables are in scope.
    start: "{\"lineNumber\":516,\"urlRegex\":\"app\\\\.js\",\"condition\":\"(window.__s=function(){return {m:playfieldMatrix,a:activeTetromino,h:holdQueue,q:tetrominoSequence,lines:linesCleared,pause:function(){gamePaused=true;}};},false)\"}",
    // Paused through its own flag, with no menu shown: nothing falls and its clock stops showing.
    freeze: "(function(){window.__s().pause();return 'ok';})()",
    state: "(function(){var s=window.__s&&window.__s();if(!s||!s.a)return 'none';var rows=[];\
        for(var r=1;r<=20;r++){var t='';for(var c=0;c<10;c++){t+=s.m[r][c]?'#':'.';}rows.push(t);}\
        var a=s.a,cells=[];for(var y=0;y<a.matrix.length;y++)for(var x=0;x<a.matrix[y].length;x++)\
        if(a.matrix[y][x])cells.push((a.y+y-1)+':'+(a.x+x));\
        return rows.join(',')+'|'+a.name+'|'+(s.q[0]||'-')+'|'+(s.h?s.h.name:'-')+'|'+s.lines+'|'+cells.join(',');})()",
    about: "invzfnc/tetris-in-browser (plain JS on canvases: a well with 1-px grey grid lines over a near-black page, \
        flat cells, a grey ghost, a hold box and three previews in bordered boxes right of the well)",
};

/// The three preview pieces, as the program holds them.
const PREVIEWS: &str = "(function(){return window.__s().q.slice(0,3).join(',');})()";

/// Waits until the falling piece differs from `before` (a new piece) and has come `rows` rows in.
fn next_piece(cdp: &mut Cdp, before: Option<&Truth>, rows: i32) -> Truth {
    wait_until(
        "the next piece",
        Duration::from_millis(20),
        || {
            let now = truth(cdp, &INVZFNC)?;
            let new = before.is_none_or(|b| b.rows != now.rows || b.piece != now.piece);
            let top = now.cells.iter().map(|c| c.0).min()?;
            (new && top >= rows - 1).then_some(now)
        },
        String::new,
    )
}

/// Places `pieces` pieces by hard drops, spread by a fixed pattern of shifts; each piece's keys go
/// once it has come a row in, and the next wait for the tick that places it.
fn play(cdp: &mut Cdp, pieces: usize) {
    let mut current = next_piece(cdp, None, 1);
    for i in 0..pieces {
        let shift = [-4i32, 3, -1, 1, -3, 4, 0, -2, 2][i % 9];
        for _ in 0..shift.unsigned_abs() {
            press(cdp, if shift < 0 { LEFT } else { RIGHT });
        }
        press(cdp, DROP);
        current = next_piece(cdp, Some(&current), 1);
    }
}

/// Opens the program at `size`, plays, freezes it with the piece two rows in, captures, writes.
fn capture(dir: &std::path::Path, name: &str, size: (u32, u32), pieces: usize, hold: bool) {
    let server = serve(&program_dir(INVZFNC.var));
    let url = format!("http://127.0.0.1:{}/{}", server.port, INVZFNC.page);
    let (mut session, mut cdp) = Session::chromium(&url, size, INVZFNC.title);
    cdp.send("Debugger.enable", "{}");
    cdp.send("Debugger.setBreakpointByUrl", INVZFNC.start);
    let _ = next_piece(&mut cdp, None, 1);
    if hold {
        press(&mut cdp, HOLD);
    }
    play(&mut cdp, pieces);
    let piece = truth(&mut cdp, &INVZFNC).expect("the game's state");
    let _ = next_piece(&mut cdp, Some(&Truth { piece: String::new(), ..piece }), 2);
    cdp.eval(INVZFNC.freeze);
    std::thread::sleep(Duration::from_millis(300));
    let before = truth(&mut cdp, &INVZFNC).expect("the game's state");
    let frame = session.capture();
    let after = truth(&mut cdp, &INVZFNC).expect("the game's state");
    assert!(before.rows == after.rows && before.cells == after.cells, "the game moved while it was captured");
    assert!(after.cells.iter().all(|&(r, _)| r >= 0), "the falling piece shows whole: {:?}", after.cells);
    let previews = cdp.eval(PREVIEWS);
    let how = format!(
        "served on 127.0.0.1; {pieces} pieces hard-dropped by a fixed pattern of shifts{}",
        if hold { ", one held first" } else { "" }
    );
    write(dir, name, &frame, &INVZFNC, &after, &how);
    let listed: Vec<String> = previews.split(',').map(|p| format!("\"{p}\"")).collect();
    let case = dir.join(format!("{name}.toml"));
    // The shared writer's words for kyeenno's freeze and file, put right for this program.
    let text = std::fs::read_to_string(&case)
        .unwrap()
        .replace("gravity stopped through its state", "paused through its own flag")
        .replace("zoo_tetris.rs", "zoo_tetris_invzfnc.rs")
        + &format!("previews = [{}]\n", listed.join(", "));
    gamebot::files::write_atomic(&case, text.as_bytes(), true).unwrap();
    drop(session);
}

#[test]
#[ignore = "needs GAMEBOT_INVZFNC_TETRIS_DIR: invzfnc/tetris-in-browser fetched (runs as fetched, served on 127.0.0.1)"]
fn captures_invzfnc_tetris() {
    let (dir, _temp) = out_dir(&INVZFNC);
    capture(&dir, "inv-01-900x800-start", (900, 800), 0, false);
    capture(&dir, "inv-02-900x800-12", (900, 800), 12, true);
    capture(&dir, "inv-03-1100x640-14", (1100, 640), 14, false);
    capture(&dir, "inv-04-1000x900-7", (1000, 900), 7, true);
}
