//! The first-solution search: depth-first over single jumps, with a table of positions known to
//! fail (stored once per symmetry class), and restarts.
//!
//! Every position whose whole subtree has been searched without reaching the goal goes into the
//! table under its canonical form, so no symmetry class is searched twice. Dead positions are cut
//! at once by the invariants of [`super::pagoda::Goal`]. Jumps are tried in an order that keeps
//! the pegs together: first those after which the fewest pegs stand alone (no peg beside them),
//! then those that clear pegs from squares few jumps can pass over (edges and corners).
//!
//! On irregular boards (the random boards of sgt-pegs) the time to a solution is heavy-tailed: one
//! early mistake can leave a dead subtree of millions of positions. So the search restarts, with
//! node limits following the Luby sequence and a seeded random jitter on the move scores after the
//! first attempt, keeping the failure table (its entries are facts). The attempt that finishes its
//! tree without reaching its limit proves unsolvability. Everything is deterministic; a failure is
//! recorded only for a subtree searched to the end, so a cut-short attempt or the budget running
//! out never turns into a wrong "unsolvable".

use super::bits::{Bits, BitsSet};
use super::geometry::Geometry;
use super::goal::Goal;
use crate::budget::BudgetClock;

/// Node limit of the shortest attempts (attempt `i` gets `luby(i)` times this).
const RESTART_BASE: u64 = 100;
/// Jitter added to move scores after the first attempt (a lone peg costs `LONELY`).
const JITTER: u64 = 48;
const LONELY: i32 = 16;
const HARD: i32 = 4;

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    Yes,
    No,
    OutOfBudget,
}

pub struct FirstSolution<'a, B> {
    geo: &'a Geometry<B>,
    goal: &'a Goal<B>,
    clock: &'a mut BudgetClock,
    failed: BitsSet<B>,
    /// Jumps of the solution, last first (pushed while unwinding).
    path: Vec<u16>,
    /// Scored move lists, one per depth, reused.
    buffers: Vec<Vec<(i32, u16)>>,
    scratch: Vec<u16>,
    /// How much each jump lowers the pegs' hardness (4 less the jumps passing over a square).
    hard: Vec<i32>,
    out_of_budget: bool,
    /// Set when this attempt was cut short, by its own limit or by the budget.
    cut: bool,
    /// Nodes this attempt may still expand.
    attempt_left: u64,
    /// Jitter: generator state and amplitude (0 on the first attempt).
    rng: u64,
    jitter: u64,
}

/// The Luby sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ... (`i` from 0): restart limits within a log
/// factor of the best fixed limit for any distribution of run times.
fn luby(i: u64) -> u64 {
    let mut i = i + 1;
    loop {
        let k = 64 - u64::from(i.leading_zeros());
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

impl<'a, B: Bits> FirstSolution<'a, B> {
    pub fn new(geo: &'a Geometry<B>, goal: &'a Goal<B>, clock: &'a mut BudgetClock) -> Self {
        let mut passing = vec![0i32; geo.rows * geo.cols];
        for j in &geo.jumps {
            passing[j.over as usize] += 1;
        }
        let hardness = |sq: u8| 4 - passing[sq as usize];
        let hard = geo.jumps.iter().map(|j| hardness(j.from) + hardness(j.over) - hardness(j.to)).collect();
        FirstSolution {
            geo,
            goal,
            clock,
            failed: BitsSet::default(),
            path: Vec::new(),
            buffers: Vec::new(),
            scratch: Vec::new(),
            hard,
            out_of_budget: false,
            cut: false,
            attempt_left: 0,
            rng: 0,
            jitter: 0,
        }
    }

    /// Searches from `pegs`; on success the jumps are returned in playing order.
    pub fn run(&mut self, pegs: B) -> (Found, Vec<u16>) {
        for attempt in 0.. {
            self.attempt_left = luby(attempt).saturating_mul(RESTART_BASE);
            self.rng = 0x9e37_79b9_7f4a_7c15u64.wrapping_mul(attempt + 1);
            self.jitter = if attempt == 0 { 0 } else { JITTER };
            self.cut = false;
            if self.search(pegs, pegs.count(), 0) {
                let mut path = std::mem::take(&mut self.path);
                path.reverse();
                return (Found::Yes, path);
            }
            if self.out_of_budget {
                break;
            }
            if !self.cut {
                return (Found::No, Vec::new());
            }
        }
        (Found::OutOfBudget, Vec::new())
    }

    /// SplitMix64.
    fn random(&mut self) -> u64 {
        self.rng = self.rng.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.rng;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn search(&mut self, pegs: B, count: u32, depth: usize) -> bool {
        if count <= 1 {
            return !(pegs & self.goal.finals).is_zero();
        }
        if self.goal.dead(self.geo, pegs, count) {
            return false;
        }
        let key = self.geo.canonical(pegs);
        if self.failed.contains(&key) {
            return false;
        }
        if !self.clock.tick() {
            self.out_of_budget = true;
            self.cut = true;
            return false;
        }
        if self.attempt_left == 0 {
            self.cut = true;
            return false;
        }
        self.attempt_left -= 1;
        if self.buffers.len() <= depth {
            self.buffers.resize_with(depth + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.buffers[depth]);
        moves.clear();
        let mut legal = std::mem::take(&mut self.scratch);
        legal.clear();
        self.geo.legal(pegs, &mut legal);
        for &m in &legal {
            let child = pegs ^ self.geo.jumps[m as usize].flip;
            let score = HARD * self.hard[m as usize] - LONELY * self.geo.lonely(child).count() as i32;
            let jitter = if self.jitter > 0 { (self.random() % self.jitter) as i32 } else { 0 };
            moves.push((score + jitter, m));
        }
        self.scratch = legal;
        // Stable sort: ties keep the geometric order, so the search is deterministic.
        moves.sort_by_key(|&(score, _)| -score);
        let mut found = false;
        for &(_, m) in &moves {
            let child = pegs ^ self.geo.jumps[m as usize].flip;
            if self.search(child, count - 1, depth + 1) {
                self.path.push(m);
                found = true;
                break;
            }
            if self.cut {
                break;
            }
        }
        self.buffers[depth] = moves;
        if !found && !self.cut {
            self.failed.insert(key);
        }
        found
    }
}
