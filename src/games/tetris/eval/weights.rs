//! Weights of the linear evaluator: our tuned set (the `Default`), the published baselines, and
//! loading from a TOML file.
//!
//! A weights file names any of the fields below (missing ones keep our tuned values; an unknown
//! name is an error that names it). `--weights NAME|FILE` takes `ours`, `dellacherie`, `ga`, `bcts`
//! or a path. Baselines: Dellacherie's hand-tuned six (as published by Fahey); the genetic-algorithm
//! set from Yiyuan Lee's article; BCTS as published by Thiery & Scherrer (2009).

use std::path::Path;

use anyhow::Context;
use serde::{Deserialize, Serialize};

use crate::profile;

/// One weight per feature (see `features.rs` for what each measures).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Weights {
    pub landing_height: f64,
    pub eroded_cells: f64,
    pub row_transitions: f64,
    pub column_transitions: f64,
    pub holes: f64,
    pub wells: f64,
    pub hole_depth: f64,
    pub rows_with_holes: f64,
    pub diversity: f64,
    pub aggregate_height: f64,
    pub bumpiness: f64,
    pub complete_lines: f64,
}

/// The names `--weights` knows.
pub const NAMES: [&str; 4] = ["ours", "dellacherie", "ga", "bcts"];

impl Default for Weights {
    /// Our tuned set: `gamebot tune tetris` with its defaults (15 generations of 24 weight
    /// vectors, 10 games each of up to 60,000 pieces on a 10x12 board, seed 31, from BCTS; about
    /// 6 minutes), rounded to four decimals. The README's "Tetris engine" section has how it plays.
    fn default() -> Weights {
        Weights {
            landing_height: -16.6235,
            eroded_cells: 6.0223,
            row_transitions: -12.3488,
            column_transitions: -22.2283,
            holes: -15.0064,
            wells: -13.9832,
            hole_depth: -1.9036,
            rows_with_holes: -25.3783,
            diversity: 6.6414,
            ..Weights::ZERO
        }
    }
}

impl Weights {
    /// All zero: the starting point for building a set by hand.
    pub const ZERO: Weights = Weights {
        landing_height: 0.0,
        eroded_cells: 0.0,
        row_transitions: 0.0,
        column_transitions: 0.0,
        holes: 0.0,
        wells: 0.0,
        hole_depth: 0.0,
        rows_with_holes: 0.0,
        diversity: 0.0,
        aggregate_height: 0.0,
        bumpiness: 0.0,
        complete_lines: 0.0,
    };

    /// Dellacherie: -1, 1, -1, -1, -4, -1 on landing height, eroded cells, row transitions,
    /// column transitions, holes and wells.
    pub fn dellacherie() -> Weights {
        Weights {
            landing_height: -1.0,
            eroded_cells: 1.0,
            row_transitions: -1.0,
            column_transitions: -1.0,
            holes: -4.0,
            wells: -1.0,
            ..Weights::ZERO
        }
    }

    /// The genetic-algorithm set (Yiyuan Lee): aggregate height, complete lines, holes, bumpiness.
    pub fn ga() -> Weights {
        Weights {
            aggregate_height: -0.510066,
            complete_lines: 0.760666,
            holes: -0.35663,
            bumpiness: -0.184483,
            ..Weights::ZERO
        }
    }

    /// BCTS (Thiery & Scherrer): Dellacherie's six plus hole depth and rows with holes.
    pub fn bcts() -> Weights {
        Weights {
            landing_height: -12.63,
            eroded_cells: 6.60,
            row_transitions: -9.22,
            column_transitions: -19.77,
            holes: -13.08,
            wells: -10.49,
            hole_depth: -1.61,
            rows_with_holes: -24.04,
            ..Weights::ZERO
        }
    }

    /// A named set (`ours`, `dellacherie`, `ga`, `bcts`), else a TOML file at that path.
    pub fn resolve(name_or_path: &str) -> anyhow::Result<Weights> {
        match name_or_path {
            "ours" => Ok(Weights::default()),
            "dellacherie" => Ok(Weights::dellacherie()),
            "ga" => Ok(Weights::ga()),
            "bcts" => Ok(Weights::bcts()),
            path => Weights::load(Path::new(path)).with_context(|| {
                format!("--weights {path:?} is not one of {} and could not be read as a weights file", NAMES.join(", "))
            }),
        }
    }

    /// Reads a weights TOML file; fields it leaves out keep our tuned values.
    pub fn load(path: &Path) -> anyhow::Result<Weights> {
        Ok(profile::load_toml(path)?)
    }

    /// Parses weights TOML text (`source` names it in errors).
    pub fn parse(text: &str, source: &Path) -> anyhow::Result<Weights> {
        Ok(profile::parse_toml(text, source)?)
    }

    /// The weights as TOML text, every field written.
    pub fn to_toml(&self) -> String {
        toml::to_string(self).unwrap_or_default()
    }
}
