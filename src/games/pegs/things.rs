//! Where things stand on a lattice: the squares a find grows a board onto must have something
//! standing on every peg and hole (`locate::settle`), or a board would grow onto any plain page
//! that happens to read as holes. A part stands on a square of the lattice its things placed when
//! its centre lies near the square's centre (`Search::tolerance` of a pitch). Those things may not
//! mark the squares' centres (`phase`: specks of a pale board between four pegs, a marble's
//! photograph above its cup); when the lattice is moved to where its squares read, what stands on
//! each square is told anew on the moved lattice, a thing anywhere in a square's middle half, not
//! by the squares the parts fell on before: a part beside one lattice point may be the middle of a
//! square of the other.

use std::collections::HashSet;

use crate::vision::lattice::{Candidate, Found, Lattice, Search, members};

/// The parts near a candidate's board (up to a pitch across), by their centres.
pub struct Things {
    centres: Vec<(f64, f64)>,
    /// The squares of the candidate's own lattice where a thing stands.
    on_own: HashSet<(i64, i64)>,
    own: Lattice,
}

impl Things {
    /// The parts of `found`'s cuts on `candidate`'s lattice, within its extent grown by `margin`
    /// squares, wherever they lie in their squares.
    pub fn new(found: &Found, candidate: &Candidate, margin: i64) -> Things {
        let anywhere = Search { tolerance: 0.5, ..Search::default() };
        let centres: Vec<(f64, f64)> = members(&found.segmentations, candidate, margin, &anywhere)
            .into_values()
            .flatten()
            .map(|part| part.centre())
            .collect();
        let own = candidate.lattice;
        Things { on_own: on(&centres, &own, Search::default().tolerance), centres, own }
    }

    /// The squares of `lattice` where a thing stands: on the candidate's own lattice, where a
    /// thing's centre lies near a square's (`Search::tolerance`); on another, moved to where the
    /// squares read, where it lies in a square's middle (`MIDDLE` of a pitch of its centre): the
    /// things did not place that lattice, and a thing off its square's centre (a cup below a
    /// marble) is still on that square.
    pub fn on(&self, lattice: &Lattice) -> HashSet<(i64, i64)> {
        if *lattice == self.own { self.on_own.clone() } else { on(&self.centres, lattice, MIDDLE) }
    }

    /// Whether a thing stands on the square `at` of the candidate's own lattice.
    pub fn taken(&self, at: (i64, i64)) -> bool {
        self.on_own.contains(&at)
    }
}

/// How far (in pitches, either way) from a square's centre a thing's centre may lie on a lattice
/// moved to where the squares read: within the square's middle half.
const MIDDLE: f64 = 0.25;

/// The squares of `lattice` with a centre of `centres` within `tolerance` of a pitch of theirs.
fn on(centres: &[(f64, f64)], lattice: &Lattice, tolerance: f64) -> HashSet<(i64, i64)> {
    centres
        .iter()
        .filter_map(|&(x, y)| {
            let (row, col, off) = lattice.index_of(x, y);
            (off <= tolerance).then_some((row, col))
        })
        .collect()
}
