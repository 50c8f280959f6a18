//! Time for loops that race a game's own clock (a Tetris page's gravity): the system's clock in
//! play, a simulated one in tests. On a simulated clock time passes only when the loop waits
//! (`Clock::sleep`) or when the simulated game says an act took time (a capture, a key): the work
//! between (reading, planning) takes none, so a test of such a loop behaves the same on a busy
//! machine as on an idle one.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Now, and waiting.
pub trait Clock {
    fn now(&self) -> Instant;
    fn sleep(&self, time: Duration);
    /// True when time stands still while the loop computes (a simulated clock): a loop that could
    /// wait for a planner running beside it may then simply wait for its answer.
    fn simulated(&self) -> bool {
        false
    }
}

/// The system's clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Instant {
        Instant::now()
    }

    fn sleep(&self, time: Duration) {
        std::thread::sleep(time);
    }
}

/// A simulated clock: an instant taken when it was made, plus the time advanced since. Clones
/// share one time.
#[derive(Clone, Debug)]
pub struct SimClock {
    start: Instant,
    nanos: Arc<AtomicU64>,
}

impl Default for SimClock {
    fn default() -> SimClock {
        SimClock::new()
    }
}

impl SimClock {
    pub fn new() -> SimClock {
        SimClock { start: Instant::now(), nanos: Arc::new(AtomicU64::new(0)) }
    }

    /// Lets `time` pass.
    pub fn advance(&self, time: Duration) {
        let nanos = u64::try_from(time.as_nanos()).unwrap_or(u64::MAX);
        self.nanos.fetch_add(nanos, Ordering::SeqCst);
    }

    /// The time passed since the clock was made.
    pub fn elapsed(&self) -> Duration {
        Duration::from_nanos(self.nanos.load(Ordering::SeqCst))
    }
}

impl Clock for SimClock {
    fn now(&self) -> Instant {
        self.start + self.elapsed()
    }

    fn sleep(&self, time: Duration) {
        self.advance(time);
    }

    fn simulated(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_simulated_clock_moves_only_when_told_and_its_clones_share_it() {
        let clock = SimClock::new();
        let other = clock.clone();
        let t0 = clock.now();
        std::thread::sleep(Duration::from_millis(5));
        assert_eq!(clock.now(), t0, "real time does not move it");
        other.sleep(Duration::from_millis(40));
        clock.advance(Duration::from_millis(2));
        assert_eq!(clock.now() - t0, Duration::from_millis(42));
        assert!(clock.simulated() && !SystemClock.simulated());
    }
}
