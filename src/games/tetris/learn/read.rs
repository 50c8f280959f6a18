//! One frame of a Tetris program read with what `learn` knows: the well, its settled cells, the
//! falling piece and its ghost, the previews and the hold box, blind or after a calibration.

use anyhow::bail;

use super::super::Piece;
use super::boxes::{self, BoxPieces};
use super::cells::{self, Falling, Look};
use super::settings::LookSettings;
use super::well::{self, Known, Well};
use crate::frame::Frame;

/// What one frame shows.
#[derive(Clone, Debug)]
pub struct Seen {
    pub well: Well,
    /// Every cell that shows something, `[row][col]`: settled cells, the piece and its ghost.
    pub filled: Vec<Vec<bool>>,
    pub looks: Vec<Vec<Look>>,
    /// The empty cell's look the cells were judged against.
    pub empty: Look,
    pub falling: Option<Falling>,
    pub boxes: BoxPieces,
}

impl Seen {
    /// True when cell (row, col) is settled: filled, and neither the falling piece nor its ghost.
    pub fn settled(&self, row: usize, col: usize) -> bool {
        let at = (row as i32, col as i32);
        self.filled[row][col] && !self.falling.as_ref().is_some_and(|f| f.cells.contains(&at) || f.ghost.contains(&at))
    }

    /// The settled cells as text rows, top first ('#' settled).
    pub fn settled_rows(&self) -> Vec<String> {
        (0..self.well.rows)
            .map(|r| (0..self.well.cols).map(|c| if self.settled(r, c) { '#' } else { '.' }).collect())
            .collect()
    }

    /// The falling piece.
    pub fn piece(&self) -> Option<Piece> {
        self.falling.as_ref().map(|f| f.piece)
    }

    /// The `[board]` table of a case file for this frame.
    pub fn board_toml(&self) -> String {
        let mut text =
            super::super::case_board::board_toml(&self.settled_rows(), self.piece(), self.boxes.next.first().copied());
        if self.boxes.next.len() > 1 {
            let all: Vec<String> = self.boxes.next.iter().map(|p| format!("\"{}\"", p.letter())).collect();
            text.push_str(&format!("\npreviews = [{}]", all.join(", ")));
        }
        if let Some(hold) = self.boxes.hold {
            text.push_str(&format!("\nhold = \"{}\"", hold.letter()));
        }
        text
    }
}

/// Reads a frame: blind (`settings` None: the well and the empty look found in it), or with a
/// learned `[look]`.
pub fn read(frame: &Frame, settings: Option<&LookSettings>) -> anyhow::Result<Seen> {
    let known = match settings {
        Some(s) => Known { cols: Some(s.cols), rows: Some(s.rows), empty: Some(s.background()?) },
        None => Known::default(),
    };
    let mut well = well::find(frame, &known)?;
    well.boxes.extend(boxes::page_beside(frame, &well));
    let looks = cells::looks(frame, &well);
    let empty = match settings {
        Some(s) => s.empty_look()?,
        None => cells::empty_look(&looks),
    };
    let filled: Vec<Vec<bool>> =
        looks.iter().map(|row| row.iter().map(|l| l.filled_against(&empty)).collect()).collect();
    let top_filled = filled.iter().take(2).flatten().filter(|&&f| f).count();
    if top_filled > well.cols {
        bail!(
            "the well found at ({:.0}, {:.0}) has {top_filled} of its top two rows' cells filled: not a well in play (text or a menu over it?)",
            well.x0,
            well.y0
        );
    }
    let falling = cells::falling(&filled, &looks);
    let boxes = match settings {
        Some(s) if !s.boxes.is_empty() => boxes::read_known(frame, &well, &s.box_roles()),
        _ => boxes::read(frame, &well),
    };
    Ok(Seen { well, filled, looks, empty, falling, boxes })
}
