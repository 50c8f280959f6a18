//! TokeHOlesen/PegSolitaire (pygame-ce, a package `pegsolitaire` under the fetched repository's
//! `src`): pixel art drawn at 320x240 and scaled up by a whole factor (`--scale`, 3 by default),
//! red glossy pegs with a swirl on grey bevelled tiles, a hole a dark well in its tile, the squares
//! with no hole plain tiles of the same grey (a 9x9 board of tiles whatever the layout), on a
//! striped blue page with Undo, Restart and Exit buttons beside the board. It opens on a menu
//! (Play, then one of five layouts); pegs are dragged, and while one is held the holes it may land
//! in are lit. Its repository lacks the window icon it loads (`assets/Graphics/icon-32.png`): the
//! scratch copy needs a placeholder image there (calibration/zoo.md). The truth is the program's
//! own `Board` (its tile grid and its pegs), read by the harness below; nothing while a peg moves
//! or fades.

use crate::common::zoo::Session;

/// The window's title.
pub const TITLE: &str = "Peg Solitaire";

/// The harness's part (`common::zoo::PYTHON_HARNESS`): the board as rows of o . # (the program's
/// 9x9 tile grid with its rows and columns of plain tiles only trimmed: squares with no hole around
/// the board are not part of it), every square's centre in the window (row-major over the 9x9
/// grid, first row and column trimmed given as `first`), or on a menu the centres of Play and of the
/// four layouts' buttons. No rows while a peg is held, fades or snaps back. The scale comes from
/// ZOO_TOKE_SCALE.
pub const PROGRAM: &str = r##"
sys.path.insert(0, os.path.join(os.environ["ZOO_DIR"], "src"))
import pegsolitaire.__main__ as prog
def centre(rect, s):
    return [(rect.x + rect.width / 2) * s, (rect.y + rect.height / 2) * s]
def state():
    games = objects("Game")
    if len(games) != 1:
        return {}
    g = games[0]
    s = g.gfx.scaling_factor
    if g.state == g.GameStates.MAIN_MENU:
        return {"moves": -1, "targets": [centre(g.buttons.main_menu_btns[0].rect, s)]}
    if g.state == g.GameStates.LAYOUT_MENU:
        return {"moves": -2, "targets": [centre(b.rect, s) for b in g.buttons.layout_menu_btns[:5]]}
    if g.state != g.GameStates.GAME:
        return {"moves": -3}
    b = g.board
    if b._dragged_peg or b._fading_out_pegs or any(p.is_snapping_back for p in b._static_pegs):
        return {"moves": b.move_count}
    n = b._board_size
    grid = [["." if b._tile_grid[x][y] else "#" for x in range(n)] for y in range(n)]
    for p in b._static_pegs:
        x, y = p.grid_coords
        grid[y][x] = "o"
    rows = ["".join(r) for r in grid]
    keep_r = [i for i, r in enumerate(rows) if r.strip("#")]
    keep_c = [j for j in range(n) if any(rows[i][j] != "#" for i in range(n))]
    rows = ["".join(rows[i][j] for j in range(keep_c[0], keep_c[-1] + 1)) for i in range(keep_r[0], keep_r[-1] + 1)]
    t = 216 // n
    bx, by = b.board_pos
    targets = [[(bx + t * (keep_c[0] + c) + t / 2) * s, (by + t * (keep_r[0] + r) + t / 2) * s]
               for r in range(len(rows)) for c in range(len(rows[0]))]
    return {"rows": rows, "moves": b.move_count, "targets": targets}
threading.Thread(target=poll_in_thread, daemon=True).start()
sys.argv = ["pegsolitaire", "--scale", os.environ.get("ZOO_TOKE_SCALE", "3")]
prog.main()
"##;

/// Starts the program from the fetched repository `dir` at `scale` and opens `layout` (0-4, its
/// menu's order: English, German, French, Diamond, Asymmetrical) through its menu, as a person
/// does: Play, then the layout's button. Returns the session once the board shows.
pub fn open_toke(dir: &std::path::Path, scale: u32, layout: usize) -> Session {
    let scale = scale.to_string();
    let session = Session::python(dir, PROGRAM, 1, TITLE, &[("ZOO_TOKE_SCALE", &scale)]);
    // A click the program's frame loop misses (press and release seen in one frame) is made again.
    for _ in 0..20 {
        let state = session.state_when(|s| s.moves == -1 || s.moves == -2 || !s.rows.is_empty());
        let [x, y] = match state.moves {
            -1 => state.targets[0],
            -2 => state.targets[layout],
            _ => return session,
        };
        session.click_window(x, y);
        std::thread::sleep(std::time::Duration::from_millis(400));
    }
    panic!("the program did not open layout {layout} from its menu");
}

/// A person's drag in the window from one point to another: press, move there in steps, release.
pub fn drag_window(session: &Session, from: [f64; 2], to: [f64; 2]) {
    let o = session.origin();
    let at = |p: [f64; 2], k: f64| {
        let x = o.x as f64 + from[0] + (p[0] - from[0]) * k;
        let y = o.y as f64 + from[1] + (p[1] - from[1]) * k;
        [x.round().to_string(), y.round().to_string()]
    };
    let run = |args: &[&str]| {
        let ok = std::process::Command::new("xdotool").args(args).env("DISPLAY", &session.display).status();
        assert!(ok.is_ok_and(|s| s.success()), "xdotool {args:?} failed");
    };
    let [x, y] = at(from, 0.0);
    run(&["mousemove", "--sync", &x, &y]);
    std::thread::sleep(std::time::Duration::from_millis(80));
    run(&["mousedown", "1"]);
    for step in 1..=8 {
        std::thread::sleep(std::time::Duration::from_millis(50));
        let [x, y] = at(to, step as f64 / 8.0);
        run(&["mousemove", "--sync", &x, &y]);
    }
    std::thread::sleep(std::time::Duration::from_millis(200));
    run(&["mouseup", "1"]);
    std::thread::sleep(std::time::Duration::from_millis(150));
}
