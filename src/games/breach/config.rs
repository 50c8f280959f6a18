//! Breach Protocol's section of a profile (`config/cyberpunk-breach.toml`): how a pick is entered
//! (a click on its cell, or arrow keys then Enter) and hints on the screen's look for the reader.

use serde::Deserialize;

use super::read;

/// How a pick is entered.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "kebab-case")]
pub enum PickStyle {
    /// Click the centre of the cell.
    #[default]
    Cell,
    /// Arrow keys from the highlighted cell, then Enter (no pointer movement over the game).
    Keys,
}

#[derive(Clone, Debug, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct BreachInput {
    pub style: PickStyle,
    /// After each click, move the pointer off the matrix (half a cell left of it): a screen that
    /// previews the hovered cell (the clone) then shows only what was picked.
    pub rest: bool,
}

/// Breach Protocol's section of a profile (`config/cyberpunk-breach.toml`).
#[derive(Clone, Debug, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct BreachConfig {
    pub input: BreachInput,
    /// Hints on the screen's look for the reader (`[read]`).
    pub read: read::ReadHints,
}
