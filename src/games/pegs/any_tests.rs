//! Issue 40: a learned peg look that survives what the program does with it. Boards drawn in three
//! looks (`drawn`), each calibrated blind from its start, then read in the states and sizes a
//! program shows them in: a peg drawn selected (another colour), a narrower window with smaller
//! squares and relatively bigger pegs, and a window too small for the board.

use super::MoveStyle;
use super::board::Board;
use super::calibrate::{Learnt, learn};
use super::drawn::{Drawing, Kind, english, english_later};
use super::read::{ReadError, locate_with, read_with, selected_with};
use crate::frame::Frame;

const KINDS: [Kind; 3] = [Kind::Discs, Kind::Buttons, Kind::Glossy];

/// Calibrated blind from `kind`'s English start drawn at `pitch`.
fn learnt(kind: Kind, pitch: f64) -> Learnt {
    let learnt = learn(&Drawing::new(kind, pitch).draw(&english()), None, MoveStyle::Click)
        .unwrap_or_else(|e| panic!("{kind:?}: cannot calibrate: {e:#}"));
    assert_eq!(learnt.board, english(), "{kind:?}: {:?}", learnt.notes);
    learnt
}

fn read_found(frame: &Frame, learnt: &Learnt) -> Result<(Board, Option<(usize, usize)>), ReadError> {
    let grid = locate_with(frame, &learnt.config)?;
    Ok((read_with(frame, &grid, &learnt.config)?, selected_with(frame, &grid, &learnt.config)?))
}

#[test]
fn a_peg_drawn_selected_in_another_colour_reads_as_a_peg_and_is_said_to_be_selected() {
    for kind in KINDS {
        let learnt = learnt(kind, 40.0);
        for pitch in [40.0, 52.0] {
            let drawing = Drawing { selected: &[(2, 3)], ..Drawing::new(kind, pitch) };
            let read = read_found(&drawing.draw(&english_later()), &learnt);
            let (board, selected) = read.unwrap_or_else(|e| panic!("{kind:?} at {pitch} px: {e}"));
            assert_eq!(board, english_later(), "{kind:?} at {pitch} px");
            assert_eq!(selected, Some((2, 3)), "{kind:?} at {pitch} px");
            // The same board with nothing selected says so.
            let (board, selected) = read_found(&Drawing::new(kind, pitch).draw(&english_later()), &learnt).unwrap();
            assert_eq!((board, selected), (english_later(), None), "{kind:?} at {pitch} px");
        }
    }
}

#[test]
fn two_pegs_drawn_selected_are_refused_naming_both() {
    for kind in KINDS {
        let learnt = learnt(kind, 40.0);
        let drawing = Drawing { selected: &[(2, 3), (4, 1)], ..Drawing::new(kind, 40.0) };
        let error = read_found(&drawing.draw(&english_later()), &learnt).unwrap_err().to_string();
        assert!(error.contains("row 2 col 3") && error.contains("row 4 col 1"), "{kind:?}: {error}");
    }
}

#[test]
fn smaller_squares_with_relatively_bigger_pegs_and_the_reverse_read_at_the_scale_drawn() {
    for kind in KINDS {
        let learnt = learnt(kind, 48.0);
        let base = Drawing::new(kind, 48.0).peg;
        for (pitch, grown) in [(30.0, 1.3), (36.0, 1.2), (64.0, 0.8)] {
            let drawing = Drawing { peg: base * grown, ..Drawing::new(kind, pitch) };
            let read = read_found(&drawing.draw(&english_later()), &learnt);
            let (board, _) = read.unwrap_or_else(|e| panic!("{kind:?} at {pitch} px, pegs {grown} times: {e}"));
            assert_eq!(board, english_later(), "{kind:?} at {pitch} px, pegs {grown} times");
        }
    }
}
