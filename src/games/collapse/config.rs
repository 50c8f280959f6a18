//! Collapse's section of a profile (`config/collapse.toml`): the colours the game draws (read by
//! `read.rs` and `result.rs`), the keys that move the player, and how long `--levels` waits for the
//! next level to be drawn.

use serde::{Deserialize, Deserializer};

use crate::profile::Profile;
use crate::vision::colour::parse_hex;

fn hex<'de, D: Deserializer<'de>>(d: D) -> Result<[u8; 3], D::Error> {
    let text = String::deserialize(d)?;
    parse_hex(&text).ok_or_else(|| serde::de::Error::custom(format!("\"{text}\" is not a colour like \"#ff8000\"")))
}

/// The game's drawing colours.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Colours {
    /// Room outlines (1 px, each room its own rectangle).
    #[serde(deserialize_with = "hex")]
    pub outline: [u8; 3],
    /// Collapsed rooms, filled edge to edge.
    #[serde(deserialize_with = "hex")]
    pub rubble: [u8; 3],
    /// Easy-mode supply numbers.
    #[serde(deserialize_with = "hex")]
    pub supply: [u8; 3],
    /// Hard-mode food numbers.
    #[serde(deserialize_with = "hex")]
    pub food: [u8; 3],
    /// Hard-mode water numbers.
    #[serde(deserialize_with = "hex")]
    pub water: [u8; 3],
    /// The player's '@'.
    #[serde(deserialize_with = "hex")]
    pub player: [u8; 3],
    /// The end-of-level message when the player survives.
    #[serde(deserialize_with = "hex")]
    pub survive: [u8; 3],
    /// The end-of-level message when the player dies.
    #[serde(deserialize_with = "hex")]
    pub die: [u8; 3],
}

/// The end of a level and the start of the next, as `play --levels` sees them.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Levels {
    /// Pixels of the message colour, over the building, that make an end-of-level message.
    pub message_pixels: usize,
    /// The most to wait, after a level ends, for the next one to be drawn and hold still (the game
    /// pauses about 2 s, then builds the level).
    pub next_level_timeout_ms: u64,
}

/// The keys that move the player a room, by the names `input::live` understands.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct Keys {
    pub up: String,
    pub down: String,
    pub left: String,
    pub right: String,
}

impl Default for Keys {
    fn default() -> Keys {
        Keys { up: "Up".into(), down: "Down".into(), left: "Left".into(), right: "Right".into() }
    }
}

/// Collapse's own section of a profile.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CollapseConfig {
    pub colours: Colours,
    #[serde(default)]
    pub keys: Keys,
    pub levels: Levels,
}

impl CollapseConfig {
    pub fn from_profile(profile: &Profile) -> anyhow::Result<CollapseConfig> {
        Ok(profile.settings()?)
    }

    /// The shipped profile's section (`config/collapse.toml`, built in).
    pub fn built_in() -> anyhow::Result<CollapseConfig> {
        CollapseConfig::from_profile(&Profile::load("collapse", std::path::Path::new("/nonexistent"))?)
    }
}
