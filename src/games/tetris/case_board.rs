//! A Tetris case file's `[board]`: the settled cells' rows, the falling piece, the preview(s) and
//! the held piece, read and checked (`case_board`) and written (`board_toml`). Below the case
//! checks and the readers, which all name it.

use serde::Deserialize;

use super::Piece;
use super::live::locate;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TetrisBoard {
    rows: Vec<String>,
    #[serde(default)]
    piece: Option<String>,
    #[serde(default)]
    next: Option<String>,
    /// Every preview piece, the next first (programs that show several).
    #[serde(default)]
    previews: Option<Vec<String>>,
    /// The held piece.
    #[serde(default)]
    hold: Option<String>,
}

fn piece_of(field: &str, text: &Option<String>) -> Result<Option<Piece>, String> {
    match text.as_deref() {
        None => Ok(None),
        Some(t) => {
            let mut chars = t.chars();
            match (chars.next().and_then(Piece::from_char), chars.next()) {
                (Some(p), None) => Ok(Some(p)),
                _ => Err(format!("malformed [board]: {field} = \"{t}\" is not one of I J L O S T Z")),
            }
        }
    }
}

/// A piece's letter, or "none".
pub fn name(piece: Option<Piece>) -> String {
    piece.map_or("none".into(), |p| p.letter().to_string())
}

/// A case's `[board]`: the settled cells' rows, the falling piece and the preview.
pub struct CaseBoard {
    pub rows: Vec<String>,
    pub piece: Option<Piece>,
    pub next: Option<Piece>,
    pub previews: Option<Vec<Piece>>,
    pub hold: Option<Piece>,
}

/// Reads and checks a case file's `[board]` table.
pub fn case_board(table: &toml::Table) -> Result<CaseBoard, String> {
    let board: TetrisBoard =
        table.clone().try_into().map_err(|e: toml::de::Error| format!("malformed [board]: {}", e.message().trim()))?;
    if board.rows.len() != locate::ROWS
        || board.rows.iter().any(|r| r.len() != locate::COLUMNS || r.chars().any(|c| c != '#' && c != '.'))
    {
        return Err(format!(
            "malformed [board]: rows must be {} strings of {} '#' or '.'",
            locate::ROWS,
            locate::COLUMNS
        ));
    }
    let (piece, next) = (piece_of("piece", &board.piece)?, piece_of("next", &board.next)?);
    let hold = piece_of("hold", &board.hold)?;
    let mut previews = None;
    if let Some(list) = &board.previews {
        let mut pieces = Vec::new();
        for text in list {
            pieces.extend(piece_of("previews", &Some(text.clone()))?);
        }
        previews = Some(pieces);
    }
    Ok(CaseBoard { rows: board.rows, piece, next, previews, hold })
}

/// The `[board]` table of a case file: the settled cells' rows, then the falling piece and the
/// preview when known.
pub fn board_toml(rows: &[String], piece: Option<Piece>, next: Option<Piece>) -> String {
    let mut text = crate::case::rows_toml(rows);
    if let Some(piece) = piece {
        text.push_str(&format!("\npiece = \"{}\"", piece.letter()));
    }
    if let Some(next) = next {
        text.push_str(&format!("\nnext = \"{}\"", next.letter()));
    }
    text
}
