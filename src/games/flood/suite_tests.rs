//! Flood-it's own tests in the suite that needs no display (named by path: this file is included by
//! path, so its modules would otherwise be looked for beside it). Flood-it is the game the shared
//! commands and the play loop are tried on here.

// `calibrate` and its saved layout, used by `play` and `replay`.
#[path = "suite_tests/calibrate.rs"]
mod calibrate;
// The turn-based play loop against a simulated Flood-it window.
#[path = "suite_tests/play_loop.rs"]
mod play_loop;
