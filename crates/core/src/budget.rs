//! Search budgets: every solver takes one, so no search can run away with the user's time.
//!
//! A budget bounds both wall-clock time and the number of nodes expanded. Node limits make runs
//! deterministic (the same input gives the same answer on any machine); the time limit is a safety net.

use std::time::{Duration, Instant};

/// How much work a solver may do before it must return its best answer so far.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    pub max_nodes: u64,
    pub max_time: Duration,
}

impl Budget {
    pub const UNLIMITED: Budget = Budget { max_nodes: u64::MAX, max_time: Duration::MAX };

    /// What checks of an answer use (`replay`'s case checks, tests): ten million nodes and no time
    /// limit, so whether a case passes never depends on how fast or how busy the machine is.
    pub const CHECK: Budget = Budget { max_nodes: 10_000_000, max_time: Duration::MAX };

    pub fn nodes(max_nodes: u64) -> Budget {
        Budget { max_nodes, ..Budget::UNLIMITED }
    }

    pub fn time(max_time: Duration) -> Budget {
        Budget { max_time, ..Budget::UNLIMITED }
    }

    /// Starts the clock on this budget.
    pub fn start(self) -> BudgetClock {
        BudgetClock { budget: self, started: Instant::now(), nodes: 0 }
    }
}

impl Default for Budget {
    /// Ten seconds and ten million nodes: far beyond what a normal board needs.
    fn default() -> Budget {
        Budget { max_nodes: 10_000_000, max_time: Duration::from_secs(10) }
    }
}

/// A running budget: counts nodes and checks the clock (only every 1024 nodes, as time is costly).
#[derive(Debug)]
pub struct BudgetClock {
    budget: Budget,
    started: Instant,
    nodes: u64,
}

impl BudgetClock {
    /// Records one expanded node; returns false once the budget is spent.
    pub fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.budget.max_nodes {
            return false;
        }
        !self.nodes.is_multiple_of(1024) || self.started.elapsed() < self.budget.max_time
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }
}
