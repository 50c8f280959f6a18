//! Numbers in 7-segment digits (the Windows-classic mine counter and timer, LED and LCD looks):
//! the lit segments are bars of one colour, each apart from the others, often beside the unlit
//! ones drawn dim in the same hue. Whatever the size or the colour, a digit is read by which of its
//! seven segments are lit, each looked for where it lies in the digit's box (as fractions of it).
//!
//! Per colour the window shows much of outside the board (apart from its page colour), the pixels
//! near it are a mask; its parts that are bars (straight, filled, at least twice as long as thick:
//! WineMine's middle bar is 7 by 3 px) are segments. Bars one above the other within reach, or one
//! across and one down meeting at a corner, are one digit (`joined`); digits of like height side
//! by side are a number, and a lone bar at their middle height just before them a minus. The box
//! of a digit is the number's height and its widest digit's width, aligned on its right (every
//! digit has a bar there, not every one on its left: 1, 3, 7). A segment is lit when nearly all its
//! length is ink within its zone, unlit when nearly none is; the holes of the 8 hold no ink. A
//! digit whose segments are neither, or whose lit set is no digit, makes its number none: refused,
//! never guessed; so does a run of 1s alone (no bar across gives the width). A dim segment is
//! another colour, so it is never lit; a number of a dim colour beside a brighter one's bars is
//! that display's unlit segments, and no number.

use crate::vision::colour::Lab;
use crate::vision::regions::{Component, components_8};

use super::Page;

/// A number read in 7-segment digits, and where it stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Number {
    pub value: i64,
    pub bbox: Component,
}

/// Segments as bits: a (top) 0, b (top right) 1, c (bottom right) 2, d (bottom) 3, e (bottom
/// left) 4, f (top left) 5, g (middle) 6.
const DIGITS: [(u8, u8); 13] = [
    (0x3F, 0),
    (0x06, 1),
    (0x5B, 2),
    (0x4F, 3),
    (0x66, 4),
    (0x6D, 5),
    (0x7D, 6),
    (0x7C, 6),
    (0x07, 7),
    (0x27, 7),
    (0x7F, 8),
    (0x6F, 9),
    (0x67, 9),
];

/// Each segment's zone in the box (x from, x to, y from, y to, as fractions) and whether it lies
/// across (a horizontal bar) or down.
const ZONES: [(f64, f64, f64, f64, bool); 7] = [
    (0.3, 0.7, 0.0, 0.2, true),
    (0.7, 1.0, 0.12, 0.4, false),
    (0.7, 1.0, 0.6, 0.88, false),
    (0.3, 0.7, 0.8, 1.0, true),
    (0.0, 0.3, 0.6, 0.88, false),
    (0.0, 0.3, 0.12, 0.4, false),
    (0.3, 0.7, 0.4, 0.6, true),
];

/// The holes of an 8: no segment passes there.
const HOLES: [(f64, f64, f64, f64); 2] = [(0.3, 0.7, 0.22, 0.38), (0.3, 0.7, 0.62, 0.78)];

/// A segment is lit when at least this share of its length is ink, unlit at most `OFF`.
const ON: f64 = 0.75;
const OFF: f64 = 0.25;
/// How near (CIE ΔE) a pixel must be to a colour to be of it.
const SAME_COLOUR: f32 = 12.0;
/// The most colours tried, and the fewest pixels a colour needs to be tried.
const COLOURS: usize = 24;
const MIN_PIXELS: usize = 12;

/// The digit whose lit segments are `bits`.
fn digit_of(bits: u8) -> Option<u8> {
    DIGITS.iter().find(|&&(b, _)| b == bits).map(|&(_, d)| d)
}

/// Which segments are lit in the box `(x0, y0, w, h)` of `lit`, or None when one is neither lit nor
/// unlit, or ink lies in a hole.
pub fn segments(lit: &dyn Fn(i64, i64) -> bool, x0: i64, y0: i64, w: i64, h: i64) -> Option<u8> {
    if w < 3 || h < 5 {
        return None;
    }
    // The pixels whose centres lie in a zone.
    let span = |from: f64, to: f64, origin: i64, size: i64| {
        let first = (from * size as f64 - 0.5).ceil().max(0.0) as i64;
        let last = ((to * size as f64 - 0.5).ceil() as i64).min(size);
        (origin + first)..(origin + last)
    };
    for &(fx0, fx1, fy0, fy1) in &HOLES {
        let (xs, ys) = (span(fx0, fx1, x0, w), span(fy0, fy1, y0, h));
        let area = (xs.end - xs.start).max(1) * (ys.end - ys.start).max(1);
        let inked = ys.clone().flat_map(|y| xs.clone().map(move |x| (x, y))).filter(|&(x, y)| lit(x, y)).count();
        if inked as i64 * 20 > area {
            return None;
        }
    }
    let mut bits = 0u8;
    for (k, &(fx0, fx1, fy0, fy1, across)) in ZONES.iter().enumerate() {
        let (xs, ys) = (span(fx0, fx1, x0, w), span(fy0, fy1, y0, h));
        if xs.is_empty() || ys.is_empty() {
            return None;
        }
        // Along the bar: the share of its length (columns across, rows down) with ink in the zone.
        let (along, inked) = if across {
            (xs.end - xs.start, xs.clone().filter(|&x| ys.clone().any(|y| lit(x, y))).count() as i64)
        } else {
            (ys.end - ys.start, ys.clone().filter(|&y| xs.clone().any(|x| lit(x, y))).count() as i64)
        };
        let share = inked as f64 / along as f64;
        if share >= ON {
            bits |= 1 << k;
        } else if share > OFF {
            return None;
        }
    }
    Some(bits)
}

/// Whether a part of a mask is a bar: straight and filled, at least twice as long as thick.
fn is_bar(c: &Component) -> bool {
    let (long, short) = (c.width().max(c.height()), c.width().min(c.height()));
    long >= 4 && long >= short * 2 && c.area * 20 >= (c.width() * c.height()) as usize * 9
}

/// A digit's bars, before it is read.
#[derive(Clone, Debug)]
struct Cluster {
    bbox: Component,
    bars: usize,
    /// Whether one of its bars lies across (every digit but 1 has one).
    across: bool,
}

/// Every 7-segment number outside the board in `page`.
///
/// A number beside bars of a colour that stands out more from the page (within half its height
/// across) is the unlit segments of a brighter display, dim ones whose blank digit reads as 8: not
/// a number.
pub fn numbers(page: &Page) -> Vec<Number> {
    let background = Lab::from_rgb8(page.colour);
    let mut found: Vec<(Number, f32)> = Vec::new();
    let mut every_bar: Vec<(Component, f32)> = Vec::new();
    for colour in page.colours(COLOURS, MIN_PIXELS, SAME_COLOUR) {
        let contrast = colour.delta_e(&background);
        let mask: Vec<bool> =
            page.lab.iter().map(|p| p.is_some_and(|lab| lab.delta_e(&colour) < SAME_COLOUR)).collect();
        // Its parts, found within the box of its pixels only (a display's colour is in a corner).
        let (mut x0, mut y0, mut x1, mut y1) = (page.w, page.h, 0, 0);
        for i in (0..mask.len()).filter(|&i| mask[i]) {
            (x0, y0, x1, y1) = (x0.min(i % page.w), y0.min(i / page.w), x1.max(i % page.w + 1), y1.max(i / page.w + 1));
        }
        if x1 <= x0 {
            continue;
        }
        let sub: Vec<bool> = (y0..y1).flat_map(|y| mask[y * page.w + x0..y * page.w + x1].iter().copied()).collect();
        let shift = |c: Component| Component {
            x0: c.x0 + x0 as u32,
            x1: c.x1 + x0 as u32,
            y0: c.y0 + y0 as u32,
            y1: c.y1 + y0 as u32,
            ..c
        };
        let bars: Vec<Component> = components_8(&sub, x1 - x0).into_iter().filter(is_bar).map(shift).collect();
        let lit = |x: i64, y: i64| {
            x >= 0 && y >= 0 && (x as usize) < page.w && (y as usize) < page.h && mask[y as usize * page.w + x as usize]
        };
        found.extend(read_clusters(&clusters(&bars), &lit).into_iter().map(|n| (n, contrast)));
        every_bar.extend(bars.into_iter().map(|b| (b, contrast)));
    }
    found
        .into_iter()
        .filter(|(n, contrast)| {
            let reach = n.bbox.height() / 2;
            !every_bar.iter().any(|(b, other)| {
                *other > *contrast + SAME_COLOUR
                    && b.x0 < n.bbox.x1 + reach
                    && b.x1 + reach > n.bbox.x0
                    && b.y0 < n.bbox.y1
                    && b.y1 > n.bbox.y0
            })
        })
        .map(|(n, _)| n)
        .collect()
}

/// Whether two bars belong to one digit: one above the other (their spans across overlap) at most
/// the shorter's length apart, or one across and one down meeting at a corner, nearer each other
/// on both axes than a bar is thick (a digit beside stands further off).
fn joined(a: &Component, b: &Component) -> bool {
    let overlap = a.x0 < b.x1 && b.x0 < a.x1;
    let long = |c: &Component| c.width().max(c.height());
    let reach = 3.max(long(a).min(long(b)));
    let gy = b.y0.saturating_sub(a.y1).max(a.y0.saturating_sub(b.y1));
    let gx = b.x0.saturating_sub(a.x1).max(a.x0.saturating_sub(b.x1));
    let thick = a.width().min(a.height()).min(b.width().min(b.height()));
    let perpendicular = (a.width() > a.height()) != (b.width() > b.height());
    (overlap && gy <= reach) || (perpendicular && gx < thick && gy < thick)
}

/// The bars grouped into digits (`joined`, step by step).
fn clusters(bars: &[Component]) -> Vec<Cluster> {
    let mut all: Vec<(Cluster, Vec<Component>)> =
        bars.iter().map(|&b| (Cluster { bbox: b, bars: 1, across: b.width() > b.height() }, vec![b])).collect();
    loop {
        let mut merged = false;
        'outer: for i in 0..all.len() {
            for j in i + 1..all.len() {
                if all[i].1.iter().any(|a| all[j].1.iter().any(|b| joined(a, b))) {
                    let (other, members) = all.remove(j);
                    let (one, mine) = &mut all[i];
                    one.bbox = Component {
                        area: one.bbox.area + other.bbox.area,
                        x0: one.bbox.x0.min(other.bbox.x0),
                        y0: one.bbox.y0.min(other.bbox.y0),
                        x1: one.bbox.x1.max(other.bbox.x1),
                        y1: one.bbox.y1.max(other.bbox.y1),
                    };
                    one.bars += other.bars;
                    one.across |= other.across;
                    mine.extend(members);
                    merged = true;
                    break 'outer;
                }
            }
        }
        if !merged {
            return all.into_iter().map(|(c, _)| c).collect();
        }
    }
}

/// The numbers the digits (clusters of two bars or more) make, side by side, each with a minus
/// (a lone bar across at their middle height) just before it when there is one.
fn read_clusters(clusters: &[Cluster], lit: &dyn Fn(i64, i64) -> bool) -> Vec<Number> {
    let mut digits: Vec<&Cluster> = clusters.iter().filter(|c| c.bars >= 2).collect();
    digits.sort_by_key(|c| (c.bbox.x0, c.bbox.y0));
    let mut used = vec![false; digits.len()];
    let mut found = Vec::new();
    for first in 0..digits.len() {
        if used[first] {
            continue;
        }
        let mut run = vec![first];
        let (mut top, mut bottom) = (digits[first].bbox.y0, digits[first].bbox.y1);
        for next in first + 1..digits.len() {
            let (last, d) = (digits[*run.last().expect("a digit")].bbox, digits[next].bbox);
            // Like height: on one line, each at least half the taller (a 1 or a 7 lacks the
            // bottom bar, so stands shorter than an 8).
            let h = (bottom - top).max(d.height());
            let common = bottom.min(d.y1).saturating_sub(top.max(d.y0));
            let like = common * 5 >= h * 3 && d.height() * 2 >= h && (bottom - top) * 2 >= h;
            if like && d.x0 >= last.x1 && d.x0 - last.x1 <= h * 4 / 5 {
                run.push(next);
                (top, bottom) = (top.min(d.y0), bottom.max(d.y1));
            } else if d.x0 > last.x1 + h {
                break;
            }
        }
        run.iter().for_each(|&k| used[k] = true);
        let boxes: Vec<Component> = run.iter().map(|&k| digits[k].bbox).collect();
        let (top, bottom) =
            (boxes.iter().map(|b| b.y0).min().unwrap_or(0), boxes.iter().map(|b| b.y1).max().unwrap_or(0));
        let height = bottom - top;
        // A run of 1s alone (no bar across) could be any two strokes one above the other, and
        // gives no digit's width: no number.
        let Some(width) = run.iter().filter(|&&k| digits[k].across).map(|&k| digits[k].bbox.width()).max() else {
            continue;
        };
        if height * 10 < width * 14 || height > width * 4 || run.len() > 6 {
            continue;
        }
        let mut value: i64 = 0;
        let mut read_all = true;
        for b in &boxes {
            // Every digit has a bar on its right (b or c), not every one on its left (1, 3, 7).
            let x0 = b.x1 as i64 - width as i64;
            match segments(lit, x0, top as i64, width as i64, height as i64).and_then(digit_of) {
                Some(d) => value = value * 10 + d as i64,
                None => read_all = false,
            }
        }
        if !read_all {
            continue;
        }
        let mut bbox = Component { area: 0, x0: boxes[0].x0, y0: top, x1: boxes[boxes.len() - 1].x1, y1: bottom };
        let minus = clusters.iter().find(|c| {
            let m = c.bbox;
            c.bars == 1
                && c.across
                && m.x1 <= bbox.x0
                && bbox.x0 - m.x1 <= height * 4 / 5
                && (m.y0 + m.y1) >= 2 * top + height * 4 / 5
                && (m.y0 + m.y1) <= 2 * top + height * 6 / 5
        });
        if let Some(m) = minus {
            value = -value;
            bbox.x0 = m.bbox.x0;
        }
        found.push(Number { value, bbox });
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    type Pixels = Vec<(i64, i64)>;

    /// A 7-segment digit drawn at `(x, y)`, `w` by `h`, bars `t` thick, with a pixel's gap where
    /// segments meet: its lit and unlit segments' pixels.
    fn draw(bits: u8, x: i64, y: i64, w: i64, h: i64, t: i64) -> (Pixels, Pixels) {
        let (mut on, mut off) = (Vec::new(), Vec::new());
        let mid = y + (h - t) / 2;
        // (x from, x to, y from, y to) of each bar, ends excluded.
        let bars = [
            (x + t, x + w - t, y, y + t),
            (x + w - t, x + w, y + t, mid),
            (x + w - t, x + w, mid + t, y + h - t),
            (x + t, x + w - t, y + h - t, y + h),
            (x, x + t, mid + t, y + h - t),
            (x, x + t, y + t, mid),
            (x + t, x + w - t, mid, mid + t),
        ];
        for (k, &(x0, x1, y0, y1)) in bars.iter().enumerate() {
            // One pixel of gap at each end, along the bar.
            let across = k == 0 || k == 3 || k == 6;
            let (x0, x1, y0, y1) = if across { (x0 + 1, x1 - 1, y0, y1) } else { (x0, x1, y0 + 1, y1 - 1) };
            for py in y0..y1 {
                for px in x0..x1 {
                    if bits & (1 << k) != 0 { on.push((px, py)) } else { off.push((px, py)) }
                }
            }
        }
        (on, off)
    }

    /// A window of `page` colour with a board-sized square and numbers drawn in 7 segments above
    /// it: each (text, x, digit width, height, thickness, lit colour, dim colour if drawn).
    #[allow(clippy::type_complexity)]
    fn window(
        page: [u8; 3],
        numbers: &[(&str, i64, i64, i64, i64, [u8; 3], Option<[u8; 3]>)],
    ) -> (crate::frame::Frame, crate::frame::Rect) {
        let mut image = image::RgbaImage::from_pixel(320, 240, image::Rgba([page[0], page[1], page[2], 255]));
        let board = crate::frame::Rect { x: 20.0, y: 100.0, width: 280.0, height: 120.0 };
        for y in 100..220 {
            for x in 20..300 {
                image.put_pixel(x, y, image::Rgba([128, 128, 128, 255]));
            }
        }
        for &(text, x0, w, h, t, lit, dim) in numbers {
            for (i, ch) in text.chars().enumerate() {
                let bits = match ch {
                    '-' => 0x40,
                    _ => DIGITS.iter().find(|&&(_, d)| Some(d as u32) == ch.to_digit(10)).map_or(0, |&(b, _)| b),
                };
                let (on, off) = draw(bits, x0 + i as i64 * (w + t + 2), 20, w, h, t);
                let mut put = |pixels: &[(i64, i64)], c: [u8; 3]| {
                    pixels
                        .iter()
                        .for_each(|&(x, y)| image.put_pixel(x as u32, y as u32, image::Rgba([c[0], c[1], c[2], 255])))
                };
                put(&on, lit);
                if let Some(dim) = dim {
                    put(&off, dim);
                }
            }
        }
        (crate::frame::Frame::from_image(image), board)
    }

    fn read(frame: &crate::frame::Frame, board: crate::frame::Rect) -> Vec<i64> {
        let mut values: Vec<i64> = numbers(&Page::of(frame, board).expect("a page")).iter().map(|n| n.value).collect();
        values.sort_unstable();
        values
    }

    /// Red on black with the unlit segments dim red (WineMine's look on Windows), and green on grey
    /// without them, each at two sizes; a minus before a number; a 1 alone in its box.
    #[test]
    fn numbers_in_seven_segments_read_in_any_colour_and_size() {
        let (red, dim_red, green) = ([255, 0, 0], [60, 0, 0], [0, 200, 0]);
        let (frame, board) = window(
            [0, 0, 0],
            &[("010", 10, 11, 21, 2, red, Some(dim_red)), ("-7", 150, 30, 56, 6, red, Some(dim_red))],
        );
        assert_eq!(read(&frame, board), vec![-7, 10]);
        let (frame, board) =
            window([192, 192, 192], &[("038", 10, 11, 21, 2, green, None), ("1", 150, 30, 56, 6, green, None)]);
        assert_eq!(read(&frame, board), vec![38], "a 1 alone is two strokes, no number");
        let (frame, board) =
            window([192, 192, 192], &[("0", 10, 30, 56, 6, green, None), ("1", 50, 30, 56, 6, green, None)]);
        assert_eq!(read(&frame, board), vec![1], "1 narrow, right-aligned beside a 0 of its size");
        // A blank digit drawn all dim (an 8 in the dim colour) before a lit 8 is no number.
        let (frame, board) = window([0, 0, 0], &[("8", 10, 11, 21, 2, dim_red, None), ("8", 25, 11, 21, 2, red, None)]);
        assert_eq!(read(&frame, board), vec![8]);
    }

    /// WineMine's look: a timer and a counter alike beside an untouched board. A timer at 000
    /// means no mines, so the counter's 10 is taken; at 003 either could be the counter: none.
    #[test]
    fn a_timer_beside_a_counter_of_its_look_is_told_apart_only_by_the_board() {
        let (red, dim) = ([255, 0, 0], Some([60, 0, 0]));
        let untouched = crate::games::mines::board::Board::from_rows(&["#########"; 9]).expect("a board");
        for (timer, expected) in [("000", Some(10)), ("003", None)] {
            let (frame, board) =
                window([0, 0, 0], &[(timer, 10, 11, 21, 2, red, dim), ("010", 150, 11, 21, 2, red, dim)]);
            assert_eq!(super::super::total(&frame, board, &untouched), expected, "timer {timer}");
        }
    }

    /// A font whose lit segments touch (one part, no bars) and a 4 with its middle bar half drawn
    /// are not read as 7-segment digits.
    #[test]
    fn what_is_not_in_separate_segments_is_no_number() {
        let (mut frame, board) = window([0, 0, 0], &[("8", 10, 11, 21, 2, [255, 0, 0], None)]);
        for y in 20..41 {
            for x in 10..21 {
                let inside = (12..19).contains(&x) && ((22..29).contains(&y) || (32..39).contains(&y));
                if !inside {
                    frame.image.put_pixel(x, y, image::Rgba([255, 0, 0, 255]));
                }
            }
        }
        assert_eq!(read(&frame, board), Vec::<i64>::new(), "a solid 8 is one part");
    }

    #[test]
    fn every_digit_reads_from_its_segments_at_two_sizes() {
        for (w, h, t) in [(11, 21, 2), (30, 56, 6)] {
            for &(bits, digit) in DIGITS.iter() {
                let (on, _) = draw(bits, 3, 4, w, h, t);
                let lit = |x: i64, y: i64| on.contains(&(x, y));
                assert_eq!(segments(&lit, 3, 4, w, h).and_then(digit_of), Some(digit), "{bits:#x} at {w}x{h}");
            }
        }
    }

    #[test]
    fn a_glyph_with_ink_in_a_hole_or_a_half_lit_segment_is_no_digit() {
        let (mut on, _) = draw(0x7F, 0, 0, 11, 21, 2);
        on.push((5, 6));
        on.push((5, 7));
        let lit = |x: i64, y: i64| on.contains(&(x, y));
        assert_eq!(segments(&lit, 0, 0, 11, 21), None, "ink in the upper hole");
        let (on, _) = draw(0x7F, 0, 0, 11, 21, 2);
        let half: Vec<(i64, i64)> = on.into_iter().filter(|&(x, y)| !(y < 2 && x > 5)).collect();
        let lit = |x: i64, y: i64| half.contains(&(x, y));
        assert_eq!(segments(&lit, 0, 0, 11, 21), None, "the top bar half drawn");
    }
}
