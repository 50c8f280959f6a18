//! The "collapsing building": from the centre of a (2n+1)x(2n+1) grid of rooms, walk to a corner
//! collecting supplies while every line left behind collapses. `board` holds the rules, `read` the
//! reader of the real game's window (digits recognised by shape), `solve` the exact solvers for easy
//! (most supplies) and hard (most min(food, water)) mode. Playing the game live is not written yet.

pub mod board;
pub mod read;
pub mod solve;
