//! Cyberpunk 2077 Breach Protocol: pick codes from a matrix, alternating column and row, to complete
//! daemon sequences. `board` holds the rules, `read` reads screenshots, `solve` is the optimal
//! solver, `play` its part in the turn-based loop, `case` its check for `replay`, `cli` its commands.

pub mod act;
pub mod annotate;
pub mod board;
pub mod case;
pub mod cli;
pub mod play;
pub mod random;
pub mod read;
pub mod solve;

pub use play::Breach;
