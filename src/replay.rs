//! `gamebot replay`: walks case files (screenshots with known answers, `spec/CASES.md`) and hands each
//! to its game's case check (`games/<game>/case.rs`), which reads the PNG, compares the reading with
//! `[board]`, solves, and checks the solution against `[answer]` with the game's own rules. One line
//! per case, `PASS` or `FAIL`, then `N passed, M failed`; a bad case (unknown game, malformed TOML,
//! undecodable PNG) is a `FAIL` with a reason, never a panic.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::case::{Passed, load, png_for};
use crate::frame::Frame;
use crate::games::GameKind;
use crate::profile::{Calibration, Profile};
use crate::vision::grid::Grid;

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
/// A path that does not exist, and a folder without a case file, is reported as a failed case of
/// its own (a replay that checked nothing must not pass).
pub fn collect(paths: &[PathBuf]) -> (Vec<PathBuf>, Vec<CaseResult>) {
    let mut found = Vec::new();
    let mut missing = Vec::new();
    for path in paths {
        if path.is_dir() {
            let before = (found.len(), missing.len());
            walk(path, &mut found, &mut missing);
            if (found.len(), missing.len()) == before {
                let outcome = Err("a folder with no case files (*.toml) in it".into());
                missing.push(CaseResult { path: path.clone(), outcome });
            }
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

/// Where replay finds profiles and saved calibrations (`--config-dir`, `--calibration-dir`).
#[derive(Clone, Copy, Debug)]
pub struct Dirs<'a> {
    pub config: &'a Path,
    pub calibration: &'a Path,
}

/// Runs one case.
pub fn run(path: &Path, dirs: Dirs) -> CaseResult {
    CaseResult { path: path.into(), outcome: run_inner(path, dirs) }
}

/// The board layout of a calibration saved for `profile` that was made for an image of this size.
fn saved_layout(dirs: Dirs, profile: &str, frame: &Frame) -> Result<Option<Grid>, String> {
    let saved = Calibration::saved_for(dirs.calibration, profile, frame).map_err(|e| format!("calibration: {e:#}"))?;
    Ok(saved.filter(|(_, fits)| *fits).map(|(c, _)| c.grid))
}

fn run_inner(path: &Path, dirs: Dirs) -> Result<Passed, String> {
    let config_dir = dirs.config;
    let case = load(path).map_err(|e| format!("malformed case: {}", e.kind))?;
    let kind = GameKind::from_name(&case.game).ok_or_else(|| format!("unknown game \"{}\"", case.game))?;
    let profile_name = case.profile.clone().unwrap_or_else(|| kind.default_profile().to_string());
    let load_profile =
        || Profile::load_for(&profile_name, config_dir, kind.name()).map_err(|e| format!("profile: {e}"));
    let frame = crate::screen::load_png(&png_for(path)).map_err(|e| format!("image: {e}"))?;
    let layout = saved_layout(dirs, &profile_name, &frame)?;
    kind.check_case(&case, &frame, &load_profile()?, layout.as_ref())
}

/// Replays every case under `paths`, printing one line each and the closing count; returns
/// (passed, failed).
pub fn replay(paths: &[PathBuf], dirs: Dirs, out: &mut dyn FnMut(&str)) -> (usize, usize) {
    replay_with_progress(paths, dirs, out, &mut |_, _| {})
}

/// `replay`, also telling `progress` (cases done, cases in all) after each case.
pub fn replay_with_progress(
    paths: &[PathBuf],
    dirs: Dirs,
    out: &mut dyn FnMut(&str),
    progress: &mut dyn FnMut(u64, u64),
) -> (usize, usize) {
    let (found, mut results) = collect(paths);
    let total = found.len() as u64;
    for (i, path) in found.iter().enumerate() {
        results.push(run(path, dirs));
        progress(i as u64 + 1, total);
    }
    let passed = results.iter().filter(|r| r.outcome.is_ok()).count();
    for result in &results {
        out(&result.line());
    }
    let failed = results.len() - passed;
    out(&format!("{passed} passed, {failed} failed"));
    (passed, failed)
}
