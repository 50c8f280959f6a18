//! The seven tetrominoes and their four rotation states, as cells and as bit rows.
//!
//! Coordinates: x grows to the right, y grows upwards (row 0 is the bottom), as on the board.
//! Rotation states come in a fixed order: 0 is the spawn orientation of the Tetris guideline (I flat,
//! T pointing up, J with its corner top-left, L with its corner top-right, S and Z flat), 1 is one
//! clockwise turn from spawn, 2 is the half turn, 3 is one counter-clockwise turn. Each state is
//! turned inside the guideline's rotation box (4x4 for I, 2x2 for O, 3x3 for the others) with no
//! wall kicks. A state's `cells` are normalised (lowest x and lowest y are 0), and `box_offset` says
//! where that normalised corner sits in the rotation box, so a state can be turned in place.
//! A screen reader can match shapes with [`Piece::ALL`] and [`Piece::shapes`].

use std::sync::OnceLock;

/// A tetromino, by its usual letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Piece {
    I,
    J,
    L,
    O,
    S,
    T,
    Z,
}

/// One rotation state of a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rotation {
    /// The four cells, normalised so the lowest x and the lowest y are 0, sorted by (y, x).
    pub cells: [(u8, u8); 4],
    pub width: u8,
    pub height: u8,
    /// `rows[y]` has bit x set for each cell (x, y); rows at and above `height` are 0.
    pub rows: [u16; 4],
    /// For each column x < width, the lowest y of the piece's cells in that column.
    pub bottom: [u8; 4],
    /// Where the normalised corner (0, 0) sits inside the rotation box.
    pub box_offset: (i8, i8),
    /// Index of this state's shape among the piece's distinct shapes (see [`Piece::shapes`]).
    pub shape: u8,
}

impl Piece {
    /// All seven pieces, in the order of [`Piece::index`].
    pub const ALL: [Piece; 7] = [Piece::I, Piece::J, Piece::L, Piece::O, Piece::S, Piece::T, Piece::Z];

    /// The piece for a letter (either case), if it is one of IJLOSTZ.
    pub fn from_char(c: char) -> Option<Piece> {
        Piece::ALL.into_iter().find(|p| p.letter() == c.to_ascii_uppercase())
    }

    /// The piece's upper-case letter.
    pub fn letter(self) -> char {
        b"IJLOSTZ"[self.index()] as char
    }

    /// Position in [`Piece::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The four rotation states, in the order the module documents.
    pub fn rotations(self) -> &'static [Rotation; 4] {
        &tables()[self.index()]
    }

    pub fn rotation(self, rot: u8) -> &'static Rotation {
        &self.rotations()[rot as usize & 3]
    }

    /// The piece's distinct shapes as normalised cell sets (sorted by (y, x)), in order of first
    /// appearance among the rotation states: O has 1, I, S and Z have 2, J, L and T have 4.
    pub fn shapes(self) -> Vec<[(u8, u8); 4]> {
        let mut shapes: Vec<[(u8, u8); 4]> = Vec::new();
        for r in self.rotations() {
            if !shapes.contains(&r.cells) {
                shapes.push(r.cells);
            }
        }
        shapes
    }

    /// For each distinct shape, the lowest rotation state that has it.
    pub fn distinct_rotations(self) -> &'static [u8] {
        match self {
            Piece::O => &[0],
            Piece::I | Piece::S | Piece::Z => &[0, 1],
            _ => &[0, 1, 2, 3],
        }
    }

    /// Spawn cells inside the rotation box (y up) and the box's size.
    fn spawn(self) -> ([(i8, i8); 4], i8) {
        match self {
            Piece::I => ([(0, 2), (1, 2), (2, 2), (3, 2)], 4),
            Piece::O => ([(0, 0), (1, 0), (0, 1), (1, 1)], 2),
            Piece::T => ([(0, 1), (1, 1), (2, 1), (1, 2)], 3),
            Piece::J => ([(0, 1), (1, 1), (2, 1), (0, 2)], 3),
            Piece::L => ([(0, 1), (1, 1), (2, 1), (2, 2)], 3),
            Piece::S => ([(0, 1), (1, 1), (1, 2), (2, 2)], 3),
            Piece::Z => ([(1, 1), (2, 1), (0, 2), (1, 2)], 3),
        }
    }
}

fn tables() -> &'static [[Rotation; 4]; 7] {
    static TABLES: OnceLock<[[Rotation; 4]; 7]> = OnceLock::new();
    TABLES.get_or_init(|| Piece::ALL.map(build))
}

fn build(piece: Piece) -> [Rotation; 4] {
    let (mut cells, size) = piece.spawn();
    let mut states = Vec::with_capacity(4);
    for _ in 0..4 {
        states.push(normalise(&cells));
        // A clockwise quarter turn in a box of side n, y up: (x, y) -> (y, n - 1 - x).
        cells = cells.map(|(x, y)| (y, size - 1 - x));
    }
    let mut seen: Vec<[(u8, u8); 4]> = Vec::new();
    for state in &mut states {
        state.shape = match seen.iter().position(|c| *c == state.cells) {
            Some(i) => i as u8,
            None => {
                seen.push(state.cells);
                (seen.len() - 1) as u8
            }
        };
    }
    [states[0], states[1], states[2], states[3]]
}

fn normalise(cells: &[(i8, i8); 4]) -> Rotation {
    let min_x = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let min_y = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let mut norm = cells.map(|(x, y)| ((x - min_x) as u8, (y - min_y) as u8));
    norm.sort_by_key(|&(x, y)| (y, x));
    let width = norm.iter().map(|c| c.0).max().unwrap_or(0) + 1;
    let height = norm.iter().map(|c| c.1).max().unwrap_or(0) + 1;
    let mut rows = [0u16; 4];
    let mut bottom = [u8::MAX; 4];
    for &(x, y) in &norm {
        rows[y as usize] |= 1 << x;
        bottom[x as usize] = bottom[x as usize].min(y);
    }
    Rotation { cells: norm, width, height, rows, bottom, box_offset: (min_x, min_y), shape: 0 }
}
