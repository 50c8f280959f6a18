//! Tetris's case check for `replay` (reading only, per CASES.md): `[board] rows` (the settled cells, the falling piece
//! left out), and optionally `piece` (the falling piece) and `next` (the preview), each one of
//! IJLOSTZ. The reader finds the well by itself; the profile only gives its thresholds.

use std::time::Instant;

use super::Tetris;
pub use super::case_board::{CaseBoard, board_toml, case_board, name};
use super::live::config::LiveConfig;
use super::live::{locate, read};
use crate::case::{CaseFile, Passed, char_cells, first_cell_difference};
use crate::frame::Frame;
use crate::game::Cases;
use crate::profile::Profile;
use crate::vision::grid::Grid;

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
