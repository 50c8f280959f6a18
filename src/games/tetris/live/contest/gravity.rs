//! The contest page's gravity, as the bot knows it from the screen. The page moves the falling
//! piece down a row on a timer (and locks it there if it cannot fall); the period shrinks as pieces
//! come. The timer's phase is not shown: it is learnt from ticks seen on screen (a piece one row
//! lower than a frame before, with no key in between). A tick is seen late (the screen lags), and
//! a busy page fires its timer late, never early; so after a tick seen within [lo, hi], the next
//! comes no earlier than lo + period and no later than hi + period + the delay allowed. Until when
//! no tick can come is what `quiet_until` answers, so that keys a tick could break go out only
//! while none can.

use std::time::{Duration, Instant};

use super::super::config::ContestTiming;

/// The page's gravity period once `spawned` pieces have been brought in.
pub fn period(timing: &ContestTiming, spawned: u32) -> Duration {
    Duration::from_millis(timing.live_margin().period_ms(spawned))
}

/// What is known of the timer.
#[derive(Clone, Debug)]
pub struct Gravity {
    /// The last tick seen happened within [lo, hi]; its period was the one in force then.
    last: Option<(Instant, Instant, Duration)>,
    /// How much later than its period a tick may come.
    delay: Duration,
}

/// Periods past the last tick seen over which the timer is still trusted.
const TRUSTED_PERIODS: u32 = 3;

impl Gravity {
    pub fn new(timing: &ContestTiming) -> Gravity {
        Gravity { last: None, delay: Duration::from_millis(timing.tick_delay_ms) }
    }

    /// A tick happened within [lo, hi], with `period` in force. Ticks never come early, so when
    /// it can only be the n-th after the last one seen, it came no earlier than that one's earliest
    /// plus n periods: a tight start of an earlier sighting carries over to later ones.
    pub fn tick(&mut self, lo: Instant, hi: Instant, period: Duration) {
        let mut lo = lo.min(hi);
        let mut hi = hi;
        if let Some((last_lo, last_hi, last_period)) = self.last {
            if hi < last_hi + period / 2 {
                // The same tick seen again: both sightings hold.
                (lo, hi) = (lo.max(last_lo).min(hi), hi.min(last_hi).max(lo));
            } else {
                let late = last_period + Duration::from_millis(1);
                let fits = |n: u32| last_lo + period * n <= hi && last_hi + late * n + self.delay >= lo;
                let mut candidates = (1..=64).take_while(|&n| last_lo + period * n <= hi).filter(|&n| fits(n));
                if let (Some(n), None) = (candidates.next(), candidates.next()) {
                    lo = lo.max(last_lo + period * n);
                }
            }
        }
        self.last = Some((lo, hi, period));
    }

    /// Forget the timer (its period changed in a way not followed).
    pub fn forget(&mut self) {
        self.last = None;
    }

    /// Until when no tick can come, seen from `now` with `period` in force now (it can only be
    /// shorter than the last tick's); None when one may come at any moment: none was seen yet,
    /// one is due, or the last was seen too long ago.
    pub fn quiet_until(&self, now: Instant, period: Duration) -> Option<Instant> {
        let (lo, hi, first) = self.last?;
        // The tick after the last seen was timed with the period then; later ones with today's.
        let (mut earliest, mut latest) = (lo + first, hi + first + self.delay);
        for _ in 0..TRUSTED_PERIODS {
            if now < earliest {
                return Some(earliest);
            }
            if now < latest {
                return None;
            }
            // Each tick may come late by the delay, and the next is timed from it.
            (earliest, latest) = (earliest + period, latest + first.max(period) + self.delay);
        }
        None
    }

    /// True when a tick was ever seen.
    pub fn known(&self) -> bool {
        self.last.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn timing() -> ContestTiming {
        ContestTiming { tick_delay_ms: 20, ..ContestTiming::default() }
    }

    #[test]
    fn the_period_shrinks_every_hundred_pieces_down_to_its_floor() {
        let t = ContestTiming::default();
        let ms = |spawned| period(&t, spawned).as_millis();
        assert_eq!(
            (ms(1), ms(99), ms(100), ms(250), ms(899), ms(900), ms(9999)),
            (1000, 1000, 900, 800, 200, 100, 100)
        );
    }

    #[test]
    fn no_tick_comes_before_a_period_after_the_earliest_the_last_could_have_been() {
        let t0 = Instant::now();
        let ms = Duration::from_millis;
        let p = ms(100);
        let mut g = Gravity::new(&timing());
        assert_eq!(g.quiet_until(t0, p), None, "nothing seen yet");
        g.tick(t0, t0 + ms(15), p);
        assert_eq!(g.quiet_until(t0 + ms(20), p), Some(t0 + ms(100)));
        assert_eq!(g.quiet_until(t0 + ms(99), p), Some(t0 + ms(100)));
        // The next tick may come from 100 ms (timer on time) to 135 ms (seen late, fired late).
        assert_eq!(g.quiet_until(t0 + ms(100), p), None);
        assert_eq!(g.quiet_until(t0 + ms(134), p), None);
        // Past that it has come, unseen: the one after it comes from 200 ms on.
        assert_eq!(g.quiet_until(t0 + ms(136), p), Some(t0 + ms(200)));
        // That one may be late by its own delay too (200 to 255 ms).
        assert_eq!(g.quiet_until(t0 + ms(250), p), None, "the second tick may still come");
        assert_eq!(g.quiet_until(t0 + ms(256), p), Some(t0 + ms(300)), "the third period is still trusted");
        assert_eq!(g.quiet_until(t0 + ms(500), p), None, "too long since a tick was seen");
    }

    #[test]
    fn a_tight_start_carries_over_to_later_sightings() {
        let t0 = Instant::now();
        let ms = Duration::from_millis;
        let p = ms(100);
        let mut g = Gravity::new(&timing());
        // Seen at once after the keys (a tight start), then two periods later seen loosely.
        g.tick(t0 + ms(3), t0 + ms(8), p);
        g.tick(t0 + ms(170), t0 + ms(215), p);
        assert_eq!(g.quiet_until(t0 + ms(220), p), Some(t0 + ms(303)), "not from 170: from 3 + 2 periods");
        // A sighting that fits two tick numbers (a long gap) narrows nothing.
        let mut g = Gravity::new(&ContestTiming { tick_delay_ms: 90, ..timing() });
        g.tick(t0 + ms(3), t0 + ms(8), p);
        g.tick(t0 + ms(170), t0 + ms(215), p);
        assert_eq!(g.quiet_until(t0 + ms(220), p), Some(t0 + ms(270)));
    }

    #[test]
    fn a_faster_period_counts_from_the_tick_after_the_last_seen() {
        let t0 = Instant::now();
        let ms = Duration::from_millis;
        let mut g = Gravity::new(&timing());
        g.tick(t0, t0 + ms(10), ms(200));
        // The page went faster since (100 ms): the tick after the last seen still waits 200 ms.
        assert_eq!(g.quiet_until(t0 + ms(50), ms(100)), Some(t0 + ms(200)));
        assert_eq!(g.quiet_until(t0 + ms(231), ms(100)), Some(t0 + ms(300)));
    }
}
