//! Two lattices of one pitch, one half a pitch along from the other, are one lattice of half the
//! pitch. Things of one kind are grouped by size before a lattice is fitted to each group, and a
//! page drawn at a fractional scale draws like things a pixel apart by where they fall on the
//! pixel grid: every other column of dots 13 px wide, the columns between 14 px. Each group then
//! finds a lattice of twice the pitch, and a board read on one of them skips every other column.
//! Each such pair also offers the finer lattice holding both groups' things, as one more
//! candidate; it has more things than either, so it is tried first, and the coarser ones stay in
//! case it does not read.

use std::collections::HashSet;

use super::lattice::{Candidate, Lattice};

/// How far from half a pitch (or a whole one) the second lattice's origin may lie, in pitches.
const OFF: f64 = 0.12;

/// The candidates offered by interleaved pairs among `found` (each pair once, the larger first).
pub fn interleaved(found: &[Candidate]) -> Vec<Candidate> {
    let mut offered = Vec::new();
    for (i, a) in found.iter().enumerate() {
        for b in &found[i + 1..] {
            if let Some(joined) = join_halves(a, b) {
                offered.push(joined);
            }
        }
    }
    offered
}

/// The lattice of half the pitch along one axis holding `a`'s and `b`'s things, when `b` lies
/// half a pitch from `a` along that axis and on it along the other, the two touch, and a thing
/// still fits in the finer pitch.
fn join_halves(a: &Candidate, b: &Candidate) -> Option<Candidate> {
    let (la, lb) = (&a.lattice, &b.lattice);
    let close = |p: f64, q: f64| (p - q).abs() <= 0.04 * p.max(q);
    if !close(la.pitch_x, lb.pitch_x) || !close(la.pitch_y, lb.pitch_y) {
        return None;
    }
    let fraction = |d: f64, p: f64| (d / p).rem_euclid(1.0);
    let (fx, fy) = (fraction(lb.x0 - la.x0, la.pitch_x), fraction(lb.y0 - la.y0, la.pitch_y));
    let half = |f: f64| (f - 0.5).abs() <= OFF;
    let whole = |f: f64| !(OFF..=1.0 - OFF).contains(&f);
    let thing = (a.thing.0.max(b.thing.0), a.thing.1.max(b.thing.1));
    let finer = if half(fx) && whole(fy) && la.pitch_x / 2.0 >= thing.0 {
        Lattice { pitch_x: la.pitch_x / 2.0, ..*la }
    } else if whole(fx) && half(fy) && la.pitch_y / 2.0 >= thing.1 {
        Lattice { pitch_y: la.pitch_y / 2.0, ..*la }
    } else {
        return None;
    };
    let on_finer = |c: &Candidate| -> HashSet<(i64, i64)> {
        let l = &c.lattice;
        c.cells
            .iter()
            .map(|&(r, k)| {
                let (row, col, _) = finer.index_of(l.x0 + k as f64 * l.pitch_x, l.y0 + r as f64 * l.pitch_y);
                (row, col)
            })
            .collect()
    };
    let (cells_a, cells_b) = (on_finer(a), on_finer(b));
    let touches =
        cells_a.iter().any(|&(r, c)| (-1..=1).any(|dr| (-1..=1).any(|dc| cells_b.contains(&(r + dr, c + dc)))));
    if !touches {
        return None;
    }
    let mut cells: Vec<(i64, i64)> = cells_a.union(&cells_b).copied().collect();
    cells.sort_unstable();
    Some(Candidate { lattice: finer, cells, thing })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn candidate(x0: f64, cols: &[i64], thing: f64) -> Candidate {
        let lattice = Lattice { x0, y0: 100.0, pitch_x: 100.0, pitch_y: 50.0 };
        let cells = (0..5).flat_map(|r| cols.iter().map(move |&c| (r, c))).collect();
        Candidate { lattice, cells, thing: (thing, thing) }
    }

    #[test]
    fn two_lattices_half_a_pitch_apart_offer_the_finer_one_holding_both() {
        // Columns 0, 2, 4, 6 of a 50-px lattice, and 1, 3, 5.
        let (even, odd) = (candidate(300.0, &[0, 1, 2, 3], 14.0), candidate(350.0, &[0, 1, 2], 13.0));
        let offered = interleaved(&[even.clone(), odd]);
        assert_eq!(offered.len(), 1);
        let joined = &offered[0];
        assert_eq!((joined.lattice.pitch_x, joined.lattice.pitch_y), (50.0, 50.0));
        assert_eq!(joined.cells.len(), 35);
        assert_eq!(joined.extent(), ((0, 4), (0, 6)));
        // Not a lattice on the same points, one a third of a pitch along, one far off, nor one
        // whose things would not fit in half the pitch.
        for other in [
            candidate(300.0, &[0, 1], 14.0),
            candidate(333.0, &[0, 1, 2], 14.0),
            candidate(1350.0, &[0, 1, 2], 14.0),
            candidate(350.0, &[0, 1, 2], 55.0),
        ] {
            assert!(interleaved(&[even.clone(), other]).is_empty());
        }
    }
}
