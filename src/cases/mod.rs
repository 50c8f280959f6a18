//! Cases (screenshots with known answers) and `gamebot replay`, exactly as `spec/CASES.md` says.
//!
//! For each case: read the PNG with the game's reader, compare with `[board]`, solve, and check the
//! solution against `[answer]` with the game's own rules. One line per case, `PASS` or `FAIL`, and a
//! bad case (unknown game, malformed TOML, undecodable PNG) is a `FAIL` with a reason, never a panic.

mod breach;
mod collapse;
mod flood;
mod pegs;
mod tetris;

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Deserialize;

use crate::games::GameKind;
use crate::profile::{FileError, Profile, parse_toml};

/// The common part of every case file; `board` and `answer` are read per game.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CaseFile {
    pub game: String,
    #[serde(default)]
    pub source: String,
    #[serde(default)]
    pub profile: Option<String>,
    pub board: toml::Table,
    #[serde(default)]
    pub answer: Option<toml::Table>,
}

/// A case that passed: timings and a short description of the answer.
#[derive(Debug)]
pub struct Passed {
    pub read: Duration,
    pub solve: Option<Duration>,
    pub detail: String,
}

/// The outcome of one case.
#[derive(Debug)]
pub struct CaseResult {
    pub path: PathBuf,
    pub outcome: Result<Passed, String>,
}

impl CaseResult {
    /// The line `replay` prints.
    pub fn line(&self) -> String {
        match &self.outcome {
            Ok(p) => {
                let solve = p.solve.map(|d| format!("  solve {:.1} ms", ms(d))).unwrap_or_default();
                let detail = if p.detail.is_empty() { String::new() } else { format!("  {}", p.detail) };
                format!("PASS {}  read {:.1} ms{solve}{detail}", self.path.display(), ms(p.read))
            }
            Err(reason) => format!("FAIL {}  {reason}", self.path.display()),
        }
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// Finds the case files under `paths`: each a `.toml` file, or a directory searched recursively.
/// A path that does not exist is reported as a failed case of its own.
pub fn collect(paths: &[PathBuf]) -> (Vec<PathBuf>, Vec<CaseResult>) {
    let mut found = Vec::new();
    let mut missing = Vec::new();
    for path in paths {
        if path.is_dir() {
            walk(path, &mut found, &mut missing);
        } else if path.is_file() {
            found.push(path.clone());
        } else {
            missing.push(CaseResult { path: path.clone(), outcome: Err("no such file or directory".into()) });
        }
    }
    (found, missing)
}

fn walk(dir: &Path, found: &mut Vec<PathBuf>, errors: &mut Vec<CaseResult>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => {
            errors.push(CaseResult { path: dir.into(), outcome: Err(format!("cannot list the directory: {e}")) });
            return;
        }
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            walk(&path, found, errors);
        } else if path.extension().is_some_and(|e| e == "toml") {
            found.push(path);
        }
    }
}

/// Loads a case file's TOML; errors name the file and line.
pub fn load(path: &Path) -> Result<CaseFile, FileError> {
    let text = std::fs::read_to_string(path).map_err(|e| FileError::new(path, e))?;
    parse_toml(&text, path)
}

/// The PNG beside a case file.
pub fn png_for(case_path: &Path) -> PathBuf {
    case_path.with_extension("png")
}

/// Runs one case.
pub fn run(path: &Path, config_dir: &Path) -> CaseResult {
    CaseResult { path: path.into(), outcome: run_inner(path, config_dir) }
}

fn run_inner(path: &Path, config_dir: &Path) -> Result<Passed, String> {
    let case = load(path).map_err(|e| format!("malformed case: {}", e.kind))?;
    let kind = GameKind::from_name(&case.game).ok_or_else(|| format!("unknown game \"{}\"", case.game))?;
    let profile_name = case.profile.clone().unwrap_or_else(|| kind.default_profile().to_string());
    let load_profile = || Profile::load(&profile_name, config_dir).map_err(|e| format!("profile: {e}"));
    let frame = crate::screen::load_png(&png_for(path)).map_err(|e| format!("image: {e}"))?;
    match kind {
        GameKind::Flood => flood::run(&case, &frame, &load_profile()?),
        GameKind::Pegs => pegs::run(&case, &frame, &load_profile()?),
        GameKind::Collapse => collapse::run(&case, &frame),
        GameKind::Breach => breach::run(&case, &frame),
        GameKind::Tetris => tetris::run(&case, &frame, config_dir, &profile_name),
    }
}

/// Replays every case under `paths`, printing one line each and the closing count; returns
/// (passed, failed).
pub fn replay(paths: &[PathBuf], config_dir: &Path, out: &mut dyn FnMut(&str)) -> (usize, usize) {
    let (found, mut results) = collect(paths);
    results.extend(found.iter().map(|p| run(p, config_dir)));
    let passed = results.iter().filter(|r| r.outcome.is_ok()).count();
    for result in &results {
        out(&result.line());
    }
    let failed = results.len() - passed;
    out(&format!("{passed} passed, {failed} failed"));
    (passed, failed)
}
