//! Finds boards as lattices of cells, whatever draws the cells: things of one size (parts of a
//! segmentation, `vision::segment`: flat cells, buttons, discs, rings, glyphs, shaded balls) whose
//! centres repeat at one pitch across and down. Nothing is assumed about colours, round shapes or a
//! margin around the board: a board is the largest cluster of like things on one regular lattice,
//! so a uniform area however large is never one, and a row of buttons of another size or pitch
//! touching the board is not part of it.
//!
//! The answer is a list of candidates, the most things first; a game tells which is its board by
//! how the cells look (`games::flood::lattice`, `games::pegs::looks`).

use std::collections::{HashMap, HashSet};

use super::grid::Grid;
use super::segment::{Part, Segmentation, segment, segment_off, segment_unlike};
use crate::frame::{Frame, Rect};

/// A regular lattice: the centre of cell (row, col) is at (x0 + col * pitch_x, y0 + row * pitch_y).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lattice {
    pub x0: f64,
    pub y0: f64,
    pub pitch_x: f64,
    pub pitch_y: f64,
}

impl Lattice {
    /// The lattice index nearest to (x, y), and how far from it (in pitches, the larger axis).
    pub fn index_of(&self, x: f64, y: f64) -> (i64, i64, f64) {
        let (fx, fy) = ((x - self.x0) / self.pitch_x, (y - self.y0) / self.pitch_y);
        let (col, row) = (fx.round(), fy.round());
        (row as i64, col as i64, (fx - col).abs().max((fy - row).abs()))
    }

    /// The rectangle of cells rows `rows` and columns `cols` (inclusive), as a grid.
    pub fn grid(&self, rows: (i64, i64), cols: (i64, i64)) -> Grid {
        let x = self.x0 + (cols.0 as f64 - 0.5) * self.pitch_x;
        let y = self.y0 + (rows.0 as f64 - 0.5) * self.pitch_y;
        let (n_rows, n_cols) = ((rows.1 - rows.0 + 1) as usize, (cols.1 - cols.0 + 1) as usize);
        Grid {
            rect: Rect { x, y, width: n_cols as f64 * self.pitch_x, height: n_rows as f64 * self.pitch_y },
            rows: n_rows,
            cols: n_cols,
        }
    }

    /// The same lattice seen from a grid of its cells: index (0, 0) is the grid's top-left cell.
    pub fn of_grid(grid: &Grid) -> Lattice {
        let (px, py) = (grid.cell_width(), grid.cell_height());
        Lattice { x0: grid.rect.x + px / 2.0, y0: grid.rect.y + py / 2.0, pitch_x: px, pitch_y: py }
    }
}

/// A board as a lattice and the cells where things sit on it.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub lattice: Lattice,
    /// The occupied cells, (row, col) in lattice indices.
    pub cells: Vec<(i64, i64)>,
    /// The typical thing's size (width, height) in pixels.
    pub thing: (f64, f64),
}

impl Candidate {
    /// The smallest rectangle of cells holding every occupied one: (first row, last row), (first
    /// col, last col).
    pub fn extent(&self) -> ((i64, i64), (i64, i64)) {
        let rows = self.cells.iter().map(|c| c.0);
        let cols = self.cells.iter().map(|c| c.1);
        (
            (rows.clone().min().unwrap_or(0), rows.max().unwrap_or(0)),
            (cols.clone().min().unwrap_or(0), cols.max().unwrap_or(0)),
        )
    }

    /// The occupied cells' rectangle as a grid.
    pub fn grid(&self) -> Grid {
        let (rows, cols) = self.extent();
        self.lattice.grid(rows, cols)
    }

    /// The candidate in words, for messages.
    pub fn describe(&self) -> String {
        let grid = self.grid();
        format!(
            "{} things of {:.0}x{:.0} px on a {}x{} lattice at ({:.0}, {:.0}) with a pitch of {:.1}x{:.1} px",
            self.cells.len(),
            self.thing.0,
            self.thing.1,
            grid.rows,
            grid.cols,
            grid.rect.x,
            grid.rect.y,
            grid.cell_width(),
            grid.cell_height()
        )
    }
}

/// The settings of the search.
#[derive(Clone, Copy, Debug)]
pub struct Search {
    /// The smallest thing, in pixels across.
    pub min_px: u32,
    /// The fewest things of one size that may make a board.
    pub min_things: usize,
    /// How far (in pitches) a thing's centre may lie from its lattice point.
    pub tolerance: f64,
    /// How many empty cells may lie between two things of one cluster, along a row or column.
    pub max_skip: i64,
}

impl Default for Search {
    fn default() -> Search {
        Search { min_px: 4, min_things: 4, tolerance: 0.15, max_skip: 1 }
    }
}

/// The largest step between neighbouring pixels of one part: smooth shading stays inside a part,
/// an edge drawn on purpose (a line, a gap, an outline, anti-aliasing across it) cuts.
pub const STEP: u8 = 6;
/// How near (ΔE) a pixel must be to the window's background to count as background, for the cut
/// that keeps softly shaded things whole: well above a lossless capture's noise, below any shading
/// a person would see.
pub const NEAR_BACKGROUND: f32 = 3.0;

/// A frame cut into parts (by steps, and by likeness to each of its backgrounds), and the board
/// candidates of all the cuts, the most occupied cells first.
pub struct Found {
    pub segmentations: Vec<Segmentation>,
    pub candidates: Vec<Candidate>,
}

/// How many backgrounds things are cut from besides the cut by steps.
const BACKGROUNDS: usize = 3;
/// A background covers at least this share of the frame.
const BACKGROUND_SHARE: f64 = 0.005;

/// The colours of the largest parts of a cut by steps (at most `BACKGROUNDS`, each covering
/// `BACKGROUND_SHARE` of the frame or more), the largest first: the desktop, the window's
/// background, a panel, a board's surface, whatever the window's size on the screen.
pub fn backgrounds(steps: &Segmentation) -> Vec<[u8; 3]> {
    let total = steps.width as f64 * steps.height as f64;
    let mut parts: Vec<&Part> = steps.parts.iter().filter(|p| p.area as f64 >= BACKGROUND_SHARE * total).collect();
    parts.sort_by_key(|p| std::cmp::Reverse(p.area));
    let mut colours: Vec<[u8; 3]> = Vec::new();
    for part in parts {
        let rgb = part.rgb();
        if colours.len() < BACKGROUNDS && !colours.contains(&rgb) {
            colours.push(rgb);
        }
    }
    colours
}

/// The largest parts of a cut by steps (at most `BACKGROUNDS`, each covering `BACKGROUND_SHARE`
/// of the frame or more), the largest first: the surfaces things may lie on.
fn surfaces(steps: &Segmentation) -> Vec<u32> {
    let total = steps.width as f64 * steps.height as f64;
    let mut large: Vec<u32> = (0..steps.parts.len() as u32)
        .filter(|&i| steps.parts[i as usize].area as f64 >= BACKGROUND_SHARE * total)
        .collect();
    large.sort_by_key(|&i| std::cmp::Reverse(steps.parts[i as usize].area));
    large.truncate(BACKGROUNDS);
    large
}

/// A cut of a frame besides the one by steps: by likeness to a background's colour, or into a
/// large surface and what lies on it (a surface shaded across, so that no one colour is its own,
/// still has things lying on it).
enum Cut {
    Unlike([u8; 3]),
    Off(u32),
}

/// The other cuts worth making of a frame cut by `steps`: each background's colour, then each
/// large surface.
fn other_cuts(steps: &Segmentation) -> Vec<Cut> {
    let colours = backgrounds(steps).into_iter().map(Cut::Unlike);
    colours.chain(surfaces(steps).into_iter().map(Cut::Off)).collect()
}

impl Cut {
    fn make(&self, frame: &Frame, steps: &Segmentation) -> Segmentation {
        match *self {
            Cut::Unlike(colour) => segment_unlike(frame, colour, NEAR_BACKGROUND),
            Cut::Off(surface) => segment_off(frame, steps, surface),
        }
    }
}

/// The cuts of a frame: by steps, then (with `by_backgrounds`) the other cuts.
fn cuts(frame: &Frame, by_backgrounds: bool) -> Vec<Segmentation> {
    let steps = segment(frame, STEP);
    let others: Vec<Segmentation> = if by_backgrounds {
        other_cuts(&steps).iter().map(|cut| cut.make(frame, &steps)).collect()
    } else {
        Vec::new()
    };
    std::iter::once(steps).chain(others).collect()
}

fn found_in(segmentations: Vec<Segmentation>, search: &Search) -> Found {
    let mut pooled: Vec<Candidate> = segmentations.iter().flat_map(|s| group_all(s, search)).collect();
    pooled.sort_by_key(|c| std::cmp::Reverse(c.cells.len()));
    Found { candidates: join(pooled), segmentations }
}

/// Cuts `frame` every way and finds the board candidates of all the cuts.
pub fn find(frame: &Frame, search: &Search) -> Found {
    found_in(cuts(frame, true), search)
}

/// The first of the best `tried` candidates that `accept` takes, looking first in the cut by steps
/// alone (it finds most boards, and fast), then adding the other cuts one at a time (each new
/// cut's best candidates, pooled with the cuts before, are tried as it comes): a board found early
/// costs no more cuts. Else what `accept` said of each.
pub fn first_passing<T>(
    frame: &Frame,
    search: &Search,
    tried: usize,
    mut accept: impl FnMut(&Found, &Candidate) -> Result<T, String>,
) -> Result<T, Vec<String>> {
    let mut misses = Vec::new();
    let steps = segment(frame, STEP);
    // The other cuts are made as they are needed.
    let mut more = other_cuts(&steps).into_iter();
    let mut pooled: Vec<Candidate> = group_all(&steps, search);
    let mut found = Found { segmentations: vec![steps], candidates: Vec::new() };
    let mut done: Vec<Candidate> = Vec::new();
    loop {
        let mut candidates = pooled.clone();
        candidates.sort_by_key(|c| std::cmp::Reverse(c.cells.len()));
        found.candidates = join(candidates);
        for candidate in found.candidates.iter().take(tried) {
            if done.iter().any(|d| d.lattice == candidate.lattice && d.cells == candidate.cells) {
                continue;
            }
            match accept(&found, candidate) {
                Ok(passed) => return Ok(passed),
                Err(why) => misses.push(why),
            }
            done.push(candidate.clone());
        }
        let Some(cut) = more.next() else { return Err(misses) };
        let cut = cut.make(frame, &found.segmentations[0]);
        pooled.extend(group_all(&cut, search));
        found.segmentations.push(cut);
    }
}

/// Parts that could be a cell's content: not specks, not long lines, not most of the frame.
pub fn things<'a>(segmentation: &'a Segmentation, search: &Search) -> Vec<&'a Part> {
    let most = (segmentation.width.min(segmentation.height) / 2).max(search.min_px);
    segmentation
        .parts
        .iter()
        .filter(|p| {
            let (w, h) = (p.width(), p.height());
            w.min(h) >= search.min_px && w.max(h) <= most && w.max(h) <= 3 * w.min(h) && p.fill() >= 0.12
        })
        .collect()
}

/// Groups things of about one size (within an eighth, or two pixels, on each axis).
fn size_groups<'a>(things: &[&'a Part]) -> Vec<Vec<&'a Part>> {
    let mut sorted: Vec<&Part> = things.to_vec();
    sorted.sort_by_key(|p| (p.width(), p.height()));
    let near = |a: u32, b: u32| (a as f64 - b as f64).abs() <= (a.max(b) as f64 / 8.0).max(2.0);
    let mut groups: Vec<Vec<&Part>> = Vec::new();
    for part in sorted {
        match groups.iter_mut().find(|g| near(g[0].width(), part.width()) && near(g[0].height(), part.height())) {
            Some(group) => group.push(part),
            None => groups.push(vec![part]),
        }
    }
    groups
}

/// The pitch along one axis from the gaps between neighbouring things of one size: the largest
/// pitch (no smaller than a thing) of which most gaps are whole multiples.
fn pitch(gaps: &[f64], size: f64) -> Option<f64> {
    let explained = |p: f64| {
        gaps.iter()
            .filter(|&&g| {
                let k = (g / p).round();
                (1.0..=6.0).contains(&k) && (g / p - k).abs() <= 0.1
            })
            .count()
    };
    let mut best: Option<(usize, f64)> = None;
    for &g in gaps {
        for k in 1..=3 {
            let p = g / k as f64;
            if p < size * 0.95 - 1.0 {
                continue;
            }
            let n = explained(p);
            best = match best {
                Some((m, q)) if n < m || (n == m && p <= q) => Some((m, q)),
                _ => Some((n, p)),
            };
        }
    }
    let (n, p) = best?;
    // A pitch that explains almost as many gaps but is larger is the cell (a divisor explains them too).
    let p = gaps
        .iter()
        .flat_map(|&g| (1..=3).map(move |k| g / k as f64))
        .filter(|&q| q > p && explained(q) as f64 >= n as f64 * 0.9)
        .fold(p, f64::max);
    (n * 2 >= gaps.len()).then_some(p)
}

/// For each thing, the distance to the nearest thing of the group to its right in the same row
/// (`across`) or below it in the same column (the other axis).
fn neighbour_gaps(group: &[&Part], across: bool) -> Vec<f64> {
    let key = |p: &Part| if across { p.centre() } else { (p.centre().1, p.centre().0) };
    let mut sorted: Vec<(f64, f64)> = group.iter().map(|p| key(p)).collect();
    sorted.sort_by(|a, b| a.0.total_cmp(&b.0));
    let band = group.iter().map(|p| if across { p.height() } else { p.width() } as f64).sum::<f64>()
        / group.len() as f64
        * 0.25;
    let mut gaps = Vec::new();
    for (i, &(a, b)) in sorted.iter().enumerate() {
        if let Some(&(c, _)) = sorted[i + 1..].iter().find(|&&(c, d)| c - a > 1.0 && (d - b).abs() <= band) {
            gaps.push(c - a);
        }
    }
    gaps
}

/// The lattice phase along one axis: where most centres agree, modulo the pitch (things off the
/// board of the same size, a toolbar a row's gap above it, must not pull it off the board's), then
/// the circular mean of the centres that agree with it.
fn phase(values: &[f64], pitch: f64) -> f64 {
    let near = 0.12 * pitch;
    let apart = |a: f64, b: f64| {
        let d = (a - b).rem_euclid(pitch);
        d.min(pitch - d)
    };
    let support = |at: f64| values.iter().filter(|&&v| apart(v, at) <= near).count();
    let best = values.iter().copied().max_by_key(|&v| support(v)).unwrap_or(0.0);
    let (s, c) = values.iter().filter(|&&v| apart(v, best) <= near).fold((0.0, 0.0), |(s, c), v| {
        let angle = v / pitch * std::f64::consts::TAU;
        (s + angle.sin(), c + angle.cos())
    });
    let angle = f64::atan2(s, c).rem_euclid(std::f64::consts::TAU);
    angle / std::f64::consts::TAU * pitch
}

/// Fits centre = origin + index * pitch by least squares over the things on the lattice.
fn refine(points: &[(f64, i64)]) -> Option<(f64, f64)> {
    let n = points.len() as f64;
    let (sx, sy) = points.iter().fold((0.0, 0.0), |(sx, sy), &(v, k)| (sx + k as f64, sy + v));
    let (mx, my) = (sx / n, sy / n);
    let (sxx, sxy) =
        points.iter().fold((0.0, 0.0), |(a, b), &(v, k)| (a + (k as f64 - mx).powi(2), b + (k as f64 - mx) * (v - my)));
    (sxx > 0.0).then(|| {
        let p = sxy / sxx;
        (my - p * mx, p)
    })
}

/// The clusters of occupied cells that lie within `max_skip` empty cells of each other.
fn clusters(cells: &HashSet<(i64, i64)>, max_skip: i64) -> Vec<Vec<(i64, i64)>> {
    let mut seen: HashSet<(i64, i64)> = HashSet::new();
    let mut found = Vec::new();
    let mut sorted: Vec<(i64, i64)> = cells.iter().copied().collect();
    sorted.sort_unstable();
    let reach = max_skip + 1;
    for &start in &sorted {
        if !seen.insert(start) {
            continue;
        }
        let mut cluster = vec![start];
        let mut next = 0;
        while next < cluster.len() {
            let (r, c) = cluster[next];
            next += 1;
            for dr in -reach..=reach {
                for dc in -reach..=reach {
                    let n = (r + dr, c + dc);
                    if cells.contains(&n) && seen.insert(n) {
                        cluster.push(n);
                    }
                }
            }
        }
        found.push(cluster);
    }
    found
}

/// The lattice of one size group, and its clusters of occupied cells.
fn group_candidates(group: &[&Part], search: &Search) -> Vec<Candidate> {
    let n = group.len() as f64;
    let size = (
        group.iter().map(|p| p.width() as f64).sum::<f64>() / n,
        group.iter().map(|p| p.height() as f64).sum::<f64>() / n,
    );
    let (Some(px), Some(py)) =
        (pitch(&neighbour_gaps(group, true), size.0), pitch(&neighbour_gaps(group, false), size.1))
    else {
        return Vec::new();
    };
    if px / py > 2.0 || py / px > 2.0 {
        return Vec::new();
    }
    let xs: Vec<f64> = group.iter().map(|p| p.centre().0).collect();
    let ys: Vec<f64> = group.iter().map(|p| p.centre().1).collect();
    let mut lattice = Lattice { x0: phase(&xs, px), y0: phase(&ys, py), pitch_x: px, pitch_y: py };
    // Refine the pitch and origin over the things that sit on the lattice, then take them again.
    let on: Vec<(&Part, i64, i64)> = group
        .iter()
        .filter_map(|p| {
            let (r, c, off) = lattice.index_of(p.centre().0, p.centre().1);
            (off <= search.tolerance).then_some((*p, r, c))
        })
        .collect();
    if let (Some((x0, px)), Some((y0, py))) = (
        refine(&on.iter().map(|(p, _, c)| (p.centre().0, *c)).collect::<Vec<_>>()),
        refine(&on.iter().map(|(p, r, _)| (p.centre().1, *r)).collect::<Vec<_>>()),
    ) && px > 0.0
        && py > 0.0
    {
        lattice = Lattice { x0, y0, pitch_x: px, pitch_y: py };
    }
    let occupied: HashSet<(i64, i64)> = group
        .iter()
        .filter_map(|p| {
            let (r, c, off) = lattice.index_of(p.centre().0, p.centre().1);
            (off <= search.tolerance).then_some((r, c))
        })
        .collect();
    clusters(&occupied, search.max_skip)
        .into_iter()
        .filter(|cells| {
            let rows: HashSet<i64> = cells.iter().map(|c| c.0).collect();
            let cols: HashSet<i64> = cells.iter().map(|c| c.1).collect();
            cells.len() >= search.min_things && rows.len() >= 2 && cols.len() >= 2
        })
        .map(|cells| Candidate { lattice, cells, thing: size })
        .collect()
}

/// True when two lattices are one: the same pitch, and each one's points on the other's.
fn same_lattice(a: &Lattice, b: &Lattice) -> bool {
    let close = |p: f64, q: f64| (p - q).abs() <= 0.04 * p.max(q);
    if !close(a.pitch_x, b.pitch_x) || !close(a.pitch_y, b.pitch_y) {
        return false;
    }
    let (_, _, off) = a.index_of(b.x0, b.y0);
    off <= 0.15
}

/// The board candidates of a segmented frame, the most occupied cells first: every size of thing
/// that repeats on a lattice, with the things of other sizes that share the lattice (pegs and
/// holes, buttons and the glyphs on them) joined into one candidate.
pub fn candidates(segmentation: &Segmentation, search: &Search) -> Vec<Candidate> {
    let mut found = group_all(segmentation, search);
    found.sort_by_key(|c| std::cmp::Reverse(c.cells.len()));
    join(found)
}

/// The candidates of every size group of one segmentation.
fn group_all(segmentation: &Segmentation, search: &Search) -> Vec<Candidate> {
    let all = things(segmentation, search);
    size_groups(&all)
        .iter()
        .filter(|g| g.len() >= search.min_things)
        .flat_map(|g| group_candidates(g, search))
        .collect()
}

/// Joins candidates (sorted, the most cells first) that lie on one lattice and touch; the larger
/// one's lattice is kept. Two that lie half a pitch apart also offer the finer lattice holding
/// both (`interleaved`).
fn join(found: Vec<Candidate>) -> Vec<Candidate> {
    let mut joined: Vec<Candidate> = Vec::new();
    for candidate in found {
        let target = joined.iter_mut().find(|j| {
            same_lattice(&j.lattice, &candidate.lattice) && {
                let ((r0, r1), (c0, c1)) = j.extent();
                candidate.cells.iter().any(|&(r, c)| {
                    let (x, y) = (
                        candidate.lattice.x0 + c as f64 * candidate.lattice.pitch_x,
                        candidate.lattice.y0 + r as f64 * candidate.lattice.pitch_y,
                    );
                    let (jr, jc, _) = j.lattice.index_of(x, y);
                    jr >= r0 - 1 && jr <= r1 + 1 && jc >= c0 - 1 && jc <= c1 + 1
                })
            }
        });
        match target {
            Some(j) => {
                let mut cells: HashSet<(i64, i64)> = j.cells.iter().copied().collect();
                for &(r, c) in &candidate.cells {
                    let (x, y) = (
                        candidate.lattice.x0 + c as f64 * candidate.lattice.pitch_x,
                        candidate.lattice.y0 + r as f64 * candidate.lattice.pitch_y,
                    );
                    let (jr, jc, _) = j.lattice.index_of(x, y);
                    cells.insert((jr, jc));
                }
                j.cells = cells.into_iter().collect();
                j.cells.sort_unstable();
            }
            None => joined.push(candidate),
        }
    }
    let finer = super::interleaved::interleaved(&joined);
    joined.extend(finer);
    joined.sort_by_key(|c| std::cmp::Reverse(c.cells.len()));
    joined
}

/// Every thing (of any size up to a cell) centred on a cell of `candidate`'s lattice within its
/// extent grown by `margin` cells, by cell: the things a game looks at to tell its cells apart.
pub fn members<'a>(
    segmentations: &'a [Segmentation],
    candidate: &Candidate,
    margin: i64,
    search: &Search,
) -> HashMap<(i64, i64), Vec<&'a Part>> {
    let ((r0, r1), (c0, c1)) = candidate.extent();
    let l = &candidate.lattice;
    let mut found: HashMap<(i64, i64), Vec<&Part>> = HashMap::new();
    for part in segmentations.iter().flat_map(|s| s.parts.iter()) {
        let (w, h) = (part.width() as f64, part.height() as f64);
        if w > l.pitch_x * 1.05 || h > l.pitch_y * 1.05 || w < 2.0 || h < 2.0 {
            continue;
        }
        let (x, y) = part.centre();
        let (r, c, off) = l.index_of(x, y);
        if off <= search.tolerance && r >= r0 - margin && r <= r1 + margin && c >= c0 - margin && c <= c1 + margin {
            found.entry((r, c)).or_default().push(part);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::super::segment::segment;
    use super::*;
    use crate::frame::Frame;
    use image::{Rgba, RgbaImage};

    fn fill(image: &mut RgbaImage, x: u32, y: u32, w: u32, h: u32, rgb: [u8; 3]) {
        for yy in y..y + h {
            for xx in x..x + w {
                image.put_pixel(xx, yy, Rgba([rgb[0], rgb[1], rgb[2], 255]));
            }
        }
    }

    #[test]
    fn finds_a_lattice_of_squares_and_not_the_buttons_touching_it() {
        // A 5x4 board of 20-px squares with 2-px gaps, and a row of 3 wide buttons right under it.
        let mut image = RgbaImage::from_pixel(200, 160, Rgba([250, 250, 250, 255]));
        let colours = [[200, 0, 0], [0, 150, 0], [0, 0, 200]];
        for r in 0..4 {
            for c in 0..5 {
                fill(&mut image, 30 + c * 22, 20 + r * 22, 20, 20, colours[((r * 7 + c * 3) % 3) as usize]);
            }
        }
        for (i, colour) in colours.iter().enumerate() {
            fill(&mut image, 30 + i as u32 * 37, 20 + 4 * 22, 35, 20, *colour);
        }
        let found = candidates(&segment(&Frame::from_image(image), 6), &Search::default());
        let grid = found[0].grid();
        assert_eq!((grid.rows, grid.cols), (4, 5), "{found:?}");
        assert!((grid.rect.x - 29.0).abs() < 1.0 && (grid.rect.y - 19.0).abs() < 1.0, "{grid:?}");
        assert!((grid.cell_width() - 22.0).abs() < 0.2, "{grid:?}");
    }

    #[test]
    fn a_uniform_area_is_no_lattice() {
        let image = RgbaImage::from_pixel(100, 80, Rgba([0, 0, 0, 255]));
        assert!(candidates(&segment(&Frame::from_image(image), 6), &Search::default()).is_empty());
    }

    #[test]
    fn the_phase_is_where_most_centres_agree_not_pulled_by_a_few_elsewhere() {
        // Twenty centres at 18 + 40k, five of a toolbar at 33 + 26k: the board's phase is 18.
        let mut ys: Vec<f64> = (0..20).map(|k| 18.0 + 40.0 * (k % 7) as f64).collect();
        ys.extend((0..5).map(|k| 33.0 + 26.0 * k as f64));
        assert!((phase(&ys, 40.0) - 18.0).abs() < 0.5, "{}", phase(&ys, 40.0));
        // Centres either side of the wrap (1 and 39) agree on 0.
        let p = phase(&[1.0, 39.0, 41.0, 79.0], 40.0);
        assert!(p.min(40.0 - p) < 0.5, "{p}");
    }

    #[test]
    fn things_on_a_shaded_surface_are_whole_in_the_cut_off_that_surface() {
        // A surface shaded across, with 3x3 small balls whose own pixels step hard (stripes).
        let mut image = RgbaImage::from_fn(120, 120, |x, _| Rgba([120 + (x / 2) as u8, 90, 60, 255]));
        for r in 0..3 {
            for c in 0..3 {
                for y in 0..12 {
                    for x in 0..12 {
                        let v = if (x + y) % 2 == 0 { 20 } else { 200 };
                        image.put_pixel(20 + c * 30 + x, 20 + r * 30 + y, Rgba([v, v, 255, 255]));
                    }
                }
            }
        }
        let frame = Frame::from_image(image);
        let steps = segment(&frame, STEP);
        assert!(candidates(&steps, &Search::default()).is_empty(), "the cut by steps breaks the balls into pixels");
        let found = find(&frame, &Search::default());
        let grid = found.candidates[0].grid();
        assert_eq!((grid.rows, grid.cols), (3, 3), "{:?}", found.candidates[0]);
        assert!((grid.cell_width() - 30.0).abs() < 0.5, "{grid:?}");
    }

    #[test]
    fn the_pitch_is_the_cell_not_a_divisor_nor_a_multiple() {
        assert!((pitch(&[20.0, 40.0, 20.0, 60.0, 20.0], 18.0).unwrap() - 20.0).abs() < 1e-9);
        assert!((pitch(&[40.0, 40.0, 80.0, 40.0], 18.0).unwrap() - 40.0).abs() < 1e-9);
        assert_eq!(pitch(&[], 10.0), None);
    }
}
