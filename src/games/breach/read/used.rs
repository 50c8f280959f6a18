//! Cells already picked: the screen draws them as "[ ]", an opening and a closing bracket of the
//! codes' height with a space between. They take a code's place in the matrix, so the matrix is
//! found with them, and they say which cells the breach has used.
//!
//! A bracket is told by its shape, in proportions of its own box: narrow, a stem down one side,
//! bars at its top and bottom reaching to the other side, and nothing in the middle of that other
//! side. "1" is narrow too but has no full-height stem at its left and no bar along its bottom
//! left, so "1C" never reads as "[ ]".

use crate::vision::regions::Component;

use super::luma::Luma;
use super::shape::{Bitmap, Levels};
use super::tokens::Token;

/// Pairs of narrow glyphs on one line, the first's nearest right neighbour within 1.6 heights:
/// candidates for "[ ]" (the shape check is `is_used_cell`).
pub fn candidates(glyphs: &[Component]) -> Vec<Token> {
    let narrow: Vec<&Component> = glyphs.iter().filter(|g| g.width() as f64 <= 0.6 * g.height() as f64).collect();
    let mut found = Vec::new();
    for a in &narrow {
        let h = a.height() as f64;
        let nearest = glyphs
            .iter()
            .filter(|b| {
                b.x0 >= a.x1
                    && (b.height() as f64 - h).abs() <= 0.2 * h
                    && (b.y0 as f64 - a.y0 as f64).abs() <= 0.2 * h
                    && (b.x0 - a.x1) as f64 <= 1.6 * h
            })
            .min_by_key(|b| b.x0);
        if let Some(b) = nearest
            && b.width() as f64 <= 0.6 * b.height() as f64
        {
            found.push(Token { left: **a, right: *b });
        }
    }
    found
}

/// True when a pair of glyphs is "[" then "]".
pub fn is_used_cell(luma: &Luma, pair: &Token) -> bool {
    let levels = Levels::around(luma, pair);
    is_bracket(&Bitmap::cut(luma, &pair.left, levels), true)
        && is_bracket(&Bitmap::cut(luma, &pair.right, levels), false)
}

/// A bracket's shape: "[" (`open`) has its stem on the left and its bars reach right; "]" the
/// mirror image.
fn is_bracket(bits: &Bitmap, open: bool) -> bool {
    let (stem, far) = if open { ((0.0, 0.35), (0.65, 1.0)) } else { ((0.65, 1.0), (0.0, 0.35)) };
    bits.rows_with_ink((0.1, 0.9), stem) >= 0.95
        && bits.rows_with_ink((0.0, 0.12), far) > 0.0
        && bits.rows_with_ink((0.88, 1.0), far) > 0.0
        && bits.rows_with_ink((0.3, 0.7), far) == 0.0
}
