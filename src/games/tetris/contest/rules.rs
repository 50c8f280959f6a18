//! The 2021 contest's game rules (`spec/TETRIS-CONTEST.md`), with no record parsing and no search:
//! the seven piece types and their four states as centre offsets, the fixed piece generator, the
//! spawn, the legality test, one unit step, and the lock (write, top-out test, score, clear).
//!
//! The contest's coordinates run top-down (row 0 is the top, the piece's centre starts at (4, 0)),
//! while the engine's [`Board`] counts rows bottom-up; a contest row y is engine row `19 - y`. Each
//! contest state is turned into an engine [`Rotation`] once, so legality is the engine's bit-row
//! `fits` and a lock is the engine's `place` (or a cell-by-cell write when the piece sticks out
//! above the board). Everything the replayer and the planner share lives here, so they cannot
//! disagree on the rules.

use std::sync::OnceLock;

use super::super::board::{Board, FULL_ROW, WIDTH};
use super::super::piece::Rotation;

/// Board rows.
pub const ROWS: i32 = 20;
/// The contest's piece count; piece number `PIECES` (and anything after it) never scores.
pub const PIECES: u32 = 10_000;
/// Most unit steps one piece may take.
pub const MAX_OPS_PER_PIECE: u32 = 100;
/// Centre of a new piece.
pub const SPAWN: (i32, i32) = (4, 0);
/// Points per lock, times the cells on the board, by lines cleared (0..4).
pub const LINE_FACTOR: [u64; 5] = [0, 1, 3, 6, 10];

/// The seven types in the contest's order (its indices 0..6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    I,
    L,
    J,
    T,
    O,
    S,
    Z,
}

impl Kind {
    pub const ALL: [Kind; 7] = [Kind::I, Kind::L, Kind::J, Kind::T, Kind::O, Kind::S, Kind::Z];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn letter(self) -> char {
        b"ILJTOSZ"[self.index()] as char
    }

    /// The type of the generator value r: r mod 29 in 0-1 I, 2-4 L, 5-7 J, 8-11 T, 12-16 O,
    /// 17-22 S, 23-28 Z.
    fn of_random(r: u64) -> Kind {
        match r % 29 {
            0..=1 => Kind::I,
            2..=4 => Kind::L,
            5..=7 => Kind::J,
            8..=11 => Kind::T,
            12..=16 => Kind::O,
            17..=22 => Kind::S,
            _ => Kind::Z,
        }
    }
}

/// Cell offsets (dx, dy) from the centre, dy growing downwards, by type and state (spec section 2).
const OFFSETS: [[[(i8, i8); 4]; 4]; 7] = {
    const I0: [(i8, i8); 4] = [(0, 0), (0, -1), (0, -2), (0, 1)];
    const I1: [(i8, i8); 4] = [(0, 0), (1, 0), (2, 0), (-1, 0)];
    const O: [(i8, i8); 4] = [(0, 0), (0, -1), (1, -1), (1, 0)];
    const S0: [(i8, i8); 4] = [(0, 0), (0, -1), (1, -1), (-1, 0)];
    const S1: [(i8, i8); 4] = [(0, 0), (-1, 0), (-1, -1), (0, 1)];
    const Z0: [(i8, i8); 4] = [(0, 0), (0, -1), (1, 0), (-1, -1)];
    const Z1: [(i8, i8); 4] = [(0, 0), (0, -1), (-1, 1), (-1, 0)];
    [
        [I0, I1, I0, I1],
        [
            [(0, 0), (0, -1), (0, -2), (1, 0)],
            [(0, 0), (1, 0), (2, 0), (0, 1)],
            [(0, 0), (-1, 0), (0, 1), (0, 2)],
            [(0, 0), (0, -1), (-1, 0), (-2, 0)],
        ],
        [
            [(0, 0), (0, -1), (0, -2), (-1, 0)],
            [(0, 0), (0, -1), (1, 0), (2, 0)],
            [(0, 0), (1, 0), (0, 1), (0, 2)],
            [(0, 0), (-1, 0), (-2, 0), (0, 1)],
        ],
        [
            [(0, 0), (1, 0), (0, 1), (-1, 0)],
            [(0, 0), (0, -1), (0, 1), (-1, 0)],
            [(0, 0), (0, -1), (1, 0), (-1, 0)],
            [(0, 0), (0, -1), (1, 0), (0, 1)],
        ],
        [O, O, O, O],
        [S0, S1, S0, S1],
        [Z0, Z1, Z0, Z1],
    ]
};

/// One state of one type: its offsets and the same shape as an engine rotation.
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    pub offsets: [(i8, i8); 4],
    /// The shape with y up, normalised; its lowest-left corner sits at (cx + `min_dx`, engine row
    /// `19 - (cy + max_dy)`).
    pub rotation: Rotation,
    pub min_dx: i8,
    pub max_dy: i8,
    /// The lowest state with the same cells (states with equal offsets give equal placements).
    pub canonical: u8,
}

fn shapes() -> &'static [[Shape; 4]; 7] {
    static SHAPES: OnceLock<[[Shape; 4]; 7]> = OnceLock::new();
    SHAPES.get_or_init(|| std::array::from_fn(|t| std::array::from_fn(|s| build_shape(t, s))))
}

fn build_shape(t: usize, s: usize) -> Shape {
    let offsets = OFFSETS[t][s];
    let min_dx = offsets.iter().map(|c| c.0).min().unwrap_or(0);
    let max_dy = offsets.iter().map(|c| c.1).max().unwrap_or(0);
    let mut cells = offsets.map(|(dx, dy)| ((dx - min_dx) as u8, (max_dy - dy) as u8));
    cells.sort_by_key(|&(x, y)| (y, x));
    let mut rows = [0u16; 4];
    let mut bottom = [u8::MAX; 4];
    for &(x, y) in &cells {
        rows[y as usize] |= 1 << x;
        bottom[x as usize] = bottom[x as usize].min(y);
    }
    let width = cells.iter().map(|c| c.0).max().unwrap_or(0) + 1;
    let height = cells.iter().map(|c| c.1).max().unwrap_or(0) + 1;
    let rotation = Rotation { cells, width, height, rows, bottom, box_offset: (0, 0), shape: 0 };
    let same = |other: usize| {
        let mut a = OFFSETS[t][other];
        let mut b = offsets;
        a.sort();
        b.sort();
        a == b
    };
    let canonical = (0..s).find(|&o| same(o)).unwrap_or(s) as u8;
    Shape { offsets, rotation, min_dx, max_dy, canonical }
}

impl Kind {
    pub fn shape(self, state: u8) -> &'static Shape {
        &shapes()[self.index()][state as usize & 3]
    }
}

/// The fixed generator: r_0 = 12358, r_k = (27073 r_(k-1) + 17713) mod 32749.
#[derive(Clone, Copy, Debug)]
pub struct Generator {
    r: u64,
    k: u32,
}

impl Default for Generator {
    fn default() -> Generator {
        Generator { r: 12358, k: 0 }
    }
}

/// A piece of the sequence: its type and spawn state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SequencePiece {
    pub kind: Kind,
    pub state: u8,
}

impl std::fmt::Display for SequencePiece {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.kind.letter(), self.state)
    }
}

impl Iterator for Generator {
    type Item = SequencePiece;

    /// Piece k + 1: type from r_(k+1), spawn state k mod 4.
    fn next(&mut self) -> Option<SequencePiece> {
        self.r = (27073 * self.r + 17713) % 32749;
        let state = (self.k % 4) as u8;
        self.k += 1;
        Some(SequencePiece { kind: Kind::of_random(self.r), state })
    }
}

/// The contest's pieces 1..=`PIECES`, in order.
pub fn sequence() -> Vec<SequencePiece> {
    Generator::default().take(PIECES as usize).collect()
}

/// A falling piece: type, state and centre.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pos {
    pub kind: Kind,
    pub state: u8,
    pub x: i32,
    pub y: i32,
}

/// One unit step of an op.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    Left,
    Right,
    Down,
    Rotate,
}

impl Step {
    pub fn letter(self) -> char {
        match self {
            Step::Left => 'L',
            Step::Right => 'R',
            Step::Down => 'D',
            Step::Rotate => 'C',
        }
    }
}

impl Pos {
    /// The piece as it enters.
    pub fn spawn(piece: SequencePiece) -> Pos {
        Pos { kind: piece.kind, state: piece.state, x: SPAWN.0, y: SPAWN.1 }
    }

    /// The position after one step, legal or not.
    pub fn stepped(self, step: Step) -> Pos {
        match step {
            Step::Left => Pos { x: self.x - 1, ..self },
            Step::Right => Pos { x: self.x + 1, ..self },
            Step::Down => Pos { y: self.y + 1, ..self },
            Step::Rotate => Pos { state: (self.state + 1) & 3, ..self },
        }
    }

    /// The four cells (x, y), contest coordinates.
    pub fn cells(self) -> [(i32, i32); 4] {
        self.kind.shape(self.state).offsets.map(|(dx, dy)| (self.x + dx as i32, self.y + dy as i32))
    }

    /// Spec section 4: every cell within columns 0..9, at most row 19, and above the board or on
    /// an empty cell.
    #[inline]
    pub fn is_legal(self, board: &Board) -> bool {
        let shape = self.kind.shape(self.state);
        let bottom = self.y + shape.max_dy as i32;
        bottom < ROWS && board.fits(&shape.rotation, self.x + shape.min_dx as i32, ROWS - 1 - bottom)
    }
}

/// Which lock ends the game (spec 5.5 step 2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TopOut {
    /// Public track, the held-out check's rule: any filled cell in row 0.
    #[default]
    Public,
    /// Staff track: all 20 rows have a filled cell.
    Staff,
}

/// What a lock did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lock {
    /// The game ended at this lock; nothing scored.
    GameOver,
    /// `cells` on the board after writing the piece (before clearing), `lines` cleared.
    Scored { cells: u32, lines: u32 },
}

impl Lock {
    pub fn points(self) -> u64 {
        match self {
            Lock::GameOver => 0,
            Lock::Scored { cells, lines } => cells as u64 * LINE_FACTOR[lines as usize],
        }
    }
}

/// Spec 5.5 steps 1, 2, 4 and 5 (step 3, the piece limit, is the caller's: it depends on the
/// counter). After `GameOver` the board is not meaningful: the game has ended.
pub fn lock(board: &mut Board, pos: Pos, topout: TopOut) -> Lock {
    let shape = pos.kind.shape(pos.state);
    let top_row = pos.y + shape.offsets.iter().map(|c| c.1 as i32).min().unwrap_or(0);
    let row0 = (ROWS - 1) as usize;
    if top_row >= 0 && topout == TopOut::Public {
        // Fast path: the whole piece is on the board, so the engine's place does write + clear;
        // only row 0 (engine row 19) must be checked first.
        let x = pos.x + shape.min_dx as i32;
        let y = ROWS - 1 - (pos.y + shape.max_dy as i32);
        let touches_row0 = top_row == 0;
        if touches_row0 {
            return Lock::GameOver;
        }
        let cells = board.count_cells() + 4;
        return match board.place(&shape.rotation, x, y) {
            Some(placed) => Lock::Scored { cells, lines: placed.lines },
            None => Lock::GameOver,
        };
    }
    for (x, y) in pos.cells() {
        if y >= 0 {
            board.set(x as usize, (ROWS - 1 - y) as usize);
        }
    }
    let over = match topout {
        TopOut::Public => board.row(row0) != 0,
        TopOut::Staff => (0..ROWS as usize).all(|r| board.row(r) != 0),
    };
    if over {
        return Lock::GameOver;
    }
    let cells = board.count_cells();
    let lines = board.clear_full_rows();
    Lock::Scored { cells, lines }
}

/// True when the piece can still fall one row.
pub fn can_fall(board: &Board, pos: Pos) -> bool {
    pos.stepped(Step::Down).is_legal(board)
}

/// The board as text rows, contest row 0 first (`#` filled, `.` empty).
pub fn board_rows(board: &Board) -> Vec<String> {
    (0..ROWS as usize)
        .map(|y| {
            let row = board.row(ROWS as usize - 1 - y) & FULL_ROW;
            (0..WIDTH).map(|x| if row >> x & 1 == 1 { '#' } else { '.' }).collect()
        })
        .collect()
}
