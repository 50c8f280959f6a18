//! Tetris's case check for `replay` (reading only, per CASES.md): `[board] rows` (the settled cells, the falling piece
//! left out), and optionally `piece` (the falling piece) and `next` (the preview), each one of
//! IJLOSTZ. The reader finds the well by itself; the profile only gives its thresholds.

use std::time::Instant;

use serde::Deserialize;

use super::Piece;
use super::Tetris;
use super::live::config::LiveConfig;
use super::live::{locate, read};
use crate::case::{CaseFile, Passed, char_cells, first_cell_difference};
use crate::frame::Frame;
use crate::game::Cases;
use crate::profile::Profile;
use crate::vision::grid::Grid;

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

fn name(piece: Option<Piece>) -> String {
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

impl Cases for Tetris {
    fn check_case(case: &CaseFile, frame: &Frame, profile: &Profile, _layout: Option<&Grid>) -> Result<Passed, String> {
        let board = case_board(&case.board)?;
        let config = LiveConfig::from_profile(profile).map_err(|e| format!("profile: {e:#}"))?;
        if let Some(look) = &config.look {
            return super::learn::case::check(frame, look, &board);
        }
        let CaseBoard { rows, piece, next, .. } = board;
        let started = Instant::now();
        let layout = locate::locate(frame, &config.vision).map_err(|e| format!("read: {e:#}"))?;
        let reading = read::read(frame, &layout, config.vision.empty_max).map_err(|e| format!("read: {e:#}"))?;
        let read_time = started.elapsed();
        if let Some(difference) = first_cell_difference(&char_cells(&reading.board_rows()), &char_cells(&rows), "cells")
        {
            return Err(difference);
        }
        let read_piece = reading.piece.as_ref().map(|(p, _)| *p);
        if piece.is_some() && read_piece != piece {
            return Err(format!("piece: read {}, expected {}", name(read_piece), name(piece)));
        }
        if next.is_some() && reading.next != next {
            return Err(format!("next: read {}, expected {}", name(reading.next), name(next)));
        }
        Ok(Passed {
            read: read_time,
            solve: None,
            detail: format!("piece {} next {} ({:.0} px cells)", name(read_piece), name(reading.next), layout.pitch),
        })
    }
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
