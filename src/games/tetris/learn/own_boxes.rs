//! Boxes beside a well drawn in a colour of their own: a program may set its preview and hold
//! boxes on a panel darker or lighter than the well (a translucent canvas over a gradient page),
//! and may even let that colour drift during a game. The colours common beside the well (left or
//! right of it, over its rows) are each taken in turn: a region of one of them, inside the frame,
//! at least two cells wide and tall and filling a good part of its bounding box is a box, as a
//! region of the well's own colour is (`well.rs`). A region framing another box (a panel with a
//! label around the box it holds) is that box's frame, not a box itself. A region that is itself a
//! tetromino at about the well's scale (a preview piece drawn bare on the page, with no box round
//! it) is no box: it is what a box shows. What a box shows is read against its own background
//! (`boxes.rs`).

use super::boxes::{Rect, outline_share};
use super::well;
use crate::frame::Frame;
use crate::vision::regions::Component;

/// At most this many colours beside the well are tried, the commonest first.
const MOST_COLOURS: usize = 12;

/// The colours beside the well (every pixel left and right of its columns), commonest first, each
/// covering at least a box's least area (two cells by two), the well's own left out.
fn colours_beside(frame: &Frame, region: &Component, pitch: f64, empty: [u8; 3]) -> Vec<[u8; 3]> {
    let mut bins = std::collections::HashMap::<usize, (u32, [u64; 3])>::new();
    for y in (0..frame.height()).step_by(2) {
        for x in (0..frame.width()).step_by(2).filter(|&x| x < region.x0 || x >= region.x1) {
            let p = frame.rgb(x, y);
            let bin = bins.entry(bin_of(p)).or_insert((0, [0; 3]));
            bin.0 += 1;
            for (sum, v) in bin.1.iter_mut().zip(p) {
                *sum += u64::from(v);
            }
        }
    }
    // Sampled one pixel in four: a box of two cells by two holds about pitch² samples.
    let least = (pitch * pitch) as u32;
    let mut found: Vec<(u32, [u8; 3])> = bins
        .into_values()
        .filter(|(n, _)| *n >= least)
        .map(|(n, sums)| (n, sums.map(|s| (s / u64::from(n)) as u8)))
        .filter(|(_, c)| !well::near(*c, empty))
        .collect();
    found.sort_by_key(|&(n, c)| (std::cmp::Reverse(n), c));
    found.into_iter().take(MOST_COLOURS).map(|(_, c)| c).collect()
}

fn bin_of([r, g, b]: [u8; 3]) -> usize {
    (usize::from(r >> 4) << 8) | (usize::from(g >> 4) << 4) | usize::from(b >> 4)
}

/// Whether a region is a box beside the well: inside the frame, clear of the well's columns, at
/// least two cells each way and filling at least 40% of its bounding box.
pub fn is_box(o: &Component, region: &Component, pitch: f64, (width, height): (u32, u32)) -> bool {
    let inside = o.x0 > 0 && o.y0 > 0 && o.x1 < width && o.y1 < height;
    let outside_well = o.x1 <= region.x0 || o.x0 >= region.x1;
    let size = 2.0 * pitch;
    let fill = o.area as f64 / (f64::from(o.width()) * f64::from(o.height()));
    inside && outside_well && fill >= 0.4 && f64::from(o.width()) >= size && f64::from(o.height()) >= size
}

/// The boxes of colours other than the well's beside the well whose empty top is `region`. Each
/// pixel takes the first of those colours it is near (or none), and the regions of one label are
/// found in one pass.
pub fn find(frame: &Frame, region: &Component, pitch: f64, empty: [u8; 3]) -> Vec<Rect> {
    let colours = colours_beside(frame, region, pitch, empty);
    let (width, height) = (frame.width() as usize, frame.height() as usize);
    let labels: Vec<u8> = frame
        .image
        .pixels()
        .map(|p| colours.iter().position(|&c| well::near([p.0[0], p.0[1], p.0[2]], c)).map_or(u8::MAX, |i| i as u8))
        .collect();
    regions(&labels, width, height)
        .into_iter()
        .filter(|(label, o)| {
            is_box(o, region, pitch, (frame.width(), frame.height()))
                && stands_out(frame, o, colours[usize::from(*label)])
                && !a_bare_piece(frame, o, colours[usize::from(*label)], pitch)
        })
        .map(|(_, o)| (o.x0, o.y0, o.x1, o.y1))
        .collect()
}

/// Whether a region of `colour` stands out from what lies around it: at most half of the ring a
/// few pixels outside its bounding box (past a thin border line) is of its colour. An area of the
/// page only outlined (a button drawn as a line around the window's own colour) is no box.
fn stands_out(frame: &Frame, o: &Component, colour: [u8; 3]) -> bool {
    let d = well::THIN_LINE as u32 + 2;
    let (x0, y0) = (o.x0.saturating_sub(d), o.y0.saturating_sub(d));
    let (x1, y1) = ((o.x1 + d).min(frame.width() - 1), (o.y1 + d).min(frame.height() - 1));
    outline_share((x0, y0, x1, y1), |x, y| well::near(frame.rgb(x, y), colour)) <= 0.5
}

/// Whether a region of `colour` is a tetromino drawn straight on the page at about the well's
/// scale: on the grid its bounding box makes (3x2, 2x3 or 2x2 cells, each 0.75 to 1.35 of the
/// well's `pitch`), every cell's middle is nearly all of its colour or nearly none, and the full
/// cells make a piece. A box, even one holding a piece, has its colour all round what it shows.
fn a_bare_piece(frame: &Frame, o: &Component, colour: [u8; 3], pitch: f64) -> bool {
    let (w, h) = (f64::from(o.width()), f64::from(o.height()));
    let Some((cols, rows)) = [(3u32, 2u32), (2, 3), (2, 2)].into_iter().find(|&(c, r)| {
        let (cw, ch) = (w / f64::from(c), h / f64::from(r));
        (0.75..=1.35).contains(&(cw / pitch)) && (0.75..=1.35).contains(&(ch / pitch)) && (cw / ch - 1.0).abs() < 0.2
    }) else {
        return false;
    };
    let (cw, ch) = (w / f64::from(cols), h / f64::from(rows));
    let mut cells = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let (mx, my) = (f64::from(o.x0) + (f64::from(c) + 0.5) * cw, f64::from(o.y0) + (f64::from(r) + 0.5) * ch);
            let (mut own, mut n) = (0u32, 0u32);
            for y in (my - ch * 0.2) as u32..=(my + ch * 0.2) as u32 {
                for x in (mx - cw * 0.2) as u32..=(mx + cw * 0.2) as u32 {
                    own +=
                        u32::from(well::near(frame.rgb(x.min(frame.width() - 1), y.min(frame.height() - 1)), colour));
                    n += 1;
                }
            }
            let share = f64::from(own) / f64::from(n.max(1));
            if share >= 0.8 {
                cells.push((r as i32, c as i32));
            } else if share > 0.2 {
                return false;
            }
        }
    }
    super::super::live::shape::recognise(&cells).is_some()
}

/// The 4-connected regions of equal labels (`u8::MAX` is no label), each with its label, in one
/// flood-fill pass.
fn regions(labels: &[u8], width: usize, height: usize) -> Vec<(u8, Component)> {
    let mut seen = vec![false; labels.len()];
    let mut out = Vec::new();
    let mut stack = Vec::new();
    for start in 0..labels.len() {
        if seen[start] || labels[start] == u8::MAX {
            continue;
        }
        let label = labels[start];
        let (x, y) = ((start % width) as u32, (start / width) as u32);
        let mut c = Component { area: 0, x0: x, y0: y, x1: x + 1, y1: y + 1 };
        seen[start] = true;
        stack.push(start);
        while let Some(i) = stack.pop() {
            let (x, y) = (i % width, i / width);
            c.area += 1;
            (c.x0, c.y0) = (c.x0.min(x as u32), c.y0.min(y as u32));
            (c.x1, c.y1) = (c.x1.max(x as u32 + 1), c.y1.max(y as u32 + 1));
            let mut visit = |j: usize| {
                if !seen[j] && labels[j] == label {
                    seen[j] = true;
                    stack.push(j);
                }
            };
            if x > 0 {
                visit(i - 1);
            }
            if x + 1 < width {
                visit(i + 1);
            }
            if y > 0 {
                visit(i - width);
            }
            if y + 1 < height {
                visit(i + width);
            }
        }
        out.push((label, c));
    }
    out
}

/// The boxes that frame no other box: a panel around a box (its label above it) is left out.
pub fn innermost(boxes: Vec<Rect>) -> Vec<Rect> {
    let mut boxes = boxes;
    boxes.sort_unstable();
    boxes.dedup();
    let holds = |a: &Rect, b: &Rect| a != b && a.0 <= b.0 && a.1 <= b.1 && a.2 >= b.2 && a.3 >= b.3;
    boxes.iter().filter(|a| !boxes.iter().any(|b| holds(a, b))).copied().collect()
}

#[cfg(test)]
mod tests {
    use super::innermost;

    #[test]
    fn regions_of_one_label_are_found_with_their_boxes_and_areas() {
        let n = u8::MAX;
        #[rustfmt::skip]
        let labels = [
            0, 0, n, 1,
            0, n, n, 1,
            n, n, 1, 1,
        ];
        let found = super::regions(&labels, 4, 3);
        let boxes: Vec<_> = found.iter().map(|(_, c)| (c.area, c.x0, c.y0, c.x1, c.y1)).collect();
        assert_eq!(boxes, vec![(3, 0, 0, 2, 2), (4, 2, 0, 4, 3)]);
        assert_eq!(found.iter().map(|(l, _)| *l).collect::<Vec<_>>(), vec![0, 1]);
    }

    #[test]
    fn a_panel_around_a_box_is_no_box() {
        let panel = (10, 10, 110, 140);
        let inner = (20, 40, 100, 130);
        let beside = (200, 10, 260, 80);
        assert_eq!(innermost(vec![beside, panel, inner, inner]), vec![inner, beside]);
    }
}
