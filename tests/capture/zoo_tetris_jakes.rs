//! A program for the Tetris zoo (issue 37) that first ran live only: jakesgordon/javascript-tetris,
//! opened by file URL from the folder `GAMEBOT_JAKES_TETRIS_DIR` names (fetched, never in this
//! repository). Its look: a textured light well on a white page, one preview box left of it, score
//! and rows as text; no hold, no ghost, no hard drop (Down moves a row, or locks a piece that
//! rests). Its state is global: `blocks` (read through its `getBlock(x, y)`), `current` and `next`
//! (a piece type, one of its globals i j l o s t z, with `dir`, `x`, `y`; its own `eachblock` gives
//! a piece's cells), `rows` (its line counter), `playing`; `play()` starts a game. Its gravity is
//! its `step` (seconds a row), set out of reach before a capture. Cases in
//! `fixtures/tetris/zoo-jakes`; `REGENERATE=1` writes them.

use crate::zoo::program_dir;
use crate::zoo_tetris::{Program, out_dir};
use crate::zoo_tetris_by_down as by_down;

const JAKES: Program = Program {
    name: "zoo-jakes",
    var: "GAMEBOT_JAKES_TETRIS_DIR",
    page: "index.html",
    title: "Javascript Tetris",
    start: "(function(){play();return 'ok';})()",
    freeze: "(function(){step=1e9;dt=0;return 'ok';})()",
    state: "(function(){if(!playing||!current)return 'none';var N={I:i,J:j,L:l,O:o,S:s,T:t,Z:z};\
        var name=function(tp){for(var k in N)if(N[k]===tp)return k;return '?';};var lines=[],cells=[];\
        for(var y=0;y<20;y++){var r='';for(var x=0;x<10;x++){r+=getBlock(x,y)?'#':'.';}lines.push(r);}\
        eachblock(current.type,current.x,current.y,current.dir,function(x,y){cells.push(y+':'+x);});\
        return lines.join(',')+'|'+name(current.type)+'|'+name(next.type)+'|-|'+rows+'|'+cells.join(',');})()",
    about: "jakesgordon/javascript-tetris (plain JS, canvas: a textured light well on a white page, one preview box \
        left of it, score and rows as text, no hold, no ghost, no hard drop)",
};

/// Opens the program at `size` and device `scale` by file URL, plays `pieces` pieces, captures.
fn capture(dir: &std::path::Path, name: &str, (size, scale): ((u32, u32), f64), pieces: usize) {
    let url = format!("file://{}/{}", program_dir(JAKES.var).display(), JAKES.page);
    let words = [("zoo_tetris.rs", "zoo_tetris_jakes.rs")];
    by_down::capture(&JAKES, &url, (dir, name), (size, scale), pieces, &words);
}

#[test]
#[ignore = "needs GAMEBOT_JAKES_TETRIS_DIR: jakesgordon/javascript-tetris fetched (runs as fetched)"]
fn captures_jakes_tetris() {
    let (dir, _temp) = out_dir(&JAKES);
    capture(&dir, "jakes-01-900x800-start", ((900, 800), 1.0), 0);
    capture(&dir, "jakes-02-900x800-12", ((900, 800), 1.0), 12);
    capture(&dir, "jakes-03-1100x700-10", ((1100, 700), 1.0), 10);
    // A page drawn at 125%.
    capture(&dir, "jakes-04-1000x900x1.25-7", ((1000, 900), 1.25), 7);
}
