//! Reading the pieces in the boxes beside a well (previews, the hold box), by their shapes.
//!
//! A box is a region of the well's background colour beside it (`well.rs`); what is drawn in it
//! is ink: pixels not of that colour. Ink splits into parts wherever rows (then columns) with no
//! ink at all run wider than `gap`, a fifth of a well cell (seams between the cells of one piece are
//! narrower; pieces in a queue lie further apart). A part is a piece when the grid its bounding
//! box suggests (4x1, 2x2 or 3x2 cells, either way up) has only solid cells and holes: every cell's
//! middle is nearly all ink or nearly none (so a label such as "NEXT" is no piece), and the solid
//! cells make a tetromino. Blind, boxes right of the well are previews, read top to bottom, and the
//! first box left of it is the hold box; a calibration learns each box's role instead (`look.rs`). Preview cells may be of any size; nothing is a colour.

use super::super::Piece;
use super::super::live::shape;
use super::well::{NEAR, Well, near};
use crate::frame::Frame;

/// A box in frame pixels: (x0, y0, x1, y1), exclusive ends.
pub type Rect = (u32, u32, u32, u32);

/// The share of the pixels on a rectangle's outline, corners (x0, y0) and (x1, y1) included,
/// each pixel once, for which `is` holds: how much of the ring around a region is of a colour.
pub fn outline_share((x0, y0, x1, y1): Rect, is: impl Fn(u32, u32) -> bool) -> f64 {
    let rows = (x0..=x1).flat_map(|x| [(x, y0)].into_iter().chain((y1 > y0).then_some((x, y1))));
    let sides = (y0 + 1..y1).flat_map(|y| [(x0, y)].into_iter().chain((x1 > x0).then_some((x1, y))));
    let (mut yes, mut n) = (0u32, 0u32);
    for (x, y) in rows.chain(sides) {
        yes += u32::from(is(x, y));
        n += 1;
    }
    f64::from(yes) / f64::from(n.max(1))
}

/// Strong ink departs from a box's background by at least this share of its strongest pixel's
/// departure: a trace faded to 70% of its colour, as a program that fades its last pieces leaves
/// them, is not; anti-aliased edges of the piece itself need not be.
const STRONG: f64 = 0.85;

/// A part of a box holds pieces of several colours when at least this share of its coloured
/// pixels are of hues away from its commonest.
const OTHER_HUE: f64 = 0.15;

/// A piece in a box has cells at least this share of a well cell across: a preview drawn smaller
/// is still read; the strokes of a label's letters (an "l" is an I's shape) are not.
const LEAST_CELL: f64 = 0.25;

/// The commonest colour along a rect's rim (one pixel in), each channel in 16 levels, as the mean
/// of its pixels.
fn rim_colour(frame: &Frame, (x0, y0, x1, y1): Rect) -> [u8; 3] {
    let (x1, y1) = (x1.min(frame.width()), y1.min(frame.height()));
    if x1 <= x0 + 2 || y1 <= y0 + 2 {
        return frame.rgb(x0.min(frame.width() - 1), y0.min(frame.height() - 1));
    }
    let ring = (x0 + 1..x1 - 1)
        .flat_map(|x| [(x, y0 + 1), (x, y1 - 2)])
        .chain((y0 + 1..y1 - 1).flat_map(|y| [(x0 + 1, y), (x1 - 2, y)]));
    let mut bins = std::collections::HashMap::<[u8; 3], (u32, [u32; 3])>::new();
    for (x, y) in ring {
        let p = frame.rgb(x, y);
        let bin = bins.entry(p.map(|v| v >> 4)).or_insert((0, [0; 3]));
        bin.0 += 1;
        for (sum, v) in bin.1.iter_mut().zip(p) {
            *sum += u32::from(v);
        }
    }
    let (n, sums) = bins.into_iter().max_by_key(|(key, (n, _))| (*n, *key)).map(|(_, v)| v).unwrap_or((1, [0; 3]));
    sums.map(|s| (s / n.max(1)) as u8)
}

/// A rect shrunk by `by` on every side (a box's rounded corners and border left out).
fn inset((x0, y0, x1, y1): Rect, by: u32) -> Rect {
    if x1 <= x0 + 2 * by || y1 <= y0 + 2 * by { (x0, y0, x1, y1) } else { (x0 + by, y0 + by, x1 - by, y1 - by) }
}

/// What the boxes show.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoxPieces {
    /// Preview pieces, the next one first.
    pub next: Vec<Piece>,
    /// The held piece, when a hold box shows one.
    pub hold: Option<Piece>,
}

struct Ink<'a> {
    frame: &'a Frame,
    background: [u8; 3],
    /// Ink departs from the background by more than this in some channel (at least `NEAR`).
    least: i32,
    /// A piece's cells are at least this many pixels across (a letter's strokes are thinner).
    least_cell: f64,
    /// The well's own colour, in a box of another colour: no ink there. A piece drawn in the
    /// colour of an empty cell would not show in the well, so no program draws one so; what a box
    /// on a panel shows in that colour is a field of it (the black pills a page sets its score and
    /// lines in, which read as I pieces before), not a piece.
    unseen: Option<[u8; 3]>,
}

impl<'a> Ink<'a> {
    /// Ink against a box's own background (the commonest colour along its rim) beside `well`.
    fn of_box(frame: &'a Frame, rect: Rect, well: &Well) -> Ink<'a> {
        let background = rim_colour(frame, rect);
        let unseen = (!near(background, well.empty)).then_some(well.empty);
        Ink { frame, background, least: NEAR, least_cell: well.pitch * LEAST_CELL, unseen }
    }

    /// How far a pixel departs from the background: its largest channel difference.
    fn departure(&self, x: u32, y: u32) -> i32 {
        let p = self.frame.rgb(x, y);
        p.iter().zip(self.background).map(|(&a, b)| (i32::from(a) - i32::from(b)).abs()).max().unwrap_or(0)
    }

    fn at(&self, x: u32, y: u32) -> bool {
        self.departure(x, y) > self.least && !self.unseen.is_some_and(|c| near(self.frame.rgb(x, y), c))
    }

    /// The same box's strongest ink only: pixels departing from the background by at least
    /// `STRONG` of the most any pixel of `rect` does.
    fn strongest(&self, rect: Rect) -> Ink<'a> {
        let (x0, y0, x1, y1) = rect;
        let most = (y0..y1).flat_map(|y| (x0..x1).map(move |x| (x, y))).map(|(x, y)| self.departure(x, y)).max();
        let least = (f64::from(most.unwrap_or(0)) * STRONG) as i32;
        Ink { least: least.max(NEAR), ..*self }
    }

    /// Spans along one axis of `rect` with ink, split where a run of more than `gap` lines has none.
    fn spans(&self, rect: Rect, rows: bool, gap: u32) -> Vec<(u32, u32)> {
        let (x0, y0, x1, y1) = rect;
        let (a, b) = if rows { (y0, y1) } else { (x0, x1) };
        let inked = |i: u32| {
            if rows { (x0..x1).any(|x| self.at(x, i)) } else { (y0..y1).any(|y| self.at(i, y)) }
        };
        let mut spans: Vec<(u32, u32)> = Vec::new();
        let mut last: Option<u32> = None;
        for i in a..b {
            if !inked(i) {
                continue;
            }
            match (spans.last_mut(), last) {
                (Some(span), Some(l)) if i - l <= gap => span.1 = i + 1,
                _ => spans.push((i, i + 1)),
            }
            last = Some(i);
        }
        spans
    }

    /// The share of ink in the middle of a grid cell of a part.
    fn share(&self, (x, y): (f64, f64), (w, h): (f64, f64)) -> f64 {
        let (x0, y0) = ((x - w * 0.2) as u32, (y - h * 0.2) as u32);
        let (x1, y1) = ((x + w * 0.2).ceil() as u32, (y + h * 0.2).ceil() as u32);
        let (mut ink, mut n) = (0u32, 0u32);
        for yy in y0..=y1.min(self.frame.height() - 1) {
            for xx in x0..=x1.min(self.frame.width() - 1) {
                ink += u32::from(self.at(xx, yy));
                n += 1;
            }
        }
        f64::from(ink) / f64::from(n.max(1))
    }

    /// The piece a part shows, if it is one.
    fn piece(&self, part: Rect) -> Option<Piece> {
        let (x0, y0, x1, y1) = part;
        let (w, h) = (f64::from(x1 - x0), f64::from(y1 - y0));
        let ratio = w / h;
        let off = |g: &(u32, u32)| (f64::from(g.0) / f64::from(g.1) / ratio).ln().abs();
        let grid = [(4, 1), (1, 4), (2, 2), (3, 2), (2, 3)].into_iter().min_by(|a, b| off(a).total_cmp(&off(b)))?;
        let cell = (w / f64::from(grid.0), h / f64::from(grid.1));
        if cell.0.min(cell.1) < self.least_cell {
            return None;
        }
        let mut cells = Vec::new();
        for r in 0..grid.1 {
            for c in 0..grid.0 {
                let centre =
                    (f64::from(x0) + (f64::from(c) + 0.5) * cell.0, f64::from(y0) + (f64::from(r) + 0.5) * cell.1);
                let share = self.share(centre, cell);
                if share >= 0.8 {
                    cells.push((r as i32, c as i32));
                } else if share > 0.2 {
                    return None;
                }
            }
        }
        shape::recognise(&cells)
    }

    /// The parts of a box's ink, top to bottom and left to right, each its tight bounding box.
    fn parts(&self, rect: Rect, gap: u32) -> Vec<Rect> {
        let (x0, _, x1, _) = rect;
        let mut out = Vec::new();
        for (ya, yb) in self.spans(rect, true, gap) {
            for (xa, xb) in self.spans((x0, ya, x1, yb), false, gap) {
                let tight = self.spans((xa, ya, xb, yb), true, gap);
                if let (Some(first), Some(last)) = (tight.first(), tight.last()) {
                    out.push((xa, first.0, xb, last.1));
                }
            }
        }
        out
    }

    /// Whether a part's ink holds pieces of several colours over each other: at least `OTHER_HUE`
    /// of its coloured pixels (chroma 40 or more) lie two or more 15-degree hue sectors away from
    /// the commonest sector. A piece shaded by bevels or gradients keeps one hue.
    fn several_hues(&self, (x0, y0, x1, y1): Rect) -> bool {
        let mut sectors = [0u32; 24];
        for y in y0..y1 {
            for x in x0..x1 {
                if !self.at(x, y) {
                    continue;
                }
                let [r, g, b] = self.frame.rgb(x, y).map(f64::from);
                let (max, min) = (r.max(g).max(b), r.min(g).min(b));
                if max - min < 40.0 {
                    continue;
                }
                let h = if max == r {
                    (g - b) / (max - min)
                } else if max == g {
                    2.0 + (b - r) / (max - min)
                } else {
                    4.0 + (r - g) / (max - min)
                };
                sectors[((h * 60.0).rem_euclid(360.0) / 15.0) as usize % 24] += 1;
            }
        }
        let total: u32 = sectors.iter().sum();
        let Some(top) = (0..24).max_by_key(|&i| sectors[i]) else { return false };
        let away: u32 =
            (0..24usize).filter(|&i| (i + 24 - top) % 24 >= 2 && (top + 24 - i) % 24 >= 2).map(|i| sectors[i]).sum();
        total > 0 && f64::from(away) >= OTHER_HUE * f64::from(total)
    }

    /// A part whose ink reaches a side of `inner` (the box less its rim), continued outwards to
    /// where its ink ends, at most to that side of `outer` (the whole box): a box exactly as large
    /// as its piece has the piece against its sides, and the rim left out would cut the piece short.
    /// A side moves out a line while at least half the ink along it goes on in the line beyond.
    fn continued(&self, part: Rect, inner: Rect, outer: Rect) -> Rect {
        let (mut x0, mut y0, mut x1, mut y1) = part;
        let touches = [x0 == inner.0, x1 == inner.2, y0 == inner.1, y1 == inner.3];
        // Whether the ink along a line (pairs of a pixel on it and the one beyond) goes on.
        let goes_on = |pairs: Vec<((u32, u32), (u32, u32))>| {
            let inked: Vec<_> = pairs.into_iter().filter(|&((x, y), _)| self.at(x, y)).collect();
            let on = inked.iter().filter(|&&(_, (x, y))| self.at(x, y)).count();
            !inked.is_empty() && on * 2 >= inked.len()
        };
        while touches[0] && x0 > outer.0 && goes_on((y0..y1).map(|y| ((x0, y), (x0 - 1, y))).collect()) {
            x0 -= 1;
        }
        while touches[1] && x1 < outer.2 && goes_on((y0..y1).map(|y| ((x1 - 1, y), (x1, y))).collect()) {
            x1 += 1;
        }
        while touches[2] && y0 > outer.1 && goes_on((x0..x1).map(|x| ((x, y0), (x, y0 - 1))).collect()) {
            y0 -= 1;
        }
        while touches[3] && y1 < outer.3 && goes_on((x0..x1).map(|x| ((x, y1 - 1), (x, y1))).collect()) {
            y1 += 1;
        }
        (x0, y0, x1, y1)
    }

    /// Whether a part stands in a field of the well's own colour in a box of another colour: at
    /// least three quarters of the ring two pixels outside it (within the box) is of that colour. A
    /// piece is drawn on its box's ground; a number in a black field on a grey panel is text (a
    /// "0" read as an O), even where a shadow darkens two sides of a piece.
    fn in_a_field(&self, (x0, y0, x1, y1): Rect, outer: Rect) -> bool {
        let Some(field) = self.unseen else { return false };
        let (x0, y0) = (x0.saturating_sub(2).max(outer.0), y0.saturating_sub(2).max(outer.1));
        let (x1, y1) = ((x1 + 1).min(outer.2.saturating_sub(1)), (y1 + 1).min(outer.3.saturating_sub(1)));
        if x1 <= x0 || y1 <= y0 {
            return false;
        }
        outline_share((x0, y0, x1, y1), |x, y| near(self.frame.rgb(x, y), field)) >= 0.75
    }

    /// The pieces in a box, top to bottom and left to right. A part of several colours is read
    /// by its strongest ink: a program may fade its last pieces in the box instead of clearing
    /// it, and the piece drawn last is the one at full strength (read with its traces, a Z over a
    /// faded O is a blob as wide as tall: an O). A part of one colour (its cells shaded by bevels
    /// or gradients), or one whose strongest ink shows no piece, is read by all its ink. In a box
    /// that runs to the window's right edge (the open page, `page_beside`), a part reaching that
    /// edge is the window's (a scroll bar), not a piece shown.
    fn pieces(&self, rect: Rect, outer: Rect, gap: u32) -> Vec<Piece> {
        let mut out = Vec::new();
        let to_the_edge = runs_to_right_edge(self.frame, outer);
        for part in self.parts(rect, gap).into_iter().filter(|p| !(to_the_edge && p.2 >= rect.2)) {
            let part = self.continued(part, rect, outer);
            if self.in_a_field(part, outer) {
                continue;
            }
            let strong = self.strongest(part);
            let pieces: Vec<Piece> = if self.several_hues(part) {
                strong.parts(part, gap).into_iter().filter_map(|p| strong.piece(p)).collect()
            } else {
                Vec::new()
            };
            if pieces.is_empty() {
                out.extend(self.piece(part));
            } else {
                out.extend(pieces);
            }
        }
        out
    }
}

/// The pieces one box shows, top to bottom, read against the box's own background a fifth of a
/// cell in from its rim.
pub fn pieces_in(frame: &Frame, well: &Well, rect: Rect) -> Vec<Piece> {
    let gap = gap_of(well);
    Ink::of_box(frame, rect, well).pieces(inset(rect, gap), rect, gap)
}

/// True when a box shows nothing at all (no ink a fifth of a cell in from its rim): an empty hold
/// box, not a panel of text.
pub fn blank(frame: &Frame, well: &Well, rect: Rect) -> bool {
    let gap = gap_of(well);
    Ink::of_box(frame, rect, well).spans(inset(rect, gap), true, gap).is_empty()
}

fn gap_of(well: &Well) -> u32 {
    ((well.pitch / 5.0).round() as u32).max(2)
}

/// A box's place in well cells from the well's top-left corner: [x0, y0, x1, y1].
pub fn in_cells(well: &Well, rect: Rect) -> [f64; 4] {
    let at = |v: u32, o: f64, pitch: f64| ((f64::from(v) - o) / pitch * 100.0).round() / 100.0;
    let (x, y) = ((well.x0, well.pitch), (well.y0, well.pitch_y));
    [at(rect.0, x.0, x.1), at(rect.1, y.0, y.1), at(rect.2, x.0, x.1), at(rect.3, y.0, y.1)]
}

/// True when a box runs to the window's right edge: the open page (`page_beside`), not a box drawn
/// by the program.
pub fn runs_to_right_edge(frame: &Frame, rect: Rect) -> bool {
    rect.2 >= frame.width()
}

/// The page right of the well, over the well's rows, as a box: where no box lies right of the well
/// and that page is mostly of the well's own colour, a program may draw its preview straight on it
/// (its labels and scores are no pieces, `Ink::piece`). None when a box is there already, the page
/// is of another colour, or it is narrower than two cells.
pub fn page_beside(frame: &Frame, well: &Well) -> Option<Rect> {
    let right = well.x0 + well.pitch * well.cols as f64;
    if well.boxes.iter().any(|b| f64::from(b.0) >= right - 1.0) {
        return None;
    }
    let x0 = (right + well.pitch / 4.0).ceil() as u32;
    let (y0, y1) = (well.y0.max(0.0) as u32, ((well.y0 + well.pitch_y * well.rows as f64) as u32).min(frame.height()));
    let x1 = frame.width();
    if f64::from(x1.saturating_sub(x0)) < 2.0 * well.pitch || y1 <= y0 {
        return None;
    }
    let (mut own, mut n) = (0u64, 0u64);
    for y in (y0..y1).step_by(2) {
        for x in (x0..x1).step_by(2) {
            own += u64::from(near(frame.rgb(x, y), well.empty));
            n += 1;
        }
    }
    (own * 10 >= n * 6).then_some((x0, y0, x1, y1))
}

/// Reads the boxes with the roles a calibration learned: each box found takes the role of the
/// learned area its middle lies in; failing that, of the learned area on the same side of the well
/// whose rows its middle lies in (a page that centres its parts moves them across, not up or down,
/// as the window widens).
pub fn read_known(frame: &Frame, well: &Well, known: &[(bool, [f64; 4])]) -> BoxPieces {
    let mut out = BoxPieces::default();
    let mut boxes = well.boxes.clone();
    boxes.sort_by_key(|b| (b.1, b.0));
    for rect in boxes {
        let Some(hold) = role_of(in_cells(well, rect), well.cols as f64, known) else {
            continue;
        };
        let pieces = pieces_in(frame, well, rect);
        if hold {
            out.hold = out.hold.or(pieces.first().copied());
        } else {
            out.next.extend(pieces);
        }
    }
    out
}

/// The learned role (is it the hold box) of a box at `area` in well cells, in a well `cols` wide.
fn role_of(area: [f64; 4], cols: f64, known: &[(bool, [f64; 4])]) -> Option<bool> {
    let [x, y] = [(area[0] + area[2]) / 2.0, (area[1] + area[3]) / 2.0];
    let within = |a: &[f64; 4]| (a[0]..a[2]).contains(&x) && (a[1]..a[3]).contains(&y);
    let side = |a: &[f64; 4]| {
        if a[2] <= 0.5 {
            -1
        } else if a[0] >= cols - 0.5 {
            1
        } else {
            0
        }
    };
    let beside = |a: &[f64; 4]| side(a) != 0 && side(a) == side(&area) && (a[1]..a[3]).contains(&y);
    let found = known.iter().find(|(_, a)| within(a)).or_else(|| known.iter().find(|(_, a)| beside(a)));
    found.map(|(hold, _)| *hold)
}

/// Reads the previews and the hold box of a well, blind: boxes right of the well are previews;
/// of those left of it, the first showing a piece is the hold box and any later one showing a
/// piece a preview (a program may put all its boxes on the left).
pub fn read(frame: &Frame, well: &Well) -> BoxPieces {
    let well_right = well.x0 + well.pitch * well.cols as f64;
    let mut right: Vec<Rect> = well.boxes.iter().copied().filter(|b| f64::from(b.0) >= well_right - 1.0).collect();
    right.sort_by_key(|b| (b.1, b.0));
    let mut left: Vec<Rect> = well.boxes.iter().copied().filter(|b| f64::from(b.2) <= well.x0 + 1.0).collect();
    left.sort_by_key(|b| (b.1, std::cmp::Reverse(b.2)));
    let mut next: Vec<Piece> = right.iter().flat_map(|&b| pieces_in(frame, well, b)).collect();
    let mut hold = None;
    for &b in &left {
        let pieces = pieces_in(frame, well, b);
        match (hold, pieces.first()) {
            (None, Some(&first)) => hold = Some(first),
            (Some(_), _) => next.extend(pieces),
            (None, None) => {}
        }
    }
    BoxPieces { next, hold }
}

#[cfg(test)]
mod tests {
    use super::role_of;

    /// A hold box learned left of a 10-wide well over rows 1-5, a preview right of it over rows 1-12.
    const KNOWN: [(bool, [f64; 4]); 2] = [(true, [-6.0, 1.0, -1.0, 5.0]), (false, [11.0, 1.0, 15.0, 12.0])];

    #[test]
    fn a_box_moved_across_by_a_wider_window_keeps_its_role() {
        assert_eq!(role_of([-5.0, 1.0, -2.0, 4.0], 10.0, &KNOWN), Some(true));
        assert_eq!(role_of([-9.0, 1.2, -6.5, 4.2], 10.0, &KNOWN), Some(true));
        assert_eq!(role_of([13.5, 2.0, 17.5, 6.0], 10.0, &KNOWN), Some(false));
        // On the other side, or over other rows, it is no learned box.
        assert_eq!(role_of([12.0, 1.0, 15.0, 4.0], 10.0, &KNOWN[..1]), None);
        assert_eq!(role_of([-9.0, 8.0, -6.5, 11.0], 10.0, &KNOWN), None);
    }
}
