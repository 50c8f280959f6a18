//! How much time the contest page's gravity leaves the pieces of a plan made for live play, so that
//! the plan never asks the player to beat a tick by a few milliseconds.
//!
//! The page moves the falling piece down a row on a timer whose period depends on the piece number
//! (1,000 ms a row at first, 100 ms less every 100 pieces, down to 100 ms). A *rushed* piece (one a
//! tick would lock where it comes in, or take a row down from where its landing is out of reach)
//! must have its keys before the next tick; so must each rushed piece right after it. The player
//! can only make room for such a run by dropping the piece before it right after a tick it has
//! seen: a tick shows on screen up to `display_lag_ms` late, a key reaches the page up to
//! `key_lag_ms` late, and each piece of the run takes `cycle_ms` (the page draws it, the player sees
//! it, checks the board and sends its keys). A run of `n` is allowed at a piece's period when all of
//! that plus `margin_ms` fits in one period: at the fastest gravity the margin leaves fewer rushed
//! pieces in a row than the page would allow on a quiet machine, so a hiccup of that long (a late
//! frame, a busy core) costs nothing.

/// The page's gravity and the player's lags, as a limit on rushed pieces in a row per piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LiveMargin {
    /// A row every this many ms at the first piece ...
    pub gravity_ms: u64,
    /// ... this much faster ...
    pub gravity_step_ms: u64,
    /// ... every this many pieces brought in ...
    pub gravity_every: u32,
    /// ... down to a row every this many ms.
    pub gravity_min_ms: u64,
    /// How late a tick shows on screen.
    pub display_lag_ms: u64,
    /// How late a key reaches the page.
    pub key_lag_ms: u64,
    /// From one piece's keys to the next piece's (seen and checked).
    pub cycle_ms: u64,
    /// Time left over before the tick, at the least, in a plan for live play.
    pub margin_ms: u64,
    /// Never more rushed pieces in a row than this, however slow the gravity.
    pub most: u8,
}

impl LiveMargin {
    /// The page's gravity period (ms a row) once `spawned` pieces have been brought in.
    pub fn period_ms(&self, spawned: u32) -> u64 {
        let faster = u64::from(spawned / self.gravity_every.max(1)) * self.gravity_step_ms;
        self.gravity_ms.saturating_sub(faster).max(self.gravity_min_ms)
    }

    /// The time a run of `run` rushed pieces needs after the tick before it, margin included.
    pub fn needed_ms(&self, run: u8) -> u64 {
        self.display_lag_ms + self.key_lag_ms + u64::from(run) * self.cycle_ms + self.margin_ms
    }

    /// At most this many rushed pieces in a row may end at piece `index` (0-based): as many as fit
    /// in its period with the margin, and at most `most`. Zero means every piece must be able to
    /// wait for a tick.
    pub fn most_rushed(&self, index: usize) -> u8 {
        let period = self.period_ms(u32::try_from(index).unwrap_or(u32::MAX).saturating_add(1));
        (0..=self.most).rev().find(|&run| self.needed_ms(run) <= period).unwrap_or(0)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The contest page's figures, from its shipped profile (`config/tetris-contest-page.toml`).
    pub(crate) fn page() -> LiveMargin {
        let config = crate::games::tetris::live::config::LiveConfig::load(
            "tetris-contest-page",
            std::path::Path::new("/nonexistent"),
        )
        .expect("the contest page's profile");
        config.contest.expect("its [contest] section").live_margin()
    }

    #[test]
    fn the_period_follows_the_piece_number_down_to_its_floor() {
        let m = page();
        let ms = |spawned| m.period_ms(spawned);
        assert_eq!((ms(1), ms(99), ms(100), ms(899), ms(900), ms(10_000)), (1000, 1000, 900, 200, 100, 100));
    }

    #[test]
    fn at_the_fastest_gravity_the_margin_leaves_fewer_rushed_pieces_in_a_row() {
        let m = page();
        // Piece 899 (index 898) is the last at 200 ms a row: two fit with 80 ms to spare.
        assert_eq!((m.most_rushed(0), m.most_rushed(898)), (2, 2));
        // At 100 ms: one (30 + 6 + 22 + 40 = 98), not two (120).
        assert_eq!((m.most_rushed(899), m.most_rushed(9998)), (1, 1));
        let wide = LiveMargin { margin_ms: 50, ..m };
        assert_eq!(wide.most_rushed(9998), 0, "a wider margin: every piece must wait for a tick");
        assert_eq!(wide.most_rushed(898), 2);
    }
}
