//! A mark on an opened cell beside an opened 0 is a number, never a mine: an opened 0 has no mine
//! around it, on a lost board too. So where the general digit shapes are not sure of such a mark
//! (`Mark::Other`), its nearest digit is taken, and so is every other unsure mark on an opened cell
//! whose nearest digit is that one. Navid079's thin 1, 8 px tall in a 70-px cell, lay 0.34 from the
//! 1's shapes and 0.36 from the next digit's: not sure, it was taken for a shown mine, and blind
//! calibration refused a board with only 1s and 2s ("an opened 0 beside covered cells"). Where
//! the looks alone say which cells are opened (a look whose cells carry marks of two kinds, a
//! sure 2 and the unsure 1s), the rule is applied before the roles are chosen too: with every 1
//! unsure the rules saw only the 2s, and a lone covered cell drawn otherwise (its sides shared
//! with opened cells) was taken for the covered look, the rest of the covered cells for opened 0s
//! ("reads row 1 col 0 as 1, but it has only 0 covered neighbours").

use super::Mark;
use super::cells::CellLook;
use super::glyph::general_digit;
use crate::games::mines::board::neighbours;

/// `marks` with the unsure marks the rule above makes numbers made so; `opened(i)` says whether
/// cell i's background is an opened cell's.
pub(super) fn numbers_beside_zeros(
    (rows, cols): (usize, usize),
    looks: &[CellLook],
    marks: &[Mark],
    opened: impl Fn(usize) -> bool,
) -> Vec<Mark> {
    let nearest = |i: usize| {
        let glyph = looks[i].glyph.as_ref()?;
        let digit = general_digit(glyph).unwrap_or_else(|v| v).digit;
        (1..=8).contains(&digit).then_some(digit)
    };
    let unsure = |i: usize| marks[i] == Mark::Other && opened(i);
    let zero = |j: usize| marks[j] == Mark::Plain && opened(j);
    let proven: Vec<u8> =
        (0..marks.len()).filter(|&i| unsure(i) && neighbours(rows, cols, i).any(zero)).filter_map(nearest).collect();
    (0..marks.len())
        .map(|i| match nearest(i) {
            Some(d) if unsure(i) && proven.contains(&d) => Mark::Digit(d),
            _ => marks[i],
        })
        .collect()
}

/// Which looks (`of` each cell's look, `n` looks) are surely opened cells' before any role is
/// chosen: those whose cells carry marks of two kinds or more (a covered cell shows a flag or
/// nothing, so a look of covered cells carries one kind of mark at most).
pub(super) fn surely_opened(of: &[usize], n: usize, marks: &[Mark]) -> Vec<bool> {
    (0..n)
        .map(|g| {
            let mut kinds: Vec<Mark> = Vec::new();
            for i in (0..marks.len()).filter(|&i| of[i] == g && marks[i] != Mark::Plain) {
                if !kinds.contains(&marks[i]) {
                    kinds.push(marks[i]);
                }
            }
            kinds.len() >= 2
        })
        .collect()
}

#[cfg(test)]
pub(super) mod tests {
    use super::super::glyph::{Glyph, ZONES, ZONES_X};
    use super::*;

    /// A glyph the general shapes are not sure of, nearest a 1: a stroke down the middle column
    /// with a bar of some ink along its top, its foot and the zone left of its top (a flag), the
    /// first such stroke, of those tried, that the shapes are unsure of.
    pub(in crate::games::mines::learn) fn unsure_one() -> Glyph {
        let steps = || (0..=4).map(|k| k as f32 / 4.0);
        steps()
            .flat_map(|top| steps().flat_map(move |foot| steps().map(move |flag| (top, foot, flag))))
            .map(|(top, foot, flag)| {
                let zones: [f32; ZONES] = std::array::from_fn(|z| match (z / ZONES_X, z % ZONES_X) {
                    (_, 1) => 1.0,
                    (0, _) => top,
                    (1, 0) => flag,
                    (4, _) => foot,
                    _ => 0.0,
                });
                Glyph { zones, holes: 0, aspect: 0.6, height: 0.12, ink: 0.05, colour: [0; 3], mean: [0; 3] }
            })
            .find(|g| general_digit(g).is_err_and(|v| v.digit == 1))
            .expect("a stroke the shapes are unsure of, nearest a 1")
    }

    fn look(glyph: Option<Glyph>) -> CellLook {
        CellLook { centre: [254; 3], edge: [[200; 3]; 4], glyph }
    }

    /// Navid079's thin 1 (unsure, so `Mark::Other`) beside an opened 0 is a 1, and so is the same
    /// mark on an opened cell beside no 0; on a covered cell it stays what it was (a flag's place).
    #[test]
    fn an_unsure_mark_beside_an_opened_zero_is_its_nearest_number_wherever_it_is_opened() {
        let one = unsure_one();
        // 3 rows x 4 columns, the rest covered: the 0 at (1, 0); unsure marks at (0, 0), (1, 1)
        // beside it, (2, 2) beside no 0, and (0, 3) on a covered cell.
        let mut looks: Vec<CellLook> = (0..12).map(|_| look(None)).collect();
        let mut marks = vec![Mark::Plain; 12];
        for i in [0, 5, 10, 3] {
            looks[i] = look(Some(one.clone()));
            marks[i] = Mark::Other;
        }
        let opened = |i: usize| [0, 4, 5, 10].contains(&i);
        let made = numbers_beside_zeros((3, 4), &looks, &marks, opened);
        assert_eq!(made[0], Mark::Digit(1));
        assert_eq!(made[5], Mark::Digit(1));
        assert_eq!(made[10], Mark::Digit(1), "the same mark beside no 0");
        assert_eq!(made[3], Mark::Other, "on a covered cell");
        // The 0's cell covered instead: nothing proves the marks numbers, and they stay unsure.
        let kept = numbers_beside_zeros((3, 4), &looks, &marks, |i| opened(i) && i != 4);
        assert_eq!(kept, marks);
    }
}
