//! Tetris contest records from arbitrary text: the parser under both validation rules, and the
//! replayer `gamebot` scores records with.
#![no_main]

use gamebot::games::tetris::contest::record::{Validation, parse};
use gamebot::games::tetris::contest::replay::{ReplayOptions, replay_str};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let Some(text) = gamebot_fuzz::text(bytes) else { return };
    let _ = parse(text, Validation::AllowEmpty);
    let _ = parse(text, Validation::Later);
    let _ = replay_str(text, ReplayOptions::default());
});
