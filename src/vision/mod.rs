//! Computer vision shared by the games: colour science, connected components, grid finding,
//! palette classification and annotated images.

pub mod annotate;
pub mod colour;
pub mod discs;
pub mod grid;
pub mod palette;
pub mod regions;
