//! Where a contest piece can come to rest, and the shortest op path there.
//!
//! A breadth-first search over (state, centre x, centre y) from the spawn, one unit step (L, R, D
//! or C, no wall kicks) per edge, exactly the moves a record can make; only legal positions are
//! entered, so the path never relies on a skipped step. A landing is a reached position where a D
//! step would be illegal: the piece rests there. Mid-air positions are reachable too, but locking
//! there only wastes room, so the planner never asks for them. Paths longer than the 100 ops a
//! piece may use are left out.

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
    /// Runs the search from the piece's spawn; false if the spawn is not legal (the game is over).
    fn search(&mut self, board: &Board, piece: SequencePiece) -> bool {
        self.dist.fill(UNSEEN);
        self.queue.clear();
        let start = Pos::spawn(piece);
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
        out.clear();
        if !self.search(board, piece) {
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

    /// The unit steps of a shortest path from the spawn to `target`, if it is reachable within
    /// the op limit.
    pub fn path_to(&mut self, board: &Board, piece: SequencePiece, target: Pos) -> Option<Vec<Step>> {
        if !self.search(board, piece) {
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
