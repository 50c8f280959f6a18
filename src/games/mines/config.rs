//! Minesweeper's section of a profile (`config/sgt-mines.toml`): the colours the program draws its
//! cells with (the face of a covered cell, an opened one, the bevels, the eight numbers, the mine,
//! the flag, the mine that was hit), how sure the reader must be, and the rules the screen does not
//! show (the total of mines, when fixed, and what the first click does).

use serde::{Deserialize, Serialize};

use super::board::FirstClick;
use crate::profile::Profile;
use crate::vision::colour::parse_hex;

/// The colours of the cells, as `#rrggbb`.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct Colours {
    /// The face of a covered cell (and the window around the board).
    pub covered: String,
    /// An opened cell.
    pub opened: String,
    /// The bevel's light side (top and left of a covered cell).
    pub highlight: String,
    /// The bevel's dark side (bottom and right of a covered cell; the lines between opened cells).
    pub lowlight: String,
    /// The numbers 1 to 8.
    pub numbers: Vec<String>,
    /// A mine shown.
    pub mine: String,
    /// The flag on a covered cell.
    pub flag: String,
    /// The background of the mine that was hit.
    pub hit: String,
    /// The background of a number with more flags around it than it shows.
    pub overflagged: String,
}

impl Default for Colours {
    fn default() -> Colours {
        let hex = |s: &str| s.to_string();
        Colours {
            covered: hex("#e6e6e6"),
            opened: hex("#dadada"),
            highlight: hex("#ffffff"),
            lowlight: hex("#999999"),
            numbers: ["#0000ff", "#008000", "#ff0000", "#000080", "#800000", "#008080", "#000000", "#808080"]
                .map(hex)
                .to_vec(),
            mine: hex("#000000"),
            flag: hex("#ff0000"),
            hit: hex("#ff0000"),
            overflagged: hex("#ff9999"),
        }
    }
}

/// The reader's thresholds (`[vision]`).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct Vision {
    /// How far (RGB distance) a pixel may be from a colour and still count as it.
    pub tolerance: f32,
    /// The smallest cell, in pixels, that can be read (smaller cells lose their bevels).
    pub min_cell: u32,
    /// The share of a line between cells that must be bevel for it to count as one.
    pub line_share: f64,
    /// The share of a cell's inside a number's colour must cover for the cell to show that number.
    pub number_share: f64,
    /// The share of an opened cell's inside the hit mine's background must cover.
    pub hit_share: f64,
}

impl Default for Vision {
    fn default() -> Vision {
        Vision { tolerance: 40.0, min_cell: 10, line_share: 0.9, number_share: 0.02, hit_share: 0.4 }
    }
}

/// The rules the screen does not show (`[rules]`).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Default)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// The total of mines, when the program always has the same (else `--mines`, else unknown).
    pub mines: Option<u32>,
    pub first_click: FirstClick,
}

/// Minesweeper's own section of a profile.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Default)]
#[serde(default, deny_unknown_fields)]
pub struct MinesConfig {
    pub colours: Colours,
    pub vision: Vision,
    pub rules: Rules,
    /// A learned program's looks (`calibrate mines`): when present, the board is found as a lattice
    /// of cells and read by these looks instead of `colours` (`learn::cells`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub looks: Option<Looks>,
}

/// What a cell is, by the look of its background.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    Covered,
    Opened,
    /// The background of the mine that was hit.
    Hit,
    /// The background of a flagged cell, for a program that flags a cell by its colour alone
    /// (no mark drawn on it).
    Flagged,
}

/// One look of a cell's background: the colour most of its inside has and the mean colour of each
/// side of its edge (top, bottom, left, right).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Background {
    pub role: Role,
    pub centre: String,
    pub edge: Vec<String>,
}

/// One glyph a program draws on its cells, as learned (`learn::glyph`).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct GlyphLook {
    /// "1" to "8", "flag" or "mine".
    pub kind: String,
    /// The ink's colour: its solid core's where it is one colour drawn with blended edges, else its
    /// mean (the mean always, in profiles learned before 2026-12-07).
    pub colour: String,
    /// The share of ink in each of 3x5 zones of the glyph's box, row-major.
    pub zones: Vec<f32>,
    pub holes: u8,
    /// The box's width over its height.
    pub aspect: f32,
    /// The box's height over the cell's (profiles learned before it was kept have none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub height: Option<f32>,
    /// The box's height in pixels in the calibration shot (profiles learned before it was kept have
    /// none): a page may draw its numbers at one size in pixels whatever its cells' size.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pixels: Option<f32>,
}

/// A learned program's looks (`[looks]`).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Looks {
    /// A cell's background matches a look within this ΔE (centre and edge each).
    pub max_delta_e: f32,
    /// A pixel of a cell's inside is ink when this far (ΔE) from the cell's background.
    pub ink_delta_e: f32,
    /// A glyph is a learned one when its shape is this near (`learn::glyph::shape_distance`).
    pub glyph_distance: f32,
    /// The smallest cell (pixels) the board may have.
    pub min_cell: u32,
    pub backgrounds: Vec<Background>,
    pub glyphs: Vec<GlyphLook>,
}

/// The colours as RGB, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Rgb {
    pub covered: [u8; 3],
    pub opened: [u8; 3],
    pub highlight: [u8; 3],
    pub lowlight: [u8; 3],
    pub numbers: [[u8; 3]; 8],
    pub mine: [u8; 3],
    pub flag: [u8; 3],
    pub hit: [u8; 3],
    pub overflagged: [u8; 3],
}

impl MinesConfig {
    /// The mines section of a profile, its colours checked.
    pub fn from_profile(profile: &Profile) -> anyhow::Result<MinesConfig> {
        let config: MinesConfig = profile.settings()?;
        config.rgb().map_err(|e| anyhow::anyhow!("{}: {e}", profile.source.display()))?;
        Ok(config)
    }

    /// The colours as RGB; an error names a bad one.
    pub fn rgb(&self) -> Result<Rgb, String> {
        let c = &self.colours;
        let one =
            |name: &str, text: &str| parse_hex(text).ok_or_else(|| format!("colours.{name}: '{text}' is not #rrggbb"));
        if c.numbers.len() != 8 {
            return Err(format!("colours.numbers: {} colours, expected 8 (for 1 to 8)", c.numbers.len()));
        }
        let mut numbers = [[0u8; 3]; 8];
        for (k, text) in c.numbers.iter().enumerate() {
            numbers[k] = one(&format!("numbers[{k}]"), text)?;
        }
        Ok(Rgb {
            covered: one("covered", &c.covered)?,
            opened: one("opened", &c.opened)?,
            highlight: one("highlight", &c.highlight)?,
            lowlight: one("lowlight", &c.lowlight)?,
            numbers,
            mine: one("mine", &c.mine)?,
            flag: one("flag", &c.flag)?,
            hit: one("hit", &c.hit)?,
            overflagged: one("overflagged", &c.overflagged)?,
        })
    }
}
