//! Profiles (how to play one real program) and calibrations (where its board sits on one screen).
//!
//! A profile lives in `config/<name>.toml`; the shipped ones are also built into the binary, so the
//! bot works from any directory. A calibration is written by `gamebot calibrate` to
//! `calibration/<profile>.toml`. Both are plain TOML a person can read and edit. Files are written
//! atomically (a temporary file, then a rename), and never over an existing file unless asked.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::frame::Point;
use crate::games::GameKind;
use crate::vision::grid::{Grid, GridParams};
use crate::vision::palette::Palette;

/// The profiles shipped with gamebot, built in so that they work from any directory.
const BUILT_IN: &[(&str, &str)] = &[
    ("sgt-flood", include_str!("../config/sgt-flood.toml")),
    ("sgt-pegs", include_str!("../config/sgt-pegs.toml")),
    ("cyberpunk-breach", include_str!("../config/cyberpunk-breach.toml")),
];

/// Which window to play in.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct WindowMatch {
    /// The window's title.
    pub title: String,
    /// True: the title must match exactly; false: it must contain `title`.
    #[serde(default = "yes")]
    pub exact: bool,
}

fn yes() -> bool {
    true
}

/// How a move is entered.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "kebab-case")]
pub enum ClickStyle {
    /// Click a board cell of the chosen colour (sgt-flood).
    #[default]
    Cell,
    /// Click the palette button of the chosen colour (the original Flood-it).
    Button,
    /// Keyboard only: arrow keys to the cell, then Enter (Breach Protocol).
    Keys,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Default)]
#[serde(default, deny_unknown_fields)]
pub struct InputConfig {
    pub style: ClickStyle,
    /// For `style = "button"`: the centre of each colour's button, window-relative, label 0 first.
    pub buttons: Vec<Point>,
}

/// How long to wait for the game to react.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct Timing {
    /// Pause between two captures while waiting for the screen to settle.
    pub poll_ms: u64,
    /// Identical consecutive captures needed to call the screen settled.
    pub stable_frames: u32,
    /// Give up waiting for the screen to settle after this long.
    pub settle_timeout_ms: u64,
    /// Extra pause after each action, for games that need it.
    pub after_action_ms: u64,
}

impl Default for Timing {
    fn default() -> Timing {
        Timing { poll_ms: 30, stable_frames: 2, settle_timeout_ms: 3000, after_action_ms: 0 }
    }
}

/// Everything gamebot needs to know to play one real program.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    pub name: String,
    pub game: GameKind,
    #[serde(default)]
    pub description: String,
    pub window: WindowMatch,
    /// The colours the program draws, label 0 first; without one, colours are clustered.
    #[serde(default)]
    pub palette: Option<Palette>,
    #[serde(default)]
    pub vision: GridParams,
    #[serde(default)]
    pub input: InputConfig,
    #[serde(default)]
    pub timing: Timing,
    /// Flood-it: the cell `[row, col]` the flood grows from, when not the top-left one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flood_start: Option<[usize; 2]>,
}

/// A board layout found on one screen, saved so later runs need not search for it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Calibration {
    pub profile: String,
    pub game: GameKind,
    /// The size of the window (or image) the layout was found in; it fits only that size.
    pub window_width: u32,
    pub window_height: u32,
    pub grid: Grid,
    /// What was seen besides the layout (colours, counts), for a person to compare with the profile.
    #[serde(default)]
    pub seen: Vec<String>,
}

/// A file that could not be read, parsed or written.
#[derive(Debug, thiserror::Error)]
#[error("{path}: {kind}")]
pub struct FileError {
    pub path: PathBuf,
    pub kind: FileErrorKind,
}

#[derive(Debug, thiserror::Error)]
pub enum FileErrorKind {
    #[error("{0}")]
    Io(#[from] std::io::Error),
    #[error("{0}")]
    Toml(String),
    #[error("{0}")]
    Invalid(String),
    #[error("already exists; pass --force to overwrite it")]
    Exists,
}

impl FileError {
    pub fn new(path: &Path, kind: impl Into<FileErrorKind>) -> FileError {
        FileError { path: path.to_path_buf(), kind: kind.into() }
    }
}

/// Parses TOML text into `T`; errors are one line that names the line and column.
pub fn parse_toml<T: serde::de::DeserializeOwned>(text: &str, path: &Path) -> Result<T, FileError> {
    toml::from_str(text).map_err(|e| {
        let place = e.span().map(|span| {
            let before = &text[..span.start.min(text.len())];
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            format!("line {line}, column {column}: ")
        });
        let message = e.message().trim().replace('\n', " ");
        FileError::new(path, FileErrorKind::Toml(format!("TOML error at {}{message}", place.unwrap_or_default())))
    })
}

/// Reads and parses a TOML file.
pub fn load_toml<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T, FileError> {
    let text = fs::read_to_string(path).map_err(|e| FileError::new(path, e))?;
    parse_toml(&text, path)
}

impl Profile {
    /// Loads a profile by path (anything ending in `.toml` or containing a `/`), or by name: from
    /// `<config_dir>/<name>.toml` when that file exists, else from the built-in copy.
    pub fn load(name_or_path: &str, config_dir: &Path) -> Result<Profile, FileError> {
        let as_path = Path::new(name_or_path);
        let path = if name_or_path.ends_with(".toml") || name_or_path.contains('/') {
            as_path.to_path_buf()
        } else {
            config_dir.join(format!("{name_or_path}.toml"))
        };
        let profile: Profile = if path.exists() || name_or_path.ends_with(".toml") {
            load_toml(&path)?
        } else if let Some((_, text)) = BUILT_IN.iter().find(|(name, _)| *name == name_or_path) {
            parse_toml(text, &PathBuf::from(format!("(built-in) config/{name_or_path}.toml")))?
        } else {
            let known: Vec<&str> = BUILT_IN.iter().map(|(n, _)| *n).collect();
            return Err(FileError::new(
                &path,
                FileErrorKind::Invalid(format!("no such profile; built-in profiles: {}", known.join(", "))),
            ));
        };
        if let Some(palette) = &profile.palette {
            palette.rgb_values().map_err(|e| FileError::new(&path, FileErrorKind::Invalid(e)))?;
        }
        Ok(profile)
    }
}

impl Calibration {
    /// The conventional place for a profile's calibration.
    pub fn path_for(dir: &Path, profile: &str) -> PathBuf {
        dir.join(format!("{profile}.toml"))
    }

    /// Loads a calibration if the file exists; `Ok(None)` when there is none.
    pub fn load_if_present(path: &Path) -> Result<Option<Calibration>, FileError> {
        if !path.exists() {
            return Ok(None);
        }
        load_toml(path).map(Some)
    }

    /// Saves as TOML, atomically; refuses to replace an existing file unless `overwrite`.
    pub fn save(&self, path: &Path, overwrite: bool) -> Result<(), FileError> {
        let text = toml::to_string_pretty(self).map_err(|e| FileError::new(path, FileErrorKind::Invalid(e.to_string())))?;
        let header = "# Written by `gamebot calibrate`: where the board sits in the window, for this window size.\n";
        write_atomic(path, format!("{header}{text}").as_bytes(), overwrite)
    }
}

/// Writes `bytes` to `path` through a temporary file in the same folder and a rename, so a reader
/// never sees half a file and a crash never leaves one. Refuses to replace a file unless `overwrite`.
pub fn write_atomic(path: &Path, bytes: &[u8], overwrite: bool) -> Result<(), FileError> {
    if path.exists() && !overwrite {
        return Err(FileError::new(path, FileErrorKind::Exists));
    }
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    fs::create_dir_all(dir).map_err(|e| FileError::new(dir, e))?;
    let file_name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let temp = dir.join(format!(".{file_name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut file = fs::File::create(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&temp, path)
    })();
    result.map_err(|e| {
        let _ = fs::remove_file(&temp);
        FileError::new(path, e)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_profile_loads_from_any_directory() {
        let profile = Profile::load("sgt-flood", Path::new("/nonexistent")).unwrap();
        assert_eq!(profile.game, GameKind::Flood);
        assert_eq!(profile.window.title, "Flood");
        assert!(profile.palette.is_some());
    }

    #[test]
    fn malformed_toml_names_the_file_and_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bad.toml");
        fs::write(&path, "name = \"x\"\ngame = \"flood\"\nwindow = { title = \"Flood\" \n").unwrap();
        let err = Profile::load(path.to_str().unwrap(), dir.path()).unwrap_err().to_string();
        assert!(err.contains("bad.toml"), "{err}");
        assert!(err.contains("line 3"), "{err}");
    }

    #[test]
    fn unknown_profile_names_the_built_in_ones() {
        let err = Profile::load("nope", Path::new("/nonexistent")).unwrap_err().to_string();
        assert!(err.contains("sgt-flood"), "{err}");
    }

    #[test]
    fn atomic_write_refuses_to_overwrite_unless_asked() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/cal.toml");
        write_atomic(&path, b"one", false).unwrap();
        let err = write_atomic(&path, b"two", false).unwrap_err();
        assert!(matches!(err.kind, FileErrorKind::Exists));
        assert_eq!(fs::read_to_string(&path).unwrap(), "one");
        write_atomic(&path, b"two", true).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "two");
        assert_eq!(fs::read_dir(path.parent().unwrap()).unwrap().count(), 1, "no temporary file left");
    }

    #[test]
    fn calibration_round_trips() {
        let dir = tempfile::tempdir().unwrap();
        let path = Calibration::path_for(dir.path(), "sgt-flood");
        let calibration = Calibration {
            profile: "sgt-flood".into(),
            game: GameKind::Flood,
            window_width: 480,
            window_height: 542,
            grid: Grid { rect: crate::frame::Rect { x: 17.0, y: 42.0, width: 446.0, height: 446.0 }, rows: 14, cols: 14 },
            seen: vec!["colour 0: #ff0000".into()],
        };
        calibration.save(&path, false).unwrap();
        assert_eq!(Calibration::load_if_present(&path).unwrap(), Some(calibration));
        assert_eq!(Calibration::load_if_present(&dir.path().join("none.toml")).unwrap(), None);
    }
}
