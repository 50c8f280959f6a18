//! Reading the buffer size: the empty buffer slots are dashed squares in a row above the daemons.
//!
//! The dashes are dim, so they are found by local contrast: brighter than their surroundings by a
//! tenth of the way to the codes' ink. Closing the mask (growing the ink by a few pixels) joins each
//! square's dashes into one outline; outlines of one size, about one and a half text heights
//! across, hollow, in an evenly spaced row, are the slots. The growth is tried from one pixel up
//! to a fifth of the text height, and the longest row found wins. Small screens blur the dashes:
//! a row the growth joined into one outline is cut at the step its ink repeats at, and a row is
//! continued over slots that show only part of their outline. The slots' size, in text
//! heights, is a hint of the profile (the clone draws them bigger than the game). Codes already
//! picked stand in the slots left of the empty ones.

use crate::frame::Rect;
use crate::vision::regions::{self, Component, components};

use super::luma::Luma;
use super::tokens::Token;

/// The slots found, left to right.
pub fn find(
    luma: &Luma,
    region: (usize, usize, usize, usize),
    text_height: f64,
    ink: u8,
    (size_min, size_max): (f64, f64),
) -> Vec<Rect> {
    let (x0, y0, x1, y1) = (region.0, region.1, region.2.min(luma.width), region.3.min(luma.height));
    if x1 <= x0 || y1 <= y0 {
        return Vec::new();
    }
    let (w, h) = (x1 - x0, y1 - y0);
    let mask = brighter_than_surroundings(luma, (x0, y0, w, h), text_height.round() as usize, ink);
    // Dashes are a few pixels wide at any scale: on big screens, shrink the mask (a block is set
    // when any of its pixels is) so the shapes below are about 1080p-sized; it saves most of the work.
    let k = ((text_height / 14.0) as usize).max(1);
    let (mask, w, h) = shrink(&mask, w, h, k);
    let text_height = text_height / k as f64;
    // The gap between dashes and the gap between slots both scale with the screen; rather than
    // bet on one radius between them, try each and keep the longest row of slots.
    let largest = ((text_height * 0.2).ceil() as usize).max(2);
    let squares = (1..=largest)
        .map(|radius| {
            let closed = grow(&mask, w, h, radius);
            let outlines: Vec<Component> = components(&closed, w)
                .into_iter()
                .filter(|c| {
                    let (cw, ch) = (c.width() as f64, c.height() as f64);
                    ch >= size_min * text_height
                        && ch <= size_max * text_height
                        && cw >= 0.8 * ch
                        && hollow(&mask, w, c)
                })
                .collect();
            let pieces = components(&closed, w);
            let row = best_row(&outlines);
            let row = if row.len() >= 2 {
                row
            } else {
                outlines.iter().filter_map(|c| cut_row(c, &mask, w, radius)).max_by_key(|r| r.len()).unwrap_or(row)
            };
            extend(row, &pieces, &mask, w)
        })
        .max_by_key(|row| row.len())
        .unwrap_or_default();
    squares
        .into_iter()
        .map(|c| {
            let (x, y) = (x0 + c.x0 as usize * k, y0 + c.y0 as usize * k);
            Rect {
                x: x as f64,
                y: y as f64,
                width: (c.width() as usize * k) as f64,
                height: (c.height() as usize * k) as f64,
            }
        })
        .collect()
}

/// The codes already in the buffer: tokens level with the empty `slots`, right before the first
/// of them and one slot pitch apart, walking left until a place holds none (other text on that
/// line, such as the clone's timer, sits off the slots' steps). With one empty slot left, the
/// nearest token sets the pitch. Left to right.
pub fn picked(tokens: &[Token], slots: &[Rect]) -> Vec<Token> {
    let Some(first) = slots.first() else { return Vec::new() };
    let (cx, cy) = (first.x + first.width / 2.0, first.y + first.height / 2.0);
    let level: Vec<&Token> =
        tokens.iter().filter(|t| (t.centre().1 - cy).abs() <= 0.3 * first.height && t.centre().0 < first.x).collect();
    let at = |x: f64, tolerance: f64| level.iter().find(|t| (t.centre().0 - x).abs() <= tolerance).map(|t| **t);
    let pitch = match slots.get(1) {
        Some(second) => second.x - first.x,
        None => match level.iter().map(|t| cx - t.centre().0).min_by(f64::total_cmp) {
            Some(d) if d >= 0.9 * first.width && d <= 2.0 * first.width => d,
            _ => return Vec::new(),
        },
    };
    let mut found = Vec::new();
    while found.len() < 16
        && let Some(t) = at(cx - (found.len() + 1) as f64 * pitch, 0.25 * pitch)
    {
        found.push(t);
    }
    found.reverse();
    found
}

/// Pixels brighter than the mean of the square around them (`reach` pixels each way) by a tenth of
/// the way from that mean to the codes' `ink`: dim dashes count, flat backgrounds and bands of any
/// brightness (and letterbox black) do not.
pub(super) fn brighter_than_surroundings(
    luma: &Luma,
    (x0, y0, w, h): (usize, usize, usize, usize),
    reach: usize,
    ink: u8,
) -> Vec<bool> {
    // Summed-area table of the region, one row and column of zeros in front.
    let mut sums = vec![0u64; (w + 1) * (h + 1)];
    for y in 0..h {
        let mut row = 0u64;
        for x in 0..w {
            row += luma.at(x0 + x, y0 + y) as u64;
            sums[(y + 1) * (w + 1) + x + 1] = sums[y * (w + 1) + x + 1] + row;
        }
    }
    let mut mask = vec![false; w * h];
    for y in 0..h {
        let (ya, yb) = (y.saturating_sub(reach), (y + reach + 1).min(h));
        for x in 0..w {
            let (xa, xb) = (x.saturating_sub(reach), (x + reach + 1).min(w));
            let total =
                sums[yb * (w + 1) + xb] + sums[ya * (w + 1) + xa] - sums[ya * (w + 1) + xb] - sums[yb * (w + 1) + xa];
            let mean = total as f64 / ((yb - ya) * (xb - xa)) as f64;
            let v = luma.at(x0 + x, y0 + y) as f64;
            mask[y * w + x] = v > mean + (ink as f64 - mean).max(0.0) / 10.0;
        }
    }
    mask
}

/// The mask shrunk `k` times each way: a block is set when any of its pixels is.
fn shrink(mask: &[bool], w: usize, h: usize, k: usize) -> (Vec<bool>, usize, usize) {
    if k == 1 {
        return (mask.to_vec(), w, h);
    }
    let (ws, hs) = (w.div_ceil(k), h.div_ceil(k));
    let mut small = vec![false; ws * hs];
    for y in 0..h {
        for x in 0..w {
            if mask[y * w + x] {
                small[(y / k) * ws + x / k] = true;
            }
        }
    }
    (small, ws, hs)
}

/// The mask with every set pixel grown into a (2r+1)-wide square (imageproc's dilation in the
/// L-infinity norm).
pub(super) fn grow(mask: &[bool], w: usize, _h: usize, r: usize) -> Vec<bool> {
    let image = regions::mask_image(mask, w);
    regions::image_mask(&imageproc::morphology::dilate(
        &image,
        imageproc::distance_transform::Norm::LInf,
        r.min(255) as u8,
    ))
}

/// True when the middle half of the square at the left end of a box holds no ink: an outline
/// (or outlines side by side), not a filled shape or a letter.
fn hollow(mask: &[bool], w: usize, c: &Component) -> bool {
    let side = c.height().min(c.width()) as usize;
    let (ix0, iy0) = (c.x0 as usize + side / 4, c.y0 as usize + side / 4);
    (iy0..iy0 + side / 2).all(|y| (ix0..ix0 + side / 2).all(|x| !mask[y * w + x]))
}

/// The slots of the longest evenly spaced row of outlines of one height. Where two neighbouring
/// outlines touched after closing they form one wider outline: it counts as the slots it spans.
/// A square alone counts as one slot when no row of more is found.
fn best_row(outlines: &[Component]) -> Vec<Component> {
    let mut best: Vec<Component> = Vec::new();
    for seed in outlines.iter().filter(|c| is_square(c)) {
        let size = seed.height() as f64;
        let mut row: Vec<Component> = outlines
            .iter()
            .filter(|c| {
                (c.height() as f64 - size).abs() <= 0.15 * size && (c.y0 as f64 - seed.y0 as f64).abs() <= 0.25 * size
            })
            .copied()
            .collect();
        row.sort_by_key(|c| c.x0);
        let Some(pitch) = row
            .windows(2)
            .filter(|p| is_square(&p[0]) && is_square(&p[1]))
            .map(|p| (p[1].x0 - p[0].x0) as f64)
            .reduce(f64::min)
        else {
            // One square alone on its line: the last empty slot of a buffer nearly full.
            if row.len() == 1 && best.is_empty() {
                best = row;
            }
            continue;
        };
        if pitch > 2.0 * size {
            continue;
        }
        let Some(slots) = split(&row, pitch, seed.width() as f64) else { continue };
        if slots.len() > best.len() {
            best = slots;
        }
    }
    best
}

/// Slots whose outlines the closing joined into one long outline (on a small screen the gap
/// between slots is as narrow as the gaps between dashes): the step is where the outline's ink,
/// counted column by column, best repeats itself (between 0.9 and 2 slot sides: slots are square
/// and stand apart), and the outline is cut into the whole number of slots that fills it at that
/// step. None when it is not about that whole number long.
fn cut_row(outline: &Component, mask: &[bool], w: usize, grown: usize) -> Option<Vec<Component>> {
    let (cw, ch) = (outline.width() as usize, outline.height() as usize);
    if cw < 2 * ch || ch <= 2 * grown + 2 {
        return None;
    }
    let side = ch - 2 * grown;
    let (x0, y0) = (outline.x0 as usize + grown, outline.y0 as usize + grown);
    let inner = cw - 2 * grown;
    let profile: Vec<f64> =
        (x0..x0 + inner).map(|x| (y0..y0 + side).filter(|&y| mask[y * w + x]).count() as f64).collect();
    let mean = profile.iter().sum::<f64>() / inner as f64;
    let centred: Vec<f64> = profile.iter().map(|v| v - mean).collect();
    let repeat = |lag: usize| -> f64 {
        (0..inner - lag).map(|i| centred[i] * centred[i + lag]).sum::<f64>() / (inner - lag) as f64
    };
    let lags = ((0.9 * side as f64).ceil() as usize).max(1)..=(2 * side).min(inner - 1);
    let pitch = lags.max_by(|&a, &b| repeat(a).total_cmp(&repeat(b)))? as f64;
    if repeat(pitch as usize) <= 0.0 {
        return None;
    }
    let count = ((inner as f64 - side as f64) / pitch).round() + 1.0;
    if count < 2.0 || ((count - 1.0) * pitch + side as f64 - inner as f64).abs() > 0.25 * pitch {
        return None;
    }
    Some(
        (0..count as u32)
            .map(|k| {
                let x = outline.x0 + (k as f64 * pitch).round() as u32;
                Component { area: 0, x0: x, y0: outline.y0, x1: x + ch as u32, y1: outline.y1 }
            })
            .collect(),
    )
}

/// A row of slots continued along its steps, left and right, over slots whose outline the screen
/// shows only in part (a small screen can lose a dashed side): a place counts when a piece of
/// outline level with the row's top, at least 0.6 of a slot wide, stays inside it, and its middle
/// is empty (a slot holding a code is not an empty slot). A row of fewer than two has no step.
fn extend(row: Vec<Component>, pieces: &[Component], mask: &[bool], w: usize) -> Vec<Component> {
    let (Some(first), Some(last)) = (row.first().copied(), row.last().copied()) else { return row };
    if row.len() < 2 {
        return row;
    }
    let pitch = (last.x0 - first.x0) as f64 / (row.len() - 1) as f64;
    let (size, height) = (first.width() as f64, first.height() as f64);
    let tolerance = 0.15 * size;
    let place = |x: f64| -> Option<Component> {
        if x < 0.0 || x + size > w as f64 {
            return None;
        }
        let cell =
            Component { area: 0, x0: x.round() as u32, y0: first.y0, x1: (x + size).round() as u32, y1: first.y1 };
        let shown = pieces.iter().any(|p| {
            p.x0 as f64 >= x - tolerance
                && p.x1 as f64 <= x + size + tolerance
                && p.width() as f64 >= 0.6 * size
                && (p.y0 as f64 - first.y0 as f64).abs() <= 0.15 * height
                && p.y1 as f64 <= first.y1 as f64 + 0.15 * height
        });
        (shown && hollow(mask, w, &cell)).then_some(cell)
    };
    let mut before = Vec::new();
    while let Some(cell) = place(first.x0 as f64 - (before.len() + 1) as f64 * pitch) {
        before.push(cell);
    }
    let mut after = Vec::new();
    while let Some(cell) = place(last.x0 as f64 + (after.len() + 1) as f64 * pitch) {
        after.push(cell);
    }
    before.reverse();
    before.into_iter().chain(row).chain(after).collect()
}

fn is_square(c: &Component) -> bool {
    (c.width() as f64 / c.height() as f64 - 1.0).abs() <= 0.2
}

/// Cuts a row of outlines into slots of `size` at `pitch`, or None when the row is not one
/// evenly spaced run (a gap of a missing slot, or an outline that is no whole number of slots).
fn split(row: &[Component], pitch: f64, size: f64) -> Option<Vec<Component>> {
    let mut slots = Vec::new();
    for (i, c) in row.iter().enumerate() {
        if i > 0 && (c.x0 as f64 - row[i - 1].x1 as f64 - (pitch - size)).abs() > 0.25 * pitch {
            return None;
        }
        let count = ((c.width() as f64 + pitch - size) / pitch).round().max(1.0);
        if ((count * pitch - (pitch - size)) - c.width() as f64).abs() > 0.2 * pitch {
            return None;
        }
        for k in 0..count as u32 {
            let x0 = c.x0 + (k as f64 * pitch).round() as u32;
            slots.push(Component { area: 0, x0, y0: c.y0, x1: x0 + size.round() as u32, y1: c.y1 });
        }
    }
    Some(slots)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_of_slots_joined_into_one_outline_is_cut_at_its_step() {
        // Three hollow squares of side 10, 13 apart, their outline grown by one pixel into one box.
        let (w, h) = (40, 12);
        let mut mask = vec![false; w * h];
        for left in [1, 14, 27] {
            for i in 0..10 {
                for (x, y) in [(left + i, 1), (left + i, 10), (left, 1 + i), (left + 9, 1 + i)] {
                    mask[y * w + x] = true;
                }
            }
        }
        let outline = Component { area: 0, x0: 0, y0: 0, x1: 38, y1: 12 };
        let slots = cut_row(&outline, &mask, w, 1).expect("three slots");
        assert_eq!(slots.iter().map(|c| c.x0).collect::<Vec<_>>(), vec![0, 13, 26]);
    }

    #[test]
    fn growing_closes_gaps_up_to_twice_the_radius() {
        let mask: Vec<bool> = "#...#......#".chars().map(|c| c == '#').collect();
        let grown = grow(&mask, 12, 1, 2);
        let text: String = grown.iter().map(|&b| if b { '#' } else { '.' }).collect();
        assert_eq!(text, "#######..###");
    }
}
