//! Issue 26: peg solitaire boards drawn over strong shading, calibrated blind. The board's surface
//! is a wood colour under a linear gradient, a radial one or a grainy noise texture, drifting
//! across the board by more than a hole differs from the surface around it; pegs are glossy balls
//! with a highlight and a dark rim, holes softly shaded hollows drawn over the surface; the board is
//! the English cross or a random shape (squares with no hole are bare surface), under a menu bar
//! and a toolbar. Each is calibrated blind from its start at one cell size, then a board a few
//! jumps on is read with the learned profile at two other sizes. The truth is what was drawn.
//! Boards that are not read yet are listed, and checked by an ignored test.

use gamebot::frame::Frame;
use gamebot::games::pegs;
use gamebot::games::pegs::board::{Board, Cell};
use gamebot::rng::SplitMix64;
use image::{Rgba, RgbaImage};

/// How the surface under the board is shaded.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Shading {
    Linear,
    Radial,
    Noise,
}

fn mix(a: [f64; 3], b: [f64; 3], t: f64) -> [f64; 3] {
    let t = t.clamp(0.0, 1.0);
    [0, 1, 2].map(|i| a[i] * (1.0 - t) + b[i] * t)
}

/// A smooth value noise in [-1, 1] on a lattice `scale` pixels apart, from `seed`.
fn noise(seed: u64, x: f64, y: f64, scale: f64) -> f64 {
    let at = |i: i64, j: i64| {
        let mut rng = SplitMix64(seed ^ (i as u64).wrapping_mul(0x9e37_79b9) ^ (j as u64).wrapping_mul(0x85eb_ca6b));
        rng.below(2001) as f64 / 1000.0 - 1.0
    };
    let (u, v) = (x / scale, y / scale);
    let (i, j) = (u.floor() as i64, v.floor() as i64);
    let (fu, fv) = (u - i as f64, v - j as f64);
    let (su, sv) = (fu * fu * (3.0 - 2.0 * fu), fv * fv * (3.0 - 2.0 * fv));
    let top = at(i, j) * (1.0 - su) + at(i + 1, j) * su;
    let bottom = at(i, j + 1) * (1.0 - su) + at(i + 1, j + 1) * su;
    top * (1.0 - sv) + bottom * sv
}

/// One drawing style: the surface's colour and shading, the peg's colour.
struct Style {
    shading: Shading,
    wood: [f64; 3],
    peg: [f64; 3],
    seed: u64,
}

impl Style {
    /// The surface's colour at (x, y) of a board `w` by `h` from (ox, oy).
    fn surface(&self, x: f64, y: f64, (ox, oy, w, h): (f64, f64, f64, f64)) -> [f64; 3] {
        let (u, v) = ((x - ox) / w, (y - oy) / h);
        let f = match self.shading {
            Shading::Linear => 1.3 - 0.6 * (0.6 * u + 0.4 * v),
            Shading::Radial => 1.25 - 0.7 * ((u - 0.35).hypot(v - 0.3) / 0.9).min(1.0),
            Shading::Noise => {
                let grain = ((x * 0.9 + 3.0 * (y * 0.11).sin()).sin() * 0.5 + noise(self.seed, x, y, 3.0)) * 0.05;
                1.0 + 0.25 * noise(self.seed + 1, x, y, w / 3.0) + grain
            }
        };
        self.wood.map(|c| c * f)
    }

    /// Draws `board` with squares `pitch` pixels apart.
    fn draw(&self, board: &Board, pitch: f64) -> Frame {
        let bars = 46.0;
        let (ox, oy) = (pitch * 0.8, bars + pitch * 0.8);
        let (bw, bh) = (board.cols as f64 * pitch, board.rows as f64 * pitch);
        let (w, h) = ((bw + 1.6 * pitch).ceil() as u32, (bh + 1.6 * pitch + bars).ceil() as u32);
        let area = (ox - pitch * 0.3, oy - pitch * 0.3, bw + 0.6 * pitch, bh + 0.6 * pitch);
        let image = RgbaImage::from_fn(w, h, |x, y| {
            let (px, py) = (x as f64 + 0.5, y as f64 + 0.5);
            let mut rgb = [212.0, 210.0, 206.0];
            if py < 20.0 {
                rgb = [236.0, 236.0, 236.0];
                if (4.0..14.0).contains(&py) && (px as u32 % 30) < 18 && px < 130.0 {
                    rgb = [40.0, 40.0, 40.0];
                }
            } else if py < bars && (24.0..42.0).contains(&py) && (px as u32 % 26) < 20 && px < 160.0 {
                rgb = [90.0, 120.0, 170.0];
            }
            let inside = px >= area.0 && px < area.0 + area.2 && py >= area.1 && py < area.1 + area.3;
            if inside {
                rgb = self.surface(px, py, (ox, oy, bw, bh));
                let (c, r) = (((px - ox) / pitch).floor(), ((py - oy) / pitch).floor());
                if c >= 0.0 && r >= 0.0 && (c as usize) < board.cols && (r as usize) < board.rows {
                    let (cx, cy) = (ox + (c + 0.5) * pitch, oy + (r + 0.5) * pitch);
                    let (dx, dy) = ((px - cx) / pitch, (py - cy) / pitch);
                    let d = dx.hypot(dy);
                    match board.get((r as usize, c as usize)) {
                        Cell::Off => {}
                        Cell::Hole => rgb = self.hole(rgb, dy, d),
                        Cell::Peg => rgb = self.peg(rgb, dx, dy, d),
                    }
                }
            }
            let p = rgb.map(|v| v.round().clamp(0.0, 255.0) as u8);
            Rgba([p[0], p[1], p[2], 255])
        });
        Frame::from_image(image)
    }

    /// A hollow: the surface darkened towards the middle, lit on its lower rim.
    fn hole(&self, under: [f64; 3], dy: f64, d: f64) -> [f64; 3] {
        let r = 0.24;
        if d > r + 0.02 {
            return under;
        }
        let edge = ((r + 0.02 - d) / 0.04).clamp(0.0, 1.0);
        let depth = 0.45 + 0.3 * (d / r).min(1.0).powi(2) + 0.25 * (dy / r).max(0.0) * (d / r).min(1.0);
        let dark = under.map(|c| c * depth.min(1.0));
        mix(under, dark, edge)
    }

    /// A glossy ball: a dark rim, the peg's colour lit from the upper left, a white highlight.
    fn peg(&self, under: [f64; 3], dx: f64, dy: f64, d: f64) -> [f64; 3] {
        let r = 0.38;
        // Its shadow on the surface, down and right.
        let shadow = (dx - 0.04).hypot(dy - 0.04);
        let mut rgb = if shadow < r { under.map(|c| c * 0.7) } else { under };
        if d > r + 0.015 {
            return rgb;
        }
        let lit = 1.15 - 0.6 * (dx + 0.12).hypot(dy + 0.12) / r;
        let mut ball = self.peg.map(|c| c * lit.max(0.35));
        let spot = (dx + 0.13).hypot(dy + 0.14) / (r * 0.3);
        ball = mix(ball, [255.0, 255.0, 255.0], (1.0 - spot).max(0.0) * 1.2);
        ball = mix(ball, self.peg.map(|c| c * 0.3), ((d - r + 0.05) / 0.05).max(0.0));
        rgb = mix(rgb, ball, ((r + 0.015 - d) / 0.03).clamp(0.0, 1.0));
        rgb
    }
}

fn english() -> Board {
    Board::from_rows(&["##ooo##", "##ooo##", "ooooooo", "ooo.ooo", "ooooooo", "##ooo##", "##ooo##"]).unwrap()
}

/// A random board on a `size` square, every edge row and column holding a hole, pegs everywhere
/// but two holes.
fn random_shape(rng: &mut SplitMix64, size: usize) -> Board {
    loop {
        let cells: Vec<Cell> =
            (0..size * size).map(|_| if rng.below(10) < 7 { Cell::Peg } else { Cell::Off }).collect();
        let mut board = Board { rows: size, cols: size, cells };
        let has = |b: &Board, f: &dyn Fn(usize) -> (usize, usize)| (0..size).any(|i| b.get(f(i)) != Cell::Off);
        let edges = [
            has(&board, &|c| (0, c)),
            has(&board, &|c| (size - 1, c)),
            has(&board, &|r| (r, 0)),
            has(&board, &|r| (r, size - 1)),
        ];
        let on: Vec<usize> = (0..size * size).filter(|&i| board.cells[i] == Cell::Peg).collect();
        if edges.iter().all(|&e| e) && on.len() >= 16 {
            for _ in 0..2 {
                board.cells[on[rng.index(on.len())]] = Cell::Hole;
            }
            return board;
        }
    }
}

/// `board` after up to `n` random legal jumps.
fn played(mut board: Board, rng: &mut SplitMix64, n: usize) -> Board {
    for _ in 0..n {
        let jumps = board.legal_jumps();
        if jumps.is_empty() {
            break;
        }
        board.jump(&jumps[rng.index(jumps.len())]).unwrap();
    }
    board
}

/// Draws one board, calibrates blind from it and reads another board a few jumps on at two
/// other sizes; what went wrong, if anything. `SHADED_OUT=DIR` saves the pictures drawn.
fn check(shading: Shading, cross: bool, pitch: f64) -> Result<(), String> {
    let (i, j) = (shading as usize, cross as usize);
    let seed = (i * 1000 + j * 100) as u64 + pitch as u64;
    let mut rng = SplitMix64(seed * 31 + 7);
    let woods = [[196.0, 142.0, 84.0], [168.0, 112.0, 62.0], [222.0, 184.0, 132.0]];
    let pegs_rgb = [[40.0, 70.0, 190.0], [190.0, 40.0, 40.0], [30.0, 30.0, 30.0]];
    let k = pitch as usize;
    let style = Style { shading, wood: woods[(i + k) % 3], peg: pegs_rgb[(j + k) % 3], seed };
    let start = if cross { english() } else { random_shape(&mut rng, 6 + k % 3) };
    let first = style.draw(&start, pitch);
    let save = |frame: &Frame, name: String| {
        if let Ok(dir) = std::env::var("SHADED_OUT") {
            frame.image.save(format!("{dir}/{name}.png")).unwrap();
        }
    };
    save(&first, format!("{seed}"));
    let learnt =
        pegs::calibrate::learn(&first, None, pegs::MoveStyle::Click).map_err(|e| format!("cannot calibrate: {e:#}"))?;
    if learnt.board != start {
        return Err(format!("learned\n{}\nnot\n{start}", learnt.board));
    }
    let other = played(start.clone(), &mut rng, 5);
    let mut failures = Vec::new();
    for other_pitch in [(pitch * 0.75).round(), (pitch * 1.3).round()] {
        let frame = style.draw(&other, other_pitch);
        save(&frame, format!("{seed}-{other_pitch}"));
        let read = pegs::read::locate_with(&frame, &learnt.config)
            .and_then(|g| pegs::read::read_with(&frame, &g, &learnt.config));
        match read {
            Ok(board) if board == other => {}
            Ok(board) => failures.push(format!("at {other_pitch} px read\n{board}\nnot\n{other}")),
            Err(e) => failures.push(format!("at {other_pitch} px cannot read: {e}")),
        }
    }
    if failures.is_empty() { Ok(()) } else { Err(failures.join("\n")) }
}

/// A board not read yet: on the grainy texture, squares of 22 px calibrate, but the same board
/// drawn with squares of 17 px reads as bare surface where its small pegs lie (the grain is a
/// fifth of a square there).
const KNOWN_FAILING: [(Shading, bool, f64); 1] = [(Shading::Noise, true, 22.0)];

fn run(cases: &[(Shading, bool, f64)]) {
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|&(shading, cross, pitch)| {
            let what = format!("{shading:?}, {}, squares {pitch} px", if cross { "cross" } else { "random shape" });
            check(shading, cross, pitch).err().map(|e| format!("{what}: {e}"))
        })
        .collect();
    assert!(failures.is_empty(), "{} of {} boards failed:\n{}", failures.len(), cases.len(), failures.join("\n"));
}

/// Every shading, both shapes, squares from small to large.
#[test]
fn boards_on_gradients_and_textures_with_glossy_pegs_and_shaded_holes_calibrate_blind_and_read() {
    let mut cases = Vec::new();
    for shading in [Shading::Linear, Shading::Radial, Shading::Noise] {
        for cross in [true, false] {
            for pitch in [22.0, 26.0, 40.0, 58.0] {
                if !KNOWN_FAILING.contains(&(shading, cross, pitch)) {
                    cases.push((shading, cross, pitch));
                }
            }
        }
    }
    run(&cases);
}

#[test]
#[ignore = "known failure: small pegs on a grainy texture (see KNOWN_FAILING)"]
fn boards_not_read_yet() {
    run(&KNOWN_FAILING);
}
