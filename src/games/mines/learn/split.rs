//! A finer grouping of the cells, for calibration without the known board when the usual one
//! reads badly. Cells group by their backgrounds within `MERGE`, which keeps one look together
//! whatever shading a program gives it; but a program may tell its covered cells from its opened
//! ones by a shade under that (RaderH2O's pygame game: covered #e6e6e6, an opened 0 #f5f5f5, a 1
//! #ebebeb, a 2 #e1e1e1, every number in black), so that numbers and blank cells, opened and
//! covered, fall into one look. Then no choice of the covered look obeys the rules (numbers beside
//! too few covered cells), or every choice that does takes the numbers for flags on covered cells:
//! a shot just after the first click, showing one lone number amid covered cells, is one look whose
//! every reading obeys the rules, the number read as a flag. In either case each look holding both
//! numbers and cells with nothing on them is split at the finer differences between its cells'
//! backgrounds (`FINE`), and the finer groups are taken when a reading of them obeys the rules and
//! takes fewer of the marks the digit shapes read as numbers for flags (a flag drawn on a covered
//! cell leaves its background the covered one's, so splitting finds no shade of its own for it);
//! else the usual ones stay, and calibration refuses, or reads, as before.

use super::cells::CellLook;
use super::zeros::Zeros;
use super::{Groups, Mark, group_within, groups_of, least_broken};

/// Cells of a look split by `where_needed` whose backgrounds lie within this (as
/// `CellLook::distance`: twice the ΔE of their insides, the ΔE of their sides) look alike: a
/// flat colour drawn again is the same to a level or two.
const FINE: f32 = 2.0;

/// The groups `groups` of the cells `looks` carrying `marks` (on a board `rows` x `cols`), with
/// every look that holds numbers and blank cells split within `FINE`, when the best reading of
/// `groups` breaks the rules or takes numbers for flags and the best reading of the split groups
/// obeys the rules and takes fewer numbers for flags; else `groups` as they are.
pub(super) fn where_needed(rows: usize, cols: usize, looks: &[CellLook], marks: &[Mark], groups: Groups) -> Groups {
    // Cells breaking the rules, and numbers taken for flags, at best.
    let best = |g: &Groups| least_broken(rows, cols, marks, g, &Zeros::usual()).map(|best| (best.0, best.1));
    let usual = best(&groups);
    if usual.is_some_and(|(broken, flags)| broken == 0 && flags == 0) {
        return groups;
    }
    let of = &groups.of;
    let members = |g: usize| (0..looks.len()).filter(move |&i| of[i] == g);
    let mixed = |g: usize| {
        members(g).any(|i| matches!(marks[i], Mark::Digit(_))) && members(g).any(|i| marks[i] == Mark::Plain)
    };
    if !(0..groups.looks.len()).any(mixed) {
        return groups;
    }
    // Each cell's (look, finer look within it), numbered anew in the order first seen.
    let mut finer = vec![(0, 0); looks.len()];
    for g in 0..groups.looks.len() {
        let cells: Vec<usize> = members(g).collect();
        let within = if mixed(g) {
            let own: Vec<CellLook> = cells.iter().map(|&i| looks[i].clone()).collect();
            group_within(&own, FINE)
        } else {
            vec![0; cells.len()]
        };
        cells.iter().zip(within).for_each(|(&i, k)| finer[i] = (g, k));
    }
    let mut seen: Vec<(usize, usize)> = Vec::new();
    let numbered = finer
        .iter()
        .map(|key| {
            seen.iter().position(|s| s == key).unwrap_or_else(|| {
                seen.push(*key);
                seen.len() - 1
            })
        })
        .collect();
    let split = groups_of(looks, numbered);
    let better = match (usual, best(&split)) {
        (_, None) => false,
        (None, Some((broken, _))) => broken == 0,
        (Some(usual), Some((broken, flags))) => broken == 0 && (usual.0 > 0 || flags < usual.1),
    };
    if better { split } else { groups }
}

#[cfg(test)]
mod tests {
    use super::super::{blind_roles, group};
    use super::*;
    use crate::games::mines::config::Role;

    /// A board drawn as text: one character per cell naming its look, whose inside colour `insides`
    /// gives (every edge white, as the gaps between rounded cells show), and on it a number 1-8 or
    /// nothing ('.').
    fn board(looks: &[&str], marks: &[&str], insides: &[(char, [u8; 3])]) -> (usize, usize, Vec<CellLook>, Vec<Mark>) {
        let (rows, cols) = (looks.len(), looks[0].len());
        let cells = looks
            .iter()
            .flat_map(|r| r.chars())
            .map(|c| {
                let centre = insides.iter().find(|&&(k, _)| k == c).expect("a look named").1;
                CellLook { centre, edge: [[255; 3]; 4], glyph: None }
            })
            .collect();
        let marks = marks
            .iter()
            .flat_map(|r| r.chars())
            .map(|c| c.to_digit(10).map_or(Mark::Plain, |d| Mark::Digit(d as u8)))
            .collect();
        (rows, cols, cells, marks)
    }

    /// Covered cells #e6e6e6 among opened ones a grey by their number (a 0 #f5f5f5, a 1 #ebebeb, a 2
    /// #e1e1e1): within `MERGE` the covered cells, the 1s and the 2s are one look, and no reading
    /// obeys the rules; split, the covered look is the covered cells' alone, the rest opened.
    #[test]
    fn covered_cells_a_shade_off_opened_numbers_are_told_apart_by_it() {
        let insides = [('c', [230; 3]), ('z', [245; 3]), ('o', [235; 3]), ('t', [225; 3])];
        let (rows, cols, looks, marks) =
            board(&["zzzzz", "otoot", "ccccc", "ccccc"], &[".....", "12112", ".....", "....."], &insides);
        let usual = group(&looks);
        assert!(usual.looks.len() < 4, "the usual grouping keeps some apart: {}", usual.looks.len());
        let refused = blind_roles(rows, cols, &marks, &usual).expect_err("one look for covered and numbers");
        assert!(refused.to_string().contains("no reading of the cells obeys the rules"), "{refused}");
        let split = where_needed(rows, cols, &looks, &marks, group(&looks));
        let roles = blind_roles(rows, cols, &marks, &split).expect("a reading that obeys the rules");
        let covered: Vec<usize> = (0..looks.len()).filter(|&i| roles[split.of[i]] == Role::Covered).collect();
        assert_eq!(covered, (10..20).collect::<Vec<_>>());
    }

    /// Split, the 1s' look and the covered one each obey the rules when taken for the covered look
    /// (the 1s then flags on covered cells); the numbers are taken for numbers (`least_broken`),
    /// though the 1s are more cells (before: every cell covered, ten flags).
    #[test]
    fn numbers_a_shade_off_the_covered_look_are_no_flags() {
        let insides = [('o', [235; 3]), ('c', [230; 3])];
        let (rows, cols, looks, marks) = board(&["oooo", "occo", "oooo"], &["1111", "1..1", "1111"], &insides);
        let apart = groups_of(&looks, group_within(&looks, FINE));
        assert_eq!(apart.looks.len(), 2);
        let roles = blind_roles(rows, cols, &marks, &apart).expect("a reading that obeys the rules");
        let covered: Vec<usize> = (0..looks.len()).filter(|&i| roles[apart.of[i]] == Role::Covered).collect();
        assert_eq!(covered, [5, 6]);
    }

    /// Just after the first click, one 2 on #e1e1e1 amid covered cells #e6e6e6: one look within
    /// `MERGE`, every reading of which obeys the rules, the 2 taken for a flag on a covered cell;
    /// split, the 2's look is opened and no cell is a flag.
    #[test]
    fn a_lone_number_a_shade_off_the_covered_cells_is_no_flag() {
        let insides = [('c', [230; 3]), ('t', [225; 3])];
        let (rows, cols, looks, marks) = board(&["cccc", "cctc", "cccc"], &["....", "..2.", "...."], &insides);
        let usual = group(&looks);
        assert_eq!(usual.looks.len(), 1);
        let roles = blind_roles(rows, cols, &marks, &usual).expect("a reading that obeys the rules");
        assert_eq!(roles, [Role::Covered], "the 2 on a covered look: a flag");
        let split = where_needed(rows, cols, &looks, &marks, group(&looks));
        let roles = blind_roles(rows, cols, &marks, &split).expect("a reading that obeys the rules");
        let opened: Vec<usize> = (0..looks.len()).filter(|&i| roles[split.of[i]] == Role::Opened).collect();
        assert_eq!(opened, [6]);
    }

    /// A flag drawn on a covered cell leaves its background the covered one's: split, no look of
    /// its own, and the mark stays a flag (a mark the digit shapes read as a 1 here).
    #[test]
    fn a_mark_on_a_covered_cell_of_the_covered_shade_stays_on_a_covered_cell() {
        let insides = [('c', [230; 3])];
        let (rows, cols, looks, marks) = board(&["cccc", "cccc", "cccc"], &["....", "..1.", "...."], &insides);
        let split = where_needed(rows, cols, &looks, &marks, group(&looks));
        assert_eq!(split.looks.len(), 1);
        assert_eq!(blind_roles(rows, cols, &marks, &split).expect("obeys"), [Role::Covered]);
    }

    /// Where the usual looks already obey the rules, nothing is split (sgt-mines' opened cells hold
    /// numbers and blanks alike).
    #[test]
    fn looks_that_obey_the_rules_are_kept() {
        let insides = [('c', [190; 3]), ('o', [214; 3]), ('p', [216; 3])];
        let (rows, cols, looks, marks) = board(&["opoo", "oooo", "cccc"], &["....", "1221", "...."], &insides);
        let kept = where_needed(rows, cols, &looks, &marks, group(&looks));
        assert_eq!(kept.looks.len(), 2);
    }
}
