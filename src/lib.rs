//! gamebot: plays screen games by looking at their window, reading the board, solving it and acting.
//!
//! The library holds everything and never prints; `main.rs` is only the command line. Data flows
//! screen → locate → read → solve → act → verify. The layer below the games (screens, vision,
//! guarded input, profiles, files, the case format, the game contract and the play loop) is the
//! crate `gamebot-core`, which knows no game; its modules are re-exported here under their own
//! names. Above it: `games` (each game one folder, and the one list of games), `commands` (the
//! commands the games share) and `replay` (hands each case to its game).

#[cfg(target_os = "linux")]
pub use gamebot_core::xsession;
pub use gamebot_core::{
    beam, budget, calibrate_bench, case, clock, files, frame, game, input, invocation, profile, rng, runner, screen,
    vision,
};

// Its doc comments are clap's --help text ("[default: <name>]"), not rustdoc markup.
#[allow(rustdoc::invalid_html_tags, rustdoc::broken_intra_doc_links)]
pub mod commands;
pub mod games;
pub mod replay;
