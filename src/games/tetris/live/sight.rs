//! What turns do to a piece counted from when it was first seen, before any key: for a program
//! that brings every piece in the same way, a piece of a given shape at first sight is always in
//! the same hidden turn state, so n presses from there always give the same shape and move the left
//! edge the same way. That is what the rotation table (keyed by shape) cannot say for I, S and Z,
//! whose two shapes each stand for two turn states.
//!
//! Entries are learnt in play from the closed-loop driver (a piece turned from first sight and then
//! seen whole). One is trusted for a whole burst of keys (turns, shifts, drop, nothing looked at in
//! between) once seen three times the same way and never otherwise, and while its bursts have not
//! failed more often than they landed: a program that brings a piece in several ways
//! (quadrapassel's random orientations) shows two outcomes for it, and such an entry is never
//! trusted again; nor once a burst by it lands in the planned shape a column off (the other way
//! showing in play, three same sightings by chance).

use std::collections::BTreeMap;

use super::super::Piece;
use super::turns::Shape;

/// What `presses` presses from first sight have done.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Outcome {
    /// Always this shape, its left edge `dx` columns from where it was: `seen` times in the closed
    /// loop, `landed` bursts that put the piece where planned and `failed` ones that did not.
    Same { to: Shape, dx: i32, seen: u32, landed: u32, failed: u32 },
    /// Two different outcomes: the state at first sight is not fixed by the shape.
    Varies,
}

/// A burst made from an entry, to be judged when the next piece shows the stack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Used {
    piece: Piece,
    from: Shape,
    presses: usize,
}

/// The table: (piece, shape at first sight, presses) to what they did.
#[derive(Clone, Debug, Default)]
pub struct Sight {
    known: BTreeMap<(Piece, Shape, usize), Outcome>,
}

/// Times an entry must be seen the same way before a burst relies on it.
const SEEN_BEFORE_TRUSTED: u32 = 3;

impl Sight {
    /// `presses` presses on `piece`, first seen as `from`, turned it into `to` with its left edge
    /// moved by `dx`.
    pub fn record(&mut self, piece: Piece, from: Shape, presses: usize, to: Shape, dx: i32) {
        let entry = self.known.entry((piece, from, presses)).or_insert(Outcome::Same {
            to: to.clone(),
            dx,
            seen: 0,
            landed: 0,
            failed: 0,
        });
        match entry {
            Outcome::Same { to: was, dx: moved, seen, .. } if *was == to && *moved == dx => *seen += 1,
            _ => *entry = Outcome::Varies,
        }
    }

    /// The fewest presses (0-3) that turn `piece`, first seen as `from`, into `target`, and the
    /// left edge's move, by trusted entries only; with the entry the burst relies on (none for 0).
    pub fn path(&self, piece: Piece, from: &Shape, target: &Shape) -> Option<(usize, i32, Option<Used>)> {
        if from == target {
            return Some((0, 0, None));
        }
        (1..4).find_map(|presses| match self.known.get(&(piece, from.clone(), presses))? {
            Outcome::Same { to, dx, seen, landed, failed }
                if to == target && *seen >= SEEN_BEFORE_TRUSTED && *failed <= (*landed).max(1) =>
            {
                Some((presses, *dx, Some(Used { piece, from: from.clone(), presses })))
            }
            _ => None,
        })
    }

    /// How the burst that relied on `used` ended: the piece landed as planned or not, and when it
    /// landed in the planned shape, how many columns right of its planned place. A piece turned
    /// into the planned shape and landed off its column is the turn moving it otherwise than the
    /// entry says (quadrapassel brings an S in either of two turn states that show alike): the
    /// entry varies, and is never trusted again.
    pub fn judge(&mut self, used: &Used, as_planned: bool, columns_off: Option<i32>) {
        let Some(entry) = self.known.get_mut(&(used.piece, used.from.clone(), used.presses)) else { return };
        if let Outcome::Same { landed, failed, .. } = entry {
            if as_planned {
                *landed += 1;
            } else if columns_off.is_some_and(|off| off != 0) {
                *entry = Outcome::Varies;
            } else {
                *failed += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::shape;
    use super::*;

    fn s(rows: &[&str]) -> Shape {
        shape::normalise(&shape::from_rows(rows))
    }

    #[test]
    fn an_entry_is_trusted_once_seen_three_times_the_same_way() {
        let (flat, upright) = (s(&["####"]), s(&["#", "#", "#", "#"]));
        let mut sight = Sight::default();
        assert_eq!(sight.path(Piece::I, &flat, &flat), Some((0, 0, None)));
        sight.record(Piece::I, flat.clone(), 1, upright.clone(), 2);
        sight.record(Piece::I, flat.clone(), 1, upright.clone(), 2);
        assert_eq!(sight.path(Piece::I, &flat, &upright), None, "seen twice");
        sight.record(Piece::I, flat.clone(), 1, upright.clone(), 2);
        let (presses, dx, used) = sight.path(Piece::I, &flat, &upright).expect("seen three times");
        assert_eq!((presses, dx), (1, 2));
        assert_eq!(sight.path(Piece::I, &upright, &flat), None, "another shape at first sight");
        // Bursts that fail more often than they land are no longer relied on.
        let used = used.unwrap();
        sight.judge(&used, false, None);
        assert!(sight.path(Piece::I, &flat, &upright).is_some(), "one failure is allowed");
        sight.judge(&used, false, None);
        assert_eq!(sight.path(Piece::I, &flat, &upright), None);
        sight.judge(&used, true, None);
        sight.judge(&used, true, None);
        assert!(sight.path(Piece::I, &flat, &upright).is_some(), "landing as often as not");
    }

    #[test]
    fn a_burst_landed_in_its_shape_a_column_off_shows_the_turn_varies() {
        let (flat, upright) = (s(&[".##", "##."]), s(&["#.", "##", ".#"]));
        let mut sight = Sight::default();
        for _ in 0..3 {
            sight.record(Piece::S, flat.clone(), 1, upright.clone(), 1);
        }
        let (_, _, used) = sight.path(Piece::S, &flat, &upright).expect("seen three times");
        let used = used.unwrap();
        for _ in 0..5 {
            sight.judge(&used, true, None);
        }
        // Landed in the planned shape, in the planned column: no evidence against the entry.
        sight.judge(&used, false, Some(0));
        assert!(sight.path(Piece::S, &flat, &upright).is_some());
        // One column left of the plan in the planned shape: the turn left it elsewhere this time.
        sight.judge(&used, false, Some(-1));
        assert_eq!(sight.path(Piece::S, &flat, &upright), None);
        sight.judge(&used, true, None);
        assert_eq!(sight.path(Piece::S, &flat, &upright), None, "never trusted again");
    }

    #[test]
    fn a_piece_that_comes_in_two_ways_is_never_trusted() {
        let (flat, upright) = (s(&["##.", ".##"]), s(&[".#", "##", "#."]));
        let mut sight = Sight::default();
        for dx in [1, 1, 0, 1, 1] {
            sight.record(Piece::Z, flat.clone(), 1, upright.clone(), dx);
        }
        assert_eq!(sight.path(Piece::Z, &flat, &upright), None);
    }
}
