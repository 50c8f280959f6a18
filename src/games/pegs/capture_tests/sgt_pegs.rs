//! sgt-pegs's fixtures (`fixtures/pegs/sgt-*`): each case opens one game ID in the real Pegs of
//! Debian's sgt-puzzles, in its default or a resized window, optionally makes a few jumps by dragging
//! pegs with the mouse, and captures the settled window. The truth is the ID's board, with the dragged
//! jumps applied by the jump rule written here (each checked legal first); it is never read back from
//! the picture. Every capture on the way (the first, the resized one, the one after each jump) must
//! show the expected board: each cell centre a peg, an empty hole or background as the truth says, as
//! many peg pixels as the pegs make, and a new tile size after a resize. `[answer] pegs_left = 1` is
//! written only for untouched starts, whose solvability follows from how sgt-pegs makes them; the
//! IDs were made once with `sgt-pegs --generate 1 <preset>`.

use crate::common::capture::{Captured, Desk, conclude, package_version, pause, selected, toml_string};
use gamebot::frame::{Frame, Point};
use gamebot::games::pegs::PegsConfig;
use gamebot::profile::Profile;

/// name | preset the ID came from | window ("default" or WxH) | jumps ("-" or "r,c>r,c ...", from
/// hole > to hole, 0-based from the top-left, made in order) | game ID
const CASES: &[(&str, &str, &str, &str, &str)] = &[
    ("sgt-7x7cross-01-default", "7x7cross", "default", "-", "7x7:OOPPPOOOOPPPOOPPPPPPPPPPHPPPPPPPPPPOOPPPOOOOPPPOO"),
    ("sgt-7x7cross-02-500x500", "7x7cross", "500x500", "-", "7x7:OOPPPOOOOPPPOOPPPPPPPPPPHPPPPPPPPPPOOPPPOOOOPPPOO"),
    ("sgt-7x7cross-03-700x400", "7x7cross", "700x400", "-", "7x7:OOPPPOOOOPPPOOPPPPPPPPPPHPPPPPPPPPPOOPPPOOOOPPPOO"),
    ("sgt-7x7cross-04-300x600", "7x7cross", "300x600", "-", "7x7:OOPPPOOOOPPPOOPPPPPPPPPPHPPPPPPPPPPOOPPPOOOOPPPOO"),
    (
        "sgt-7x7cross-05-default-2jumps",
        "7x7cross",
        "default",
        "1,3>3,3 2,1>2,3",
        "7x7:OOPPPOOOOPPPOOPPPPPPPPPPHPPPPPPPPPPOOPPPOOOOPPPOO",
    ),
    (
        "sgt-7x7octagon-01-default",
        "7x7octagon",
        "default",
        "-",
        "7x7:OOHPPOOOPPPPPOPPPPPPPPPPPPPPPPPPPPPOPPPPPOOOPPPOO",
    ),
    (
        "sgt-7x7octagon-02-640x640",
        "7x7octagon",
        "640x640",
        "-",
        "7x7:OOPPPOOOPPHPPOPPPPPPPPPPPPPPPPPPPPPOPPPPPOOOPPPOO",
    ),
    (
        "sgt-7x7octagon-03-420x760",
        "7x7octagon",
        "420x760",
        "-",
        "7x7:OOPPPOOOPPPPPOPPPPPPPPPHPPPPPPPPPPPOPPPPPOOOPPPOO",
    ),
    (
        "sgt-7x7octagon-04-1000x600",
        "7x7octagon",
        "1000x600",
        "-",
        "7x7:OOPPHOOOPPPPPOPPPPPPPPPPPPPPPPPPPPPOPPPPPOOOPPPOO",
    ),
    (
        "sgt-7x7octagon-05-600x620-3jumps",
        "7x7octagon",
        "600x620",
        "3,3>5,3 1,3>3,3 2,1>2,3",
        "7x7:OOPPPOOOPPPPPOPPPPPPPPPPPPPPPPPPPPPOPPHPPOOOPPPOO",
    ),
    ("sgt-5x5random-01-default", "5x5random", "default", "-", "5x5:OPPOOPPPPOPPHPPOPPPPOOPPO"),
    ("sgt-5x5random-02-360x420", "5x5random", "360x420", "-", "5x5:PPPOOPPHPOOPPPOOPPHPOOOPO"),
    ("sgt-5x5random-03-800x300", "5x5random", "800x300", "-", "5x5:OOOPOOPPHPPPPPPPPPPOPHPPO"),
    ("sgt-5x5random-04-default-1jump", "5x5random", "default", "2,0>2,2", "5x5:OHOOOPPPPOPPHPHPPPPOPPPOO"),
    ("sgt-7x7random-01-default", "7x7random", "default", "-", "7x7:OPPPHPPOOPPOOOOPHPOOOOPPPPPOPPHPHPOOOPPPOOPPHPHPO"),
    ("sgt-7x7random-02-600x650", "7x7random", "600x650", "-", "7x7:OOOOPPHOOPPPPPPPPPPPHOPPPPPPOPPHPPPOOPPOOPOOPOOOO"),
    (
        "sgt-7x7random-03-1000x800",
        "7x7random",
        "1000x800",
        "-",
        "7x7:OOOOOOPOPOOOPPPHPPPPHPPPPPPPOPHPPPPOPPPOOPOPOOOOO",
    ),
    (
        "sgt-7x7random-04-default-2jumps",
        "7x7random",
        "default",
        "2,2>4,2 2,5>2,3",
        "7x7:OPHPPOOOOPPPPOOOPHPPOOPPPPOOPPHPPPPOPPPOPOOOOOOPO",
    ),
    (
        "sgt-9x9random-01-default",
        "9x9random",
        "default",
        "-",
        "9x9:OOOOPPOOPOOPPPPOOPOOOPPHPPPOOOPPPPPPPPPPHPHPHOPPHPPPPPOOPPHPPOPOOPOPPPOOOOOOPOOOO",
    ),
    (
        "sgt-9x9random-02-500x900",
        "9x9random",
        "500x900",
        "-",
        "9x9:OOOOPHPPOOOOPPPPPOOOOOPHPPOOPPPHPPPOPPPPPPHPPOPPPPPPPPOPOPPOOOHOOOOOOPPPOOOOPPHPP",
    ),
    (
        "sgt-9x9random-03-1200x1100",
        "9x9random",
        "1200x1100",
        "-",
        "9x9:PPHPPPOOOOOPHPOOOOOOPPPPOOOPPPHPPOOOPPHPPPPPPHPPPPHPPOPPPPHPPOOPOOOPPPOOOOOOOPOOO",
    ),
    (
        "sgt-9x9random-04-800x600-3jumps",
        "9x9random",
        "800x600",
        "4,3>4,1 5,6>5,4 2,6>4,6",
        "9x9:OOPOOOOOOOOPOPPOPOPPPPPPPPOPPPPPPPPPPHPPPPHPPPPPPHPPOOOOOOPPPPOOOOPPPOOOOOOOPPOOO",
    ),
    (
        "sgt-9x7random-01-default",
        "9x7random",
        "default",
        "-",
        "9x7:OOOPOOOOPPOOPOPPPPPPPPPPPPHPPPPPPPPPPPPPPHPOPOOOPPPPOOOOOOPOOOO",
    ),
    (
        "sgt-9x7random-02-640x640",
        "9x7random",
        "640x640",
        "-",
        "9x7:OOOPOOOOPPOOPOPPPPPPPPPPPPHPPPPPPPPPPPPPPHPOPOOOPPPPOOOOOOPOOOO",
    ),
];

/// What is known of a case beyond its starting position, added to its `[answer]`: name | lines.
const KNOWN: &[(&str, &str)] = &[(
    "sgt-7x7cross-01-default",
    "# The classic central game (last peg in the starting hole) takes 18 moves: Bergholt 1912, proved minimal by \
     Beasley.\nmin_moves = 18\n",
)];

/// A pixel within this of the peg colour in every channel counts as a peg pixel.
const PEG_NEAR: u8 = 60;

/// The empty holes of the Octagon starts sgt-pegs picks from (pegs.c, new_game_desc), as offsets
/// from the board's centre up to sign: its source notes these are the holes a parity argument leaves,
/// and that all of them turn out soluble to one peg.
const OCTAGON_SOLUBLE: [(i32, i32); 6] = [(1, 3), (3, 1), (2, 0), (0, 2), (1, 0), (0, 1)];

/// An sgt-pegs board: `P` peg, `H` empty hole, `O` no hole, row-major.
#[derive(Clone)]
struct Board {
    w: usize,
    h: usize,
    cells: Vec<char>,
}

type Jump = ((usize, usize), (usize, usize));

fn parse_id(id: &str) -> Board {
    let (dims, desc) = id.split_once(':').unwrap_or_else(|| panic!("game id {id}: no ':'"));
    let (w, h) = dims.split_once('x').unwrap_or_else(|| panic!("game id {id}: no WxH"));
    let (w, h): (usize, usize) = (w.parse().unwrap(), h.parse().unwrap());
    let cells: Vec<char> = desc.chars().collect();
    assert!(cells.len() == w * h && cells.iter().all(|c| "PHO".contains(*c)), "game id {id}: not {} of P, H, O", w * h);
    Board { w, h, cells }
}

fn parse_jumps(text: &str) -> Vec<Jump> {
    if text == "-" {
        return Vec::new();
    }
    let cell = |t: &str| -> (usize, usize) {
        let (r, c) = t.split_once(',').expect("row,col");
        (r.parse().unwrap(), c.parse().unwrap())
    };
    text.split_whitespace()
        .map(|t| {
            let (from, to) = t.split_once('>').expect("from>to");
            (cell(from), cell(to))
        })
        .collect()
}

impl Board {
    fn at(&self, (r, c): (usize, usize)) -> char {
        self.cells[r * self.w + c]
    }

    fn set(&mut self, (r, c): (usize, usize), v: char) {
        self.cells[r * self.w + c] = v;
    }

    /// None if jumping the peg at `from` to `to` is legal, else why not.
    fn why_illegal(&self, (from, to): Jump) -> Option<&'static str> {
        if from.0 >= self.h || from.1 >= self.w || to.0 >= self.h || to.1 >= self.w {
            return Some("off the board");
        }
        let mut d = [from.0.abs_diff(to.0), from.1.abs_diff(to.1)];
        d.sort();
        if d != [0, 2] {
            return Some("not two holes away in a straight line");
        }
        let mid = ((from.0 + to.0) / 2, (from.1 + to.1) / 2);
        if self.at(from) != 'P' {
            Some("no peg to move")
        } else if self.at(mid) != 'P' {
            Some("no peg to jump over")
        } else if self.at(to) != 'H' {
            Some("the landing square is not an empty hole")
        } else {
            None
        }
    }

    /// The board after the jumps, each checked legal by the rules.
    fn after(&self, jumps: &[Jump]) -> Board {
        let mut b = self.clone();
        for &(from, to) in jumps {
            if let Some(why) = b.why_illegal((from, to)) {
                panic!("jump {from:?}->{to:?}: {why}");
            }
            b.set(from, 'H');
            b.set(((from.0 + to.0) / 2, (from.1 + to.1) / 2), 'H');
            b.set(to, 'P');
        }
        if !jumps.is_empty() {
            assert!(b.count('P') >= 2, "the jumps leave one peg (the game would flash): not a mid-game case");
        }
        b
    }

    fn count(&self, v: char) -> usize {
        self.cells.iter().filter(|&&c| c == v).count()
    }

    fn rows(&self) -> Vec<String> {
        let truth = |c: &char| match c {
            'P' => 'o',
            'H' => '.',
            _ => '#',
        };
        self.cells.chunks(self.w).map(|row| row.iter().map(truth).collect()).collect()
    }
}

/// The ID must be what sgt-pegs makes for `preset`; returns what it is and why it is known to be
/// solvable to one peg, two phrases for the case's source.
fn check_preset(preset: &str, board: &Board) -> (String, String) {
    let (w, h) = (board.w as i32, board.h as i32);
    let kind = preset.split_once('x').map(|(_, k)| k.trim_start_matches(|c: char| c.is_ascii_digit())).unwrap_or("");
    assert_eq!(preset, format!("{w}x{h}{kind}"), "preset {preset} does not match the id's size");
    let (cx, cy) = (w / 2, h / 2);
    let cells = || (0..h).flat_map(move |y| (0..w).map(move |x| (x, y)));
    let holes: Vec<(i32, i32)> =
        cells().filter(|&(x, y)| board.cells[(y * w + x) as usize] == 'H').map(|(x, y)| (x - cx, y - cy)).collect();
    match kind {
        "cross" => {
            let want: Vec<char> = cells()
                .map(|(x, y)| match () {
                    _ if (x - cx).abs() > 1 && (y - cy).abs() > 1 => 'O',
                    _ if (x, y) == (cx, cy) => 'H',
                    _ => 'P',
                })
                .collect();
            assert!(board.cells == want, "not sgt-pegs's Cross start");
            (
                "the Cross start: the English 33-hole board, centre hole empty".into(),
                "the English board from the centre is the classic solvable start (e.g. Bergholt's published 1912 \
                 solution)"
                    .into(),
            )
        }
        "octagon" => {
            let shape: Vec<bool> = cells().map(|(x, y)| (x - cx).abs() + (y - cy).abs() > 1 + w.max(h) / 2).collect();
            let off: Vec<bool> = board.cells.iter().map(|&c| c == 'O').collect();
            let soluble = |(dx, dy): (i32, i32)| OCTAGON_SOLUBLE.contains(&(dx.abs(), dy.abs()));
            assert!(off == shape && holes.len() == 1 && soluble(holes[0]), "not an sgt-pegs Octagon start");
            let (dx, dy) = holes[0];
            (
                format!(
                    "an Octagon start from sgt-pegs --generate 1 {preset}: the French 37-hole board, empty hole at \
                     row {} col {}",
                    cy + dy,
                    cx + dx
                ),
                "sgt-pegs generates Octagon starts only with the empty hole at one of the positions its source \
                 (pegs.c, new_game_desc) documents as soluble"
                    .into(),
            )
        }
        "random" => {
            assert!(board.count('P') >= 2 && !holes.is_empty(), "too few pegs or no hole");
            (
                format!("a Random {w}x{h} board from sgt-pegs --generate 1 {preset}"),
                "sgt-pegs generates random boards by random reverse moves from a single peg (pegs.c, \
                 pegs_generate), so each is solvable"
                    .into(),
            )
        }
        _ => panic!("unknown preset {preset}"),
    }
}

/// The colours sgt-pegs draws, from its profile: a peg, an empty hole, the canvas.
struct Colours {
    peg: [u8; 3],
    hole: [u8; 3],
    canvas: [u8; 3],
}

fn colours() -> Colours {
    let profile =
        Profile::load("sgt-pegs", &crate::common::capture::project().join("config")).expect("sgt-pegs profile");
    let config: PegsConfig = profile.settings().expect("sgt-pegs settings");
    let palette = config.palette.expect("sgt-pegs's profile has a palette");
    let hex = |i: usize| palette.colours[i];
    Colours { peg: hex(0), hole: hex(1), canvas: hex(2) }
}

/// Where the board is: the game's canvas (the box of canvas-coloured pixels; the window around it and
/// the menu bar are another grey) and its tile size, for which sgt-pegs makes the canvas
/// `tile * w + 2 * (tile / 2)` wide and `tile * h + 2 * (tile / 2)` high.
struct Canvas {
    x0: u32,
    y0: u32,
    x1: u32,
    y1: u32,
    tile: u32,
}

impl Canvas {
    fn find(frame: &Frame, board: &Board, colours: &Colours) -> Canvas {
        let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
        for (x, y, p) in frame.image.enumerate_pixels() {
            if p.0[..3] == colours.canvas {
                (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
            }
        }
        assert!(x0 <= x1, "no canvas colour {:?} in the capture", colours.canvas);
        let (cw, ch) = (x1 - x0 + 1, y1 - y0 + 1);
        let (w, h) = (board.w as u32, board.h as u32);
        let tile = (1..=cw)
            .find(|&t| t * w + 2 * (t / 2) == cw && t * h + 2 * (t / 2) == ch)
            .unwrap_or_else(|| panic!("a canvas of {cw}x{ch} at ({x0},{y0}) fits no tile size for a {w}x{h} board"));
        Canvas { x0, y0, x1, y1, tile }
    }

    fn centre(&self, (r, c): (usize, usize)) -> Point {
        let t = self.tile as i32;
        Point::new(self.x0 as i32 + t / 2 + c as i32 * t + t / 2, self.y0 as i32 + t / 2 + r as i32 * t + t / 2)
    }
}

/// The capture shows `board`: every cell centre a peg, an empty hole or canvas as the truth says (no
/// highlight ring round it), and as many peg-coloured pixels as the pegs make (within 15%). After a
/// resize (`default_tile` given) the tile size must have changed. Returns the canvas and a line for
/// the log.
fn check(frame: &Frame, board: &Board, colours: &Colours, default_tile: Option<u32>, what: &str) -> (Canvas, String) {
    let canvas = Canvas::find(frame, board, colours);
    let t = canvas.tile;
    assert_ne!(Some(t), default_tile, "{what}: the tile size is still the default {t} px: the board did not scale");
    let ring = ((t / 3 + t / 4) / 2) as i32;
    for r in 0..board.h {
        for c in 0..board.w {
            let p = canvas.centre((r, c));
            let got: Vec<[u8; 3]> = [(0, 0), (ring, 0), (0, -ring)]
                .iter()
                .map(|&(dx, dy)| frame.rgb((p.x + dx) as u32, (p.y + dy) as u32))
                .collect();
            let want = match board.at((r, c)) {
                'P' => [colours.peg; 3],
                'H' => [colours.hole, colours.canvas, colours.canvas],
                _ => [colours.canvas; 3],
            };
            assert_eq!(
                got,
                want,
                "{what}: cell ({r},{c}) is {} in the truth (centre, right and upper ring)",
                board.at((r, c))
            );
        }
    }
    let near = |p: &[u8], q: [u8; 3]| p.iter().zip(q).all(|(&a, b)| a.abs_diff(b) <= PEG_NEAR);
    let mut peg_pixels = 0usize;
    for y in canvas.y0..=canvas.y1 {
        for x in canvas.x0..=canvas.x1 {
            peg_pixels += usize::from(near(&frame.image.get_pixel(x, y).0[..3], colours.peg));
        }
    }
    let pegs = board.count('P');
    let expect = pegs as f64 * std::f64::consts::PI * ((t / 3) as f64).powi(2);
    assert!(
        (0.85 * expect..=1.15 * expect).contains(&(peg_pixels as f64)),
        "{what}: {peg_pixels} peg pixels, but {pegs} pegs of radius {} make about {expect:.0}",
        t / 3
    );
    let line = format!(
        "canvas x {}..{} y {}..{}, tile {t} px; {pegs} pegs, {} holes, {} off-board",
        canvas.x0,
        canvas.x1,
        canvas.y0,
        canvas.y1,
        board.count('H'),
        board.count('O')
    );
    (canvas, line)
}

fn capture(desk: &Desk, case: &(&str, &str, &str, &str, &str), colours: &Colours, version: &str) -> Captured {
    let &(name, preset, window, jump_text, id) = case;
    let start = parse_id(id);
    let jumps = parse_jumps(jump_text);
    let (what, why) = check_preset(preset, &start);

    let mut game = desk.open("sgt-pegs", "sgt-puzzles", &[], &[id], "Pegs");
    game.park_pointer();
    pause(1000);
    let mut frame = game.settled();
    let (mut canvas, mut line) = check(&frame, &start, colours, None, name);
    let default = ((frame.width(), frame.height()), canvas.tile);
    let (how, default_tile) = match window {
        "default" => ("default size".to_string(), None),
        size => {
            let (w, h) = size.split_once('x').expect("WxH");
            let (w, h) = (w.parse().unwrap(), h.parse().unwrap());
            assert_ne!((w, h), default.0, "{name}: the asked size is the default");
            frame = game.resize(w, h);
            (canvas, line) = check(&frame, &start, colours, Some(default.1), name);
            (format!("resized from the default {}x{}", default.0.0, default.0.1), Some(default.1))
        }
    };
    // Each jump: press on the peg, move over the jumped peg to the empty hole, release; then the
    // capture must show the board after this jump.
    for (i, &(from, to)) in jumps.iter().enumerate() {
        game.drag(&frame, canvas.centre(from), canvas.centre(to));
        game.park_pointer();
        pause(500);
        frame = game.settled();
        let after = format!("{name}, after dragging {from:?} to {to:?}");
        (canvas, line) = check(&frame, &start.after(&jumps[..=i]), colours, default_tile, &after);
    }
    let last = game.settled();
    assert_eq!(last.differing_pixels(&frame, 0), 0, "{name}: the window changed after settling");
    println!("{name:<34} {preset:<10} capture {}x{}  {line}", last.width(), last.height());

    let board = start.after(&jumps);
    let mut source = format!(
        "sgt-pegs {version} (Debian sgt-puzzles), game id {id} ({what}), window {}x{} ({how}) under Xvfb+jwm, \
         captured by src/games/pegs/capture_tests/sgt_pegs.rs",
        last.width(),
        last.height()
    );
    let answer = if jumps.is_empty() {
        source += &format!("; pegs_left = 1 is known because {why}");
        let known = KNOWN.iter().find(|k| k.0 == name).map_or("", |k| k.1);
        format!("\n[answer]\npegs_left = 1\n{known}")
    } else {
        let n = jumps.len();
        let list: Vec<String> = jumps.iter().map(|(a, b)| format!("({},{})->({},{})", a.0, a.1, b.0, b.1)).collect();
        source += &format!(
            "; mid-game: {n} jump{} made before the capture by dragging a peg with the mouse (row,col from the \
             top-left, 0-based): {}; the board rows are the game id's board with these jumps applied by the jump \
             rule; no [answer], since whether this position is still solvable to one peg is not known without a solver",
            if n > 1 { "s" } else { "" },
            list.join(", ")
        );
        String::new()
    };
    let case = format!(
        "game = \"pegs\"\nsource = {}\nprofile = \"sgt-pegs\"\n\n[board]\n{}\n{answer}",
        toml_string(&source),
        gamebot::case::rows_toml(&board.rows())
    );
    Captured { name: name.into(), image: last.image, case }
}

#[test]
#[ignore = "captures from the real program under Xvfb: cargo test --release --test capture -- --ignored"]
fn captures_sgt_pegs_fixtures() {
    let (cases, all) = selected(CASES, |c| c.0);
    // The whole table first: presets, IDs and jumps.
    for case in &cases {
        let start = parse_id(case.4);
        check_preset(case.1, &start);
        start.after(&parse_jumps(case.3));
    }
    for (name, _) in KNOWN {
        assert!(CASES.iter().any(|c| c.0 == *name && c.3 == "-"), "KNOWN names {name}, not a starting case");
    }
    if all {
        assert!(CASES.iter().filter(|c| c.3 != "-").count() >= 4, "fewer than 4 mid-game cases");
    }
    let colours = colours();
    let version = package_version("sgt-puzzles");
    let desk = Desk::start();
    let captured: Vec<Captured> = cases.iter().map(|case| capture(&desk, case, &colours, &version)).collect();
    conclude("pegs", &captured);
}
