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
use super::well::{Well, near};
use crate::frame::Frame;

/// A box in frame pixels: (x0, y0, x1, y1), exclusive ends.
pub type Rect = (u32, u32, u32, u32);

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
}

impl Ink<'_> {
    fn at(&self, x: u32, y: u32) -> bool {
        !near(self.frame.rgb(x, y), self.background)
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

    /// The pieces in a box, top to bottom and left to right.
    fn pieces(&self, rect: Rect, gap: u32) -> Vec<Piece> {
        let (x0, _, x1, _) = rect;
        let mut out = Vec::new();
        for (ya, yb) in self.spans(rect, true, gap) {
            for (xa, xb) in self.spans((x0, ya, x1, yb), false, gap) {
                let tight = self.spans((xa, ya, xb, yb), true, gap);
                if let (Some(first), Some(last)) = (tight.first(), tight.last()) {
                    out.extend(self.piece((xa, first.0, xb, last.1)));
                }
            }
        }
        out
    }
}

/// The pieces one box shows, top to bottom.
pub fn pieces_in(frame: &Frame, well: &Well, rect: Rect) -> Vec<Piece> {
    Ink { frame, background: well.empty }.pieces(rect, gap_of(well))
}

/// True when a box shows nothing at all (no ink): an empty hold box, not a panel of text.
pub fn blank(frame: &Frame, well: &Well, rect: Rect) -> bool {
    Ink { frame, background: well.empty }.spans(rect, true, gap_of(well)).is_empty()
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

/// Reads the boxes with the roles a calibration learned: each box found whose middle lies in a
/// learned area takes that area's role.
pub fn read_known(frame: &Frame, well: &Well, known: &[(bool, [f64; 4])]) -> BoxPieces {
    let mut out = BoxPieces::default();
    let mut boxes = well.boxes.clone();
    boxes.sort_by_key(|b| (b.1, b.0));
    for rect in boxes {
        let [x, y] = {
            let c = in_cells(well, rect);
            [(c[0] + c[2]) / 2.0, (c[1] + c[3]) / 2.0]
        };
        let Some((hold, _)) = known.iter().find(|(_, a)| (a[0]..a[2]).contains(&x) && (a[1]..a[3]).contains(&y)) else {
            continue;
        };
        let pieces = pieces_in(frame, well, rect);
        if *hold {
            out.hold = out.hold.or(pieces.first().copied());
        } else {
            out.next.extend(pieces);
        }
    }
    out
}

/// Reads the previews and the hold box of a well, blind: boxes right of the well are previews,
/// the first left of it the hold box.
pub fn read(frame: &Frame, well: &Well) -> BoxPieces {
    let ink = Ink { frame, background: well.empty };
    let gap = gap_of(well);
    let well_right = well.x0 + well.pitch * well.cols as f64;
    let mut right: Vec<Rect> = well.boxes.iter().copied().filter(|b| f64::from(b.0) >= well_right - 1.0).collect();
    right.sort_by_key(|b| (b.1, b.0));
    let mut left: Vec<Rect> = well.boxes.iter().copied().filter(|b| f64::from(b.2) <= well.x0 + 1.0).collect();
    left.sort_by_key(|b| (b.1, std::cmp::Reverse(b.2)));
    let next = right.iter().flat_map(|&b| ink.pieces(b, gap)).collect();
    let hold = left.iter().find_map(|&b| ink.pieces(b, gap).first().copied());
    BoxPieces { next, hold }
}
