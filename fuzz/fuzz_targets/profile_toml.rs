//! Profiles from arbitrary text: the TOML parse `--profile FILE` uses, then every game in the list
//! reading a small drawn board with those settings (hostile thresholds and sizes must give errors,
//! not panics).
#![no_main]

use std::path::Path;
use std::sync::LazyLock;

use gamebot::frame::Frame;
use gamebot::games::GameKind;
use gamebot::profile::Profile;
use libfuzzer_sys::fuzz_target;

static FRAME: LazyLock<Frame> = LazyLock::new(gamebot_fuzz::small_board_frame);

fuzz_target!(|bytes: &[u8]| {
    let Some(text) = gamebot_fuzz::text(bytes) else { return };
    let Ok(profile) = gamebot::files::parse_toml::<Profile>(text, Path::new("fuzz.toml")) else { return };
    for &kind in GameKind::ALL {
        let _ = kind.read_board(&FRAME, &profile);
    }
});
