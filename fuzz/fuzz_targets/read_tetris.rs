//! `gamebot read tetris shot.png` on arbitrary bytes: the PNG decode the command line uses, then
//! finding the well and reading it with the built-in `quadrapassel` profile.
#![no_main]

use gamebot::games::tetris::live::config::LiveConfig;
use libfuzzer_sys::fuzz_target;
use std::sync::LazyLock;

static CONFIG: LazyLock<LiveConfig> =
    LazyLock::new(|| LiveConfig::from_profile(&gamebot_fuzz::profile("quadrapassel")).expect("the built-in profile"));

fuzz_target!(|bytes: &[u8]| {
    if let Some(frame) = gamebot_fuzz::frame(bytes) {
        let _ = gamebot::games::tetris::cli::read_frame(&frame, &CONFIG);
    }
});
