//! How each of the zoo's programs runs under `common::zoo`: the Python that reads a program's own
//! state (the part appended to `PYTHON_HARNESS`: it defines `state()` and runs the program), the
//! steps from a program's start to its board, and the Phaser page's state through DevTools. The
//! truth of every capture and of every live win comes from here, never from gamebot's reader.

use crate::common::cdp::Cdp;
use crate::common::zoo::Session;

/// asweigart/buttonpad `floodit.py` (Tk): its `board` (colour index = its PALETTE: 0 green, 1 red,
/// 2 blue, 3 yellow, 4 purple, 5 orange), its move count, and its colour buttons' centres on the
/// screen.
pub const BUTTONPAD_FLOOD: &str = r#"
import buttonpad, buttonpad.floodit as m
_run = buttonpad.ButtonPad.run
def run_with_state(self):
    on_main_thread(self.root.after)
    _run(self)
buttonpad.ButtonPad.run = run_with_state
def centre(w):
    return [w.winfo_rootx() + w.winfo_width() / 2, w.winfo_rooty() + w.winfo_height() / 2]
def state():
    rows = ["".join(str(m.board[(x, y)]) for x in range(m.COLS)) for y in range(m.ROWS)]
    return {"rows": rows, "moves": m.moves["count"], "targets": [centre(b.widget) for b in m.palette_buttons]}
m.main()
"#;

/// asweigart/buttonpad `pegsolitaire.py` (Tk): its `board` as rows of o . #, the jumps made, and
/// every square's button centre on the screen (row-major, 7x7).
pub const BUTTONPAD_PEGS: &str = r##"
import buttonpad, buttonpad.pegsolitaire as m
_run = buttonpad.ButtonPad.run
def run_with_state(self):
    on_main_thread(self.root.after)
    _run(self)
buttonpad.ButtonPad.run = run_with_state
def centre(w):
    return [w.winfo_rootx() + w.winfo_width() / 2, w.winfo_rooty() + w.winfo_height() / 2]
def state():
    ch = {-1: "#", 0: ".", 1: "o"}
    rows = ["".join(ch[m.board[(x, y)]] for x in range(m.COLS)) for y in range(m.ROWS)]
    targets = [centre(m.bp[x, y].widget) for y in range(m.ROWS) for x in range(m.COLS)]
    return {"rows": rows, "moves": 32 - m.peg_count(), "targets": targets}
m.main()
"##;

/// metulburr/FloodIt (pygame): its `Game` (colour index = its `color_options`: 0 blue, 1 red,
/// 2 green, 3 yellow, 4 pink, 5 purple; a region the program holds as None shows its start
/// colour), its turns, and its colour buttons' centres in the window.
pub const METULBURR_FLOOD: &str = r#"
import runpy
def state():
    games = [g for g in objects("Game") if getattr(g, "table", None)]
    if len(games) != 1:
        return {}
    g = games[0]
    opts = [tuple(c) for c in g.color_options]
    def label(b):
        c = b.color if b.color is not None else b.start_color
        return str(opts.index(tuple(c)))
    n = g.number_of_blocks_wide
    rows = ["".join(label(g.table[i][j]) for i in range(n)) for j in range(n)]
    targets = [list(map(float, b.rect.center)) for b in g.buttons]
    return {"rows": rows, "moves": g.turns, "targets": targets}
threading.Thread(target=poll_in_thread, daemon=True).start()
sys.argv = ["game.py"]
runpy.run_path("game.py", run_name="__main__")
"#;

/// Waissi/peg-solitaire (pygame-ce): its `Game`'s board slots as rows of o . #, the jumps made, and
/// every square's centre in the window (row-major, 7x7; -1 off the board).
pub const WAISSI_PEGS: &str = r##"
import main as prog
def state():
    games = objects("Game")
    if len(games) != 1:
        return {}
    rows = [["#"] * 7 for _ in range(7)]
    targets = [[-1.0, -1.0]] * 49
    for slot in games[0].board.grid:
        r, c = int(slot.pos.y) - 1, int(slot.pos.x) - 1
        rows[r][c] = "o" if slot.peg else "."
        targets[r * 7 + c] = [float(slot.drawPos.x), float(slot.drawPos.y)]
    rows = ["".join(r) for r in rows]
    return {"rows": rows, "moves": sum(r.count(".") for r in rows) - 1, "targets": targets}
threading.Thread(target=poll_in_thread, daemon=True).start()
prog.run()
"##;

/// From metulburr/FloodIt's start to its board: it opens on a splash screen and a menu.
pub fn start_metulburr_game(session: &mut Session) {
    // Focus the window on a bare corner, then leave the splash screen and pick "Play" in the menu.
    // Return leaves the splash screen, a click on "Play" (centred, 300 pixels down) starts the
    // game; both are repeated until the game shows (a press while the program loads is lost).
    for _ in 0..20 {
        if session.state_now().is_some_and(|s| s.rows.len() == 14) {
            break;
        }
        session.click_window(250.0, 300.0);
        session.key("Return");
        std::thread::sleep(std::time::Duration::from_millis(500));
    }
}

/// The game's grid as rows of palette indices, then its tries, e.g. "012...,345...;3".
pub const PHASER_TRUTH: &str = "(function(){var s=Phaser.GAMES[0].state.getCurrentState(),p=GamePlayState.CURRENT_PALETTE,\
n=GamePlayState.GRID_LENGTH,z=GamePlayState.GRID_SIZE,rows=[];for(var j=0;j<n;j++){var r='';\
for(var i=0;i<n;i++){var c=s.gridColors.getPixelRGB(i*z,j*z);var k=-1;for(var q=0;q<p.length;q++)\
{if(p[q][0]==c.r&&p[q][1]==c.g&&p[q][2]==c.b)k=q;}r+=k<0?'?':String(k);}rows.push(r);}\
return rows.join(',')+';'+s.fillCounter;})()";

/// The Phaser page's grid (rows of palette indices) and its tries used, through DevTools.
pub fn phaser_truth(cdp: &mut Cdp) -> (Vec<String>, i64) {
    let text = cdp.eval(PHASER_TRUTH);
    let (rows, tries) = text.split_once(';').unwrap();
    assert!(!rows.contains('?'), "a cell of a colour not in the palette: {rows}");
    (rows.split(',').map(String::from).collect(), tries.parse().unwrap())
}

/// Clicks a point of the canvas (its own pixels) through DevTools' mouse events.
pub fn click_canvas(cdp: &mut Cdp, x: f64, y: f64) {
    let at = cdp.eval("(function(){var r=Phaser.GAMES[0].canvas.getBoundingClientRect();return r.left+','+r.top;})()");
    let (left, top) = at.split_once(',').unwrap();
    let (x, y) = (x + left.parse::<f64>().unwrap(), y + top.parse::<f64>().unwrap());
    for kind in ["mouseMoved", "mousePressed", "mouseReleased"] {
        let params = format!("{{\"type\":\"{kind}\",\"x\":{x},\"y\":{y},\"button\":\"left\",\"clickCount\":1}}");
        cdp.send("Input.dispatchMouseEvent", &params);
        std::thread::sleep(std::time::Duration::from_millis(60));
    }
    cdp.send("Input.dispatchMouseEvent", "{\"type\":\"mouseMoved\",\"x\":2,\"y\":2}");
}
