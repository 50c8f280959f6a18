//! Where a contest piece can come to rest, and the shortest op path there.
//!
//! A breadth-first search over (state, centre x, centre y) from the spawn, one unit step (L, R, D
//! or C, no wall kicks) per edge, exactly the moves a record can make; only legal positions are
//! entered, so the path never relies on a skipped step. A landing is a reached position where a D
//! step would be illegal: the piece rests there. Mid-air positions are reachable too, but locking
//! there only wastes room, so the planner never asks for them. Paths longer than the 100 ops a
//! piece may use are left out.
//!
//! Under the live page's gravity a piece falls a row now and then, and a tick that finds it resting
//! locks it; a key sent while a tick is due can land a row lower than planned. `Moves::Drop` keeps
//! only the places such play reaches for sure: the piece is turned and shifted within the top rows
//! (every position on the way legal and free to fall at each of those rows, so a tick between two
//! keys changes nothing and never locks it), then dropped straight down.

use super::super::board::Board;

use super::rules::{MAX_OPS_PER_PIECE, Pos, SequencePiece, Step};

const XS: usize = 16;
const YS: usize = 24;
const NODES: usize = 4 * XS * YS;
const X_OFFSET: i32 = 2;
const UNSEEN: u16 = u16::MAX;

fn index(state: u8, x: i32, y: i32) -> Option<usize> {
    let xi = x + X_OFFSET;
    if !(0..XS as i32).contains(&xi) || !(0..YS as i32).contains(&y) {
        return None;
    }
    Some((state as usize * XS + xi as usize) * YS + y as usize)
}

/// The margin of `Moves::Drop` for the live page: a piece is turned and shifted while its centre is
/// in rows 0 to 2 (seen at row 0 or 1, and one gravity tick while its keys go out).
pub const DROP_MARGIN: i32 = 2;

/// Which resting places a piece may be taken to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Moves {
    /// Every place a record can reach, tucks and spins included (records replayed with no gravity).
    #[default]
    Any,
    /// Only places reached by turning and shifting the piece while its centre is in rows
    /// `0..=margin`, then dropping it: what live play can do whatever row gravity has taken the
    /// piece to by then (within the margin).
    Drop { margin: i32 },
}

/// A resting place and the number of unit steps to reach it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Landing {
    pub pos: Pos,
    pub steps: u8,
}

/// Reusable buffers of the search (one per thread).
pub struct Reach {
    /// For each node: the step count to reach it, `UNSEEN` if not reached.
    dist: Vec<u16>,
    /// For each reached node: the node it was reached from and the step taken.
    from: Vec<(u16, Step)>,
    queue: Vec<Pos>,
}

impl Default for Reach {
    fn default() -> Reach {
        Reach { dist: vec![UNSEEN; NODES], from: vec![(0, Step::Down); NODES], queue: Vec::with_capacity(NODES) }
    }
}

/// Turns and shifts first, so shortest paths tend to read "turn, shift, drop".
const STEPS: [Step; 4] = [Step::Rotate, Step::Left, Step::Right, Step::Down];

impl Reach {
    /// Runs the search from `start` (a piece's spawn, or where it is now); false if `start` is not
    /// legal (at the spawn: the game is over).
    fn search(&mut self, board: &Board, start: Pos) -> bool {
        self.dist.fill(UNSEEN);
        self.queue.clear();
        let Some(i) = index(start.state, start.x, start.y) else { return false };
        if !start.is_legal(board) {
            return false;
        }
        self.dist[i] = 0;
        self.queue.push(start);
        let mut head = 0;
        while head < self.queue.len() {
            let pos = self.queue[head];
            head += 1;
            let Some(here) = index(pos.state, pos.x, pos.y) else { continue };
            let d = self.dist[here];
            if d as u32 >= MAX_OPS_PER_PIECE {
                continue;
            }
            for step in STEPS {
                let next = pos.stepped(step);
                let Some(j) = index(next.state, next.x, next.y) else { continue };
                if self.dist[j] != UNSEEN || !next.is_legal(board) {
                    continue;
                }
                self.dist[j] = d + 1;
                self.from[j] = (here as u16, step);
                self.queue.push(next);
            }
        }
        true
    }

    /// Fills `out` with every landing of `piece` on `board`, one per distinct set of cells (the
    /// nearest), in search order. Empty when the piece cannot even enter.
    pub fn landings(&mut self, board: &Board, piece: SequencePiece, out: &mut Vec<Landing>) {
        self.landings_from(board, Pos::spawn(piece), out);
    }

    /// Like `landings`, for a piece now at `start` (steps counted from there).
    pub fn landings_from(&mut self, board: &Board, start: Pos, out: &mut Vec<Landing>) {
        out.clear();
        if !self.search(board, start) {
            return;
        }
        let mut taken = [0u64; NODES / 64];
        for &pos in &self.queue {
            if pos.stepped(Step::Down).is_legal(board) {
                continue;
            }
            let canonical = pos.kind.shape(pos.state).canonical;
            let Some(key) = index(canonical, pos.x, pos.y) else { continue };
            if taken[key / 64] >> (key % 64) & 1 == 1 {
                continue;
            }
            taken[key / 64] |= 1 << (key % 64);
            let Some(i) = index(pos.state, pos.x, pos.y) else { continue };
            out.push(Landing { pos, steps: self.dist[i] as u8 });
        }
    }

    /// Fills `out` with the landings `moves` allows (see [`Moves`]).
    pub fn landings_for(&mut self, board: &Board, piece: SequencePiece, moves: Moves, out: &mut Vec<Landing>) {
        match moves {
            Moves::Any => self.landings(board, piece, out),
            Moves::Drop { margin } => drop_landings(board, Pos::spawn(piece), 0..=margin, out),
        }
    }

    /// The unit steps of a shortest path from the spawn to `target`, if it is reachable within
    /// the op limit.
    pub fn path_to(&mut self, board: &Board, piece: SequencePiece, target: Pos) -> Option<Vec<Step>> {
        self.path_from(board, Pos::spawn(piece), target)
    }

    /// Searches from `start` (where a piece is now) for `reached`; false if `start` is not legal.
    pub fn explore(&mut self, board: &Board, start: Pos) -> bool {
        self.search(board, start)
    }

    /// After `explore`: true when `target`, or a state of it with the same cells, was reached.
    pub fn reached(&self, target: Pos) -> bool {
        let canonical = target.kind.shape(target.state).canonical;
        (0..4u8)
            .filter(|&s| target.kind.shape(s).canonical == canonical)
            .any(|state| index(state, target.x, target.y).is_some_and(|i| self.dist[i] != UNSEEN))
    }

    /// The unit steps of a shortest path from `start` (where a piece is now) to `target`, if it is
    /// reachable within the op limit.
    pub fn path_from(&mut self, board: &Board, start: Pos, target: Pos) -> Option<Vec<Step>> {
        if !self.search(board, start) {
            return None;
        }
        let mut i = index(target.state, target.x, target.y)?;
        if self.dist[i] == UNSEEN {
            return None;
        }
        let mut steps = Vec::with_capacity(self.dist[i] as usize);
        while self.dist[i] > 0 {
            let (from, step) = self.from[i];
            steps.push(step);
            i = from as usize;
        }
        steps.reverse();
        Some(steps)
    }
}

/// True when the piece in `state` at column `x` is legal and free to fall at every row of `rows`:
/// a gravity tick there moves it down one row and never locks it.
fn free_in(board: &Board, kind: super::rules::Kind, state: u8, x: i32, rows: &std::ops::RangeInclusive<i32>) -> bool {
    (*rows.start()..=*rows.end() + 1).all(|y| Pos { kind, state, x, y }.is_legal(board))
}

/// The turns and shifts (breadth-first, turns first) from `from` (its state and column) to every
/// (state, column) free in `rows`; for each reached node its step count and how it was reached.
fn top_moves(board: &Board, from: Pos, rows: &std::ops::RangeInclusive<i32>) -> Vec<(u8, i32, Vec<Step>)> {
    let mut seen = [[false; XS]; 4];
    let mut out: Vec<(u8, i32, Vec<Step>)> = Vec::new();
    if !free_in(board, from.kind, from.state, from.x, rows) {
        return out;
    }
    let Some(xi) = usize::try_from(from.x + X_OFFSET).ok().filter(|&i| i < XS) else { return out };
    seen[from.state as usize][xi] = true;
    out.push((from.state, from.x, Vec::new()));
    let mut head = 0;
    while head < out.len() {
        let (state, x, path) = out[head].clone();
        head += 1;
        for step in [Step::Rotate, Step::Left, Step::Right] {
            let next = Pos { kind: from.kind, state, x, y: 0 }.stepped(step);
            let Some(xi) = usize::try_from(next.x + X_OFFSET).ok().filter(|&i| i < XS) else { continue };
            if seen[next.state as usize][xi] || !free_in(board, from.kind, next.state, next.x, rows) {
                continue;
            }
            seen[next.state as usize][xi] = true;
            let mut longer = path.clone();
            longer.push(step);
            out.push((next.state, next.x, longer));
        }
    }
    out
}

/// Where the piece in `state` at column `x` comes to rest when dropped from row `y`.
fn dropped(board: &Board, mut pos: Pos) -> Pos {
    while pos.stepped(Step::Down).is_legal(board) {
        pos.y += 1;
    }
    pos
}

/// The landings of `Moves::Drop`: every (state, column) the piece reaches from `from` by turns and
/// shifts free in `rows`, dropped straight down; one per distinct set of cells.
fn drop_landings(board: &Board, from: Pos, rows: std::ops::RangeInclusive<i32>, out: &mut Vec<Landing>) {
    out.clear();
    let mut taken = [0u64; NODES / 64];
    for (state, x, path) in top_moves(board, from, &rows) {
        let pos = dropped(board, Pos { state, x, y: *rows.end() + 1, ..from });
        let canonical = pos.kind.shape(pos.state).canonical;
        let Some(key) = index(canonical, pos.x, pos.y) else { continue };
        if taken[key / 64] >> (key % 64) & 1 == 1 {
            continue;
        }
        taken[key / 64] |= 1 << (key % 64);
        let steps = (path.len() as i32 + pos.y - from.y).clamp(0, u8::MAX as i32) as u8;
        out.push(Landing { pos, steps });
    }
}

/// The turns and shifts that take a piece now at `from` to `target`'s state (or one with the same
/// cells) and column while it is anywhere in `rows`, every position on the way legal and free to
/// fall there; a drop then takes it to `target` if `target` is where it comes to rest. None when
/// no such path exists.
pub fn top_path(board: &Board, from: Pos, target: Pos, rows: std::ops::RangeInclusive<i32>) -> Option<Vec<Step>> {
    let cells = |state: u8| target.kind.shape(state).canonical;
    let below = *rows.end() + 1;
    top_moves(board, from, &rows)
        .into_iter()
        .filter(|(state, x, _)| cells(*state) == cells(target.state) && *x == target.x)
        .find(|(state, x, _)| dropped(board, Pos { state: *state, x: *x, y: below, ..target }).y == target.y)
        .map(|(_, _, path)| path)
}
