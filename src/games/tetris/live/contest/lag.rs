//! How late the page answers now. On a busy machine the browser takes keys, and draws what they
//! did, later than on a quiet one (from a few ms to tens of ms); the bot's margins follow what it
//! measures: the time from a piece's drop key to the next piece on screen, over the last pieces,
//! never below the profile's figures; and how long sending a piece's keys takes.

use std::collections::VecDeque;
use std::time::Duration;

use super::super::config::ContestTiming;

/// Pieces the measure looks back over.
const WINDOW: usize = 50;

#[derive(Clone, Debug)]
pub struct Lag {
    recent: VecDeque<Duration>,
    /// How long the last pieces' keys took to send, first to drop.
    sending: VecDeque<Duration>,
    display: Duration,
    key: Duration,
    cycle: Duration,
}

impl Lag {
    pub fn new(timing: &ContestTiming) -> Lag {
        let ms = Duration::from_millis;
        Lag {
            recent: VecDeque::with_capacity(WINDOW),
            sending: VecDeque::with_capacity(WINDOW),
            display: ms(timing.display_lag_ms),
            key: ms(timing.key_lag_ms),
            cycle: ms(timing.cycle_ms),
        }
    }

    /// A drop key went `answer` before the next piece showed on screen.
    pub fn saw(&mut self, answer: Duration) {
        if self.recent.len() == WINDOW {
            self.recent.pop_front();
        }
        self.recent.push_back(answer);
    }

    /// A piece's keys took `took` to send.
    pub fn sent(&mut self, took: Duration) {
        if self.sending.len() == WINDOW {
            self.sending.pop_front();
        }
        self.sending.push_back(took);
    }

    /// The 90th percentile of the recent answers (zero before any).
    fn high(&self) -> Duration {
        high(&self.recent)
    }

    /// How long a piece's keys take to send (the 90th percentile of the last pieces'), and then
    /// to reach the page.
    pub fn keys(&self) -> Duration {
        high(&self.sending) + self.key
    }

    /// How late a tick may show on screen.
    pub fn display(&self) -> Duration {
        self.display.max(self.high())
    }

    /// How late a key may reach the page.
    pub fn key(&self) -> Duration {
        self.key.max(self.high())
    }

    /// From a piece's keys to the next piece's.
    pub fn cycle(&self) -> Duration {
        self.cycle.max(self.high())
    }
}

/// The 90th percentile of `durations` (zero for none).
fn high(durations: &VecDeque<Duration>) -> Duration {
    let mut sorted: Vec<Duration> = durations.iter().copied().collect();
    sorted.sort();
    sorted.get(sorted.len() * 9 / 10).copied().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn margins_follow_a_slow_page_and_never_drop_below_the_profile() {
        let ms = Duration::from_millis;
        let timing = ContestTiming { display_lag_ms: 30, key_lag_ms: 6, cycle_ms: 22, ..ContestTiming::default() };
        let mut lag = Lag::new(&timing);
        assert_eq!((lag.display(), lag.key(), lag.cycle()), (ms(30), ms(6), ms(22)));
        for _ in 0..40 {
            lag.saw(ms(15));
        }
        assert_eq!((lag.display(), lag.key(), lag.cycle()), (ms(30), ms(15), ms(22)));
        for _ in 0..10 {
            lag.saw(ms(70));
        }
        assert_eq!(lag.cycle(), ms(70), "a fifth of the answers slow: the 90th percentile is slow");
        for _ in 0..50 {
            lag.saw(ms(10));
        }
        assert_eq!(lag.cycle(), ms(22), "the busy spell is forgotten");
    }

    #[test]
    fn a_pieces_keys_take_what_sending_them_took_lately_and_the_key_lag() {
        let ms = Duration::from_millis;
        let timing = ContestTiming { key_lag_ms: 6, ..ContestTiming::default() };
        let mut lag = Lag::new(&timing);
        assert_eq!(lag.keys(), ms(6), "nothing sent yet: the key lag alone");
        for took in [2, 3, 2, 4, 3, 2, 3, 2, 3, 9] {
            lag.sent(ms(took));
        }
        assert_eq!(lag.keys(), ms(9 + 6), "the slowest tenth counts");
    }
}
