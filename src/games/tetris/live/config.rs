//! The quadrapassel profile: window title, key bindings, reading thresholds, timings and the
//! rotation table observed on the real game. Loaded from `config/quadrapassel.toml`, or from the
//! copy built into the binary when that file is absent, so `play tetris` works from any folder.

use std::path::Path;

use anyhow::Context;
use serde::Deserialize;

use crate::profile::WindowMatch;

const BUILT_IN: &str = include_str!("../../../../config/quadrapassel.toml");

/// The keys that move the piece, by the names `input::live` understands.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Keys {
    pub left: String,
    pub right: String,
    pub rotate: String,
    pub soft_drop: String,
    pub hard_drop: String,
    pub new_game: String,
}

/// Reading thresholds (brightest channel, 0-255).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Vision {
    pub empty_max: u8,
    pub black_max: u8,
}

impl Default for Vision {
    fn default() -> Vision {
        Vision { empty_max: 40, black_max: 4 }
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Timing {
    pub poll_ms: u64,
    pub piece_timeout_ms: u64,
    pub still_ms: u64,
    pub mismatch_ms: u64,
    pub max_corrections: u32,
}

/// One observed press of the rotate key: it turns the piece's shape `from` into `to` (text rows, top
/// first), whose left edge is then `dx` columns right of where `from`'s was.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Turn {
    pub piece: char,
    pub from: Vec<String>,
    pub to: Vec<String>,
    pub dx: i32,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LiveConfig {
    pub name: String,
    pub game: String,
    #[serde(default)]
    pub description: String,
    pub window: WindowMatch,
    pub keys: Keys,
    #[serde(default)]
    pub vision: Vision,
    pub timing: Timing,
    #[serde(default)]
    pub rotation: Vec<Turn>,
}

impl LiveConfig {
    /// `<dir>/<name>.toml` when it exists, else the built-in copy of `quadrapassel`.
    pub fn load(name: &str, dir: &Path) -> anyhow::Result<LiveConfig> {
        let path = dir.join(format!("{name}.toml"));
        if path.is_file() {
            let text = std::fs::read_to_string(&path).with_context(|| format!("{}: cannot read", path.display()))?;
            return LiveConfig::parse(&text).with_context(|| format!("{}", path.display()));
        }
        anyhow::ensure!(name == "quadrapassel", "no profile {} (and no built-in profile named {name})", path.display());
        LiveConfig::parse(BUILT_IN).context("the built-in quadrapassel profile")
    }

    pub fn parse(text: &str) -> anyhow::Result<LiveConfig> {
        let config: LiveConfig = toml::from_str(text).map_err(|e| anyhow::anyhow!("{e}"))?;
        anyhow::ensure!(config.game == "tetris", "the profile is for game \"{}\", not tetris", config.game);
        Ok(config)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_profile_parses_and_names_the_window() {
        let config = LiveConfig::parse(BUILT_IN).unwrap();
        assert_eq!(config.window.title, "Quadrapassel");
        assert_eq!(config.keys.hard_drop, "space");
    }

    #[test]
    fn a_profile_for_another_game_is_refused() {
        let text = BUILT_IN.replace("game = \"tetris\"", "game = \"flood\"");
        assert!(LiveConfig::parse(&text).unwrap_err().to_string().contains("not tetris"));
    }
}
