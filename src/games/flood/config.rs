//! Flood-it's section of a profile (`config/sgt-flood.toml`): the palette the program draws, the
//! grid finder's parameters, and how a move is entered (a board cell, or a palette button).

use serde::{Deserialize, Serialize};

use crate::frame::Point;
use crate::profile::Profile;
use crate::vision::grid::GridParams;
use crate::vision::palette::Palette;

/// How a move is entered.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "kebab-case")]
pub enum ClickStyle {
    /// Click a board cell of the chosen colour (sgt-flood).
    #[default]
    Cell,
    /// Click the palette button of the chosen colour (the original Flood-it).
    Button,
}

/// A style's name, as a profile writes it.
pub fn style_name(style: ClickStyle) -> &'static str {
    match style {
        ClickStyle::Cell => "cell",
        ClickStyle::Button => "button",
    }
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Default)]
#[serde(default, deny_unknown_fields)]
pub struct InputConfig {
    pub style: ClickStyle,
    /// For `style = "button"`: the centre of each colour's button, window-relative, label 0 first.
    pub buttons: Vec<Point>,
    /// For `style = "button"`, instead of `buttons`: each button's centre measured from the board's
    /// top-left corner in cells (x, y), as calibration learns it; it follows the board when the
    /// window is resized.
    pub buttons_in_cells: Vec<[f64; 2]>,
}

/// Flood-it's own section of a profile.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Default)]
#[serde(default, deny_unknown_fields)]
pub struct FloodConfig {
    /// The colours the program draws, label 0 first; without one, colours are clustered.
    pub palette: Option<Palette>,
    pub vision: GridParams,
    pub input: InputConfig,
    /// The cell `[row, col]` the flood grows from, when not the top-left one.
    pub start: Option<[usize; 2]>,
}

impl FloodConfig {
    /// The flood section of a profile (its palette's colours are checked as they are read).
    pub fn from_profile(profile: &Profile) -> anyhow::Result<FloodConfig> {
        Ok(profile.settings()?)
    }
}
