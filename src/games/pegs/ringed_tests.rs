//! Issue 40: a peg drawn selected where a peg is a ring around a dot on a dark page. yevkk's
//! pygame peg solitaire draws a hole as a thin white ring, a peg as the ring with a white dot in
//! it, and the chosen peg's ring and dot yellow. A profile's look keeps no surround of its own (its
//! outermost ring stands for it): the peg's look then stood on its ring's grey, against which its
//! shape (the dot faint, the dark gap strongest) is not the yellow square's against the dark page,
//! and the selected peg read as none of the profile's looks (refused on the small board; on the
//! English board the scale search then read every peg as a hole). Measured against the surround
//! of the square seen, as the middle of a look already was (`looks::selected_shape`), it is the
//! peg's shape.

use super::MoveStyle;
use super::board::Board;
use super::calibrate::learn;
use super::drawn::{Drawing, Kind, english, english_later};
use super::read::{locate_with, read_with, selected_with};

#[test]
fn a_peg_drawn_as_a_ring_and_dot_selected_in_yellow_reads_as_the_selected_peg() {
    let learnt = learn(&Drawing::new(Kind::Ringed, 56.0).draw(&english()), None, MoveStyle::Click).unwrap();
    assert_eq!(learnt.board, english());
    let pinwheel = Board::from_rows(&["##o#", ".oo#", "#ooo", "#o##"]).unwrap();
    let chosen: [&'static [(usize, usize)]; 2] = [&[(2, 4)], &[(1, 2)]];
    for (board, selected) in [(english_later(), chosen[0]), (pinwheel, chosen[1])] {
        for pitch in [48.0, 56.0, 68.0] {
            let frame = Drawing { selected, ..Drawing::new(Kind::Ringed, pitch) }.draw(&board);
            let grid = locate_with(&frame, &learnt.config).unwrap_or_else(|e| panic!("{pitch} px: {e}"));
            let read = read_with(&frame, &grid, &learnt.config).unwrap();
            assert_eq!(read, board, "{pitch} px");
            assert_eq!(selected_with(&frame, &grid, &learnt.config).unwrap(), Some(selected[0]), "{pitch} px");
        }
    }
}
