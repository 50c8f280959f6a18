//! `[look]`, a learned program's section of a profile: the well's size, background and empty cell,
//! the ghost, the previews and hold box, as `calibrate tetris --from` writes them and the reader
//! takes them. Below the reader and the learning, so that both (and the live profile) can name it.

use std::collections::BTreeMap;

use anyhow::Context;
use serde::{Deserialize, Serialize};

use super::cells::Look;
use crate::vision::colour::parse_hex;

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
