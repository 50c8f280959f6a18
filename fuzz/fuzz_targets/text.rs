//! Every game's text inputs from arbitrary bytes (boards on standard input, `[board]` tables,
//! contest records: `Game::parse_text`): the first byte picks the game in the list, the rest is
//! the text. Errors are fine; panics, hangs and runaway allocations are not.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let Some((kind, rest)) = gamebot_fuzz::game_and_rest(bytes) else { return };
    if let Some(text) = gamebot_fuzz::text(rest) {
        let _ = kind.parse_text(text);
    }
});
