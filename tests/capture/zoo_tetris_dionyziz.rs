//! A sixth program for the Tetris zoo (issue 37): dionyziz/canvas-tetris, opened by file URL from
//! the folder `GAMEBOT_DIONYZIZ_TETRIS_DIR` names (fetched, never in this repository). Its look is
//! one the zoo lacks: a white 300x600 canvas with a 1-px black border on a white page (the well of
//! the page's own colour), cells outlined in black, no preview, no hold box, no ghost, and a Play
//! button below the well. Its state is global: `board` (20 rows of 10, a piece's number + 1 where
//! settled), `current` (the falling piece's 4x4, its number + 1 in its cells) at `currentX`,
//! `currentY`; its pieces, in its own order, are I L J O Z S T. It counts no lines: the capture
//! wraps its `clearLines` to count the full rows it clears. Its gravity is the global `interval`,
//! cleared before a capture. Cases in `fixtures/tetris/zoo-dionyziz`; `REGENERATE=1` writes them.

use crate::zoo_tetris::{Program, capture, out_dir};

const DIONYZIZ: Program = Program {
    name: "zoo-dionyziz",
    var: "GAMEBOT_DIONYZIZ_TETRIS_DIR",
    page: "index.html",
    title: "HTML5 Tetris",
    start: "(function(){window.__lines=0;var clear=clearLines;clearLines=function(){for(var y=0;y<ROWS;++y){if(board[y].every(function(c){return c;})){window.__lines+=1;}}return clear.apply(this,arguments);};\
        playButtonClicked();return 'ok';})()",
    freeze: "(function(){clearInterval(interval);return 'ok';})()",
    state: "(function(){if(!current||lose)return 'none';var L='ILJOZST',rows=[],cells=[],piece='?';\
        for(var r=0;r<20;r++){var s='';for(var c=0;c<10;c++){s+=board[r][c]?'#':'.';}rows.push(s);}\
        for(var y=0;y<4;y++)for(var x=0;x<4;x++)if(current[y][x]){cells.push((currentY+y)+':'+(currentX+x));piece=L[current[y][x]-1];}\
        return rows.join(',')+'|'+piece+'|-|-|'+window.__lines+'|'+cells.join(',');})()",
    about: "dionyziz/canvas-tetris (plain JS, a white 300x600 canvas with a 1-px black border on a white page, cells \
        outlined in black, no preview, no hold box, no ghost; started by its Play button below the well)",
};

#[test]
#[ignore = "needs GAMEBOT_DIONYZIZ_TETRIS_DIR: dionyziz/canvas-tetris fetched (runs as fetched)"]
fn captures_dionyziz_tetris() {
    let (dir, _temp) = out_dir(&DIONYZIZ);
    capture(&DIONYZIZ, &dir, "dio-01-900x800-start", ((900, 800), 1.0), 0, false);
    capture(&DIONYZIZ, &dir, "dio-02-900x800-12", ((900, 800), 1.0), 12, false);
    capture(&DIONYZIZ, &dir, "dio-03-1100x700-14", ((1100, 700), 1.0), 14, false);
    // A page drawn at 80%: cells of 24 px.
    capture(&DIONYZIZ, &dir, "dio-04-800x640x0.8-7", ((800, 640), 0.8), 7, false);
}
