//! Glyphs and tokens: the bright blobs of the screen that look like characters, and the pairs of
//! them that stand alone like the two-character codes of the matrix and the daemons.
//!
//! A glyph is a connected blob of ink of text-like proportions: pixels touching at a corner count
//! as connected (a small rendering leaves thin strokes stepped), broken strokes are re-joined when
//! one blob lies over another, and a blob two characters wide is cut where its ink is thinnest. A token is two glyphs of the same height on the same line, close
//! together, with no other glyph of that size near either side: words of running text chain
//! longer than two and are left out. Sizes are relative to the glyphs' own height, so the same
//! rules hold at every resolution. A box drawn around a code is not joined with the code's glyphs.

use crate::vision::regions::{Component, components_8};

use super::luma::Luma;

/// Glyphs smaller than this (pixels tall) are too small to be codes at any supported resolution.
const MIN_GLYPH_PX: u32 = 7;

/// Two glyphs read as one code, e.g. "7A"; `left` and `right` are the glyph boxes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Token {
    pub left: Component,
    pub right: Component,
}

impl Token {
    pub fn x0(&self) -> u32 {
        self.left.x0
    }
    pub fn x1(&self) -> u32 {
        self.right.x1
    }
    pub fn y0(&self) -> u32 {
        self.left.y0.min(self.right.y0)
    }
    pub fn y1(&self) -> u32 {
        self.left.y1.max(self.right.y1)
    }
    pub fn height(&self) -> f64 {
        (self.y1() - self.y0()) as f64
    }
    pub fn centre(&self) -> (f64, f64) {
        ((self.x0() + self.x1()) as f64 / 2.0, (self.y0() + self.y1()) as f64 / 2.0)
    }
}

/// The character-like blobs of ink brighter than `threshold`.
pub fn glyphs(luma: &Luma, threshold: u8) -> Vec<Component> {
    glyphs_of(luma, &luma.mask_above(threshold))
}

/// The character-like blobs of an ink mask of the frame.
pub fn glyphs_of(luma: &Luma, mask: &[bool]) -> Vec<Component> {
    let max_px = (luma.height as u32 / 12).max(MIN_GLYPH_PX + 1);
    let mut blobs: Vec<Component> = components_8(mask, luma.width)
        .into_iter()
        .filter(|c| c.height() <= max_px && c.width() <= 2 * max_px)
        .flat_map(|c| split_touching(mask, luma.width, c))
        .filter(|c| c.width() <= max_px)
        .collect();
    join_fragments(&mut blobs);
    blobs.retain(|c| {
        let (w, h) = (c.width() as f64, c.height() as f64);
        c.height() >= MIN_GLYPH_PX && w <= 1.3 * h && w >= 0.15 * h
    });
    blobs
}

/// A blob about two characters wide (1.3 to 2.6 times as wide as tall) is two glyphs touching
/// (on small or bright screens the two 5s of "55" can): it is cut at the column of least ink in its
/// middle third, when that column holds under a third of its height, and each part keeps the rows
/// its own ink spans. Any other blob is returned as it is.
fn split_touching(mask: &[bool], width: usize, blob: Component) -> Vec<Component> {
    let (w, h) = (blob.width() as f64, blob.height() as f64);
    if w <= 1.3 * h || w > 2.6 * h {
        return vec![blob];
    }
    let ink = |x: u32, y: u32| mask[y as usize * width + x as usize];
    let count = |x: u32| (blob.y0..blob.y1).filter(|&y| ink(x, y)).count();
    let (from, to) = (blob.x0 + (w / 3.0) as u32, blob.x0 + (2.0 * w / 3.0).ceil() as u32);
    let Some(cut) = (from..to).min_by_key(|&x| count(x)) else { return vec![blob] };
    if count(cut) as f64 >= h / 3.0 {
        return vec![blob];
    }
    // Each part: the box of the ink on its side of the cut (the cut column's own ink goes with neither).
    let part = |x0: u32, x1: u32| -> Option<Component> {
        let mut found: Option<Component> = None;
        for x in x0..x1 {
            for y in blob.y0..blob.y1 {
                if ink(x, y) {
                    let pixel = Component { area: 1, x0: x, y0: y, x1: x + 1, y1: y + 1 };
                    match &mut found {
                        Some(c) => c.merge(&pixel),
                        None => found = Some(pixel),
                    }
                }
            }
        }
        found
    };
    [part(blob.x0, cut), part(cut + 1, blob.x1)].into_iter().flatten().collect()
}

/// Merges blobs that overlap in x and nearly touch in y (a stroke broken by anti-aliasing).
fn join_fragments(blobs: &mut Vec<Component>) {
    blobs.sort_by_key(|c| c.x0);
    let mut i = 0;
    while i < blobs.len() {
        let mut j = i + 1;
        let mut merged = false;
        while j < blobs.len() && blobs[j].x0 < blobs[i].x1 {
            let (a, b) = (blobs[i], blobs[j]);
            let overlap = a.x1.min(b.x1).saturating_sub(a.x0.max(b.x0));
            let narrow = a.width().min(b.width());
            let tall = a.height().max(b.height());
            let gap_y = b.y0.saturating_sub(a.y1).max(a.y0.saturating_sub(b.y1));
            if overlap * 2 >= narrow && gap_y * 5 <= tall.max(5) && !boxes(&a, &b) && !boxes(&b, &a) {
                blobs[i].merge(&b);
                blobs.remove(j);
                merged = true;
            } else {
                j += 1;
            }
        }
        if !merged {
            i += 1;
        }
    }
}

/// True when `outer` holds `inner` well inside it: a box drawn around a code (a matched daemon
/// code, a filled buffer slot), never a broken stroke of one character.
fn boxes(outer: &Component, inner: &Component) -> bool {
    outer.x0 < inner.x0
        && outer.x1 > inner.x1
        && outer.y0 < inner.y0
        && outer.y1 > inner.y1
        && outer.height() * 2 > inner.height() * 3
}

/// True when two glyphs are of one size on one line.
fn same_line(a: &Component, b: &Component) -> bool {
    let (ha, hb) = (a.height() as f64, b.height() as f64);
    let h = ha.max(hb);
    ha.min(hb) >= 0.75 * h
        && (a.y0 as f64 - b.y0 as f64).abs() <= 0.25 * h
        && (a.y1 as f64 - b.y1 as f64).abs() <= 0.25 * h
}

/// Pairs glyphs into tokens: same-line neighbours closer than half a glyph height, with nothing of
/// their size within 0.7 of a height on either side.
pub fn tokens(glyphs: &[Component]) -> Vec<Token> {
    paired(glyphs, true)
}

/// Every pair of same-line neighbours closer than half a glyph height, alone or not: where a code
/// is expected (the next place along a daemon), other text beside it must not hide it.
pub fn pairs(glyphs: &[Component]) -> Vec<Token> {
    paired(glyphs, false)
}

fn paired(glyphs: &[Component], alone: bool) -> Vec<Token> {
    let mut by_x: Vec<Component> = glyphs.to_vec();
    by_x.sort_by_key(|c| (c.x0, c.y0));
    // For each glyph, its nearest same-line neighbour to the right and the gap to it.
    let mut right: Vec<Option<(usize, f64)>> = vec![None; by_x.len()];
    let mut left_gap: Vec<f64> = vec![f64::INFINITY; by_x.len()];
    for i in 0..by_x.len() {
        let reach = by_x[i].x1 as f64 + 2.0 * by_x[i].height() as f64;
        for j in i + 1..by_x.len() {
            if by_x[j].x0 as f64 > reach {
                break;
            }
            if !same_line(&by_x[i], &by_x[j]) || by_x[j].x0 + 1 < by_x[i].x1 {
                continue;
            }
            let gap = by_x[j].x0 as f64 - by_x[i].x1 as f64;
            if right[i].is_none_or(|(_, g)| gap < g) {
                right[i] = Some((j, gap));
            }
            left_gap[j] = left_gap[j].min(gap);
        }
    }
    let mut found = Vec::new();
    for i in 0..by_x.len() {
        let Some((j, gap)) = right[i] else { continue };
        let h = by_x[i].height().max(by_x[j].height()) as f64;
        let alone_left = left_gap[i] > 0.7 * h;
        let alone_right = right[j].is_none_or(|(_, g)| g > 0.7 * h);
        if gap <= 0.5 * h && left_gap[j] >= gap && (!alone || (alone_left && alone_right)) {
            found.push(Token { left: by_x[i], right: by_x[j] });
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn glyph(x0: u32, y0: u32, w: u32, h: u32) -> Component {
        Component { area: (w * h) as usize, x0, y0, x1: x0 + w, y1: y0 + h }
    }

    #[test]
    fn pairs_stand_alone_and_words_do_not() {
        // "AB" alone, then a three-letter word, then another pair on a lower line.
        let glyphs = vec![
            glyph(0, 0, 12, 20),
            glyph(15, 0, 12, 20),
            glyph(60, 0, 12, 20),
            glyph(75, 0, 12, 20),
            glyph(90, 0, 12, 20),
            glyph(0, 50, 12, 20),
            glyph(16, 51, 12, 19),
        ];
        let found = tokens(&glyphs);
        assert_eq!(found.len(), 2, "{found:?}");
        assert_eq!((found[0].x0(), found[0].x1()), (0, 27));
        assert_eq!((found[1].y0(), found[1].y1()), (50, 70));
    }

    #[test]
    fn glyphs_of_different_heights_do_not_pair() {
        let glyphs = vec![glyph(0, 0, 12, 20), glyph(15, 0, 8, 10)];
        assert!(tokens(&glyphs).is_empty());
    }

    #[test]
    fn two_touching_glyphs_are_cut_apart() {
        // Two 5x8 blocks joined by one pixel in the middle column of an 11x8 blob.
        let rows: Vec<String> =
            (0..8).map(|y| if y == 3 { "#".repeat(11) } else { format!("{0}.{0}", "#".repeat(5)) }).collect();
        let mask: Vec<bool> = rows.iter().flat_map(|r| r.chars().map(|c| c == '#')).collect();
        let parts = split_touching(&mask, 11, Component { area: 0, x0: 0, y0: 0, x1: 11, y1: 8 });
        assert_eq!(parts.len(), 2, "{parts:?}");
        assert_eq!((parts[0].x0, parts[0].x1, parts[1].x0, parts[1].x1), (0, 5, 6, 11));
        // A blob hardly wider than tall (a wide letter, a CJK character) is left whole.
        assert_eq!(split_touching(&mask, 11, Component { area: 0, x0: 0, y0: 0, x1: 10, y1: 8 }).len(), 1);
    }

    #[test]
    fn a_broken_stroke_is_one_glyph() {
        let mut blobs = vec![glyph(0, 0, 10, 9), glyph(1, 10, 9, 10), glyph(30, 0, 10, 19)];
        join_fragments(&mut blobs);
        assert_eq!(blobs.len(), 2);
        assert_eq!(blobs[0], Component { area: 180, x0: 0, y0: 0, x1: 10, y1: 20 });
    }
}
