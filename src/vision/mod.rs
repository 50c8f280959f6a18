//! Computer vision shared by the games: colour science, regions (imageproc's labelling), grid finding,
//! palette classification, learning classes from a known board, and annotated images.

pub mod annotate;
pub mod colour;
pub mod disc_sizes;
pub mod discs;
pub mod grid;
pub mod learn;
pub mod palette;
pub mod regions;
