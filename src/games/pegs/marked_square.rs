//! Blind calibration from a screenshot where the program marks one square: a ring round the peg
//! that must be left last, a halo on a hint, the goal hole drawn lit. The marked square keeps its
//! kind's look in its middle but strays from the others of its kind by more than the looks leave
//! room for, so learning it with them leaves the kinds too close to tell apart (the more so when a
//! page is zoomed and the mark blurs into the square). The rule, for any kind: when a board's looks
//! are not distinct, the one peg or hole that strays farthest from the look of the others of its
//! kind, `OUTLIER` times as far as any other square strays from its own, is set aside from the
//! looks learned; the learned profile must still read it as its kind (by the reader's rules for a
//! square drawn marked: `looks::Classes::judge`), or the board is refused as before.

use super::board::{Board, Cell};
use super::looks::rim_distance;
use crate::vision::looks::Look;

/// How many times as far as every other square the marked one must stray.
const OUTLIER: f32 = 2.0;

/// The square (an index into `looks`) of `board` drawn marked, if one stands out so: each peg and
/// hole compared with the mean look of the others of its kind (kinds of two squares or more).
pub fn marked(looks: &[Look], board: &Board, relative: bool, rim: bool) -> Option<usize> {
    let strays: Vec<(usize, f32)> = [Cell::Peg, Cell::Hole]
        .into_iter()
        .flat_map(|kind| {
            let of: Vec<usize> = (0..looks.len()).filter(|&i| board.cells[i] == kind).collect();
            let others = |i: usize| of.iter().filter(|&&j| j != i).map(|&j| looks[j]).collect::<Vec<Look>>();
            let judged = if of.len() < 2 { &[][..] } else { &of[..] };
            judged
                .iter()
                .map(|&i| (i, rim_distance(&looks[i], &Look::mean(&others(i)), relative, rim)))
                .collect::<Vec<_>>()
        })
        .collect();
    let &(farthest, most) = strays.iter().max_by(|a, b| a.1.total_cmp(&b.1))?;
    let next = strays.iter().filter(|s| s.0 != farthest).map(|s| s.1).fold(0.0, f32::max);
    (most > 0.0 && most >= OUTLIER * next).then_some(farthest)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::looks::Look;

    fn plain(rgb: [u8; 3]) -> Look {
        Look::from_hex(&vec![format!("#{:02x}{:02x}{:02x}", rgb[0], rgb[1], rgb[2]); 6]).unwrap()
    }

    #[test]
    fn the_one_peg_straying_far_from_the_others_is_marked_and_a_board_of_even_strays_has_none() {
        let board = Board::from_rows(&["ooo", "o.o", "ooo"]).unwrap();
        let mut looks = vec![plain([250, 220, 80]); 9];
        looks[4] = plain([30, 30, 30]);
        assert_eq!(marked(&looks, &board, false, false), None, "no square strays");
        looks[5] = plain([230, 200, 60]);
        assert_eq!(marked(&looks, &board, false, false), Some(5));
        // Two pegs straying alike: neither is the marked one.
        looks[3] = plain([230, 200, 60]);
        assert_eq!(marked(&looks, &board, false, false), None);
    }
}
