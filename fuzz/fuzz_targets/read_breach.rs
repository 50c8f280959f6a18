//! `gamebot read breach shot.png` on arbitrary bytes: the PNG decode the command line uses, then
//! finding and reading the board with the built-in `cyberpunk-breach` profile. Any outcome but a panic,
//! a hang or a runaway allocation is fine.
#![no_main]

use gamebot::games::Breach;
use gamebot::runner::TurnBased;
use libfuzzer_sys::fuzz_target;
use std::sync::LazyLock;

static CONFIG: LazyLock<<Breach as TurnBased>::Config> = LazyLock::new(|| {
    <Breach as TurnBased>::config(&gamebot_fuzz::profile("cyberpunk-breach")).expect("the built-in profile")
});

fuzz_target!(|bytes: &[u8]| {
    if let Some(frame) = gamebot_fuzz::frame(bytes) {
        let _ = gamebot::commands::read_frame::<Breach>(&frame, &CONFIG);
    }
});
