//! Looks compared at the scale they are drawn. A program that fits its board to the window may
//! draw the pegs a different share of a square at another window size (a page at a narrower
//! window draws smaller squares and relatively bigger marbles), so the look learned at one size is
//! the right look only at that size. Each look is a colour per ring around the square's centre;
//! what is drawn `s` times as large relative to the square puts at radius r what was at r / s, so
//! the learned rings, spread over their areas, say what each ring shows at that scale (beyond the
//! outermost ring, the surround's colour). The scale is found anew on every screenshot, one for
//! the whole board: the one at which every square reads, nearest to its kind in sum.

use super::looks::Classes;
use crate::vision::colour::Lab;
use crate::vision::looks::{Look, RINGS};

/// The scales tried, the drawn size over the learned one: the learned first, then the nearest.
pub const SCALES: [f32; 13] = [1.0, 0.95, 1.05, 0.9, 1.1, 0.85, 1.15, 0.8, 1.2, 1.25, 1.3, 1.35, 1.4];

/// `look` as it shows when what is drawn in the square is `scale` times as large, relative to the
/// square, as when it was learned.
pub fn scaled(look: &Look, scale: f32) -> Look {
    if (scale - 1.0).abs() < f32::EPSILON {
        return *look;
    }
    let n = RINGS as f32;
    let mut rgb = [[0f32; 3]; RINGS];
    for (k, out) in rgb.iter_mut().enumerate() {
        // The learned radii (in rings) that ring k shows now.
        let (a, b) = (k as f32 / scale, (k + 1) as f32 / scale);
        let mut sum = [0f32; 3];
        let mut weight = 0.0;
        for j in 0..=RINGS {
            let (lo, hi) = if j < RINGS { (j as f32, j as f32 + 1.0) } else { (n, f32::INFINITY) };
            let (from, to) = (a.max(lo), b.min(hi));
            if to <= from {
                continue;
            }
            // A ring's area grows with the radius.
            let w = to * to - from * from;
            let colour = if j < RINGS { look.rgb[j] } else { look.around };
            (0..3).for_each(|i| sum[i] += colour[i] * w);
            weight += w;
        }
        *out = sum.map(|v| v / weight);
    }
    Look { rgb, lab: rgb.map(Lab::from_rgb), around: look.around }
}

impl Classes {
    /// These looks as drawn `scale` times as large relative to the square.
    pub fn at_scale(&self, scale: f32) -> Classes {
        Classes {
            peg: scaled(&self.peg, scale),
            hole: scaled(&self.hole, scale),
            off: self.off.iter().map(|l| scaled(l, scale)).collect(),
            limit: self.limit,
            relative: self.relative,
            rim: self.rim,
        }
    }

    /// These looks at every scale of `SCALES`, the learned first.
    pub fn at_scales(&self) -> Vec<Classes> {
        SCALES.iter().map(|&s| self.at_scale(s)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flat(rings: [[f32; 3]; RINGS], around: [f32; 3]) -> Look {
        Look { rgb: rings, lab: rings.map(Lab::from_rgb), around }
    }

    #[test]
    fn a_disc_drawn_larger_fills_more_rings_and_smaller_fewer() {
        let (dark, light) = ([0.0; 3], [200.0; 3]);
        // A disc over the inner two rings of five.
        let disc = flat([dark, dark, light, light, light], light);
        let grown = scaled(&disc, 1.5);
        // Now it reaches 3 rings: the third wholly dark, the fourth still light.
        assert!(grown.rgb[2][0] < 1.0 && grown.rgb[3][0] > 199.0, "{grown:?}");
        let shrunk = scaled(&disc, 0.5);
        // Now it reaches 1 ring: the second is light.
        assert!(shrunk.rgb[0][0] < 1.0 && shrunk.rgb[1][0] > 199.0, "{shrunk:?}");
        // Drawn smaller, the outer rings show the surround.
        let ring = flat([light, light, light, light, dark], [100.0; 3]);
        assert!((scaled(&ring, 0.5).rgb[4][0] - 100.0).abs() < 1.0);
        assert_eq!(scaled(&ring, 1.0), ring);
    }
}
