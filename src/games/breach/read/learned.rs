//! The screen's own glyphs, learned from its code matrix: the matrix shows every code the daemons
//! and the buffer can hold, in the same font, drawn larger. Where a daemon's or the buffer's code is
//! too small for the shape features to be sure (a 1024x768 screen draws them about nine pixels
//! tall), its glyphs are matched against the matrix's glyphs of each code instead.
//!
//! Every glyph, the matrix's and the one to read alike, is scaled onto one grid (its box placed to a
//! fraction of a pixel, sampled bilinearly) as shares of the way from the token's background to its
//! ink; a code's template is the mean of its matrix glyphs, brought to the size of the glyphs it is
//! matched with (averaged down onto their pixels and sampled back, so it carries their blur). A
//! token takes the code whose templates it differs from least, and only when that code is less than
//! half as far as any other: nothing is tuned to one image. Only tokens the reader has already
//! placed as daemon or buffer codes are read this way; finding the daemons still asks the shapes.

use crate::vision::regions::Component;

use super::super::board::Code;
use super::luma::Luma;
use super::shape::{Levels, refined_box};
use super::tokens::Token;

/// The grid every glyph is scaled onto (columns, rows).
const GRID: (usize, usize) = (12, 18);

/// A token's two glyphs on the grid, with their widths over their heights and their sizes on the
/// screen (width, height in pixels).
#[derive(Clone, Debug)]
struct Sample {
    grey: Vec<f32>,
    aspects: [f32; 2],
    sizes: [(f64, f64); 2],
}

impl Sample {
    fn of(luma: &Luma, token: &Token) -> Sample {
        let levels = Levels::around(luma, token);
        let mut grey = Vec::with_capacity(2 * GRID.0 * GRID.1);
        let (mut aspects, mut sizes) = ([0.0; 2], [(0.0, 0.0); 2]);
        for (i, glyph) in [&token.left, &token.right].into_iter().enumerate() {
            sizes[i] = scaled(luma, glyph, levels, &mut grey);
            aspects[i] = (sizes[i].0 / sizes[i].1.max(1.0)) as f32;
        }
        Sample { grey, aspects, sizes }
    }

    /// This sample as it would be captured with its glyphs `sizes` pixels large: each glyph's grid
    /// averaged down onto that many pixels, then sampled back onto the grid as a capture is, so a
    /// template from larger glyphs carries the blur of the smaller ones it is matched with.
    fn at_size(&self, sizes: [(f64, f64); 2]) -> Sample {
        let cells = GRID.0 * GRID.1;
        let mut grey = Vec::with_capacity(self.grey.len());
        for (g, &(w, h)) in sizes.iter().enumerate() {
            let glyph = &self.grey[g * cells..(g + 1) * cells];
            let (pw, ph) = (w.ceil().max(1.0) as usize, h.ceil().max(1.0) as usize);
            // Down: each screen pixel the mean of the grid cells whose centres fall in it.
            let (mut sum, mut count) = (vec![0.0f32; pw * ph], vec![0u32; pw * ph]);
            for j in 0..GRID.1 {
                for i in 0..GRID.0 {
                    let px = (((i as f64 + 0.5) * w / GRID.0 as f64) as usize).min(pw - 1);
                    let py = (((j as f64 + 0.5) * h / GRID.1 as f64) as usize).min(ph - 1);
                    sum[py * pw + px] += glyph[j * GRID.0 + i];
                    count[py * pw + px] += 1;
                }
            }
            let low: Vec<f32> = sum.iter().zip(&count).map(|(s, &n)| if n > 0 { s / n as f32 } else { 0.0 }).collect();
            let at =
                |x: i64, y: i64| low[(y.clamp(0, ph as i64 - 1) as usize) * pw + x.clamp(0, pw as i64 - 1) as usize];
            // Up again, bilinearly, as `scaled` samples a capture.
            for j in 0..GRID.1 {
                let y = (j as f64 + 0.5) * h / GRID.1 as f64 - 0.5;
                for i in 0..GRID.0 {
                    let x = (i as f64 + 0.5) * w / GRID.0 as f64 - 0.5;
                    let (fx, fy) = (x.floor(), y.floor());
                    let (tx, ty) = ((x - fx) as f32, (y - fy) as f32);
                    let (ix, iy) = (fx as i64, fy as i64);
                    let top = at(ix, iy) * (1.0 - tx) + at(ix + 1, iy) * tx;
                    let bottom = at(ix, iy + 1) * (1.0 - tx) + at(ix + 1, iy + 1) * tx;
                    grey.push(top * (1.0 - ty) + bottom * ty);
                }
            }
        }
        Sample { grey, aspects: self.aspects, sizes }
    }

    /// How far apart two samples are: the mean difference of their grids, plus how far their
    /// glyphs' proportions differ.
    fn distance(&self, other: &Sample) -> f32 {
        let grid = self.grey.iter().zip(&other.grey).map(|(a, b)| (a - b).abs()).sum::<f32>() / self.grey.len() as f32;
        let shape = self.aspects.iter().zip(&other.aspects).map(|(a, b)| (a - b).abs()).sum::<f32>() / 2.0;
        grid + 0.5 * shape
    }
}

/// Puts one glyph on the grid (appended to `out`); returns its size on the screen (width, height).
fn scaled(luma: &Luma, glyph: &Component, levels: Levels, out: &mut Vec<f32>) -> (f64, f64) {
    let (x0, y0, x1, y1) = refined_box(luma, glyph, levels);
    let span = (levels.ink as f32 - levels.background as f32).max(1.0);
    let inside =
        |x: i64, y: i64| x >= glyph.x0 as i64 && x < glyph.x1 as i64 && y >= glyph.y0 as i64 && y < glyph.y1 as i64;
    let pixel = |x: i64, y: i64| -> f32 {
        if inside(x, y) { luma.at(x as usize, y as usize) as f32 } else { levels.background as f32 }
    };
    for j in 0..GRID.1 {
        let y = y0 + (j as f64 + 0.5) * (y1 - y0) / GRID.1 as f64 - 0.5;
        for i in 0..GRID.0 {
            let x = x0 + (i as f64 + 0.5) * (x1 - x0) / GRID.0 as f64 - 0.5;
            let (fx, fy) = (x.floor(), y.floor());
            let (tx, ty) = ((x - fx) as f32, (y - fy) as f32);
            let (ix, iy) = (fx as i64, fy as i64);
            let top = pixel(ix, iy) * (1.0 - tx) + pixel(ix + 1, iy) * tx;
            let bottom = pixel(ix, iy + 1) * (1.0 - tx) + pixel(ix + 1, iy + 1) * tx;
            let v = top * (1.0 - ty) + bottom * ty;
            out.push(((v - levels.background as f32) / span).clamp(0.0, 1.0));
        }
    }
    (x1 - x0, y1 - y0)
}

/// The templates of one screen.
pub struct Learned {
    templates: Vec<(Code, Sample)>,
}

impl Learned {
    /// Templates from the matrix's tokens and the codes they were read as surely.
    pub fn from_matrix(luma: &Luma, read: &[(Token, Code)]) -> Learned {
        let samples: Vec<(Code, Sample)> = read.iter().map(|(t, c)| (*c, Sample::of(luma, t))).collect();
        let mut templates = Vec::new();
        for code in Code::ALL {
            let mine: Vec<&Sample> = samples.iter().filter(|(c, _)| *c == code).map(|(_, s)| s).collect();
            let Some(first) = mine.first() else { continue };
            let n = mine.len() as f32;
            let mut mean = Sample { grey: vec![0.0; first.grey.len()], aspects: [0.0; 2], sizes: [(0.0, 0.0); 2] };
            for s in &mine {
                mean.grey.iter_mut().zip(&s.grey).for_each(|(m, v)| *m += v / n);
                mean.aspects.iter_mut().zip(&s.aspects).for_each(|(m, v)| *m += v / n);
                for (m, v) in mean.sizes.iter_mut().zip(&s.sizes) {
                    *m = (m.0 + v.0 / n as f64, m.1 + v.1 / n as f64);
                }
            }
            templates.push((code, mean));
        }
        Learned { templates }
    }

    /// The code `token` shows by the screen's own glyphs, when it is clearly one: its templates,
    /// brought to the token's size, are less than half as far from it as any other code's.
    pub fn classify(&self, luma: &Luma, token: &Token) -> Option<Code> {
        let sample = Sample::of(luma, token);
        let mut scored: Vec<(f32, Code)> =
            self.templates.iter().map(|(c, t)| (sample.distance(&t.at_size(sample.sizes)), *c)).collect();
        scored.sort_by(|a, b| a.0.total_cmp(&b.0));
        let (best, code) = *scored.first()?;
        let runner_up = scored.get(1).map_or(f32::INFINITY, |s| s.0);
        (best <= 0.5 * runner_up).then_some(code)
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{corpus, scaled, truth};
    use super::super::{ReadHints, daemons, luma, matrix, shape, tokens};
    use super::*;

    /// Held out from what it learns: templates from each corpus screen's matrix, at its own size and
    /// at the sizes of smaller screens, read every daemon code of that screen; none is misread, and
    /// most are read (the rest are left in doubt, as the reader then says).
    #[test]
    #[ignore = "needs ../shared/corpus"]
    fn the_matrix_glyphs_read_the_daemons_of_their_screen() {
        let (mut right, mut doubtful, mut wrong) = (0, 0, Vec::new());
        for png in corpus() {
            let want = truth(&png);
            let original = crate::screen::load_png(&png).unwrap();
            for width in [original.width(), 1280, 1024, 960] {
                let frame = scaled(&original, width as f64 / original.width() as f64);
                let luma = Luma::of(&frame);
                let glyphs = tokens::glyphs(&luma, luma::text_threshold(&luma));
                let all = tokens::tokens(&glyphs);
                let found = matrix::find(&all).expect("the matrix");
                let read: Vec<(Token, Code)> = found
                    .rows
                    .iter()
                    .flatten()
                    .map(|t| (*t, shape::classify(&luma, t)))
                    .filter(|(_, v)| v.is_sure())
                    .map(|(t, v)| (t, v.code))
                    .collect();
                let learned = Learned::from_matrix(&luma, &read);
                let sure = |t: &Token| shape::classify(&luma, t).is_sure();
                let lines = daemons::find(&all, &tokens::pairs(&glyphs), &found, &ReadHints::default(), sure);
                // Only a screen whose daemon lines were all found (in place) can be scored.
                let lengths: Vec<usize> = lines.iter().map(Vec::len).collect();
                if lengths != want.daemons.iter().map(Vec::len).collect::<Vec<_>>() {
                    continue;
                }
                for (d, line) in lines.iter().enumerate() {
                    for (i, token) in line.iter().enumerate() {
                        match learned.classify(&luma, token) {
                            Some(code) if Some(&code) == want.daemons.get(d).and_then(|w| w.get(i)) => right += 1,
                            Some(code) => {
                                wrong.push(format!("{} at {width}: daemon {d} code {i} read {code}", png.display()))
                            }
                            None => doubtful += 1,
                        }
                    }
                }
            }
        }
        println!("learned glyphs: {right} daemon codes right, {doubtful} in doubt, {} wrong", wrong.len());
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
        assert!(right > 2 * doubtful, "{right} right, {doubtful} in doubt");
    }
}
