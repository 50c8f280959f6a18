//! Peg solitaire boards drawn for tests, in the looks of seven kinds of program: flat discs with
//! ring holes on a wooden panel, glyph pegs on push buttons with gaps between them, glossy balls
//! with shaded hollows, balls on stone-textured tiles with dark wells, glossy balls on bevelled
//! tiles whose flat face is well under the pitch across, pegs and holes as rimmed discs of one
//! size, and light dots with holes drawn as nothing. Any square may be drawn selected, in the
//! colours a click-click program shows a chosen peg in (the disc, the button or the ball in another
//! colour, a disc in a subtler tint, a dark disc behind a dot, or the peg outlined in blue), and
//! discs may be lit by a lamp, each a little otherwise; the cell pitch and the peg's size relative
//! to it are free, so a page that draws smaller squares and relatively bigger marbles at a
//! narrower window can be drawn too. The truth is what was drawn.

use image::{Rgba, RgbaImage};

use super::board::{Board, Cell, Pos};
use crate::frame::Frame;

/// What draws the board.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind {
    /// Flat dark discs, thin dark rings for holes, on a wooden panel in a grey window.
    Discs,
    /// A dark glyph on a light push button, a hole an empty darker button, 2-px gaps, brown around.
    Buttons,
    /// Red glossy balls with a highlight, shaded hollows, on a wooden panel.
    Glossy,
    /// Blue balls on stone-textured tiles, holes dark wells in them, squares with no hole plain
    /// tiles, dark grout between the tiles.
    Stone,
    /// Red glossy balls nearly as wide as a tile's face, on grey tiles bevelled a twelfth of the
    /// pitch (light on top and left, dark at the bottom and right, mitred where they meet: the
    /// face five sixths of the pitch across), holes dark wells, squares with no hole plain tiles,
    /// on a blue page.
    Bevelled,
    /// Pegs and holes as discs of one size in two colours, each inside a darker rim a tenth of its
    /// radius wide, on a light panel; a selected peg a pale disc inside a pale rim, so that its
    /// rim hardly stands out from the panel (fedelopez/peg-solitaire-web's look).
    Rimmed,
    /// A small light dot for a peg and nothing at all for a hole, on a purple panel reaching a
    /// little beyond the board, a dark page around; a selected peg's dot on a darker disc
    /// (user469fun/Square-Peg-Solitaire's look).
    Bare,
    /// A thin white ring for every hole and a white dot inside it for a peg, on a dark page (the
    /// squares with no hole nothing); a selected peg's ring and dot yellow (yevkk/univ's pygame
    /// peg solitaire's look).
    Ringed,
}

/// A smooth value noise in [-1, 1] with features `scale` pixels across.
fn noise(x: f64, y: f64, scale: f64) -> f64 {
    let at = |i: i64, j: i64| {
        let mut h = (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (j as u64).wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
        h ^= h >> 29;
        h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
        h ^= h >> 32;
        (h % 2001) as f64 / 1000.0 - 1.0
    };
    let (u, v) = (x / scale, y / scale);
    let (i, j) = (u.floor() as i64, v.floor() as i64);
    let (fu, fv) = (u - i as f64, v - j as f64);
    let (su, sv) = (fu * fu * (3.0 - 2.0 * fu), fv * fv * (3.0 - 2.0 * fv));
    let top = at(i, j) * (1.0 - su) + at(i + 1, j) * su;
    let bottom = at(i, j + 1) * (1.0 - su) + at(i + 1, j + 1) * su;
    top * (1.0 - sv) + bottom * sv
}

/// How one picture is drawn.
#[derive(Clone, Copy, Debug)]
pub struct Drawing {
    pub kind: Kind,
    /// Pixels from one square's centre to the next.
    pub pitch: f64,
    /// The peg's radius over the pitch.
    pub peg: f64,
    /// The squares drawn selected.
    pub selected: &'static [Pos],
    /// Whether a selected peg keeps its colours and gets a blue outline over its rim (the outer
    /// fifth of its radius), as a page draws a border around the chosen peg, instead of being
    /// drawn in another colour.
    pub outlined: bool,
    /// Pixels around the board to the window's edge, besides a 30-px bar on top.
    pub margin: f64,
    /// The holes drawn lit (Discs only): their ring in blue and thicker, as a page rings the
    /// holes a chosen peg can jump to.
    pub lit: &'static [Pos],
    /// The colour a selected disc is drawn in (Discs only), instead of the orange a program
    /// shows a chosen peg in: a subtler tint.
    pub tint: Option<[f64; 3]>,
    /// How much lighter each disc is drawn (Discs only) for every row and column down and right
    /// of the board's middle diagonal, darker up and left: pegs lit by a lamp, each a little
    /// otherwise, on a matte panel.
    pub lamp: f64,
    /// How wide each ring is drawn (Ringed only), over the pitch, inside the ring's outer edge at
    /// 0.455 of the pitch: a program that draws its rings a fixed number of pixels wide draws
    /// them a smaller share of a larger square.
    pub line: f64,
}

impl Drawing {
    pub fn new(kind: Kind, pitch: f64) -> Drawing {
        let peg = match kind {
            Kind::Discs => 0.34,
            Kind::Stone => 0.36,
            Kind::Buttons => 0.22,
            Kind::Glossy => 0.38,
            Kind::Bevelled => 0.39,
            Kind::Rimmed => 0.41,
            Kind::Bare => 0.14,
            Kind::Ringed => 0.27,
        };
        Drawing {
            kind,
            pitch,
            peg,
            selected: &[],
            outlined: false,
            margin: pitch,
            lit: &[],
            tint: None,
            lamp: 0.0,
            line: 0.055,
        }
    }

    /// The colour at (x, y), relative to the board's top-left corner, of `board`.
    fn paint(&self, board: &Board, x: f64, y: f64) -> [f64; 3] {
        let p = self.pitch;
        let (c, r) = ((x / p).floor(), (y / p).floor());
        let on = c >= 0.0 && r >= 0.0 && (c as usize) < board.cols && (r as usize) < board.rows;
        let panel =
            x > -0.3 * p && y > -0.3 * p && x < (board.cols as f64 + 0.3) * p && y < (board.rows as f64 + 0.3) * p;
        let (dx, dy) = ((x - (c + 0.5) * p) / p, (y - (r + 0.5) * p) / p);
        let d = dx.hypot(dy);
        let cell = if on { board.get((r as usize, c as usize)) } else { Cell::Off };
        let selected = on && self.selected.contains(&(r as usize, c as usize));
        if selected && self.outlined && cell == Cell::Peg && (0.8 * self.peg..self.peg).contains(&d) {
            return [40.0, 130.0, 255.0];
        }
        let selected = selected && !self.outlined;
        match self.kind {
            Kind::Discs | Kind::Glossy => {
                let wood = [196.0, 150.0, 98.0];
                let under = if panel { wood } else { [205.0, 205.0, 205.0] };
                match cell {
                    Cell::Off => under,
                    Cell::Hole if self.kind == Kind::Discs && self.lit.contains(&(r as usize, c as usize)) => {
                        if (0.18..0.27).contains(&d) { [40.0, 130.0, 255.0] } else { under }
                    }
                    Cell::Hole if self.kind == Kind::Discs => {
                        if (0.2..0.25).contains(&d) {
                            [25.0, 20.0, 15.0]
                        } else {
                            under
                        }
                    }
                    Cell::Hole => {
                        if d < 0.24 {
                            under.map(|v| v * (0.45 + 0.4 * d / 0.24))
                        } else {
                            under
                        }
                    }
                    Cell::Peg if d >= self.peg => under,
                    Cell::Peg if self.kind == Kind::Discs => {
                        let lift = self.lamp * (r + c - (board.rows + board.cols - 2) as f64 / 2.0);
                        let colour = match self.tint {
                            _ if !selected => [30.0, 30.0, 30.0],
                            Some(tint) => tint,
                            None => [240.0, 170.0, 30.0],
                        };
                        colour.map(|v| v + lift)
                    }
                    Cell::Peg => {
                        let colour = if selected { [40.0, 90.0, 230.0] } else { [200.0, 40.0, 40.0] };
                        let lit = (1.15 - 0.6 * (dx + 0.1).hypot(dy + 0.1) / self.peg).max(0.35);
                        let spot = (1.0 - (dx + 0.1).hypot(dy + 0.1) / (self.peg * 0.3)).max(0.0);
                        colour.map(|v| (v * lit) * (1.0 - spot) + 255.0 * spot)
                    }
                }
            }
            Kind::Stone => {
                let inside = (dx.abs() * p) < p / 2.0 - 1.5 && (dy.abs() * p) < p / 2.0 - 1.5;
                let stone = [172.0, 162.0, 146.0];
                let grain = 38.0 * noise(x, y, p / 7.0) + 14.0 * noise(x + 500.0, y, p / 20.0);
                let textured = stone.map(|v| v + grain);
                match cell {
                    _ if !inside => [60.0, 55.0, 50.0],
                    Cell::Off => stone,
                    Cell::Hole if d < 0.25 => [35.0, 30.0, 26.0],
                    Cell::Peg if d < self.peg => {
                        let colour = if selected { [240.0, 170.0, 30.0] } else { [50.0, 80.0, 200.0] };
                        let lit = (1.15 - 0.6 * (dx + 0.1).hypot(dy + 0.1) / self.peg).max(0.35);
                        colour.map(|v| v * lit)
                    }
                    _ => textured,
                }
            }
            Kind::Bevelled => {
                // In 24ths of the pitch: a light bevel 2 wide on top and left, a dark one at the
                // bottom and right, mitred in the face's grey where they meet.
                let (u, v) = (((x - c * p) / p * 24.0).floor(), ((y - r * p) / p * 24.0).floor());
                let mitre = (u == v || u + v == 23.0) && u.min(v) < 2.0;
                match cell {
                    _ if !on => [30.0, 90.0, 230.0],
                    _ if mitre => [170.0, 170.0, 170.0],
                    _ if u >= 22.0 || v >= 22.0 => [40.0, 40.0, 40.0],
                    _ if u < 2.0 || v < 2.0 => [255.0, 255.0, 255.0],
                    Cell::Hole if d < 0.25 => [50.0, 50.0, 50.0],
                    Cell::Peg if d < self.peg => {
                        let colour = if selected { [240.0, 170.0, 30.0] } else { [230.0, 70.0, 70.0] };
                        let lit = (1.15 - 0.6 * (dx + 0.1).hypot(dy + 0.1) / self.peg).max(0.35);
                        colour.map(|v| v * lit)
                    }
                    _ => [170.0, 170.0, 170.0],
                }
            }
            Kind::Rimmed => {
                let panel = [238.0, 226.0, 216.0];
                let (fill, rim) = match cell {
                    _ if d >= self.peg => return panel,
                    Cell::Off => return panel,
                    Cell::Hole => ([47.0, 79.0, 79.0], [20.0, 20.0, 20.0]),
                    Cell::Peg if selected => ([223.0, 210.0, 124.0], [231.0, 179.0, 213.0]),
                    Cell::Peg => ([172.0, 112.0, 61.0], [121.0, 63.0, 13.0]),
                };
                if d < 0.9 * self.peg { fill } else { rim }
            }
            Kind::Bare => match cell {
                _ if !panel => [20.0, 18.0, 24.0],
                Cell::Peg if d < self.peg => [230.0, 224.0, 233.0],
                Cell::Peg if selected && d < 0.48 => [50.0, 30.0, 100.0],
                _ => [80.0, 56.0, 140.0],
            },
            Kind::Ringed => {
                let page = [18.0, 18.0, 24.0];
                let ink = if selected { [255.0, 200.0, 0.0] } else { [255.0, 255.0, 255.0] };
                match cell {
                    Cell::Off => page,
                    _ if (0.455 - self.line..0.455).contains(&d) => ink,
                    Cell::Peg if d < self.peg => ink,
                    _ => page,
                }
            }
            Kind::Buttons => {
                let inside = (dx.abs() * p) < p / 2.0 - 1.0 && (dy.abs() * p) < p / 2.0 - 1.0;
                match cell {
                    _ if !inside => [120.0, 80.0, 45.0],
                    Cell::Off => [120.0, 80.0, 45.0],
                    Cell::Hole => [150.0, 150.0, 150.0],
                    Cell::Peg if d < self.peg => [20.0, 20.0, 20.0],
                    Cell::Peg if selected => [250.0, 190.0, 60.0],
                    Cell::Peg => [228.0, 228.0, 228.0],
                }
            }
        }
    }

    /// `board` drawn in a window: a 30-px light bar on top, then the margin around the board.
    pub fn draw(&self, board: &Board) -> Frame {
        let (bw, bh) = (board.cols as f64 * self.pitch, board.rows as f64 * self.pitch);
        let top = 30.0 + self.margin;
        let (w, h) = ((bw + 2.0 * self.margin).ceil() as u32, (bh + top + self.margin).ceil() as u32);
        let image = RgbaImage::from_fn(w, h, |x, y| {
            if y < 30 {
                return Rgba([236, 236, 236, 255]);
            }
            // Four samples a pixel: edges are smoothed as a toolkit draws them.
            let mut sum = [0.0; 3];
            for (sx, sy) in [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)] {
                let rgb = self.paint(board, x as f64 + sx - self.margin, y as f64 + sy - top);
                (0..3).for_each(|i| sum[i] += rgb[i] / 4.0);
            }
            let p = sum.map(|v| v.round().clamp(0.0, 255.0) as u8);
            Rgba([p[0], p[1], p[2], 255])
        });
        Frame::from_image(image)
    }
}

/// The English cross at its start, the centre empty.
pub fn english() -> Board {
    Board::from_rows(&["##ooo##", "##ooo##", "ooooooo", "ooo.ooo", "ooooooo", "##ooo##", "##ooo##"]).unwrap()
}

/// The English cross a few jumps on.
pub fn english_later() -> Board {
    Board::from_rows(&["##ooo##", "##o.o##", "oo.oooo", "ooo.ooo", "oo.o.oo", "##ooo##", "##..o##"]).unwrap()
}
