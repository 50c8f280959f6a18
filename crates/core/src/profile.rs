//! Profiles (how to play one real program) and calibrations (where its board sits on one screen).
//!
//! A profile lives in `config/<name>.toml`; the shipped ones are also built into the binary, so the
//! bot works from any directory. Its common part (the window, timings, the input guard) is read
//! here; everything else in the file is the game's own section, which the game deserialises into
//! its own config struct (`Profile::settings`), with serde defaults and unknown keys refused. A
//! calibration is written by `gamebot calibrate` to `calibration/<profile>.toml`. Both are plain
//! TOML a person can read and edit. Nothing here knows any particular game.

use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

pub use crate::files::{FileError, FileErrorKind, load_toml, parse_toml, write_atomic};
use crate::frame::Frame;
pub use crate::screen::{Timing, WindowMatch};
use crate::vision::grid::Grid;

/// The profiles shipped in `config/`, built in (by `build.rs`) so that they work from any directory.
const BUILT_IN: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/built_in_profiles.rs"));

/// The tolerances of the guard every action passes (`input::guard`).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct GuardSettings {
    /// How far, in pixels on either axis, the pointer may drift from where the bot left it before
    /// it counts as the user taking the mouse.
    pub mouse_tolerance_px: i32,
    /// How long the pointer rests where it arrives before the button goes down, as a person's does
    /// (browsers drop a press that comes in the instant of the move). Esc or the user's mouse ends
    /// it at once.
    pub rest_ms: u64,
    /// How long the button stays down in a click (a person's is 50 to 150 ms; some toolkits ignore
    /// a press and release in one instant).
    pub hold_ms: u64,
}

impl Default for GuardSettings {
    fn default() -> GuardSettings {
        GuardSettings { mouse_tolerance_px: 3, rest_ms: 30, hold_ms: 60 }
    }
}

/// Everything gamebot needs to know to play one real program.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Profile {
    pub name: String,
    /// The game it plays, by its case-file name.
    pub game: String,
    #[serde(default)]
    pub description: String,
    pub window: WindowMatch,
    #[serde(default)]
    pub timing: Timing,
    #[serde(default)]
    pub guard: GuardSettings,
    /// For a profile `gamebot calibrate` learned: where from, and where play has confirmed it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub learned: Option<Learned>,
    /// The game's own section: every other key of the file, read by `settings`.
    #[serde(flatten)]
    pub game_settings: toml::Table,
    /// Where the profile was read from, for messages.
    #[serde(skip)]
    pub source: PathBuf,
}

/// What a learned profile says of itself (`[learned]`). Until `play` has seen its first moves all
/// show what the rules predicted on a window of some size, it is a proposal there: a mismatch
/// stops the game with a picture rather than re-planning around a misreading.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct Learned {
    /// The screenshot or window it was learned from.
    #[serde(default)]
    pub from: String,
    /// The window sizes (width, height) on which play confirmed it.
    #[serde(default)]
    pub confirmed: Vec<[u32; 2]>,
}

impl Profile {
    /// True when the profile is a learned one not yet confirmed by play on a `width` x `height`
    /// window (a profile written by hand is never a proposal).
    pub fn proposed_at(&self, width: u32, height: u32) -> bool {
        self.learned.as_ref().is_some_and(|l| !l.confirmed.contains(&[width, height]))
    }

    /// Changes the profile's own file (`edit` on its TOML table) and writes it back atomically,
    /// keeping the comment lines at its top; an error for a built-in profile, which has no file.
    pub fn record(&self, edit: impl FnOnce(&mut toml::Table)) -> Result<PathBuf, FileError> {
        let path = &self.source;
        if !path.exists() {
            return Err(FileError::invalid(path, "a built-in profile has no file to record in".to_string()));
        }
        let text = std::fs::read_to_string(path).map_err(|e| FileError::invalid(path, e.to_string()))?;
        let mut table: toml::Table = parse_toml(&text, path)?;
        edit(&mut table);
        let header: String = text.lines().take_while(|l| l.starts_with('#')).map(|l| format!("{l}\n")).collect();
        let body = toml::to_string(&table).map_err(|e| FileError::invalid(path, e.to_string()))?;
        write_atomic(path, format!("{header}{body}").as_bytes(), true)?;
        Ok(path.clone())
    }
}

/// A board layout found on one screen, saved so later runs need not search for it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Calibration {
    pub profile: String,
    pub game: String,
    /// The size of the window (or image) the layout was found in; it fits only that size.
    pub window_width: u32,
    pub window_height: u32,
    pub grid: Grid,
    /// What was seen besides the layout (colours, counts), for a person to compare with the profile.
    #[serde(default)]
    pub seen: Vec<String>,
}

/// The names of the built-in profiles.
pub fn built_in_names() -> Vec<&'static str> {
    BUILT_IN.iter().map(|(n, _)| *n).collect()
}

impl Profile {
    /// Loads a profile by path (anything ending in `.toml` or containing a `/`), or by name: from
    /// `<config_dir>/<name>.toml` when that file exists, else from the built-in copy.
    pub fn load(name_or_path: &str, config_dir: &Path) -> Result<Profile, FileError> {
        let is_path = name_or_path.ends_with(".toml") || name_or_path.contains('/');
        let path = if is_path { PathBuf::from(name_or_path) } else { config_dir.join(format!("{name_or_path}.toml")) };
        let mut profile: Profile = if path.exists() || is_path {
            load_toml(&path)?
        } else if let Some((_, text)) = BUILT_IN.iter().find(|(name, _)| *name == name_or_path) {
            parse_toml(text, &PathBuf::from(format!("(built-in) config/{name_or_path}.toml")))?
        } else {
            let known = built_in_names().join(", ");
            return Err(FileError::invalid(&path, format!("no such profile; built-in profiles: {known}")));
        };
        profile.source = if path.exists() || is_path {
            path
        } else {
            PathBuf::from(format!("(built-in) config/{name_or_path}.toml"))
        };
        Ok(profile)
    }

    /// Loads a profile and checks that it is for `game`.
    pub fn load_for(name_or_path: &str, config_dir: &Path, game: &str) -> Result<Profile, FileError> {
        let profile = Profile::load(name_or_path, config_dir)?;
        if profile.game != game {
            let found = &profile.game;
            return Err(FileError::invalid(
                &profile.source,
                format!("the profile is for game \"{found}\", not {game}"),
            ));
        }
        Ok(profile)
    }

    /// The game's own section of the profile, deserialised into its config struct; unknown keys and
    /// wrong types are errors naming the profile file.
    pub fn settings<T: DeserializeOwned>(&self) -> Result<T, FileError> {
        self.game_settings.clone().try_into().map_err(|e: toml::de::Error| {
            FileError::new(&self.source, FileErrorKind::Toml(e.message().trim().replace('\n', " ")))
        })
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
        let calibration: Calibration = load_toml(path)?;
        if !calibration.grid.has_cells() {
            let grid = &calibration.grid;
            let why = format!(
                "its grid has no cells ({} rows, {} columns, {}x{}): calibrate again",
                grid.rows, grid.cols, grid.rect.width, grid.rect.height
            );
            return Err(FileError::invalid(path, why));
        }
        Ok(Some(calibration))
    }

    /// The calibration saved in `dir` for `profile`, and whether it was made for a frame of this
    /// size (and its grid fits it): only then may its layout be read with.
    pub fn saved_for(dir: &Path, profile: &str, frame: &Frame) -> Result<Option<(Calibration, bool)>, FileError> {
        let Some(calibration) = Calibration::load_if_present(&Calibration::path_for(dir, profile))? else {
            return Ok(None);
        };
        let size = (calibration.window_width, calibration.window_height);
        let fits = size == (frame.width(), frame.height()) && calibration.grid.still_fits(frame);
        Ok(Some((calibration, fits)))
    }

    /// Saves as TOML, atomically; refuses to replace an existing file unless `overwrite`.
    pub fn save(&self, path: &Path, overwrite: bool) -> Result<(), FileError> {
        let text = toml::to_string_pretty(self).map_err(|e| FileError::invalid(path, e.to_string()))?;
        let header = "# Written by `gamebot calibrate`: where the board sits in the window, for this window size.\n";
        write_atomic(path, format!("{header}{text}").as_bytes(), overwrite)
    }
}

#[cfg(test)]
mod tests {
    use std::fs;

    use super::*;

    /// A profile file in a temporary folder.
    fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
        let path = dir.join(format!("{name}.toml"));
        fs::write(&path, text).unwrap();
        path
    }

    #[test]
    fn every_built_in_profile_loads_from_any_directory() {
        assert!(built_in_names().len() >= 5, "{:?}", built_in_names());
        for name in built_in_names() {
            let profile = Profile::load(name, Path::new("/nonexistent")).unwrap();
            assert_eq!(profile.name, name);
            assert!(!profile.window.title.is_empty() && !profile.game.is_empty());
        }
    }

    #[test]
    fn a_profile_in_the_config_folder_comes_before_the_built_in_one() {
        let dir = tempfile::tempdir().unwrap();
        let name = built_in_names()[0];
        write(dir.path(), name, &format!("name = \"{name}\"\ngame = \"g\"\n[window]\ntitle = \"Mine\"\n"));
        assert_eq!(Profile::load(name, dir.path()).unwrap().window.title, "Mine");
    }

    #[test]
    fn malformed_toml_names_the_file_and_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = write(dir.path(), "bad", "name = \"x\"\ngame = \"g\"\nwindow = { title = \"W\" \n");
        let err = Profile::load(path.to_str().unwrap(), dir.path()).unwrap_err().to_string();
        assert!(err.contains("bad.toml"), "{err}");
        assert!(err.contains("line 3"), "{err}");
    }

    #[test]
    fn unknown_profile_names_the_built_in_ones() {
        let err = Profile::load("nope", Path::new("/nonexistent")).unwrap_err().to_string();
        assert!(built_in_names().iter().all(|n| err.contains(n)), "{err}");
    }

    #[test]
    fn a_profile_for_another_game_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = write(dir.path(), "p", "name = \"p\"\ngame = \"one\"\n[window]\ntitle = \"W\"\n");
        let err = Profile::load_for(path.to_str().unwrap(), dir.path(), "two").unwrap_err().to_string();
        assert!(err.contains("for game \"one\", not two"), "{err}");
    }

    #[test]
    fn a_game_section_with_an_unknown_key_names_the_file() {
        #[derive(Deserialize, Debug)]
        #[serde(deny_unknown_fields)]
        #[allow(dead_code)]
        struct Section {
            #[serde(default)]
            palette: Option<toml::Table>,
        }
        let dir = tempfile::tempdir().unwrap();
        let path = write(dir.path(), "typo", "name = \"t\"\ngame = \"g\"\npalete = 1\n[window]\ntitle = \"W\"\n");
        let profile = Profile::load(path.to_str().unwrap(), dir.path()).unwrap();
        let err = profile.settings::<Section>().unwrap_err().to_string();
        assert!(err.contains("typo.toml") && err.contains("palete"), "{err}");
    }

    #[test]
    fn calibration_round_trips() {
        let dir = tempfile::tempdir().unwrap();
        let path = Calibration::path_for(dir.path(), "some-program");
        let calibration = Calibration {
            profile: "some-program".into(),
            game: "some-game".into(),
            window_width: 480,
            window_height: 542,
            grid: Grid {
                rect: crate::frame::Rect { x: 17.0, y: 42.0, width: 446.0, height: 446.0 },
                rows: 14,
                cols: 14,
            },
            seen: vec!["colour 0: #ff0000".into()],
        };
        calibration.save(&path, false).unwrap();
        assert_eq!(Calibration::load_if_present(&path).unwrap(), Some(calibration));
        assert_eq!(Calibration::load_if_present(&dir.path().join("none.toml")).unwrap(), None);
    }
}
