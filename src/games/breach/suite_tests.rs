//! Breach's own tests in the suite that needs no display, each topic a module (named by path: this
//! file is included by path, so its modules would otherwise be looked for beside it).

// The project's own clone captures, with their truth from the DOM.
#[path = "suite_tests/fixtures.rs"]
mod fixtures;
// The end of a breach read from the clone's end screens.
#[path = "suite_tests/end.rs"]
mod end;
// The solver from a breach under way, against brute force.
#[path = "suite_tests/solve_from.rs"]
mod solve_from;
// The action plan on the real screenshots of the shared corpus.
#[path = "suite_tests/actions.rs"]
mod actions;
// The shared screenshots made small (1024x768 and below).
#[path = "suite_tests/small_screens.rs"]
mod small_screens;
// The real 1024x768 and Korean start screens (GAMEBOT_BREACH_REGISTRY).
#[path = "suite_tests/real_classes.rs"]
mod real_classes;
