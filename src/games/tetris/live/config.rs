//! Tetris's section of a profile (`config/quadrapassel.toml`): key bindings, reading thresholds,
//! the real-time loop's waits and the rotation table observed on the real game. It is read through
//! the one profile system (`crate::profile::Profile::settings`) and joined with the profile's common
//! part (window, poll interval, guard) into the `LiveConfig` the real-time loop uses.

use serde::Deserialize;

use crate::profile::{GuardSettings, Profile, WindowMatch};

/// The keys that move the piece, by the names `input::live` understands.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Keys {
    pub left: String,
    pub right: String,
    pub rotate: String,
    pub soft_drop: String,
    /// None when the program has no hard drop: a piece is then brought down by `soft_drop`, one
    /// press a row, and one more to lock it (`driver.rs`).
    #[serde(default)]
    pub hard_drop: Option<String>,
    /// The key that starts a new game after a game over, if the game has one the bot may press
    /// (kept for the record: the loop starts games by clicking, never by a key).
    #[serde(default)]
    pub new_game: Option<String>,
}

impl Default for Keys {
    fn default() -> Keys {
        let key = |k: &str| k.to_string();
        Keys {
            left: key("Left"),
            right: key("Right"),
            rotate: key("Up"),
            soft_drop: key("Down"),
            hard_drop: Some(key("space")),
            new_game: Some(key("Return")),
        }
    }
}

/// Reading thresholds (0-255) and where the preview is.
#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Vision {
    /// A cell sample whose brightest channel is at most this is empty.
    pub empty_max: u8,
    /// Pixels at most this in every channel are the empty well's colour, when finding the well.
    pub black_max: u8,
    /// The preview area, for a game that draws its preview on the background rather than in a box
    /// of the well's colour: `[x0, y0, x1, y1]` in well cells from the well's top-left corner
    /// (column pitches across, row pitches down). Without it, the preview is the largest square
    /// region of the well's colour right of the well.
    pub preview: Option<[f64; 4]>,
}

impl Default for Vision {
    fn default() -> Vision {
        Vision { empty_max: 40, black_max: 4, preview: None }
    }
}

/// The real-time loop's waits (`[realtime]` in the profile).
#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Realtime {
    pub piece_timeout_ms: u64,
    pub still_ms: u64,
    pub mismatch_ms: u64,
    pub max_corrections: u32,
    /// The least time between two presses of one key: a toolkit that sees a key's release and its
    /// next press in the same instant takes them for the keyboard's auto-repeat (SDL does), and a
    /// program that looks at its keys once a frame misses a press shorter than the frame.
    pub repeat_gap_ms: u64,
    /// How long each key is held down; 0: pressed and released at once. A program that looks at
    /// its keys once a frame misses a key that is not down over one of its looks.
    pub key_hold_ms: u64,
    /// A program that draws its well only at its gravity steps, this far apart (0: one that shows
    /// each key at once): a key shows only at the next step, a row lower (`learn/at_steps.rs`),
    /// and play steers so (`steps.rs`).
    pub drawn_every_ms: u64,
}

impl Default for Realtime {
    fn default() -> Realtime {
        Realtime {
            piece_timeout_ms: 4000,
            still_ms: 90,
            mismatch_ms: 600,
            max_corrections: 3,
            repeat_gap_ms: 4,
            key_hold_ms: 0,
            drawn_every_ms: 0,
        }
    }
}

/// How the contest page times its pieces, for `play tetris --contest` (`[contest]` in the profile):
/// its gravity, and how late what happens reaches the screen and a key reaches the page.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct ContestTiming {
    /// Gravity at the first piece: a row every this many ms.
    pub gravity_ms: u64,
    /// Gravity gets this much faster ...
    pub gravity_step_ms: u64,
    /// ... every this many pieces brought in ...
    pub gravity_every: u32,
    /// ... down to a row every this many ms.
    pub gravity_min_ms: u64,
    /// A gravity tick shows on screen at most this late.
    pub display_lag_ms: u64,
    /// A key reaches the page at most this late.
    pub key_lag_ms: u64,
    /// A tick may come this much later than its period says (a busy page), over a few periods.
    pub tick_delay_ms: u64,
    /// From a piece's last key to the next piece's keys, at most (the page draws the new piece,
    /// the bot sees and checks it).
    pub cycle_ms: u64,
    /// How long to wait for the planner's landing before taking its best line's.
    pub plan_wait_ms: u64,
    /// Pause between two captures while watching a piece.
    pub poll_ms: u64,
    /// At most this many rushed pieces in a row in the player's own plans (each must be placed
    /// before the next tick; see `solve tetris --most-rushed`).
    pub most_rushed: u8,
    /// Time a plan made for live play leaves over before a tick, at the least, for a rushed piece
    /// resting on the stack where it comes in (see `contest::margin`, `solve tetris --live`).
    pub margin_ms: u64,
}

impl ContestTiming {
    /// The page's gravity and the lags, as the planner's limit on rushed pieces per piece.
    pub fn live_margin(&self) -> crate::games::tetris::contest::LiveMargin {
        crate::games::tetris::contest::LiveMargin {
            gravity_ms: self.gravity_ms,
            gravity_step_ms: self.gravity_step_ms,
            gravity_every: self.gravity_every,
            gravity_min_ms: self.gravity_min_ms,
            display_lag_ms: self.display_lag_ms,
            key_lag_ms: self.key_lag_ms,
            cycle_ms: self.cycle_ms,
            margin_ms: self.margin_ms,
            most: self.most_rushed,
        }
    }
}

impl Default for ContestTiming {
    fn default() -> ContestTiming {
        ContestTiming {
            gravity_ms: 1000,
            gravity_step_ms: 100,
            gravity_every: 100,
            gravity_min_ms: 100,
            display_lag_ms: 25,
            key_lag_ms: 6,
            tick_delay_ms: 25,
            cycle_ms: 25,
            plan_wait_ms: 40,
            poll_ms: 1,
            most_rushed: 2,
            margin_ms: 40,
        }
    }
}

/// One observed press of the rotate key: it turns the piece's shape `from` into `to` (text rows, top
/// first), whose left edge is then `dx` columns right of where `from`'s was.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Turn {
    pub piece: char,
    pub from: Vec<String>,
    pub to: Vec<String>,
    pub dx: i32,
}

/// Tetris's own section of a profile.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TetrisSettings {
    pub keys: Keys,
    pub vision: Vision,
    pub realtime: Realtime,
    pub rotation: Vec<Turn>,
    /// The contest page's timing; a profile without it cannot play `--contest`.
    pub contest: Option<ContestTiming>,
    /// How a learned program draws its well (`calibrate tetris --from`); read with `learn`.
    pub look: Option<crate::games::tetris::learn::settings::LookSettings>,
}

/// The loop's timings: the profile's poll interval and the real-time waits.
#[derive(Clone, Debug)]
pub struct Timing {
    pub poll_ms: u64,
    pub piece_timeout_ms: u64,
    pub still_ms: u64,
    pub mismatch_ms: u64,
    pub max_corrections: u32,
    pub repeat_gap_ms: u64,
    pub key_hold_ms: u64,
    pub drawn_every_ms: u64,
}

impl Timing {
    /// The gravity step of a program that draws only at its steps, None for one that shows keys
    /// at once.
    pub fn drawn_every(&self) -> Option<std::time::Duration> {
        (self.drawn_every_ms > 0).then(|| std::time::Duration::from_millis(self.drawn_every_ms))
    }
}

/// Everything the real-time loop needs of a profile.
#[derive(Clone, Debug)]
pub struct LiveConfig {
    pub name: String,
    pub window: WindowMatch,
    pub keys: Keys,
    pub vision: Vision,
    pub timing: Timing,
    pub guard: GuardSettings,
    pub rotation: Vec<Turn>,
    pub contest: Option<ContestTiming>,
    pub look: Option<crate::games::tetris::learn::settings::LookSettings>,
}

impl LiveConfig {
    /// Joins a tetris profile's common part with its tetris section.
    pub fn from_profile(profile: &Profile) -> anyhow::Result<LiveConfig> {
        let settings: TetrisSettings = profile.settings()?;
        if let Some(area) = settings.vision.preview {
            let [x0, y0, x1, y1] = area;
            anyhow::ensure!(
                area.iter().all(|v| v.is_finite() && (-100.0..=100.0).contains(v)) && x0 < x1 && y0 < y1,
                "{}: [vision] preview = {area:?} is not an area [x0, y0, x1, y1] in well cells (x0 < x1, y0 < y1, each within -100..100)",
                profile.source.display()
            );
        }
        if let Some(look) = &settings.look {
            look.check().map_err(|e| anyhow::anyhow!("{}: {e:#}", profile.source.display()))?;
        }
        let r = settings.realtime;
        Ok(LiveConfig {
            name: profile.name.clone(),
            window: profile.window.clone(),
            keys: settings.keys,
            vision: settings.vision,
            timing: Timing {
                poll_ms: profile.timing.poll_ms,
                piece_timeout_ms: r.piece_timeout_ms,
                still_ms: r.still_ms,
                mismatch_ms: r.mismatch_ms,
                max_corrections: r.max_corrections,
                repeat_gap_ms: r.repeat_gap_ms,
                key_hold_ms: r.key_hold_ms,
                drawn_every_ms: r.drawn_every_ms,
            },
            guard: profile.guard.clone(),
            rotation: settings.rotation,
            contest: settings.contest,
            look: settings.look,
        })
    }

    /// Loads a tetris profile by name or path (built-in copies when absent from `dir`).
    pub fn load(name_or_path: &str, dir: &std::path::Path) -> anyhow::Result<LiveConfig> {
        LiveConfig::from_profile(&Profile::load_for(name_or_path, dir, "tetris")?)
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    #[test]
    fn the_built_in_profile_parses_and_names_the_window() {
        let config = LiveConfig::load("quadrapassel", Path::new("/nonexistent")).unwrap();
        assert_eq!(config.window.title, "Quadrapassel");
        assert_eq!(config.keys.hard_drop.as_deref(), Some("space"));
        assert_eq!((config.timing.poll_ms, config.guard.mouse_tolerance_px), (10, 2));
        assert!(config.rotation.iter().any(|t| t.piece == 'I'), "the learnt rotation table is there");
    }

    #[test]
    fn a_profile_for_another_game_is_refused() {
        let err = LiveConfig::load("sgt-flood", Path::new("/nonexistent")).unwrap_err().to_string();
        assert!(err.contains("not tetris"), "{err}");
    }

    #[test]
    fn a_profile_given_by_path_is_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("my-tetris.toml");
        let text = "name = \"mine\"\ngame = \"tetris\"\n[window]\ntitle = \"T\"\n[keys]\nleft = \"a\"\nright = \"d\"\nrotate = \"w\"\nsoft_drop = \"s\"\nhard_drop = \"space\"\nnew_game = \"n\"\n";
        std::fs::write(&path, text).unwrap();
        let config = LiveConfig::load(path.to_str().unwrap(), Path::new("/nonexistent")).unwrap();
        assert_eq!((config.name.as_str(), config.keys.left.as_str()), ("mine", "a"));
    }

    #[test]
    fn a_preview_area_that_is_no_rectangle_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bad.toml");
        for area in ["[12.0, 14.0, 10.0, 16.0]", "[1.0, 2.0, 3.0, 1e300]", "[1.0, 2.0, 3.0]"] {
            let text =
                format!("name = \"bad\"\ngame = \"tetris\"\n[window]\ntitle = \"T\"\n[vision]\npreview = {area}\n");
            std::fs::write(&path, text).unwrap();
            let err = format!("{:#}", LiveConfig::load(path.to_str().unwrap(), Path::new("/nonexistent")).unwrap_err());
            assert!(err.contains("bad.toml") && (err.contains("preview") || err.contains("length 4")), "{area}: {err}");
        }
    }

    #[test]
    fn the_contest_page_profile_turns_as_the_contest_rules_say() {
        use super::super::super::Piece;
        use super::super::super::contest::Kind;
        use super::super::super::live::{shape, turns::Turns};
        let config = LiveConfig::load("tetris-contest-page", Path::new("/nonexistent")).unwrap();
        assert_eq!(config.vision.preview.map(|p| p.len()), Some(4), "the page draws its preview on the background");
        let turns = Turns::from_config(&config.rotation).unwrap();
        assert_eq!(turns.missing(), 0, "every press is in the table");
        for kind in Kind::ALL {
            let piece = Piece::from_char(kind.letter()).unwrap();
            for state in 0..4u8 {
                let cells = |s: u8| -> Vec<(i32, i32)> {
                    kind.shape(s % 4).offsets.iter().map(|&(dx, dy)| (dy as i32, dx as i32)).collect()
                };
                let (from, to) = (cells(state), cells(state + 1));
                let dx = shape::left(&to).unwrap() - shape::left(&from).unwrap();
                let (from, to) = (shape::normalise(&from), shape::normalise(&to));
                let want = if from == to { Some((0, 0)) } else { Some((1, dx)) };
                assert_eq!(turns.path(piece, &from, &to), want, "{} state {state}", kind.letter());
            }
        }
    }
}
