//! A fourth program for the Tetris zoo (issue 37): Manuofthebirth/js-tetris, opened by file URL
//! from the folder `GAMEBOT_MANU_TETRIS_DIR` names (fetched, never in this repository). Its look is
//! one the zoo lacks: a well built of DOM squares (20-px divs in a flex box, no canvas), light
//! (`#C8C7A8`) rather than dark, over a photograph; falling and settled cells with outset (bevelled)
//! borders; a next box of four by two squares, of the well's colour, in a gradient frame; no hold
//! box, no ghost, no hard drop (Down moves a row; the piece locks when it moves onto the stack).
//!
//! Its state is all in one closure, but the DOM is its state: a square is settled while its class
//! list holds `taken`, and the falling piece's squares hold `tetromino` only; the squares are moved
//! within the grid as rows clear, so their order in the grid is their place. Which piece is falling
//! and which is next the program writes into the squares as `colors[index]`, its own colour for
//! its own piece list (J L S Z T O I); its line counter is its "LINES" element. Its gravity is a
//! `setInterval` kept in the closure: the page's `setInterval` is wrapped before the game starts,
//! so every interval it makes can be cleared before a capture.
//!
//! Its cases are in `fixtures/tetris/zoo-manu` (the next box found in the well's frame,
//! `learn/framed_boxes.rs`); `REGENERATE=1` writes them there again.

use crate::zoo::program_dir;
use crate::zoo_tetris::{Program, out_dir};
use crate::zoo_tetris_by_down as by_down;

const MANU: Program = Program {
    name: "zoo-manu",
    var: "GAMEBOT_MANU_TETRIS_DIR",
    page: "index.html",
    title: "Tetris",
    start: "(function(){window.__ids=[];var si=window.setInterval;window.setInterval=function(f,t){var id=si(f,t);window.__ids.push(id);return id;};\
        document.querySelector('.start-btn').click();return 'ok';})()",
    freeze: "(function(){window.__ids.forEach(function(id){clearInterval(id);});return 'ok';})()",
    // Its colours, in the order of its piece list (J L S Z T O I), name the pieces it draws.
    state: "(function(){var L='JLSZTOI',C=['rgb(240, 161, 51)','rgb(46, 91, 216)','rgb(125, 231, 29)','rgb(237, 70, 49)','rgb(168, 111, 240)','rgb(239, 237, 53)','rgb(106, 241, 241)'];\
        var name=function(e){var i=C.indexOf(e.style.backgroundColor);return i<0?'?':L[i];};\
        var sq=Array.from(document.querySelector('.game-grid').children).slice(0,200);var rows=[],cells=[],piece='-';\
        for(var r=0;r<20;r++){var s='';for(var c=0;c<10;c++){var e=sq[r*10+c];s+=e.classList.contains('taken')?'#':'.';\
        if(e.classList.contains('tetromino')&&!e.classList.contains('taken')){cells.push(r+':'+c);piece=name(e);}}rows.push(s);}\
        if(cells.length==0)return 'none';var next='-';document.querySelectorAll('.display-next-grid div').forEach(function(e){if(e.classList.contains('tetromino'))next=name(e);});\
        return rows.join(',')+'|'+piece+'|'+next+'|-|'+document.querySelector('.score-num').textContent+'|'+cells.join(',');})()",
    about: "Manuofthebirth/js-tetris (plain JS, the well built of 20-px DOM squares: a light #C8C7A8 well in a gradient \
        frame over a photograph, cells with outset bevelled borders, a four-by-two next box of the well's colour, \
        no hold box, no ghost, no hard drop)",
};

/// Opens the program at `size` and device `scale` by file URL, plays `pieces` pieces, captures.
fn capture(dir: &std::path::Path, name: &str, (size, scale): ((u32, u32), f64), pieces: usize) {
    let url = format!("file://{}/{}", program_dir(MANU.var).display(), MANU.page);
    // The shared writer's words, put right for this program.
    let words = [
        ("gravity stopped through its state", "gravity stopped by clearing the intervals it made"),
        ("(board, falling piece, next, hold;", "(its DOM squares' classes and colours, next;"),
        ("zoo_tetris.rs", "zoo_tetris_manu.rs"),
    ];
    by_down::capture(&MANU, &url, (dir, name), (size, scale), pieces, &words);
}

#[test]
#[ignore = "needs GAMEBOT_MANU_TETRIS_DIR: Manuofthebirth/js-tetris fetched (runs as fetched)"]
fn captures_manu_tetris() {
    let (dir, _temp) = out_dir(&MANU);
    capture(&dir, "manu-01-900x800-start", ((900, 800), 1.0), 0);
    capture(&dir, "manu-02-900x800-12", ((900, 800), 1.0), 12);
    capture(&dir, "manu-03-1100x900-14", ((1100, 900), 1.0), 14);
    // A page drawn at 125%: squares of 25 px.
    capture(&dir, "manu-04-1000x900x1.25-7", ((1000, 900), 1.25), 7);
}
