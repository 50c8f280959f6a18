//! A finer grouping of the cells, for calibration without the known board when no reading of the
//! usual one obeys the rules. Cells group by their backgrounds within `MERGE`, which keeps one look
//! together whatever shading a program gives it; but a program may tell its covered cells from its
//! opened ones by a shade under that (RaderH2O's pygame game: covered #e6e6e6, an opened 0 #f5f5f5,
//! a 1 #ebebeb, a 2 #e1e1e1, every number in black), so that numbers and blank cells, opened and
//! covered, fall into one look, and no choice of the covered look obeys the rules. Then each look
//! holding both numbers and cells with nothing on them is split at the finer differences between
//! its cells' backgrounds (`FINE`), and the finer groups are taken when a reading of them obeys the
//! rules; else the usual ones stay, and calibration refuses as before.

use super::cells::CellLook;
use super::{Groups, Mark, group_within, groups_of, least_broken};

/// Cells of a look split by `when_no_reading_obeys` whose backgrounds lie within this (as
/// `CellLook::distance`: twice the ΔE of their insides, the ΔE of their sides) look alike: a
/// flat colour drawn again is the same to a level or two.
const FINE: f32 = 2.0;

/// The groups `groups` of the cells `looks` carrying `marks` (on a board `rows` x `cols`), with
/// every look that holds numbers and blank cells split within `FINE`, when no reading of `groups`
/// obeys the rules and one of the split groups does; else `groups` as they are.
pub(super) fn when_no_reading_obeys(
    rows: usize,
    cols: usize,
    looks: &[CellLook],
    marks: &[Mark],
    groups: Groups,
) -> Groups {
    let obeys = |g: &Groups| least_broken(rows, cols, marks, g).is_some_and(|best| best.0 == 0);
    if obeys(&groups) {
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
    if obeys(&split) { split } else { groups }
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
        let split = when_no_reading_obeys(rows, cols, &looks, &marks, group(&looks));
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

    /// Where the usual looks already obey the rules, nothing is split (sgt-mines' opened cells hold
    /// numbers and blanks alike).
    #[test]
    fn looks_that_obey_the_rules_are_kept() {
        let insides = [('c', [190; 3]), ('o', [214; 3]), ('p', [216; 3])];
        let (rows, cols, looks, marks) = board(&["opoo", "oooo", "cccc"], &["....", "1221", "...."], &insides);
        let kept = when_no_reading_obeys(rows, cols, &looks, &marks, group(&looks));
        assert_eq!(kept.looks.len(), 2);
    }
}
