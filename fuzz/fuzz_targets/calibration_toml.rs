//! Calibrations from arbitrary text: the TOML parse `play` and `calibrate` use, then every game in
//! the list reading a small drawn board where that layout says, with its default profile, as
//! `play` would (a layout that does not fit the frame is refused first, as `play` refuses it).
#![no_main]

use std::path::Path;
use std::sync::LazyLock;

use gamebot::frame::Frame;
use gamebot::games::GameKind;
use gamebot::profile::Calibration;
use libfuzzer_sys::fuzz_target;

static FRAME: LazyLock<Frame> = LazyLock::new(gamebot_fuzz::small_board_frame);

fuzz_target!(|bytes: &[u8]| {
    let Some(text) = gamebot_fuzz::text(bytes) else { return };
    let Ok(calibration) = gamebot::files::parse_toml::<Calibration>(text, Path::new("fuzz.toml")) else { return };
    for &kind in GameKind::ALL {
        let _ = kind.read_at(&FRAME, &gamebot_fuzz::profile(kind.default_profile()), &calibration.grid);
    }
});
