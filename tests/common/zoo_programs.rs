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

/// ZachJGreen/peg-solitaire (Tk, `main.App`) on its default English board of 7: its game's own
/// grid as rows of o . #, its moves, its verdict ("won" when the game is over with one peg, the
/// state in which it says "You win!"), and every square's widget centre on the screen (row-major).
pub const ZACH_PEGS: &str = r##"
import main as prog
app = prog.App()
on_main_thread(app.after)
window = app.MainWindow
def centre(w):
    return [w.winfo_rootx() + w.winfo_width() / 2, w.winfo_rooty() + w.winfo_height() / 2]
def state():
    g = window._game
    if g.board is None:
        return {"moves": -1}
    ch = {-1: "#", 0: ".", 1: "o"}
    rows = ["".join(ch[v] for v in row) for row in g.board.grid]
    grid = window._game_section.game_grid
    cells = [grid.grid_slaves(row=r, column=c) for r in range(len(rows)) for c in range(len(rows[0]))]
    targets = [centre(w[0]) for w in cells if w]
    over = g.is_game_over()
    verdict = "playing" if not over else ("won" if g.peg_count() == 1 else "lost")
    return {"rows": rows, "moves": g.moves_made, "verdict": verdict, "targets": targets}
window._start_new_game()
app.mainloop()
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

/// fromxt's marble peg solitaire (peaceiris/fromxt.github.io `post/peg_solitaire/peg.html`): the
/// page as fetched loads jQuery from a CDN, which a machine without the internet cannot reach, so
/// its own script finds no jQuery and does nothing. Here the same library is given to the loaded
/// page from Debian's `libjs-jquery` (GAMEBOT_JQUERY names another copy), and then the page's own
/// script (its last, inline) is run, as it would have run with the CDN there; nothing of the page
/// is changed. Opens it in a Chromium window of `size` (with `extra` options) and waits for its
/// board to take clicks.
pub fn open_fromxt(dir: &std::path::Path, size: (u32, u32), extra: &[&str]) -> (Session, Cdp) {
    let url = format!("file://{}/peg.html", dir.display());
    let (session, mut cdp) = Session::chromium_with(&url, size, "Peg Solitaire", extra);
    let jquery =
        std::env::var("GAMEBOT_JQUERY").unwrap_or_else(|_| "/usr/share/javascript/jquery/jquery.min.js".into());
    let source = std::fs::read_to_string(&jquery)
        .unwrap_or_else(|e| panic!("{jquery}: {e} (apt-get install libjs-jquery, or set GAMEBOT_JQUERY)"));
    crate::common::wait_until(
        "the marble page loading",
        std::time::Duration::from_millis(200),
        || {
            (cdp.eval("String(document.readyState=='complete'&&!!document.getElementById('o66'))") == "true")
                .then_some(())
        },
        String::new,
    );
    if cdp.eval("typeof window.jQuery") != "function" {
        let script = format!("{source}\n;(0,eval)(document.scripts[document.scripts.length-1].text);'ok'");
        let reply = cdp.send("Runtime.evaluate", &serde_json::json!({ "expression": script }).to_string());
        assert!(!reply.contains("\"exceptionDetails\""), "jQuery and the page's script: {reply}");
    }
    // jQuery runs a page's ready function a moment later, not at once.
    let ready = "String(!!(window.jQuery && jQuery._data(document.getElementById('o33'), 'events')))";
    crate::common::wait_until(
        "the page's script setting its click handlers",
        std::time::Duration::from_millis(100),
        || (cdp.eval(ready) == "true").then_some(()),
        String::new,
    );
    (session, cdp)
}

/// The marble page's board as rows of o . # from its own cells' classes (`marble` and
/// `marbleselected` a peg, `marbleless` a hole, `nomarble` off the board), and the selected
/// square, if any.
pub fn fromxt_truth(cdp: &mut Cdp) -> (Vec<String>, Option<(usize, usize)>) {
    let js = "(function(){var rows=[],sel='';for(var r=0;r<7;r++){var s='';for(var c=0;c<7;c++){\
var k=document.getElementById('o'+r+c).className;if(k.indexOf('marbleselected')>=0){sel=r+','+c;s+='o';}\
else if(k.indexOf('marbleless')>=0)s+='.';else if(k.indexOf('nomarble')>=0)s+='#';else if(k.indexOf('marble')>=0)s+='o';\
else s+='?';}rows.push(s);}return rows.join(',')+';'+sel;})()";
    let text = cdp.eval(js);
    let (rows, selected) = text.split_once(';').unwrap();
    assert!(!rows.contains('?'), "a cell of no class the page knows: {rows}");
    let selected = selected.split_once(',').map(|(r, c)| (r.parse().unwrap(), c.parse().unwrap()));
    (rows.split(',').map(String::from).collect(), selected)
}

/// A click on the marble page's square (row, col) through DevTools' mouse events, then the
/// pointer moved off the board.
pub fn fromxt_click(cdp: &mut Cdp, row: usize, col: usize) {
    let at = cdp.eval(&format!(
        "(function(){{var r=document.getElementById('o{row}{col}').getBoundingClientRect();return (r.left+r.width/2)+','+(r.top+r.height/2);}})()"
    ));
    click_at(cdp, &at);
}

/// kangankhanke's peg solitaire (kangankhanke/Peg-Solitaire `index.html`, one page, no library):
/// opened from the fetched folder in a Chromium window of `size` (with `extra` options), its board
/// type chosen in its own "Board Type" list (`classic`, `european`, `asymmetric`, `german`), and
/// its "Start Game" button pressed to leave its setup mode (the centre empty, as it deals).
pub fn open_kangankhanke(dir: &std::path::Path, size: (u32, u32), extra: &[&str], board: &str) -> (Session, Cdp) {
    let url = format!("file://{}/index.html", dir.display());
    let (session, mut cdp) = Session::chromium_with(&url, size, "Peg Solitaire", extra);
    crate::common::wait_until(
        "the page's board",
        std::time::Duration::from_millis(200),
        || (cdp.eval("String(document.querySelectorAll('#gameBoard .cell').length>0)") == "true").then_some(()),
        String::new,
    );
    let chosen = cdp.eval(&format!(
        "(function(){{var s=document.getElementById('boardType');s.value='{board}';s.dispatchEvent(new Event('change'));return s.value;}})()"
    ));
    assert_eq!(chosen, board, "the page has no board type {board}");
    click_element(&mut cdp, "startGameBtn");
    crate::common::wait_until(
        "the game leaving its setup mode",
        std::time::Duration::from_millis(100),
        || (cdp.eval("document.getElementById('setupMode').style.display") == "none").then_some(()),
        String::new,
    );
    (session, cdp)
}

/// kangankhanke's board as rows of o . # from its own cells' classes (`peg`, `empty`, `invisible`
/// off the board).
pub fn kangankhanke_truth(cdp: &mut Cdp) -> Vec<String> {
    let js = "(function(){var rows=[];document.querySelectorAll('#gameBoard .cell').forEach(function(d){\
var r=+d.dataset.row,c=+d.dataset.col;rows[r]=rows[r]||'';var k=d.classList;\
rows[r]+=k.contains('peg')?'o':k.contains('empty')?'.':k.contains('invisible')?'#':'?';});return rows.join(',');})()";
    let rows: Vec<String> = cdp.eval(js).split(',').map(String::from).collect();
    assert!(rows.iter().all(|r| !r.contains('?')), "a cell of no class the page knows: {rows:?}");
    rows
}

/// A click on kangankhanke's square (row, col) through DevTools' mouse events.
pub fn kangankhanke_click(cdp: &mut Cdp, row: usize, col: usize) {
    let at = cdp.eval(&format!(
        "(function(){{var d=Array.from(document.querySelectorAll('#gameBoard .cell')).find(function(d){{return d.dataset.row=='{row}'&&d.dataset.col=='{col}';}});\
var r=d.getBoundingClientRect();return (r.left+r.width/2)+','+(r.top+r.height/2);}})()"
    ));
    click_at(cdp, &at);
}

/// A click on the element with `id` through DevTools' mouse events.
fn click_element(cdp: &mut Cdp, id: &str) {
    let at = cdp.eval(&format!(
        "(function(){{var r=document.getElementById('{id}').getBoundingClientRect();return (r.left+r.width/2)+','+(r.top+r.height/2);}})()"
    ));
    click_at(cdp, &at);
}

/// A click at "x,y" of the page through DevTools' mouse events, then the pointer moved off.
pub fn click_at(cdp: &mut Cdp, at: &str) {
    let (x, y) = at.split_once(',').unwrap();
    let (x, y): (f64, f64) = (x.parse().unwrap(), y.parse().unwrap());
    for kind in ["mouseMoved", "mousePressed", "mouseReleased"] {
        let params = format!("{{\"type\":\"{kind}\",\"x\":{x},\"y\":{y},\"button\":\"left\",\"clickCount\":1}}");
        cdp.send("Input.dispatchMouseEvent", &params);
        std::thread::sleep(std::time::Duration::from_millis(60));
    }
    cdp.send("Input.dispatchMouseEvent", "{\"type\":\"mouseMoved\",\"x\":2,\"y\":2}");
}
