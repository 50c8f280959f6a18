//! The parts of a case file (docs/cases.md) every game shares: the file itself, the outcome of
//! checking one, and the helpers each game's case check (`<game>/case.rs`) is built from. The walk
//! over folders and the `replay` output are in the `gamebot` crate's `replay` module, above the games.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Deserialize;
use serde::de::DeserializeOwned;

use crate::files::FileError;

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

impl Passed {
    /// A case that checks the reading only.
    pub fn read_only(read: Duration) -> Passed {
        Passed { read, solve: None, detail: String::new() }
    }
}

/// Loads a case file's TOML; errors name the file and line.
pub fn load(path: &Path) -> Result<CaseFile, FileError> {
    crate::files::load_toml(path)
}

/// The PNG beside a case file.
pub fn png_for(case_path: &Path) -> PathBuf {
    case_path.with_extension("png")
}

impl CaseFile {
    /// The `[board]` table as the game's own struct.
    pub fn board_as<T: DeserializeOwned>(&self) -> Result<T, String> {
        self.board.clone().try_into().map_err(|e: toml::de::Error| format!("malformed [board]: {}", e.message().trim()))
    }

    /// The `[answer]` table as the game's own struct (its default when there is none).
    pub fn answer_as<T: DeserializeOwned + Default>(&self) -> Result<T, String> {
        match &self.answer {
            Some(table) => table
                .clone()
                .try_into()
                .map_err(|e: toml::de::Error| format!("malformed [answer]: {}", e.message().trim())),
            None => Ok(T::default()),
        }
    }
}

/// The text rows of a board to solve: a case file's `[board] rows`, or the non-empty lines of
/// standard input (when `input` is None or "-"). Also returns where they came from, for errors.
pub fn input_rows(input: Option<&Path>) -> anyhow::Result<(Vec<String>, String)> {
    use anyhow::Context as _;
    use std::io::Read as _;
    match input {
        Some(path) if path.as_os_str() != "-" => {
            let case = load(path)?;
            let rows = case
                .board
                .get("rows")
                .and_then(|r| r.as_array())
                .with_context(|| format!("{}: [board] has no rows", path.display()))?
                .iter()
                .map(|v| v.as_str().map(String::from).context("rows must be strings"))
                .collect::<anyhow::Result<_>>()?;
            Ok((rows, path.display().to_string()))
        }
        _ => {
            // At most as much as a TOML file: a board is a few hundred bytes.
            let limit = crate::files::MAX_TOML_BYTES;
            let mut bytes = Vec::new();
            std::io::stdin().take(limit + 1).read_to_end(&mut bytes).context("standard input")?;
            anyhow::ensure!(bytes.len() as u64 <= limit, "standard input: more than {limit} bytes, not a board");
            let text = String::from_utf8(bytes).map_err(|_| anyhow::anyhow!("standard input: not UTF-8 text"))?;
            let rows = text.lines().map(str::trim).filter(|l| !l.is_empty()).map(String::from).collect();
            Ok((rows, "standard input".into()))
        }
    }
}

/// Formats text rows as the TOML array `rows = [...]` of a case file's `[board]`.
pub fn rows_toml(rows: &[String]) -> String {
    let mut text = String::from("rows = [\n");
    for row in rows {
        text.push_str(&format!("  \"{row}\",\n"));
    }
    text.push(']');
    text
}

/// A case file as a person keeps what `gamebot read` printed (`game`, `source`, and the `[board]`
/// body given), parsed back through the case loader: the round trip every game's random-position
/// check makes.
pub fn round_trip(game: &str, board_toml: &str) -> Result<CaseFile, String> {
    let text = format!("game = \"{game}\"\nsource = \"a \\\"random\\\" position\"\n\n[board]\n{board_toml}\n");
    let case: CaseFile =
        crate::files::parse_toml(&text, Path::new("round-trip.toml")).map_err(|e| format!("{e}\n{text}"))?;
    if case.game != game || case.source != "a \"random\" position" {
        return Err(format!("the case's game or source changed on the way: {case:?}"));
    }
    Ok(case)
}

/// The `[board] rows` of a case, as strings.
pub fn board_rows(case: &CaseFile) -> Result<Vec<String>, String> {
    case.board_as::<RowsOnly>().map(|b| b.rows)
}

/// A `[board]` read for its rows alone.
#[derive(Deserialize)]
struct RowsOnly {
    rows: Vec<String>,
}

/// Describes the first cell where two grids of cell texts differ ("board: row 3 col 4 read "BD",
/// expected "55""), or a difference in size (`unit` names what the cells are), or None when equal.
pub fn first_cell_difference(read: &[Vec<String>], expected: &[Vec<String>], unit: &str) -> Option<String> {
    let size = |g: &[Vec<String>]| (g.len(), g.first().map_or(0, Vec::len));
    let ((rr, rc), (er, ec)) = (size(read), size(expected));
    if (rr, rc) != (er, ec) || read.iter().zip(expected).any(|(a, b)| a.len() != b.len()) {
        return Some(format!("board: read {rr}x{rc} {unit}, expected {er}x{ec}"));
    }
    for (r, (got, want)) in read.iter().zip(expected).enumerate() {
        if let Some(c) = got.iter().zip(want).position(|(a, b)| a != b) {
            return Some(format!("board: row {r} col {c} read \"{}\", expected \"{}\"", got[c], want[c]));
        }
    }
    None
}

/// Text rows split into one string per character, for `first_cell_difference`.
pub fn char_cells(rows: &[String]) -> Vec<Vec<String>> {
    rows.iter().map(|row| row.chars().map(String::from).collect()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(rows: &[&str]) -> Vec<Vec<String>> {
        char_cells(&rows.iter().map(|r| r.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn equal_grids_have_no_difference() {
        assert_eq!(first_cell_difference(&grid(&["ab", "cd"]), &grid(&["ab", "cd"]), "cells"), None);
    }

    #[test]
    fn the_first_differing_cell_is_named() {
        let text = first_cell_difference(&grid(&["ab", "cx"]), &grid(&["ab", "cd"]), "cells").unwrap();
        assert_eq!(text, "board: row 1 col 1 read \"x\", expected \"d\"");
    }

    #[test]
    fn a_size_difference_is_named() {
        let text = first_cell_difference(&grid(&["ab"]), &grid(&["abc", "def"]), "squares").unwrap();
        assert_eq!(text, "board: read 1x2 squares, expected 2x3");
    }
}
