//! The collapsing-building board and its rules: a (2n+1)x(2n+1) grid of rooms, a player, and moves
//! that collect a room's supplies and bring down the part of the building left behind.
//!
//! A move (arrow key) steps into a neighbouring room and collects what it holds. The line the
//! player just left collapses: the row after a vertical move, the column after a horizontal one,
//! and with it every line beyond it on the far side from the player (the real game shows all of
//! them as rubble at once; `mid_easy_n02_1` in the corpus is `easy_n02_b1` after Left, Down, Down).
//! So the player can never turn back: a game is a path that is monotone in each axis, from the
//! centre to a corner in 2n moves. Easy mode scores the sum of the supplies; hard mode keeps food and
//! water apart and scores the smaller total. This is the one place that knows the rules; reading,
//! solving, verifying and replay all go through it.

use std::fmt;

/// A room's position, (row, column) from the top-left.
pub type Pos = (usize, usize);

/// Which game is being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// One number per room; the score is their sum.
    Easy,
    /// Each room holds food or water; the score is min(total food, total water).
    Hard,
}

impl Mode {
    /// The case-file name: "easy" or "hard".
    pub fn name(self) -> &'static str {
        if self == Mode::Easy { "easy" } else { "hard" }
    }

    pub fn from_name(name: &str) -> Option<Mode> {
        [Mode::Easy, Mode::Hard].into_iter().find(|m| m.name() == name)
    }

    /// The rooms this mode allows, in words (for errors).
    fn rooms(self) -> &'static str {
        if self == Mode::Easy { "expected 0-9, '.', '#' or '@'" } else { "expected f0-f9, w0-w9, '.', '#' or '@'" }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One room of the building.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Room {
    /// A standing room with nothing in it (shown blank; "." in case files).
    Empty,
    /// Rubble: no one can enter it ("#").
    Collapsed,
    /// Where the player stands ("@").
    Player,
    /// Easy mode: 0-9 supplies ("0".."9").
    Supply(u8),
    /// Hard mode: 0-9 food ("f0".."f9").
    Food(u8),
    /// Hard mode: 0-9 water ("w0".."w9").
    Water(u8),
}

impl Room {
    /// Reads one case-file cell; `None` when the text is not a room of this mode.
    pub fn parse(text: &str, mode: Mode) -> Option<Room> {
        let digit = |s: &str| match s.as_bytes() {
            [d @ b'0'..=b'9'] => Some(d - b'0'),
            _ => None,
        };
        match (text, mode) {
            (".", _) => Some(Room::Empty),
            ("#", _) => Some(Room::Collapsed),
            ("@", _) => Some(Room::Player),
            (_, Mode::Easy) => digit(text).map(Room::Supply),
            (_, Mode::Hard) => match text.split_at_checked(1) {
                Some(("f", d)) => digit(d).map(Room::Food),
                Some(("w", d)) => digit(d).map(Room::Water),
                _ => None,
            },
        }
    }

    /// The case-file text of this room.
    pub fn text(self) -> String {
        match self {
            Room::Empty => ".".into(),
            Room::Collapsed => "#".into(),
            Room::Player => "@".into(),
            Room::Supply(v) => v.to_string(),
            Room::Food(v) => format!("f{v}"),
            Room::Water(v) => format!("w{v}"),
        }
    }

    /// True when the player may step into this room (it stands and is not the player's own).
    pub fn enterable(self) -> bool {
        !matches!(self, Room::Collapsed | Room::Player)
    }

    /// What entering this room collects.
    pub fn contents(self) -> Tally {
        match self {
            Room::Supply(v) => Tally { supplies: v.into(), ..Tally::default() },
            Room::Food(v) => Tally { food: v.into(), ..Tally::default() },
            Room::Water(v) => Tally { water: v.into(), ..Tally::default() },
            Room::Empty | Room::Collapsed | Room::Player => Tally::default(),
        }
    }
}

impl fmt::Display for Room {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

/// A move: one arrow key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    Up,
    Down,
    Left,
    Right,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    /// The arrow key's name: "Up", "Down", "Left", "Right".
    pub fn key_name(self) -> &'static str {
        match self {
            Dir::Up => "Up",
            Dir::Down => "Down",
            Dir::Left => "Left",
            Dir::Right => "Right",
        }
    }

    /// The step in (rows, columns).
    pub fn delta(self) -> (isize, isize) {
        match self {
            Dir::Up => (-1, 0),
            Dir::Down => (1, 0),
            Dir::Left => (0, -1),
            Dir::Right => (0, 1),
        }
    }

    pub fn is_vertical(self) -> bool {
        matches!(self, Dir::Up | Dir::Down)
    }

    /// The way back, which a move's collapse closes for good.
    pub fn opposite(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        }
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key_name())
    }
}

/// Supplies collected: easy mode counts `supplies`, hard mode `food` and `water`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tally {
    pub supplies: u32,
    pub food: u32,
    pub water: u32,
}

/// What one move collected (the entered room's contents).
pub type Collected = Tally;

impl Tally {
    /// The score: easy, the supplies; hard, min(food, water).
    pub fn score(self, mode: Mode) -> u32 {
        match mode {
            Mode::Easy => self.supplies,
            Mode::Hard => self.food.min(self.water),
        }
    }

    pub fn add(&mut self, other: Tally) {
        self.supplies += other.supplies;
        self.food += other.food;
        self.water += other.water;
    }
}

/// A building: `size x size` rooms (size = 2n+1), row-major, with the player in one of them.
///
/// `tally` is what has been collected since the board was built: `from_rows` starts it at zero
/// (the screen shows rooms, not totals) and `play` adds to it. Compare boards read from the
/// screen with `same_rooms`, which ignores the tally. Change rooms through `play` (or build a
/// new board): the player's room is cached, so `cells` must keep exactly one `Player`, there.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub n: usize,
    pub mode: Mode,
    pub size: usize,
    pub cells: Vec<Room>,
    pub tally: Tally,
    /// The player's room, kept so that `player()` and `play` need no scan of the grid.
    at: Pos,
}

/// Why text rows are not a board.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum BoardError {
    #[error("the board has no rows")]
    Empty,
    #[error("row {row} has {found} cells, expected {expected} (the building is square)")]
    Ragged { row: usize, found: usize, expected: usize },
    #[error("{found} rooms given for a {expected}-room building")]
    WrongCount { found: usize, expected: usize },
    #[error("the board is {size}x{size}, but a building is (2n+1)x(2n+1), an odd size")]
    EvenSize { size: usize },
    #[error("row {row} col {col}: {text:?} is not a room of {mode} mode ({expected})")]
    BadCell { row: usize, col: usize, text: String, mode: Mode, expected: &'static str },
    #[error("there is no player (@) on the board")]
    NoPlayer,
    #[error("row {row} col {col}: a second player (@), the first is at row {first_row} col {first_col}")]
    TwoPlayers { row: usize, col: usize, first_row: usize, first_col: usize },
}

/// A move the rules do not allow here.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("move {dir} from row {row} col {col} is not legal: {why}")]
pub struct IllegalMove {
    pub dir: Dir,
    pub row: usize,
    pub col: usize,
    pub why: &'static str,
}

impl Board {
    /// Builds a board from case-file rows, one string per room (`[board] rows`).
    pub fn from_rows<S: AsRef<str>>(mode: Mode, rows: &[Vec<S>]) -> Result<Board, BoardError> {
        let size = rows.len();
        if size == 0 {
            return Err(BoardError::Empty);
        }
        let mut cells = Vec::with_capacity(size * size);
        for (row, texts) in rows.iter().enumerate() {
            if texts.len() != size {
                return Err(BoardError::Ragged { row, found: texts.len(), expected: size });
            }
            for (col, text) in texts.iter().enumerate() {
                let text = text.as_ref().trim();
                let bad = || BoardError::BadCell { row, col, text: text.to_string(), mode, expected: mode.rooms() };
                let room = Room::parse(text, mode).ok_or_else(bad)?;
                cells.push(room);
            }
        }
        Board::from_cells(mode, size, cells)
    }

    /// Builds a board from rooms in row-major order, checking what `from_rows` checks.
    pub fn from_cells(mode: Mode, size: usize, cells: Vec<Room>) -> Result<Board, BoardError> {
        if size == 0 {
            return Err(BoardError::Empty);
        }
        if size.is_multiple_of(2) {
            return Err(BoardError::EvenSize { size });
        }
        if cells.len() != size * size {
            return Err(BoardError::WrongCount { found: cells.len(), expected: size * size });
        }
        let mut at: Option<Pos> = None;
        for (k, &room) in cells.iter().enumerate() {
            let (row, col) = (k / size, k % size);
            let fits = match room {
                Room::Supply(v) => mode == Mode::Easy && v <= 9,
                Room::Food(v) | Room::Water(v) => mode == Mode::Hard && v <= 9,
                Room::Empty | Room::Collapsed | Room::Player => true,
            };
            if !fits {
                return Err(BoardError::BadCell { row, col, text: room.text(), mode, expected: mode.rooms() });
            }
            if room == Room::Player {
                if let Some((first_row, first_col)) = at {
                    return Err(BoardError::TwoPlayers { row, col, first_row, first_col });
                }
                at = Some((row, col));
            }
        }
        let at = at.ok_or(BoardError::NoPlayer)?;
        Ok(Board { n: size / 2, mode, size, cells, tally: Tally::default(), at })
    }

    /// The board as case-file rows.
    pub fn to_rows(&self) -> Vec<Vec<String>> {
        self.cells.chunks(self.size).map(|row| row.iter().map(|r| r.text()).collect()).collect()
    }

    pub fn get(&self, (r, c): Pos) -> Room {
        self.cells[r * self.size + c]
    }

    fn set(&mut self, (r, c): Pos, room: Room) {
        self.cells[r * self.size + c] = room;
    }

    /// The player's room.
    pub fn player(&self) -> Pos {
        self.at
    }

    /// The centre room, where every game starts.
    pub fn centre(&self) -> Pos {
        (self.n, self.n)
    }

    /// True when two boards show the same rooms (the tally aside), e.g. a reading and a prediction.
    pub fn same_rooms(&self, other: &Board) -> bool {
        self.mode == other.mode && self.size == other.size && self.cells == other.cells
    }

    /// The room one step from `pos` in `dir`, if it is inside the building.
    pub fn step(&self, (r, c): Pos, dir: Dir) -> Option<Pos> {
        let (dr, dc) = dir.delta();
        let (r, c) = (r.checked_add_signed(dr)?, c.checked_add_signed(dc)?);
        (r < self.size && c < self.size).then_some((r, c))
    }

    /// Why the player cannot move in `dir`, or None when it can.
    pub fn check(&self, dir: Dir) -> Option<&'static str> {
        match self.step(self.at, dir) {
            None => Some("it leaves the building"),
            Some(to) if !self.get(to).enterable() => Some("that room has collapsed"),
            Some(_) => None,
        }
    }

    pub fn legal(&self, dir: Dir) -> bool {
        self.check(dir).is_none()
    }

    /// The legal moves, in the order of `Dir::ALL`.
    pub fn legal_moves(&self) -> Vec<Dir> {
        Dir::ALL.into_iter().filter(|&d| self.legal(d)).collect()
    }

    /// True when no move is left (in a real game: the player has reached a corner).
    pub fn is_over(&self) -> bool {
        Dir::ALL.into_iter().all(|d| !self.legal(d))
    }

    /// The score so far (see `Tally::score`).
    pub fn score(&self) -> u32 {
        self.tally.score(self.mode)
    }

    /// Makes a move: collects the room entered, then collapses the line left behind and the lines
    /// beyond it. The collapse stops at the first line that is already all rubble: the rules never
    /// let anyone past such a line, and in a real game everything beyond it is down already.
    pub fn play(&mut self, dir: Dir) -> Result<Collected, IllegalMove> {
        let from = self.at;
        if let Some(why) = self.check(dir) {
            return Err(IllegalMove { dir, row: from.0, col: from.1, why });
        }
        let to = self.step(from, dir).expect("checked: the move stays inside");
        let collected = self.get(to).contents();
        self.tally.add(collected);
        self.set(to, Room::Player);
        self.at = to;
        // Lines are indexed along the axis of the move; `back` walks away from the player.
        let (left, back): (usize, isize) = match dir {
            Dir::Up => (from.0, 1),
            Dir::Down => (from.0, -1),
            Dir::Left => (from.1, 1),
            Dir::Right => (from.1, -1),
        };
        let line_pos = |line: usize, k: usize| if dir.is_vertical() { (line, k) } else { (k, line) };
        let mut line = Some(left);
        while let Some(l) = line.filter(|&l| l < self.size) {
            if l != left && (0..self.size).all(|k| self.get(line_pos(l, k)) == Room::Collapsed) {
                break;
            }
            (0..self.size).for_each(|k| self.set(line_pos(l, k), Room::Collapsed));
            line = l.checked_add_signed(back);
        }
        Ok(collected)
    }

    /// Plays a list of moves, stopping at the first illegal one.
    pub fn play_all(&self, moves: &[Dir]) -> Result<Board, IllegalMove> {
        let mut board = self.clone();
        for &dir in moves {
            board.play(dir)?;
        }
        Ok(board)
    }
}

impl fmt::Display for Board {
    /// One line per row, rooms right-aligned in columns of two.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.to_rows() {
            let cells: Vec<String> = row.iter().map(|t| format!("{t:>2}")).collect();
            writeln!(f, "{}", cells.join(" "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
