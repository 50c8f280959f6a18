//! `gamebot read pegs shot.png` on arbitrary bytes: the PNG decode the command line uses, then
//! finding and reading the board with the built-in `sgt-pegs` profile. Any outcome but a panic,
//! a hang or a runaway allocation is fine.
#![no_main]

use gamebot::games::Pegs;
use gamebot::runner::TurnBased;
use libfuzzer_sys::fuzz_target;
use std::sync::LazyLock;

static CONFIG: LazyLock<<Pegs as TurnBased>::Config> =
    LazyLock::new(|| <Pegs as TurnBased>::config(&gamebot_fuzz::profile("sgt-pegs")).expect("the built-in profile"));

fuzz_target!(|bytes: &[u8]| {
    if let Some(frame) = gamebot_fuzz::frame(bytes) {
        let _ = gamebot::commands::read_frame::<Pegs>(&frame, &CONFIG);
    }
});
