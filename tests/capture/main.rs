//! The fixture captures: each game's `src/games/<game>/capture_tests.rs`, found by the build script
//! and included here as modules `game_<game>`. They are ignored tests that open the real programs
//! under Xvfb, capture them into a temporary folder and check the truth; `REGENERATE=1` writes the
//! fixtures on purpose. Run with `cargo test --release --test capture -- --ignored`.

#[path = "../common/mod.rs"]
mod common;

include!(concat!(env!("OUT_DIR"), "/game_capture_tests.rs"));
