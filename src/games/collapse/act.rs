//! The input of a Collapse move: one arrow key (or whatever key the profile names for the direction).

use super::board::Dir;
use super::config::Keys;
use crate::input::Action;

/// The key press that walks the player one room in `dir`.
pub fn key(dir: Dir, keys: &Keys) -> Action {
    let key = match dir {
        Dir::Up => &keys.up,
        Dir::Down => &keys.down,
        Dir::Left => &keys.left,
        Dir::Right => &keys.right,
    };
    Action::Key(key.clone())
}
