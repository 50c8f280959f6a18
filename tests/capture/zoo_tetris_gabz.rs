//! A seventh program for the Tetris zoo (issue 37): Gabzmelo/tetris-game, served on 127.0.0.1 from
//! the folder `GAMEBOT_GABZ_TETRIS_DIR` names (fetched, never in this repository; its page names
//! its files from the server's root, so it cannot run by file URL). Its look is one the zoo lacks:
//! its canvas is the page's first thing, so the well starts at the window's very top edge; a
//! #111111 well of 30-px cells outlined in black on a #333333 page; no preview, no hold box, no
//! ghost, no hard drop; the game runs as soon as the page loads. Its state is global: `board`
//! (20 rows of 10 colours, `defaultColor` where empty), `piece` (its rotations `piece.piece`, one
//! of its globals I J L O S T Z, the current one `activePiece` at `x`, `y`; a new piece starts two
//! rows above the well), `score` (10 a line). Its gravity is its `speed`, set out of reach before
//! a capture; its `confirm` at a game's end is answered no. Cases in `fixtures/tetris/zoo-gabz`;
//! `REGENERATE=1` writes them.

use crate::common::file_server::serve;
use crate::zoo::program_dir;
use crate::zoo_tetris::{Program, out_dir};
use crate::zoo_tetris_by_down as by_down;

const GABZ: Program = Program {
    name: "zoo-gabz",
    var: "GAMEBOT_GABZ_TETRIS_DIR",
    page: "",
    title: "Tetris",
    start: "(function(){window.confirm=function(){return false;};return 'ok';})()",
    freeze: "(function(){speed=1e9;dropStart=Date.now();return 'ok';})()",
    state: "(function(){if(!piece)return 'none';var N={I:I,J:J,L:L,O:O,S:S,T:T,Z:Z},name='?',rows=[],cells=[];\
        for(var k in N)if(N[k]===piece.piece)name=k;\
        for(var r=0;r<20;r++){var s='';for(var c=0;c<10;c++){s+=board[r][c]!==defaultColor?'#':'.';}rows.push(s);}\
        var a=piece.activePiece;for(var y=0;y<a.length;y++)for(var x=0;x<a.length;x++)if(a[y][x])cells.push((piece.y+y)+':'+(piece.x+x));\
        return rows.join(',')+'|'+name+'|-|-|'+(score/10)+'|'+cells.join(',');})()",
    about: "Gabzmelo/tetris-game (plain JS, served: a 320x610 canvas at the top of a #333333 page, its well \
        starting at the window's top edge, #111111 cells of 30 px outlined in black, no preview, no hold box, \
        no ghost, no hard drop)",
};

/// Serves the program and captures it at `size` and device `scale` after `pieces` pieces.
fn capture(dir: &std::path::Path, name: &str, (size, scale): ((u32, u32), f64), pieces: usize) {
    let server = serve(&program_dir(GABZ.var));
    let url = format!("http://127.0.0.1:{}/{}", server.port, GABZ.page);
    let words = [
        ("gravity stopped through its state", "served on 127.0.0.1; gravity stopped through its state"),
        ("zoo_tetris.rs", "zoo_tetris_gabz.rs"),
    ];
    by_down::capture(&GABZ, &url, (dir, name), (size, scale), pieces, &words);
}

#[test]
#[ignore = "needs GAMEBOT_GABZ_TETRIS_DIR: Gabzmelo/tetris-game fetched (runs as fetched, served on 127.0.0.1)"]
fn captures_gabz_tetris() {
    let (dir, _temp) = out_dir(&GABZ);
    capture(&dir, "gabz-01-900x800-start", ((900, 800), 1.0), 0);
    capture(&dir, "gabz-02-900x800-12", ((900, 800), 1.0), 12);
    capture(&dir, "gabz-03-1100x700-14", ((1100, 700), 1.0), 14);
    // A page drawn at 80%: cells of 24 px.
    capture(&dir, "gabz-04-800x640x0.8-7", ((800, 640), 0.8), 7);
}
