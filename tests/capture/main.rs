//! The capture tests: the fixtures of the real programs under `fixtures/`, captured again from those
//! programs under Xvfb. Every test is ignored (it needs the program, and takes minutes); each one
//! captures its program's cases into a temporary folder and checks that each reads to the same truth
//! as the committed fixture of its name, or, with `REGENERATE=1`, rewrites the fixtures on purpose.
//! Run with `cargo test --release --test capture -- --ignored [module]`; `CAPTURE_ONLY=name,name`
//! captures only those cases. Test names start with `captures_`, so one `--skip captures_` leaves
//! them all out.

#[path = "../common/mod.rs"]
mod common;

// sgt-flood: game IDs in default and resized windows, some after clicked moves.
mod sgt_flood;
// sgt-pegs: Cross, Octagon and Random game IDs, some after dragged jumps.
mod sgt_pegs;
// Debian's Qt peg-solitaire: boards of its data.sol, some after clicked jumps.
mod peg_solitaire;
// quadrapassel: key sequences played from a new game (random pieces: checked by the rules' cell count).
mod quadrapassel;
