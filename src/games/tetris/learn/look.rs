//! The `[look]` section of a learned Tetris profile, and learning it from one screenshot.
//!
//! What one screenshot can teach: the well's size in cells, its background colour, an empty
//! cell's look (against which every cell is judged later, so a stack reaching the top rows still
//! reads), whether a ghost, previews and a hold box were seen, each box's role (at a game's start a
//! box showing a piece is a preview and an empty one the hold box: nothing is held yet), and the colours the program gave
//! the pieces it showed (for a person to check; pieces are always told by shape). Keys, rotations
//! and timing need the live window.

use std::collections::BTreeMap;

use anyhow::Context;
use serde::{Deserialize, Serialize};

use super::cells::Look;
use super::read::{self, Seen};
use crate::frame::Frame;
use crate::vision::colour::{parse_hex, to_hex};

/// `[look]`: how a learned program draws its well.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LookSettings {
    pub cols: usize,
    pub rows: usize,
    /// The well's background, `#rrggbb`.
    pub background: String,
    /// An empty cell's look: the mean colours of its middle, top, bottom, left and right bands.
    pub empty_cell: Vec<String>,
    /// Whether the calibration shot showed a ghost piece.
    #[serde(default)]
    pub ghost: bool,
    /// How many preview pieces the calibration shot showed.
    #[serde(default)]
    pub previews: usize,
    /// Whether a hold box was seen (blind: a box left of the well showing a piece; learned: an
    /// empty box beside the well at the game's start).
    #[serde(default)]
    pub hold: bool,
    /// The colours the program drew the pieces it showed in (by piece letter), for a person.
    #[serde(default)]
    pub colours: BTreeMap<String, String>,
    /// The boxes beside the well and what each shows.
    #[serde(default, rename = "box")]
    pub boxes: Vec<BoxRole>,
}

/// A box beside the well: where (in well cells from its top-left corner) and what it shows.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct BoxRole {
    pub area: [f64; 4],
    /// `preview` or `hold`.
    pub role: String,
}

impl LookSettings {
    /// The background colour.
    pub fn background(&self) -> anyhow::Result<[u8; 3]> {
        parse_hex(&self.background)
            .with_context(|| format!("[look] background = \"{}\" is no #rrggbb", self.background))
    }

    /// The empty cell's look.
    pub fn empty_look(&self) -> anyhow::Result<Look> {
        anyhow::ensure!(self.empty_cell.len() == 5, "[look] empty_cell needs 5 colours, has {}", self.empty_cell.len());
        let mut parts = [[0f32; 3]; 5];
        for (part, text) in parts.iter_mut().zip(&self.empty_cell) {
            let rgb = parse_hex(text).with_context(|| format!("[look] empty_cell: \"{text}\" is no #rrggbb"))?;
            *part = rgb.map(f32::from);
        }
        Ok(Look(parts))
    }

    /// The boxes as (is the hold box, area).
    pub fn box_roles(&self) -> Vec<(bool, [f64; 4])> {
        self.boxes.iter().map(|b| (b.role == "hold", b.area)).collect()
    }

    /// Checks the sizes a profile gives.
    pub fn check(&self) -> anyhow::Result<()> {
        anyhow::ensure!(
            (4..=20).contains(&self.cols) && (4..=40).contains(&self.rows),
            "[look] cols = {}, rows = {}: a well is 4 to 20 columns and 4 to 40 rows",
            self.cols,
            self.rows
        );
        self.background()?;
        for b in &self.boxes {
            anyhow::ensure!(
                (b.role == "hold" || b.role == "preview") && b.area.iter().all(|v| v.is_finite()),
                "[[look.box]]: role \"{}\" (preview or hold), area {:?}",
                b.role,
                b.area
            );
        }
        self.empty_look().map(|_| ())
    }
}

/// What a calibration from one screenshot found: the section to write, and the frame's reading.
pub struct Learned {
    pub settings: LookSettings,
    pub seen: Seen,
}

/// Learns the `[look]` from one screenshot, blind.
pub fn learn(frame: &Frame) -> anyhow::Result<Learned> {
    let seen = read::read(frame, None)?;
    let mut colours = BTreeMap::new();
    if let Some(f) = &seen.falling {
        let (r, c) = f.cells[0];
        colours.insert(f.piece.letter().to_string(), to_hex(seen.looks[r as usize][c as usize].middle()));
    }
    let settings = LookSettings {
        cols: seen.well.cols,
        rows: seen.well.rows,
        background: to_hex(seen.well.empty),
        empty_cell: seen.empty.0.iter().map(|p| to_hex(p.map(|v| v.round().clamp(0.0, 255.0) as u8))).collect(),
        ghost: seen.falling.as_ref().is_some_and(|f| !f.ghost.is_empty()),
        previews: seen.boxes.next.len(),
        hold: false,
        colours,
        boxes: seen
            .well
            .boxes
            .iter()
            .map(|&rect| {
                let shows = !super::boxes::pieces_in(frame, &seen.well, rect).is_empty();
                BoxRole {
                    area: super::boxes::in_cells(&seen.well, rect),
                    role: if shows { "preview" } else { "hold" }.into(),
                }
            })
            .collect(),
    };
    let settings =
        LookSettings { hold: settings.boxes.iter().any(|b| b.role == "hold") || seen.boxes.hold.is_some(), ..settings };
    Ok(Learned { settings, seen })
}

/// A proposal profile's text for a program learned from a screenshot.
pub fn profile_text(name: &str, title: &str, from: &str, settings: &LookSettings) -> anyhow::Result<String> {
    let look = toml::to_string(&BTreeMap::from([("look", settings)])).context("writing [look]")?;
    let quote = |s: &str| toml::Value::String(s.to_string()).to_string();
    let from_line = from.replace('\n', " ");
    Ok(format!(
        "# Learned by `gamebot calibrate tetris --from {from_line}`: a proposal until a game confirms it.\n\
         # The keys below are the usual ones, not learned (a screenshot cannot show them): check them.\n\
         name = {}\ngame = \"tetris\"\ndescription = {}\n\n\
         [window]\ntitle = {}\nexact = false\n\n\
         [learned]\nfrom = {}\nconfirmed = []\n\n\
         [keys]\nleft = \"Left\"\nright = \"Right\"\nrotate = \"Up\"\nsoft_drop = \"Down\"\nhard_drop = \"space\"\n\n{look}",
        quote(name),
        quote(&format!("learned from {from}")),
        quote(title),
        quote(from),
    ))
}
