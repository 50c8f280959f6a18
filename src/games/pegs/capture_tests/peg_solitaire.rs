//! Debian's Qt `peg-solitaire` fixtures (`fixtures/pegs/debian-peg-solitaire/`): each case starts the
//! program (LANG=en_US.UTF-8: without a locale it lists no boards; a fresh HOME, so no saved records
//! change anything) in a window of the case's size, selects a board by typing its name into the list
//! of boards (Qt's keyboard search picks the first name starting with it; "Classic 1", the English
//! board, is selected at start), makes the jumps by clicking the peg and then its landing hole (the
//! program's own way), and captures the settled window. The truth is the board with that code in the
//! program's own data file (`data.sol`: -1 no hole, 0 empty, 1 peg) with the jumps applied by the
//! rules; nothing is read back from the picture for it. Where to click is found from the capture: the
//! box round the pegs' blue discs is the board's extent (every case keeps a peg in the board's
//! outermost rows and columns), and the number of discs must be the truth's number of pegs.
//! Only boards played by ordinary jumps (move type 1, no marked holes) are used.

use crate::common::capture::{Captured, Desk, conclude, package_version, pause, selected, toml_string};
use gamebot::frame::{Frame, Point};
use gamebot::vision::regions::components;

/// The program's own list of boards.
const DATA: &str = "/usr/share/games/peg-solitaire/games/data.sol";

/// name | list entry typed ("-": the one selected at start, "Classic 1") | code in data.sol |
/// window WxH | jumps ("-" or "r,c>r,c ...", 0-based)
const CASES: &[(&str, &str, &str, &str, &str)] = &[
    ("dps-01-english-600x390", "-", "1", "600x390", "-"),
    ("dps-02-english-1000x800-3jumps", "-", "1", "1000x800", "1,3>3,3 2,1>2,3 4,2>2,2"),
    ("dps-03-asym6x6-800x600", "Asymmetric 6x6", "77", "800x600", "-"),
    ("dps-04-asym6x6-1200x700-2jumps", "Asymmetric 6x6", "77", "1200x700", "3,0>3,2 1,1>3,1"),
    ("dps-05-wiegleb-900x900", "Wiegleb  1", "36", "900x900", "-"),
    ("dps-06-square6x6-700x500", "Square 6x6", "44", "700x500", "-"),
];

/// Where to click to give the list of boards the keyboard: this far from the window's left edge,
/// half-way down (the list fills the left part of the window below the clock).
const LIST_X: i32 = 60;

/// The pegs' blue: blue well above red, red and green alike (the list's selection and the toolbar's
/// icons are other blues).
fn peg_blue(p: [u8; 3]) -> bool {
    p[2] > p[0].saturating_add(20) && p[0].abs_diff(p[1]) < 12
}

/// The board with `code` in `data.sol` (groups of four lines after the comments: code and move type,
/// rows and columns, the cells, the name's translation key), as truth rows (`o` peg, `.` empty hole,
/// `#` no hole).
fn board(code: &str) -> Vec<Vec<char>> {
    let bytes = std::fs::read(DATA).unwrap_or_else(|e| panic!("{DATA}: {e} (apt-get install peg-solitaire)"));
    let text = String::from_utf8_lossy(&bytes);
    let lines: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).collect();
    for group in lines.chunks(4) {
        let head: Vec<&str> = group[0].split_whitespace().collect();
        if head.first() != Some(&code) {
            continue;
        }
        let cells: Vec<&str> = group[2].split_whitespace().collect();
        assert!(
            head.get(1) == Some(&"1") && cells.iter().all(|c| ["-1", "0", "1"].contains(c)),
            "board {code}: not an ordinary board (move type {:?})",
            head.get(1)
        );
        let dims: Vec<usize> = group[1].split_whitespace().map(|v| v.parse().expect("rows and columns")).collect();
        let (rows, cols) = (dims[0], dims[1]);
        assert_eq!(cells.len(), rows * cols, "board {code}: {} cells for {rows}x{cols}", cells.len());
        let truth = |c: &str| match c {
            "1" => 'o',
            "0" => '.',
            _ => '#',
        };
        return cells.chunks(cols).map(|row| row.iter().map(|c| truth(c)).collect()).collect();
    }
    panic!("no board {code} in {DATA}");
}

type Jump = ((usize, usize), (usize, usize));

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

/// The board after the jumps, each checked legal: a peg jumps a neighbouring peg into the empty hole
/// beyond it.
fn after(mut g: Vec<Vec<char>>, jumps: &[Jump]) -> Vec<Vec<char>> {
    for &((r0, c0), (r1, c1)) in jumps {
        let (mr, mc) = ((r0 + r1) / 2, (c0 + c1) / 2);
        let mut d = [r0.abs_diff(r1), c0.abs_diff(c1)];
        d.sort();
        let inside = r0.max(r1) < g.len() && c0.max(c1) < g[0].len();
        let legal = inside && d == [0, 2] && g[r0][c0] == 'o' && g[mr][mc] == 'o' && g[r1][c1] == '.';
        assert!(legal, "jump ({r0},{c0})>({r1},{c1}) is not legal");
        (g[r0][c0], g[mr][mc], g[r1][c1]) = ('.', '.', 'o');
    }
    g
}

/// The pegs' discs in a capture: the blue components at least half as large as the largest (the
/// toolbar's and the tabs' small blue icons are not pegs). Returns their number and their box
/// (exclusive right and bottom).
fn discs(frame: &Frame) -> (usize, (u32, u32, u32, u32)) {
    let mask: Vec<bool> = frame.image.pixels().map(|p| peg_blue([p.0[0], p.0[1], p.0[2]])).collect();
    let found = components(&mask, frame.width() as usize);
    let largest = found.iter().map(|c| c.area).max().expect("no blue pegs in the capture");
    let pegs: Vec<_> = found.iter().filter(|c| c.area * 2 >= largest).collect();
    let x0 = pegs.iter().map(|c| c.x0).min().unwrap();
    let y0 = pegs.iter().map(|c| c.y0).min().unwrap();
    let x1 = pegs.iter().map(|c| c.x1).max().unwrap();
    let y1 = pegs.iter().map(|c| c.y1).max().unwrap();
    (pegs.len(), (x0, y0, x1, y1))
}

/// The centre of cell `(r, c)` of a `rows` x `cols` board filling `bx`.
fn cell(bx: (u32, u32, u32, u32), rows: usize, cols: usize, (r, c): (usize, usize)) -> Point {
    let (x0, y0, x1, y1) = bx;
    let x = x0 as f64 + (c as f64 + 0.5) * (x1 - x0) as f64 / cols as f64;
    let y = y0 as f64 + (r as f64 + 0.5) * (y1 - y0) as f64 / rows as f64;
    Point::new(x as i32, y as i32)
}

/// The capture shows as many discs as `truth` has pegs.
fn check(frame: &Frame, truth: &[Vec<char>], what: &str) {
    let pegs = truth.iter().flatten().filter(|&&c| c == 'o').count();
    let (shown, _) = discs(frame);
    assert_eq!(shown, pegs, "{what}: {shown} pegs shown, the truth has {pegs}");
}

fn capture(desk: &Desk, case: &(&str, &str, &str, &str, &str), version: &str) -> Captured {
    let &(name, entry, code, size, jump_text) = case;
    let jumps = parse_jumps(jump_text);
    let start = board(code);
    let truth = after(start.clone(), &jumps);
    let (rows, cols) = (truth.len(), truth[0].len());
    let (w, h) = size.split_once('x').expect("WxH");
    let (w, h): (u32, u32) = (w.parse().unwrap(), h.parse().unwrap());

    let mut game = desk.open("peg-solitaire", "peg-solitaire", &[("LANG", "en_US.UTF-8")], &[], "Peg-solitaire");
    pause(500);
    let mut frame = game.resize(w, h);
    if entry != "-" {
        game.click(&frame, Point::new(LIST_X, h as i32 / 2));
        pause(300);
        game.xdotool(&["type", "--delay", "40", entry]);
        pause(1000);
    }
    game.park_pointer();
    frame = game.settled();
    check(&frame, &start, &format!("{name}, the board selected"));
    for (i, &(from, to)) in jumps.iter().enumerate() {
        for end in [from, to] {
            game.click(&frame, cell(discs(&frame).1, rows, cols, end));
            pause(300);
        }
        game.park_pointer();
        pause(300);
        frame = game.settled();
        check(&frame, &after(start.clone(), &jumps[..=i]), &format!("{name}, after jump {from:?}>{to:?}"));
    }
    assert_eq!((frame.width(), frame.height()), (w, h), "{name}: the window changed size");
    let pegs = truth.iter().flatten().filter(|&&c| c == 'o').count();
    println!("{name}: {rows} x {cols}, {pegs} pegs");

    let list_entry = if entry == "-" { "Classic 1" } else { entry };
    let played = if jumps.is_empty() { String::new() } else { format!(", then the jumps {jump_text} clicked") };
    let source = format!(
        "Debian peg-solitaire {version} (Qt 5) under Xvfb + jwm, LANG=en_US.UTF-8, window {size}; board \"{list_entry}\" \
         of its list (code {code} of its data.sol){played}; truth from data.sol with the jumps applied by the rules \
         (src/games/pegs/capture_tests/peg_solitaire.rs)"
    );
    let answer = if code == "1" && jumps.is_empty() {
        "\n[answer]\npegs_left = 1  # the English board from its centre vacancy: the classic solvable start\n"
    } else {
        ""
    };
    let rows: Vec<String> = truth.iter().map(|r| r.iter().collect()).collect();
    let case = format!(
        "game = \"pegs\"\nsource = {}\nprofile = \"debian-peg-solitaire\"\n\n[board]\n{}\n{answer}",
        toml_string(&source),
        gamebot::case::rows_toml(&rows)
    );
    Captured { name: name.into(), image: frame.image, case }
}

#[test]
#[ignore = "captures from the real program under Xvfb: cargo test --release --test capture -- --ignored"]
fn captures_peg_solitaire_fixtures() {
    let (cases, _) = selected(CASES, |c| c.0);
    for case in &cases {
        after(board(case.2), &parse_jumps(case.4));
    }
    let version = package_version("peg-solitaire");
    let desk = Desk::start();
    let captured: Vec<Captured> = cases.iter().map(|case| capture(&desk, case, &version)).collect();
    conclude("pegs/debian-peg-solitaire", &captured);
}
