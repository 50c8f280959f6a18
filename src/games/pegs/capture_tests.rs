//! Capture tests of this game (compiled into the `capture` test binary, not the library:
//! `tests/capture/main.rs` includes every `src/games/<game>/capture_tests.rs`): the fixtures of the
//! two desktop peg solitaires, each program in a module of its own (named by path: this file is
//! included by path, so its modules would otherwise be looked for beside it).

// sgt-pegs: Cross, Octagon and Random game IDs, some after dragged jumps (fixtures/pegs/sgt-*).
#[path = "capture_tests/sgt_pegs.rs"]
mod sgt_pegs;
// Debian's Qt peg-solitaire: boards of its data.sol, some after clicked jumps
// (fixtures/pegs/debian-peg-solitaire/).
#[path = "capture_tests/peg_solitaire.rs"]
mod peg_solitaire;
