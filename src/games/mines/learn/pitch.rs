//! Where a board's lines lie: the phase and the fractional pitch of its cells, fitted over the
//! whole board at once. A lattice found from the things on the cells knows both only roughly (a
//! bevelled face is off its cell's centre; a pitch a fifth of a pixel off is three pixels off after
//! 16 cells), and a cell's edge must be read where it lies. Along each axis the picture's edges are
//! summed into one profile (how sharply the picture changes at each column, over the board's whole
//! height; the same for rows), and the pitch and phase are those whose lines fall on the most edge
//! in it, the pitch tried in steps of 0.02 px near the lattice's. Where a second edge nearly as
//! sharp lies close by (the two sides of a gap, or of a line), the lines go to the middle of the two.

use crate::frame::{Frame, Rect};
use crate::vision::grid::Grid;

/// The widest a fitted pitch may stray from the lattice's: this share of it, or 0.6 px.
const STRAY: f64 = 0.1;
/// Steps of the pitch and of the phase tried, in pixels.
const PITCH_STEP: f64 = 0.02;
const PHASE_STEP: f64 = 0.25;
/// A pitch at which the board's own lines fold within this share of their best is as good.
const AS_GOOD: f64 = 0.01;
/// The width of a bin of the folded edge profile, in pixels.
const FOLD_BIN: f64 = 0.5;

/// How sharply the picture changes at each position along one axis (`across`: columns), summed
/// over the span of the other, for positions `from..to`.
fn profile(frame: &Frame, across: bool, from: i64, to: i64, span: (i64, i64)) -> Vec<i64> {
    let grey = |x: i64, y: i64| -> i64 {
        let x = x.clamp(0, frame.width() as i64 - 1) as u32;
        let y = y.clamp(0, frame.height() as i64 - 1) as u32;
        frame.rgb(x, y).iter().map(|&c| c as i64).sum()
    };
    (from..to)
        .map(|at| {
            (span.0..span.1)
                .map(|t| if across { grey(at, t) - grey(at - 1, t) } else { grey(t, at) - grey(t, at - 1) })
                .map(i64::abs)
                .sum()
        })
        .collect()
}

/// One axis of a board: where its first line lies, its pitch, and how many cells it has.
struct Axis {
    start: f64,
    pitch: f64,
    cells: usize,
}

/// The edge under the lines of `start + k * pitch`, k = 0..=cells, in a profile that begins at `from`.
fn score(edges: &[i64], from: i64, start: f64, pitch: f64, cells: usize) -> i64 {
    (0..=cells)
        .map(|k| (start + k as f64 * pitch).round() as i64 - from)
        .map(|i| if i >= 0 && (i as usize) < edges.len() { edges[i as usize] } else { 0 })
        .sum()
}

/// The best phase at `pitch`, within half a cell of `axis.start`, and its score.
fn best_phase(edges: &[i64], from: i64, axis: &Axis, pitch: f64) -> (f64, i64) {
    let steps = (pitch / 2.0 / PHASE_STEP).ceil() as i64;
    let mut best = (axis.start, i64::MIN);
    for s in -steps..=steps {
        let start = axis.start + s as f64 * PHASE_STEP;
        let v = score(edges, from, start, pitch, axis.cells);
        let nearer = (start - axis.start).abs() < (best.0 - axis.start).abs();
        if v > best.1 || (v == best.1 && nearer) {
            best = (start, v);
        }
    }
    best
}

/// How much the edge profile, folded at `pitch` (each position taken modulo the pitch, in bins of
/// `FOLD_BIN` px), piles up in few places: at the board's pitch every cell's edges fall on the same
/// places (both sides of a gap included), at any other they spread. So the pitch comes from every
/// line at once, and a gap's two sides cannot pull it off by their width over a long board. Each
/// position is a pixel wide, spread over the bins its pixel covers: as points, positions fold only
/// onto whole-pixel phases at a whole-pixel pitch and fill half the bins, which piles them up twice
/// as much as at any pitch between (cells of 19.5 px, drawn 19 and 20 px by turns, were fitted at
/// 19 or 20).
fn folded(edges: &[i64], from: i64, pitch: f64) -> f64 {
    let bins = ((pitch / FOLD_BIN).round() as usize).max(1);
    let width = pitch / bins as f64;
    let mut piles = vec![0f64; bins];
    for (i, &e) in edges.iter().enumerate().filter(|&(_, &e)| e != 0) {
        let at = (from + i as i64) as f64;
        let phase = at - (at / pitch).floor() * pitch;
        let (start, end) = (phase - 0.5, phase + 0.5);
        let mut b = (start / width).floor();
        while b * width < end {
            let overlap = end.min((b + 1.0) * width) - start.max(b * width);
            piles[(b as i64).rem_euclid(bins as i64) as usize] += e as f64 * overlap.max(0.0);
            b += 1.0;
        }
    }
    let total: f64 = piles.iter().sum();
    if total <= 0.0 { 0.0 } else { piles.iter().map(|p| p * p).sum::<f64>() / (total * total) * bins as f64 }
}

/// The part of a profile beginning at `from` that lies within half a cell of the lattice's cells.
fn span_of(len: usize, from: i64, axis: &Axis) -> (usize, usize) {
    let at = |p: f64| ((p.round() as i64 - from).clamp(0, len as i64)) as usize;
    let half = axis.pitch / 2.0;
    let (lo, hi) = (at(axis.start - half), at(axis.start + axis.cells as f64 * axis.pitch + half + 1.0));
    if hi > lo { (lo, hi) } else { (0, len) }
}

/// The pitch near the lattice's at which the edges fold most into few places (`folded`), the
/// nearest the lattice's on a tie.
fn best_pitch(edges: &[i64], from: i64, axis: &Axis) -> f64 {
    let stray = (axis.pitch * STRAY).max(0.6);
    let steps = (stray / PITCH_STEP).round() as i64;
    let mut best = (axis.pitch, f64::MIN);
    for s in 0..=2 * steps {
        // Nearest the lattice's pitch first, so that ties keep it.
        let k = if s % 2 == 0 { s / 2 } else { -(s + 1) / 2 };
        let pitch = axis.pitch + k as f64 * PITCH_STEP;
        let v = folded(edges, from, pitch);
        if v > best.1 {
            best = (pitch, v);
        }
    }
    best.0
}

/// The axis fitted: the pitch at which the edges fold most into few places (`folded`), the phase
/// whose lines fall on the most edge at that pitch, then the middle of a gap's two sides. The
/// profile reaches a cell beyond the lattice (for the phase), where a frame or a panel may draw
/// lines as sharp as the board's: the pitch folded over all of it is kept only when the board's
/// own lines (within half a cell of the lattice's cells, `span_of`) fold at it as well as at their
/// own best, within `AS_GOOD`; else their own best is the pitch.
fn fit_axis(edges: &[i64], from: i64, axis: &Axis) -> Axis {
    let (lo, hi) = span_of(edges.len(), from, axis);
    let (own, all) = (best_pitch(&edges[lo..hi], from + lo as i64, axis), best_pitch(edges, from, axis));
    let board = |pitch: f64| folded(&edges[lo..hi], from + lo as i64, pitch);
    let pitch = if board(all) >= board(own) * (1.0 - AS_GOOD) { all } else { own };
    let (first, top) = best_phase(edges, from, axis, pitch);
    let near = |o: f64| (o - first).abs() >= 1.0 && (o - first).abs() <= 0.2 * pitch;
    let second = (1..=(0.2 * pitch / PHASE_STEP) as i64)
        .flat_map(|s| [first - s as f64 * PHASE_STEP, first + s as f64 * PHASE_STEP])
        .filter(|&o| near(o))
        .map(|o| (o, score(edges, from, o, pitch, axis.cells)))
        .max_by_key(|&(_, v)| v);
    let start = match second {
        Some((other, v)) if v as f64 >= 0.6 * top as f64 => (first + other) / 2.0,
        _ => first,
    };
    Axis { start, pitch, cells: axis.cells }
}

/// The grid with its pitch and phase fitted over the whole board (kept when the fit would leave
/// the frame).
pub fn fit(frame: &Frame, grid: &Grid) -> Grid {
    let (pw, ph) = (grid.cell_width(), grid.cell_height());
    let (x0, y0) = (grid.rect.x, grid.rect.y);
    let (x1, y1) = (x0 + grid.rect.width, y0 + grid.rect.height);
    let reach = |a: f64, b: f64, p: f64| ((a - p).floor() as i64, (b + p).ceil() as i64 + 1);
    let (fx, tx) = reach(x0, x1, pw);
    let (fy, ty) = reach(y0, y1, ph);
    let across = profile(frame, true, fx, tx, (y0 as i64, y1 as i64));
    let down = profile(frame, false, fy, ty, (x0 as i64, x1 as i64));
    let ax = fit_axis(&across, fx, &Axis { start: x0, pitch: pw, cells: grid.cols });
    let ay = fit_axis(&down, fy, &Axis { start: y0, pitch: ph, cells: grid.rows });
    let mut fitted = grid.clone();
    fitted.rect =
        Rect { x: ax.start, y: ay.start, width: ax.pitch * grid.cols as f64, height: ay.pitch * grid.rows as f64 };
    if fitted.fits(frame) { fitted } else { grid.clone() }
}

/// How sharply the picture changes across the line at `at` (`across`: a column, else a row), per
/// pixel of its length over `span`.
fn line_strength(frame: &Frame, across: bool, at: f64, span: (f64, f64)) -> f64 {
    let at = at.round() as i64;
    let (from, to) = (span.0.round() as i64, span.1.round() as i64);
    if to <= from {
        return 0.0;
    }
    let total: i64 = profile(frame, across, at, at + 1, (from, to)).iter().sum();
    total as f64 / (to - from) as f64
}

/// The median of some strengths (0 for none).
fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values.get(values.len() / 2).copied().unwrap_or(0.0)
}

/// True when the next row or column beyond `grid` (`side`: 0 top, 1 bottom, 2 left, 3
/// right) is drawn as the board's cells are: its outer line, and the lines between its own cells,
/// are at least a quarter as sharp as the board's own lines. So a row of cells of a look the
/// board has not shown yet (opened cells at the board's edge) joins it, and the frame or the
/// window around it does not.
pub fn lined(frame: &Frame, grid: &Grid, side: usize) -> bool {
    let across = side >= 2;
    let (p, q) = if across { (grid.cell_width(), grid.cell_height()) } else { (grid.cell_height(), grid.cell_width()) };
    let (start, cross_start) = if across { (grid.rect.x, grid.rect.y) } else { (grid.rect.y, grid.rect.x) };
    let (n, m) = if across { (grid.cols, grid.rows) } else { (grid.rows, grid.cols) };
    let span = (cross_start, cross_start + m as f64 * q);
    let parallel = median((1..n).map(|k| line_strength(frame, across, start + k as f64 * p, span)).collect());
    let line_span = (start + n as f64 * p, start + (n + 1) as f64 * p);
    let cross_own = median(
        (1..m)
            .map(|k| line_strength(frame, !across, cross_start + k as f64 * q, (start, start + n as f64 * p)))
            .collect(),
    );
    let (outer, new_span) =
        if side.is_multiple_of(2) { (start - p, (start - p, start)) } else { (line_span.1, line_span) };
    let cross = median((1..m).map(|k| line_strength(frame, !across, cross_start + k as f64 * q, new_span)).collect());
    parallel > 0.0
        && line_strength(frame, across, outer, span) >= parallel / 4.0
        && cross >= cross_own / 4.0
        && cross > 0.0
}

#[cfg(test)]
mod tests {
    use super::fit;
    use crate::frame::Rect;
    use crate::vision::grid::Grid;

    /// cp-alley's js-minesweeper at device scale 1 draws its table's cells 19.5 px apart, 19 and
    /// 20 px by turns (lines at x = 142, 161, 181, 200, 220 and y = 44, 63, 83, 102, 122, ...).
    /// Started from a lattice at a pitch of 19.4 px, the fit was 19.0 one way and 20.0 the other
    /// (4.5 px off after 9 cells): positions folded as points pile up most at a whole pitch.
    #[test]
    fn cells_drawn_19_and_20_px_by_turns_fit_at_19_5() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures/mines/alley-mines/alley-9x9n10-02-start.png");
        let frame = crate::screen::load_png(&path).expect("the fixture");
        let lattice =
            Grid { rect: Rect { x: 123.0, y: 24.0, width: 9.0 * 19.4, height: 9.0 * 19.4 }, rows: 9, cols: 9 };
        let fitted = fit(&frame, &lattice);
        for (axis, pitch) in [("across", fitted.cell_width()), ("down", fitted.cell_height())] {
            assert!((pitch - 19.5).abs() < 0.1, "{axis}: a pitch of {pitch:.2} px");
        }
    }
}

/// A board in a Windows-classic frame, as prosaic's page draws it (an HTML/CSS copy of the
/// classic game): cells of 24 px with a 2-px bevel (white at top and left, grey at bottom and
/// right) on light grey, opened ones flat with a 1-px grey line, in a sunken 2-px border, and a
/// panel above it (a counter, the smiley) whose own 2-px border lies 18 px above the board's.
#[cfg(test)]
mod framed_tests {
    use super::fit;
    use crate::frame::{Frame, Rect};
    use crate::vision::grid::Grid;

    const PITCH: u32 = 24;
    const LEFT: u32 = 262;
    const TOP: u32 = 98;
    const LIGHT: [u8; 3] = [0xd3; 3];
    const OPENED: [u8; 3] = [0xdd; 3];
    const GREY: [u8; 3] = [0x80; 3];
    const WHITE: [u8; 3] = [0xff; 3];
    const PANEL: [u8; 3] = [0x33; 3];
    const BUTTON: [u8; 3] = [0xef; 3];
    const INK: [u8; 3] = [0x39, 0x39, 0xf6];

    /// The page's board after two clicks: `#` covered, `.` an opened 0, a digit an opened number.
    const ROWS: [&str; 8] =
        ["1##2.1##", "###2.111", "##31....", "##1.....", "##211...", "####1111", "########", "########"];

    /// A bold digit's strokes in a cell (`dx`, `dy` from its corner): a 1 one upright stroke with a
    /// foot, any other three bars and an upright on the right.
    fn ink(digit: u8, dx: u32, dy: u32) -> bool {
        let upright = |x0: u32| (x0..x0 + 3).contains(&dx) && (7..19).contains(&dy);
        let bar = |y0: u32| (8..17).contains(&dx) && (y0..y0 + 2).contains(&dy);
        match digit {
            b'1' => upright(11) || (8..17).contains(&dx) && (17..19).contains(&dy),
            _ => upright(14) || bar(7) || bar(12) || bar(17),
        }
    }

    /// A sunken (`raised` false) or raised 2-px border round the box `x0..x1`, `y0..y1`: the colour
    /// at (x, y) if it lies on the border.
    fn border(x: u32, y: u32, (x0, y0, x1, y1): (u32, u32, u32, u32), raised: bool) -> Option<[u8; 3]> {
        let inside = x >= x0 && x < x1 && y >= y0 && y < y1;
        let (lit, dark) = if raised { (WHITE, GREY) } else { (GREY, WHITE) };
        if !inside {
            return None;
        }
        if y < y0 + 2 || x < x0 + 2 {
            Some(lit)
        } else if y >= y1 - 2 || x >= x1 - 2 {
            Some(dark)
        } else {
            None
        }
    }

    fn cell_colour(row: usize, col: usize, dx: u32, dy: u32) -> [u8; 3] {
        match ROWS[row].as_bytes()[col] {
            b'#' => border(dx, dy, (0, 0, PITCH, PITCH), true).unwrap_or(LIGHT),
            _ if dx == 0 || dy == 0 || dx == PITCH - 1 || dy == PITCH - 1 => GREY,
            d if d != b'.' && ink(d, dx, dy) => INK,
            _ => OPENED,
        }
    }

    fn drawn() -> Frame {
        let board = (LEFT, TOP, LEFT + 8 * PITCH, TOP + 8 * PITCH);
        let image = image::RgbaImage::from_fn(700, 400, |x, y| {
            let c = if x >= board.0 && x < board.2 && y >= board.1 && y < board.3 {
                let (col, row) = (((x - LEFT) / PITCH) as usize, ((y - TOP) / PITCH) as usize);
                cell_colour(row, col, (x - LEFT) % PITCH, (y - TOP) % PITCH)
            } else if let Some(c) = border(x, y, (LEFT - 2, TOP - 2, board.2 + 2, board.3 + 2), false) {
                c
            } else if let Some(c) = border(x, y, (LEFT - 2, 24, board.2 + 2, 80), false) {
                c
            } else if (26..78).contains(&y) && (x < LEFT + 50 || x >= board.2 - 50) && (LEFT..board.2).contains(&x) {
                PANEL
            } else if (LEFT + 72..LEFT + 122).contains(&x) && (26..78).contains(&y) {
                border(x, y, (LEFT + 72, 26, LEFT + 122, 78), true).unwrap_or(BUTTON)
            } else if let Some(c) = border(x, y, (LEFT - 20, 6, board.2 + 20, board.3 + 20), true) {
                c
            } else if x >= LEFT - 20 && x < board.2 + 20 && y >= 6 && y < board.3 + 20 {
                LIGHT
            } else {
                WHITE
            };
            image::Rgba([c[0], c[1], c[2], 255])
        });
        Frame::from_image(image)
    }

    /// Started from the lattice of its cells, exactly where they are, the fit kept the pitch
    /// across (24.0) and took 23.76 down (1.9 px off after 8 rows; on the page itself the grid
    /// then lay 2 px off its cells, covered and opened cells fell into one look, and blind
    /// calibration refused: "no reading of the cells obeys the rules"): the panel's border and
    /// the frame's, under a cell from the board, folded into the profile as the board's lines do
    /// and pulled the pitch. The board's own lines fold clearly better at 24.0, so 24.0 it is.
    #[test]
    fn lines_of_a_frame_and_a_panel_beside_the_board_do_not_pull_its_pitch() {
        let frame = drawn();
        let lattice = Grid {
            rect: Rect { x: LEFT as f64, y: TOP as f64, width: 8.0 * PITCH as f64, height: 8.0 * PITCH as f64 },
            rows: 8,
            cols: 8,
        };
        let fitted = fit(&frame, &lattice);
        for (axis, pitch) in [("across", fitted.cell_width()), ("down", fitted.cell_height())] {
            assert!((pitch - PITCH as f64).abs() < 0.05, "{axis}: a pitch of {pitch:.2} px");
        }
    }
}
