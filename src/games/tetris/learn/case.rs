//! The case check of a learned program's fixture: its frame read with the profile's `[look]` must
//! show the case's settled cells, falling piece, previews and held piece exactly.

use std::time::Instant;

use super::super::Piece;
use super::super::case_board::CaseBoard;
use super::read;
use super::settings::LookSettings;
use crate::case::{Passed, char_cells, first_cell_difference};
use crate::frame::Frame;

fn names(pieces: &[Piece]) -> String {
    if pieces.is_empty() { "none".into() } else { pieces.iter().map(|p| p.letter()).collect() }
}

/// Reads the frame with the learned look and compares it with the case.
pub fn check(frame: &Frame, look: &LookSettings, board: &CaseBoard) -> Result<Passed, String> {
    let started = Instant::now();
    let seen = read::read(frame, Some(look)).map_err(|e| format!("read: {e:#}"))?;
    let read_time = started.elapsed();
    if let Some(difference) =
        first_cell_difference(&char_cells(&seen.settled_rows()), &char_cells(&board.rows), "cells")
    {
        return Err(difference);
    }
    let piece = seen.piece();
    if board.piece.is_some() && piece != board.piece {
        let name = |p: Option<Piece>| p.map_or("none".to_string(), |p| p.letter().to_string());
        return Err(format!("piece: read {}, expected {}", name(piece), name(board.piece)));
    }
    let next = &seen.boxes.next;
    if let Some(want) = board.next
        && next.first() != Some(&want)
    {
        return Err(format!("next: read {}, expected {}", names(next), want.letter()));
    }
    if let Some(want) = &board.previews
        && next != want
    {
        return Err(format!("previews: read {}, expected {}", names(next), names(want)));
    }
    if board.hold.is_some() && seen.boxes.hold != board.hold {
        let got = seen.boxes.hold.map_or("none".into(), |p| p.letter().to_string());
        return Err(format!("hold: read {got}, expected {}", names(&board.hold.into_iter().collect::<Vec<_>>())));
    }
    Ok(Passed {
        read: read_time,
        solve: None,
        detail: format!(
            "piece {} next {} previews {} hold {} ({:.0} px cells)",
            piece.map_or('-', |p| p.letter()),
            next.first().map_or('-', |p| p.letter()),
            names(next),
            seen.boxes.hold.map_or('-', |p| p.letter()),
            seen.well.pitch
        ),
    })
}
