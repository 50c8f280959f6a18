//! The game's rotation table: for each piece and shape, the shape one press of the rotate key turns
//! it into, and how far (in columns) the left edge moves. Quadrapassel spawns pieces in varying
//! orientations, so the table is keyed by shape, not by presses from spawn.
//!
//! Entries come from the profile (observed on the real game) and are learnt during play: a press
//! whose result is not known yet is made alone and watched until the piece shows whole. The learnt
//! table is printed at the end of a game in the profile's `[[rotation]]` form.

use std::collections::BTreeMap;

use super::super::Piece;
use super::config::Turn;
use super::shape;
use super::sight::Sight;

/// A normalised shape (engine convention: x right, y up, sorted by (y, x)).
pub type Shape = Vec<(u8, u8)>;

#[derive(Clone, Debug, Default)]
pub struct Turns {
    known: BTreeMap<(Piece, Shape), (Shape, i32)>,
    /// What turns do counted from a piece's first sight (learnt in play, never written).
    pub sight: Sight,
}

impl Turns {
    /// The profile's entries; an entry naming no piece or holding no tetromino is an error.
    pub fn from_config(entries: &[Turn]) -> anyhow::Result<Turns> {
        let mut turns = Turns::default();
        for t in entries {
            let piece = Piece::from_char(t.piece)
                .ok_or_else(|| anyhow::anyhow!("[[rotation]]: \"{}\" is not a piece", t.piece))?;
            let (from, to) = (shape::from_rows(&t.from), shape::from_rows(&t.to));
            for cells in [&from, &to] {
                anyhow::ensure!(
                    shape::recognise(cells) == Some(piece),
                    "[[rotation]] {}: {:?} / {:?} is not the {}",
                    t.piece,
                    t.from,
                    t.to,
                    t.piece
                );
            }
            turns.record(piece, shape::normalise(&from), shape::normalise(&to), t.dx);
        }
        Ok(turns)
    }

    pub fn record(&mut self, piece: Piece, from: Shape, to: Shape, dx: i32) {
        self.known.insert((piece, from), (to, dx));
    }

    /// Presses (0-3) from `from` to `target` and the left edge's total move, when every press on the
    /// way is known; otherwise the first unknown press is reported as None.
    pub fn path(&self, piece: Piece, from: &Shape, target: &Shape) -> Option<(usize, i32)> {
        let (mut shape, mut dx) = (from.clone(), 0);
        for presses in 0..4 {
            if shape == *target {
                return Some((presses, dx));
            }
            let (next, step) = self.known.get(&(piece, shape))?;
            (shape, dx) = (next.clone(), dx + step);
        }
        None
    }

    /// The presses still unknown: a piece's shapes each need the press that leaves them (O needs none).
    pub fn missing(&self) -> usize {
        Piece::ALL
            .into_iter()
            .filter(|&p| p != Piece::O)
            .map(|p| p.shapes().iter().filter(|s| !self.known.contains_key(&(p, s.to_vec()))).count())
            .sum()
    }

    /// How many presses are known.
    pub fn len(&self) -> usize {
        self.known.len()
    }

    /// True when no press is known.
    pub fn is_empty(&self) -> bool {
        self.known.is_empty()
    }

    /// The shapes of pieces (O aside) never seen before or after a known press: a program that
    /// brings its pieces in one way needs no press from the last shape of a cycle (the driver
    /// turns at most three times), but every shape must have been reached.
    pub fn unseen(&self) -> usize {
        self.unseen_shapes().len()
    }

    /// The shapes `unseen` counts, each as its piece's letter and rows (for a person to look for).
    pub fn unseen_shapes(&self) -> Vec<String> {
        let mut out = Vec::new();
        for p in Piece::ALL.into_iter().filter(|&p| p != Piece::O) {
            for s in p.shapes() {
                let s = s.to_vec();
                if !self.known.iter().any(|((q, from), (to, _))| *q == p && (*from == s || *to == s)) {
                    out.push(format!("{} {}", p.letter(), shape::to_rows(&s).join("/")));
                }
            }
        }
        out
    }

    /// The table in the profile's `[[rotation]]` form.
    pub fn to_toml(&self) -> String {
        let rows = |s: &Shape| shape::to_rows(s).iter().map(|r| format!("\"{r}\"")).collect::<Vec<_>>().join(", ");
        let mut text = String::new();
        for ((piece, from), (to, dx)) in &self.known {
            text.push_str(&format!(
                "[[rotation]]\npiece = \"{}\"\nfrom = [{}]\nto = [{}]\ndx = {dx}\n\n",
                piece.letter(),
                rows(from),
                rows(to)
            ));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(rows: &[&str]) -> Shape {
        shape::normalise(&shape::from_rows(rows))
    }

    #[test]
    fn a_path_adds_up_the_known_presses() {
        let mut turns = Turns::default();
        turns.record(Piece::T, s(&["###", ".#."]), s(&["#.", "##", "#."]), 1);
        turns.record(Piece::T, s(&["#.", "##", "#."]), s(&[".#.", "###"]), -1);
        assert_eq!(turns.path(Piece::T, &s(&["###", ".#."]), &s(&[".#.", "###"])), Some((2, 0)));
        assert_eq!(turns.path(Piece::T, &s(&["###", ".#."]), &s(&["###", ".#."])), Some((0, 0)));
        assert_eq!(
            turns.path(Piece::T, &s(&["###", ".#."]), &s(&[".#", "##", ".#"])),
            None,
            "the third press is unknown"
        );
    }

    #[test]
    fn a_table_is_complete_with_one_press_per_shape_of_every_piece_but_o() {
        let mut turns = Turns::default();
        assert_eq!(turns.missing(), 2 + 4 + 4 + 2 + 4 + 2);
        turns.record(Piece::I, s(&["####"]), s(&["#", "#", "#", "#"]), 2);
        turns.record(Piece::I, s(&["#", "#", "#", "#"]), s(&["####"]), -2);
        assert_eq!(turns.missing(), 16);
    }

    #[test]
    fn the_table_round_trips_through_the_profile_form() {
        let mut turns = Turns::default();
        turns.record(Piece::I, s(&["####"]), s(&["#", "#", "#", "#"]), 2);
        #[derive(serde::Deserialize)]
        struct File {
            rotation: Vec<Turn>,
        }
        let file: File = toml::from_str(&turns.to_toml()).unwrap();
        let again = Turns::from_config(&file.rotation).unwrap();
        assert_eq!(again.path(Piece::I, &s(&["####"]), &s(&["#", "#", "#", "#"])), Some((1, 2)));
    }
}
