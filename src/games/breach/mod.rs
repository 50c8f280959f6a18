//! Cyberpunk 2077 Breach Protocol: pick codes from a matrix, alternating column and row, to complete
//! daemon sequences. `board` holds the rules, `read` reads screenshots, `solve` is the optimal
//! solver.

pub mod act;
pub mod annotate;
pub mod board;
pub mod random;
pub mod read;
pub mod solve;
