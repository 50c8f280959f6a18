//! An opened cell in a shade of its own: a program may shade each opened cell by its number
//! (RaderH2O's pygame game draws a 0 #f5f5f5, a 1 #ebebeb, a 2 #e1e1e1, a 3 #d7d7d7, ...), finer
//! than the profile's ΔE when its covered cells lie between those shades, so that a number the
//! calibration shot did not show comes on a background no look of the profile has. Such a cell is
//! read as opened, and only when the ink on it reads as a number: its inside lies within `MERGE`
//! of an opened look's (calibration would have taken it for that look, had it not split the
//! looks: `split`) and each side of its edge is that look's, so it is a cell of the board drawn as
//! the opened cells are; a mark on a background of another colour (the hit mine on red) stays
//! unread.

use super::MERGE;
use super::cells::{CellLook, Edge};
use crate::games::mines::config::Role;
use crate::vision::colour::Lab;

/// True when the cell `look`, whose background is none of `known` within `max`, is drawn as an
/// opened look of `known` in another shade (see the module's comment).
pub(super) fn opened_in_a_shade(look: &CellLook, known: &[(Role, [u8; 3], Edge)], max: f32) -> bool {
    let d = |a: [u8; 3], b: [u8; 3]| Lab::from_rgb8(a).delta_e(&Lab::from_rgb8(b));
    look.glyph.is_some()
        && known.iter().filter(|(role, _, _)| *role == Role::Opened).any(|&(_, centre, edge)| {
            d(look.centre, centre) <= MERGE && (0..4).all(|k| d(look.edge[k], edge[k]) <= max)
        })
}
