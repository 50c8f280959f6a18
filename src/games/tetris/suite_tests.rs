//! Tetris's own tests in the suite that needs no display (named by path: this file is included by
//! path, so its modules would otherwise be looked for beside it).

// The real-time loop against a simulated quadrapassel window.
#[path = "suite_tests/sim_loop.rs"]
mod sim_loop;
// `read tetris` and the Tetris dry run on real captures.
#[path = "suite_tests/cli.rs"]
mod cli;
