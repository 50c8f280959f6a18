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

/// The axis fitted: the pitch at which the edges fold most into few places (`folded`), the phase
/// whose lines fall on the most edge at that pitch, then the middle of a gap's two sides.
fn fit_axis(edges: &[i64], from: i64, axis: &Axis) -> Axis {
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
    let pitch = best.0;
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
