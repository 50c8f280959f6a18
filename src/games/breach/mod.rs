//! Cyberpunk 2077 Breach Protocol: pick codes from a matrix, alternating column and row, to complete
//! daemon sequences. `board` holds the rules, `solve` the optimal solver. Reading screenshots and
//! acting are not written yet.

pub mod board;
pub mod solve;
