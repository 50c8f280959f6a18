//! Peg solitaire's section of a profile (`config/sgt-pegs.toml`): the palette of peg, hole and
//! backgrounds, how the board is found (flat discs of those colours, round shapes of a peg's or a
//! hole's size, or a lattice of cells told apart by their looks), the looks of a peg, a hole and a
//! square with no hole, how a jump is entered (drag, or click then click), and the rules played by.

use crate::vision::palette::Palette;

/// Peg solitaire's section of a profile (`config/sgt-pegs.toml`).
#[derive(Clone, Debug, serde::Deserialize, serde::Serialize, Default, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct PegsConfig {
    /// The peg's colour, the empty hole's, then the background colours.
    pub palette: Option<Palette>,
    pub vision: PegsVision,
    /// For `vision.find = "looks"`: how a peg, a hole and a square with no hole look.
    pub looks: LooksConfig,
    pub input: PegsInput,
    /// The rules the program plays by (`[rules]`: `jumps`, `goal`); the classic ones by default.
    #[serde(skip_serializing_if = "is_classic")]
    pub rules: super::rules::Rules,
}

fn is_classic(rules: &super::rules::Rules) -> bool {
    *rules == super::rules::Rules::default()
}

/// The looks of a board's squares (`[looks]`), as calibration learns them (`vision::looks`): the
/// mean colour of each ring around a square's centre, the middle first.
#[derive(Clone, Debug, serde::Deserialize, serde::Serialize, Default, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct LooksConfig {
    pub peg: Vec<String>,
    pub hole: Vec<String>,
    /// Every look of a square with no hole (the board's surface, the window around a round board).
    pub off: Vec<Vec<String>>,
    /// A square belongs to the look nearest to it (the largest ΔE of one ring), if within this.
    pub max_distance: f32,
    /// Looks are compared relative to their surround (`Look::relative_distance`): the board's
    /// surface is shaded (a gradient, a texture); each look then ends with its surround's colour.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub relative: bool,
    /// The squares' rims count too: each look's surround (its corners, beyond the rings) is
    /// compared as one more ring. For a program that draws a hole as nothing but a circle inscribed
    /// in its square, where nothing inside the rings tells it from a bare square; each look then
    /// ends with its surround's colour.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub rim: bool,
}

/// How the board is found in a frame.
#[derive(Clone, Copy, Debug, serde::Deserialize, serde::Serialize, Default, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum FindBy {
    /// Discs of the peg's colour and of the hole's colour (flat-drawn pegs, as sgt-pegs draws).
    #[default]
    Colours,
    /// Round shapes unlike every background colour, of a peg's size or a hole's (shaded or
    /// outlined pegs).
    Shapes,
    /// A lattice of cells (`vision::lattice`) whose squares look like a peg, a hole or no hole
    /// (`[looks]`), whatever draws them: as calibration learns it.
    Looks,
}

/// The reader's settings (`[vision]`); the defaults suit sgt-pegs.
#[derive(Clone, Debug, serde::Deserialize, serde::Serialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct PegsVision {
    pub find: FindBy,
    /// The share of a square's width and height, around its centre, sampled for its colour.
    pub patch_fraction: f64,
    /// A sampled patch whose pixels spread more than this (RMS, RGB units) is not one thing.
    pub max_patch_spread: f32,
    /// For `find = "shapes"`: a hole's diameter over a peg's.
    pub hole_to_peg: f64,
}

impl Default for PegsVision {
    fn default() -> PegsVision {
        PegsVision { find: FindBy::Colours, patch_fraction: 0.2, max_patch_spread: 30.0, hole_to_peg: 1.0 }
    }
}

/// How a jump is entered.
#[derive(Clone, Copy, Debug, serde::Deserialize, serde::Serialize, Default, PartialEq, Eq, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum MoveStyle {
    /// Drag the peg onto its landing hole (sgt-pegs).
    #[default]
    Drag,
    /// Click the peg, then click its landing hole.
    Click,
}

/// The input section (`[input]`).
#[derive(Clone, Debug, serde::Deserialize, serde::Serialize, Default, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct PegsInput {
    pub style: MoveStyle,
}
