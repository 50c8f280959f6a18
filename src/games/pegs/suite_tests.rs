//! Peg solitaire's own tests in the suite that needs no display (named by path: this file is
//! included by path, so its modules would otherwise be looked for beside it).

// Boards on gradients and textures, glossy pegs and shaded holes, calibrated blind (issue 26).
#[path = "suite_tests/shaded.rs"]
mod shaded;
// Inputs the fuzz targets found crashing, named after their bugs.
#[path = "suite_tests/fuzz_regressions.rs"]
mod fuzz_regressions;
// The zoo's screenshots scaled as a page zoomed to 80%, 125% and 150% (issue 40).
#[path = "suite_tests/scaled_zoo.rs"]
mod scaled_zoo;
// The zoo's screenshots cut by the window's edge through the board (issue 40).
#[path = "suite_tests/cropped_zoo.rs"]
mod cropped_zoo;
// The zoo's screenshots with a peg selected say which (issue 40).
#[path = "suite_tests/selected_zoo.rs"]
mod selected_zoo;
