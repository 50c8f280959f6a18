//! Computer vision shared by the games: colour science, connected components, grid finding,
//! palette classification, learning classes from a known board, and annotated images.

pub mod annotate;
pub mod colour;
pub mod components;
pub mod disc_sizes;
pub mod discs;
pub mod grid;
pub mod learn;
pub mod palette;
