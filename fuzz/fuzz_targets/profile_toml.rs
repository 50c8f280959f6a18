//! Profiles from arbitrary text: the TOML parse `--profile FILE` uses, every game's own section
//! read from it, and, where that succeeds, the game's reader run with those settings on a small
//! drawn board (hostile thresholds and sizes must give errors, not panics).
#![no_main]

use std::path::Path;
use std::sync::LazyLock;

use gamebot::frame::Frame;
use gamebot::games::tetris::live::config::LiveConfig;
use gamebot::games::{Breach, Collapse, Flood, Pegs};
use gamebot::profile::Profile;
use gamebot::runner::TurnBased;
use libfuzzer_sys::fuzz_target;

static FRAME: LazyLock<Frame> = LazyLock::new(gamebot_fuzz::small_board_frame);

fn read_with<G: TurnBased>(profile: &Profile) {
    if let Ok(config) = G::config(profile) {
        let _ = gamebot::commands::read_frame::<G>(&FRAME, &config);
    }
}

fuzz_target!(|bytes: &[u8]| {
    let Some(text) = gamebot_fuzz::text(bytes) else { return };
    let Ok(profile) = gamebot::files::parse_toml::<Profile>(text, Path::new("fuzz.toml")) else { return };
    read_with::<Flood>(&profile);
    read_with::<Pegs>(&profile);
    read_with::<Breach>(&profile);
    read_with::<Collapse>(&profile);
    if let Ok(config) = LiveConfig::from_profile(&profile) {
        let _ = gamebot::games::tetris::cli::read_frame(&FRAME, &config);
    }
});
