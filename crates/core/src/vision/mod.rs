//! Computer vision shared by the games: colour science, regions (imageproc's labelling), segmentation
//! into parts, grid and lattice finding, palette classification, learning classes from a known board,
//! and annotated images.

pub mod annotate;
pub mod colour;
pub mod disc_sizes;
pub mod discs;
pub mod edge;
pub mod grid;
pub mod halved;
pub mod interleaved;
pub mod lattice;
pub mod learn;
pub mod looks;
mod looks_rings;
mod looks_within;
pub mod palette;
pub mod regions;
pub mod segment;
mod segment_keyed;
