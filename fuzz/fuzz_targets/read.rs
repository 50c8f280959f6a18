//! `gamebot read <game> shot.png` on arbitrary bytes, for every game in the list: the first byte
//! picks the game, the rest goes through the PNG decode the command line uses, then the game's
//! reader with its built-in default profile. Any outcome but a panic, a hang or a runaway
//! allocation is fine.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let Some((kind, rest)) = gamebot_fuzz::game_and_rest(bytes) else { return };
    if let Some(frame) = gamebot_fuzz::frame(rest) {
        let _ = kind.read_board(&frame, &gamebot_fuzz::profile(kind.default_profile()));
    }
});
