//! Finding the well of a Tetris program gamebot has no profile for, in one frame.
//!
//! The well's empty cells share one colour (its background, seen between and around the pieces),
//! whatever draws the cells. So the frame's commonest colours are each taken in turn as the
//! candidate background: the pixels near it form regions, once as they are and once with thin
//! lines bridged (grid lines, and the 1-2 px seams of a grid drawn cell by cell, are at most
//! `THIN_LINE` px across and cut an empty well into cells). A region is the top of a well when it
//! lies clear of the frame's edges, or touches them as a well does and the window's own background
//! around everything does not (whole rows at the top or bottom, its cells on its columns at the
//! left or right, `Reach`), is at least four cells tall (10 columns of square cells) and fills a
//! good part of its bounding box. The well has the rows that region spans and, below, every row
//! with some cells empty and some not (under the floor, a row of the page is all one colour); 15
//! to 28 in all. Of the wells found so, the widest (then one touching fewer of the frame's edges,
//! then the highest) is taken. The other regions of the same
//! colour at least two cells wide and tall are the boxes beside it (previews, the hold box), read
//! in `boxes.rs`. A well drawn as a grid over a page of its own colour, with no border, has no
//! region of its own: there the empty cells, nearly square, of one size, in 10 columns at one
//! pitch, give its top and its row pitch instead (`lattice.rs`). A frame drawn over the well's rim
//! makes the region too small: its grid lines then place the cells (`grid_lines.rs`). Nothing here
//! is a pixel position or a colour of a particular program.

use anyhow::{bail, ensure};

use super::boxes::Rect;
pub use super::floor::{NEAR, near, within};
use super::lattice::lattice_top;
use super::{framed_boxes, own_boxes};
use crate::frame::Frame;
use crate::vision::regions::{Component, components};

/// A line of another colour at most this many pixels across does not cut a region in two.
pub const THIN_LINE: usize = 3;
/// Of the frame's colours, only those covering at least this share are background candidates.
const MIN_SHARE: f64 = 0.02;
/// At most this many candidate colours are tried, the commonest first, and this many exact
/// colours besides (`common_colours`).
const MOST_COLOURS: usize = 6;
const MOST_EXACT: usize = 3;
/// A well has at least this many rows and at most `MOST_ROWS`.
const FEWEST_ROWS: usize = 15;
const MOST_ROWS: usize = 28;

/// The well found: where its cells are, how many, and the colour of an empty one.
#[derive(Clone, Debug, PartialEq)]
pub struct Well {
    /// Top-left corner of the top-left cell, in frame pixels.
    pub x0: f64,
    pub y0: f64,
    /// A cell's width in pixels.
    pub pitch: f64,
    /// A cell's height in pixels (`floor.rs`): near the width, not always equal to it.
    pub pitch_y: f64,
    pub rows: usize,
    pub cols: usize,
    /// The well's background: the mean colour of its empty region.
    pub empty: [u8; 3],
    /// The boxes of the well's colour beside it (previews, hold): (x0, y0, x1, y1), exclusive ends.
    pub boxes: Vec<(u32, u32, u32, u32)>,
}

impl Well {
    /// The pixel at fractions (fx, fy) of cell (row, col).
    pub fn point(&self, row: usize, col: usize, fx: f64, fy: f64) -> (f64, f64) {
        (self.x0 + (col as f64 + fx) * self.pitch, self.y0 + (row as f64 + fy) * self.pitch_y)
    }
}

/// What a profile already knows of the well (a learned `[look]`); blind reading knows nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Known {
    pub cols: Option<usize>,
    pub rows: Option<usize>,
    pub empty: Option<[u8; 3]>,
}

/// A candidate background: a colour, and how far a pixel may stray from it in any channel.
pub type Candidate = ([u8; 3], i32);

/// How far a pixel may stray from an exact colour taken as a candidate (`common_colours`).
const TIGHT: i32 = 3;

/// The frame's commonest colours, commonest first: the mean of each 16-level bin per channel
/// covering at least `MIN_SHARE` of the frame (at most `MOST_COLOURS`), taken within `NEAR` (a
/// gradient behind a well), then any exact colour covering that share too and more than `TIGHT`
/// from each of those (at most `MOST_EXACT`), taken within `TIGHT`. Two colours a few levels
/// apart are one region within `NEAR`: khushisharmaa00's white well (#ffffff) on a whitesmoke
/// page (#f5f5f5) was one region with the page around it, and no well was found.
pub fn common_colours(frame: &Frame) -> Vec<Candidate> {
    let bin_of = |[r, g, b]: [u8; 3]| (usize::from(r >> 4) << 8) | (usize::from(g >> 4) << 4) | usize::from(b >> 4);
    let mut bins = vec![(0u32, [0u64; 3]); 4096];
    for p in frame.image.pixels() {
        let [r, g, b, _] = p.0;
        let bin = &mut bins[bin_of([r, g, b])];
        bin.0 += 1;
        for (sum, v) in bin.1.iter_mut().zip([r, g, b]) {
            *sum += u64::from(v);
        }
    }
    let total = (frame.width() as f64 * frame.height() as f64).max(1.0);
    let least = |n: u32| f64::from(n) >= MIN_SHARE * total;
    let mut found: Vec<(u32, [u8; 3], usize)> = bins
        .iter()
        .enumerate()
        .filter(|(_, (n, _))| least(*n))
        .map(|(i, &(n, sums))| (n, sums.map(|s| (s / u64::from(n)) as u8), i))
        .collect();
    found.sort_by_key(|&(n, ..)| std::cmp::Reverse(n));
    let mut colours: Vec<Candidate> = found.iter().take(MOST_COLOURS).map(|&(_, c, _)| (c, NEAR)).collect();
    // Exact colours within the common bins: 16 levels per channel inside each.
    let mut slot = vec![usize::MAX; 4096];
    for (k, &(.., bin)) in found.iter().enumerate() {
        slot[bin] = k;
    }
    let mut exact = vec![0u32; found.len() * 4096];
    for p in frame.image.pixels() {
        let [r, g, b, _] = p.0;
        let k = slot[bin_of([r, g, b])];
        if k != usize::MAX {
            exact[k * 4096 + ((usize::from(r & 15) << 8) | (usize::from(g & 15) << 4) | usize::from(b & 15))] += 1;
        }
    }
    let mut modes: Vec<(u32, [u8; 3])> = exact
        .iter()
        .enumerate()
        .filter(|(_, n)| least(**n))
        .map(|(i, &n)| {
            let bin = found[i / 4096].2;
            let low = i % 4096;
            let channel = |shift: usize| (((bin >> shift) & 15) << 4 | ((low >> shift) & 15)) as u8;
            (n, [channel(8), channel(4), channel(0)])
        })
        .collect();
    modes.sort_by_key(|&(n, _)| std::cmp::Reverse(n));
    let mut added = 0;
    for (_, colour) in modes {
        if added < MOST_EXACT && !colours.iter().any(|&(c, _)| within(c, colour, TIGHT)) {
            colours.push((colour, TIGHT));
            added += 1;
        }
    }
    colours
}

fn mask_of(frame: &Frame, (colour, tolerance): Candidate) -> Vec<bool> {
    frame.image.pixels().map(|p| within([p.0[0], p.0[1], p.0[2]], colour, tolerance)).collect()
}

/// Closes runs of at most `THIN_LINE` unset pixels that have set pixels on both sides, along rows
/// and then along columns.
pub fn bridge(mask: &[bool], width: usize) -> Vec<bool> {
    let height = mask.len().checked_div(width).unwrap_or(0);
    let mut out = mask.to_vec();
    let close = |out: &mut Vec<bool>, index: &dyn Fn(usize, usize) -> usize, lines: usize, len: usize| {
        for line in 0..lines {
            let mut last_set: Option<usize> = None;
            for i in 0..len {
                if out[index(line, i)] {
                    if let Some(j) = last_set
                        && i - j > 1
                        && i - j - 1 <= THIN_LINE
                    {
                        for k in j + 1..i {
                            out[index(line, k)] = true;
                        }
                    }
                    last_set = Some(i);
                }
            }
        }
    };
    close(&mut out, &|y, x| y * width + x, height, width);
    close(&mut out, &|x, y| y * width + x, width, height);
    out
}

/// The region's bounding box as the top of a well of `cols` columns: at least `least` rows of it
/// seen, placed against the frame's edges as `Reach` asks, filling a good part of its box; rows
/// of `pitch_y` when the region gives its own (a lattice's), else square.
fn well_top(c: &Component, mask: &[bool], cols: usize, least: f64, pitch_y: Option<f64>, size: (u32, u32)) -> bool {
    let (w, h) = (f64::from(c.width()), f64::from(c.height()));
    let pitch = w / cols as f64;
    let rows = h / pitch_y.unwrap_or(pitch);
    let whole_rows = (rows - rows.round()).abs() <= 0.1;
    let (sides, top_or_bottom) = Reach::edges(c, size);
    let columns = || on_columns(c, mask, size.0 as usize, pitch);
    let placed = match (sides, top_or_bottom) {
        (false, false) => true,
        (false, true) => whole_rows && columns() != Some(false),
        (true, _) => (!top_or_bottom || whole_rows) && columns() == Some(true),
    };
    placed && pitch >= 5.0 && h >= least * pitch && c.area as f64 / (w * h) >= 0.4
}

/// Whether the cells in a region stand on its columns: along every row of its box, where the
/// region's colour gives way to another (a cell, the piece, the stack's side), or where another
/// gives way to it, those edges lie within a fifth of a cell (2 px at least: seams, outlines) of a
/// column's side, for 80% of the edges of one kind or of the other; none when there are fewer of
/// them than two cells' height (an empty well). One kind is enough: a block casting a shadow to its
/// right ends a few pixels past its column (rwxdelir/mtwain-js: 30-px cells, a red shadow 5 px off
/// and an outline, 6 px past), where it begins on it. The window's background, and a column of the
/// well's colour down the page around the well, are cut by what stands on them anywhere; a well cut
/// by the window's edge through a column has both kinds of edge off its own columns.
fn on_columns(c: &Component, mask: &[bool], width: usize, pitch: f64) -> Option<bool> {
    // A hair over the fifth: an edge exactly on it is not lost to rounding.
    let slack = (pitch / 5.0).max(2.0) + 1e-6;
    // Per kind (the region giving way to another colour, another giving way to it): edges, and
    // those on a column's side.
    let mut kinds = [(0usize, 0usize); 2];
    for y in c.y0 as usize..c.y1 as usize {
        let row = &mask[y * width..(y + 1) * width];
        for x in c.x0 as usize + 1..c.x1 as usize {
            if row[x] != row[x - 1] {
                let at = (x - c.x0 as usize) as f64 / pitch;
                let kind = &mut kinds[usize::from(row[x])];
                kind.0 += 1;
                kind.1 += usize::from((at - at.round()).abs() * pitch <= slack);
            }
        }
    }
    let edges = kinds[0].0 + kinds[1].0;
    let on = |(edges, on): (usize, usize)| edges as f64 >= pitch && on as f64 >= 0.8 * edges as f64;
    (edges as f64 >= 2.0 * pitch).then(|| on(kinds[0]) || on(kinds[1]))
}

/// Where a region lies against the frame's edges. The window's own background, around
/// everything, touches them; so may a well: one starting at the window's top (a canvas at the top
/// of a page with no margin) or ending at its bottom (a well as tall as its window) must span
/// whole rows of cells (a well cut by the edge shows a part of a row there), and one drawn from
/// the window's left edge (a pygame program's well at x = 0, its score panel right of it) or to
/// its right one must have its cells on its columns (`on_columns`: the background's are not), as
/// must one at the top or bottom that has cells in it at all. Of two as wide, one touching fewer
/// edges is preferred.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Reach {
    /// Touching the left or the right edge.
    Sides,
    /// Touching the top or the bottom edge only.
    TopOrBottom,
    /// Touching no edge.
    Inside,
}

impl Reach {
    fn of(c: &Component, size: (u32, u32)) -> Reach {
        match Reach::edges(c, size) {
            (true, _) => Reach::Sides,
            (false, true) => Reach::TopOrBottom,
            (false, false) => Reach::Inside,
        }
    }

    /// Whether the region touches the left or right edge, and whether the top or bottom one.
    fn edges(c: &Component, (width, height): (u32, u32)) -> (bool, bool) {
        (c.x0 == 0 || c.x1 >= width, c.y0 == 0 || c.y1 >= height)
    }
}

/// How many rows the well has: those its empty region spans, and below them every row with some
/// cells whose middles are of the empty colour (as it shows low in the well and in the row above)
/// and some not. A well never shows a full row for long, and a row below the region with every
/// cell empty would have joined it; so a row of a border or of the page under the floor (all one
/// colour, the well's or another) ends the well, and so does a row whose empty-looking middles are
/// the page's (`page_at`: under the floor, around the things drawn below the well), and so does a
/// row beside which both sides differ from beside the row above (`walls_end`: a photograph under a
/// bordered well's floor, light in the middle and dark at the sides).
fn well_rows(
    frame: &Frame,
    c: &Component,
    regions: &[Component],
    (pitch, pitch_y): (f64, f64),
    cols: usize,
    empty: [u8; 3],
) -> usize {
    let mut rows = (f64::from(c.height()) / pitch_y).round().max(1.0) as usize;
    let middle = |row: usize, col: usize| {
        let (x, y) = (f64::from(c.x0) + (col as f64 + 0.5) * pitch, f64::from(c.y0) + (row as f64 + 0.5) * pitch_y);
        let r = (pitch * 0.2).max(1.0);
        let (mut sum, mut n) = ([0u32; 3], 0u32);
        for yy in (y - r) as u32..=(y + r) as u32 {
            for xx in (x - r) as u32..=(x + r) as u32 {
                for (s, v) in sum.iter_mut().zip(frame.rgb(xx, yy)) {
                    *s += u32::from(v);
                }
                n += 1;
            }
        }
        sum.map(|s| (s / n.max(1)) as u8)
    };
    // The empty colour low in the well, where a gradient behind it has drifted furthest.
    let low: Vec<[u8; 3]> = (0..cols).map(|col| middle(rows - 1, col)).filter(|&m| near(m, empty)).collect();
    let mut reference = mean_of(&low).unwrap_or(empty);
    let mut beside = sides(frame, c, rows - 1, pitch_y);
    while rows < MOST_ROWS {
        let bottom = f64::from(c.y0) + (rows as f64 + 1.0) * pitch_y;
        // A row may end on the image's last line (a well drawn down to the window's bottom).
        if bottom > f64::from(frame.height()) {
            break;
        }
        let empty_cols: Vec<usize> = (0..cols).filter(|&col| near(middle(rows, col), reference)).collect();
        let empties: Vec<[u8; 3]> = empty_cols.iter().map(|&col| middle(rows, col)).collect();
        let at =
            |col: usize| (c.x0 + ((col as f64 + 0.5) * pitch) as u32, c.y0 + ((rows as f64 + 0.5) * pitch_y) as u32);
        if empties.is_empty() || empties.len() == cols || empty_cols.iter().any(|&col| page_at(regions, at(col), c)) {
            break;
        }
        let now = sides(frame, c, rows, pitch_y);
        if walls_end(beside, now) {
            break;
        }
        beside = now;
        reference = mean_of(&empties).unwrap_or(reference);
        rows += 1;
    }
    rows
}

/// What stands just beside the well at `row` (the mean of the 3 px left of its first column and
/// the 3 px right of its last, over the row's middle half): its walls or border, or the page.
/// None for a side the frame's edge leaves no room for.
fn sides(frame: &Frame, c: &Component, row: usize, pitch_y: f64) -> [Option<[u8; 3]>; 2] {
    let top = f64::from(c.y0) + (row as f64 + 0.25) * pitch_y;
    let (y0, y1) = (top as u32, ((top + pitch_y / 2.0) as u32).min(frame.height()));
    let strip = |x0: u32| {
        let colours: Vec<[u8; 3]> = (y0..y1).flat_map(|y| (x0..x0 + 3).map(move |x| frame.rgb(x, y))).collect();
        mean_of(&colours)
    };
    let left = (c.x0 >= 3).then(|| strip(c.x0 - 3)).flatten();
    let right = (c.x1 + 3 <= frame.width()).then(|| strip(c.x1)).flatten();
    [left, right]
}

/// True when what stands beside the well changed on every side there is, from the row above to
/// this one: the well's walls (or the page beside them) have ended, and this row is below its
/// floor. A well's walls run down all its rows; the stack inside never shows beside it.
fn walls_end(above: [Option<[u8; 3]>; 2], now: [Option<[u8; 3]>; 2]) -> bool {
    let seen: Vec<bool> = above.iter().zip(now).filter_map(|(a, n)| Some(!near((*a)?, n?))).collect();
    !seen.is_empty() && seen.iter().all(|&changed| changed)
}

/// True when the smallest region of the empty colour holding `point` reaches half a cell or more
/// beyond the well's sides: the page, not a cell of the well (whose walls or grid close it).
fn page_at(regions: &[Component], (x, y): (u32, u32), well: &Component) -> bool {
    let margin = well.width() / 20;
    regions
        .iter()
        .filter(|r| (r.x0..r.x1).contains(&x) && (r.y0..r.y1).contains(&y))
        .min_by_key(|r| r.area)
        .is_some_and(|r| r.x0 + margin < well.x0 || r.x1 > well.x1 + margin)
}

/// The mean of some colours.
fn mean_of(colours: &[[u8; 3]]) -> Option<[u8; 3]> {
    let n = colours.len() as u32;
    (n > 0).then(|| std::array::from_fn(|i| (colours.iter().map(|c| u32::from(c[i])).sum::<u32>() / n) as u8))
}

/// The mean colour of a region's pixels in the frame.
fn mean_colour(frame: &Frame, mask: &[bool], c: &Component) -> [u8; 3] {
    let (mut sum, mut n) = ([0u64; 3], 0u64);
    let width = frame.width() as usize;
    for y in c.y0..c.y1 {
        for x in c.x0..c.x1 {
            if mask[y as usize * width + x as usize] {
                let p = frame.rgb(x, y);
                for (s, v) in sum.iter_mut().zip(p) {
                    *s += u64::from(v);
                }
                n += 1;
            }
        }
    }
    sum.map(|s| (s / n.max(1)) as u8)
}

/// The well's top and rows once the rows of a label at its top (`label.rs`) are left out: blind,
/// the well loses them when 15 rows are left; with its rows known, it moves down by them when its
/// region holds them too.
fn below_label(
    frame: &Frame,
    (x0, y0, pitch, pitch_y): (f64, f64, f64, f64),
    (rows, cols): (usize, usize),
    region: &Component,
    known: &Known,
    empty: [u8; 3],
) -> (f64, usize) {
    let grid = super::floor::Grid { x0, y0, pitch, rows, cols };
    let labels = super::label::rows_of_text(frame, &grid, pitch_y, empty);
    let room = f64::from(region.y1) - y0 >= pitch_y * ((rows + labels) as f64 - 0.5);
    match known.rows {
        _ if labels == 0 => (y0, rows),
        None if rows - labels >= FEWEST_ROWS => (y0 + labels as f64 * pitch_y, rows - labels),
        Some(_) if room => (y0 + labels as f64 * pitch_y, rows),
        _ => (y0, rows),
    }
}

/// A well found: its region, the other regions, its empty colour, its rows and a row pitch of its
/// own (a lattice's), when it has one.
type Found = (Component, Vec<Component>, [u8; 3], usize, Option<f64>);

/// Finds the well (and the boxes beside it) in a frame.
pub fn find(frame: &Frame, known: &Known) -> anyhow::Result<Well> {
    let (width, height) = (frame.width(), frame.height());
    ensure!(width >= 60 && height >= 60, "a {width}x{height} image is too small to hold a tetris well");
    let cols = known.cols.unwrap_or(10);
    // A learned background within `NEAR` (a gradient behind the well), else within `TIGHT` (a
    // page a few levels off it all round).
    let colours = match known.empty {
        Some(c) => vec![(c, NEAR), (c, TIGHT)],
        None => common_colours(frame),
    };
    let mut best: Option<Found> = None;
    for &colour in &colours {
        let plain = mask_of(frame, colour);
        for mask in [bridge(&plain, width as usize), plain.clone()] {
            let mut regions = components(&mask, width as usize);
            let lattice = lattice_top(&regions, cols, (width, height));
            regions.extend(lattice.map(|(top, _)| top));
            // Known rows: the stack may leave only a few empty rows above it.
            let least = if known.rows.is_some() { 2.0 } else { 4.0 };
            let own_pitch_y = |r: &Component| lattice.filter(|(top, _)| top == r).map(|(_, p)| p);
            for region in regions.iter().filter(|r| well_top(r, &mask, cols, least, own_pitch_y(r), (width, height))) {
                let key = |c: &Component| (c.width(), Reach::of(c, (width, height)), std::cmp::Reverse(c.y0));
                if best.as_ref().is_some_and(|(b, ..)| key(region) <= key(b)) {
                    continue;
                }
                let empty = mean_colour(frame, &plain, region);
                let pitch = f64::from(region.width()) / cols as f64;
                let own_y = own_pitch_y(region);
                let pitch_y = own_y.unwrap_or(pitch);
                let rows =
                    known.rows.unwrap_or_else(|| well_rows(frame, region, &regions, (pitch, pitch_y), cols, empty));
                let fits = f64::from(region.y0) + pitch_y * (rows as f64 - 0.5) <= f64::from(height);
                if fits && (known.rows.is_some() || (FEWEST_ROWS..=MOST_ROWS).contains(&rows)) {
                    let others = regions.iter().filter(|o| *o != region).copied().collect();
                    best = Some((*region, others, empty, rows, own_y));
                }
            }
        }
    }
    let Some((region, others, empty, rows, own_y)) = best else {
        let mut tried: Vec<String> = colours.iter().map(|&(c, _)| crate::vision::colour::to_hex(c)).collect();
        tried.dedup();
        bail!(
            "no tetris well in this {width}x{height} image: no region of one colour (tried {}) inside the image, {cols} cells wide and {FEWEST_ROWS} to {MOST_ROWS} rows tall",
            tried.join(", ")
        );
    };
    // A frame drawn over the well's rim cuts the region short: its grid lines place the cells.
    let on_lines = super::grid_lines::overdrawn(frame, &region, cols, empty);
    let pitch = on_lines.map_or(f64::from(region.width()) / cols as f64, |g| g.pitch);
    let (x0, y0) = on_lines.map_or((f64::from(region.x0), f64::from(region.y0)), |g| (g.x0, g.y0));
    // The rows counted again on the cells the lines place (those of the cut region drift).
    let rows = match on_lines {
        Some(_) if known.rows.is_none() => {
            let (left, top) = (x0.round() as u32, y0.round() as u32);
            let placed = Component { x0: left, y0: top, x1: left + (pitch * cols as f64).round() as u32, ..region };
            let all: Vec<Component> = others.iter().copied().chain([region]).collect();
            well_rows(frame, &placed, &all, (pitch, pitch), cols, empty).clamp(FEWEST_ROWS, MOST_ROWS)
        }
        _ => rows,
    };
    // A label written above the well on its own colour ("Lines: 0") is the page's, not a row.
    let (y0, rows) = below_label(frame, (x0, y0, pitch, own_y.unwrap_or(pitch)), (rows, cols), &region, known, empty);
    ensure!(
        y0 + own_y.unwrap_or(pitch) * (rows as f64 - 0.5) <= f64::from(height),
        "the well found at ({x0}, {y0}), {pitch:.1} px cells, would end below the image with {rows} rows"
    );
    let mut boxes: Vec<Rect> = others
        .iter()
        .filter(|o| own_boxes::is_box(o, &region, pitch, (width, height)))
        .map(|o| (o.x0, o.y0, o.x1, o.y1))
        .collect();
    boxes.extend(own_boxes::find(frame, &region, pitch, empty));
    let bottom = (y0 + own_y.unwrap_or(pitch) * rows as f64) as u32;
    let framed = framed_boxes::find(frame, &region, bottom, pitch, empty, &others);
    let boxes = own_boxes::innermost(framed_boxes::merge(boxes, framed));
    let grid = super::floor::Grid { x0, y0, pitch, rows, cols };
    let pitch_y =
        on_lines.and_then(|g| g.pitch_y).or(own_y).unwrap_or_else(|| super::floor::cell_height(frame, &grid, empty));
    Ok(Well { x0, y0, pitch, pitch_y, rows, cols, empty, boxes })
}
