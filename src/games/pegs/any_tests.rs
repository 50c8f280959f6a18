//! Issue 40: a learned peg look that survives what the program does with it. Boards drawn in the
//! looks of `drawn`, each calibrated blind from its start, then read in the states and sizes a
//! program shows them in: a peg drawn selected (another colour), a narrower window with smaller
//! squares and relatively bigger pegs, a window too small for the board, and pegs on
//! stone-textured tiles.

use super::MoveStyle;
use super::board::Board;
use super::calibrate::{Learnt, learn};
use super::drawn::{Drawing, Kind, english, english_later};
use super::locate::locate;
use super::looks::{Classes, shows_peg};
use super::read::{ReadError, locate_with, read_with, selected_with};
use crate::frame::{Frame, Rect};
use crate::vision::edge::cut_off;

const KINDS: [Kind; 4] = [Kind::Discs, Kind::Buttons, Kind::Glossy, Kind::Rimmed];

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

/// A page may draw the chosen peg as it is, with a border in another colour over its rim (the
/// setko-pegs page: a blue border on a yellow disc): its middle is the peg's, its rim is not.
/// (Stone's looks are learned loose enough, for the texture, to take such a peg as a plain one.)
#[test]
fn a_peg_drawn_selected_with_an_outline_over_its_rim_reads_as_a_peg_and_is_said_to_be_selected() {
    for kind in [Kind::Discs, Kind::Glossy] {
        let learnt = learnt(kind, 40.0);
        for pitch in [40.0, 52.0] {
            let drawing = Drawing { selected: &[(2, 3)], outlined: true, ..Drawing::new(kind, pitch) };
            let read = read_found(&drawing.draw(&english_later()), &learnt);
            let (board, selected) = read.unwrap_or_else(|e| panic!("{kind:?} at {pitch} px: {e}"));
            assert_eq!((board, selected), (english_later(), Some((2, 3))), "{kind:?} at {pitch} px");
        }
    }
}

/// A page may ring the holes the chosen peg can jump to in another colour (setko-pegs: blue rings
/// where its holes are thin grey ones): such a hole stands out from its surround as the hole does,
/// so it is a hole. Before, the square looked like none of the profile's, and the page's screen
/// was read as a smaller board elsewhere on the lattice (setko's sk-06 as 2x4 squares).
#[test]
fn a_hole_lit_in_another_colour_reads_as_a_hole() {
    let learnt = learnt(Kind::Discs, 40.0);
    for pitch in [40.0, 52.0] {
        let drawing =
            Drawing { selected: &[(2, 3)], outlined: true, lit: &[(1, 3), (6, 2)], ..Drawing::new(Kind::Discs, pitch) };
        let read = read_found(&drawing.draw(&english_later()), &learnt);
        let (board, selected) = read.unwrap_or_else(|e| panic!("at {pitch} px: {e}"));
        assert_eq!((board, selected), (english_later(), Some((2, 3))), "at {pitch} px");
    }
}

/// A program selects one peg at a time, and may mark one more for good (a ring round the peg that
/// must be left last): two pegs drawn in another colour are pegs, neither said to be the selected
/// one; three are refused, naming them.
#[test]
fn two_pegs_drawn_selected_read_as_pegs_neither_said_selected_and_three_are_refused_naming_them() {
    for kind in KINDS {
        let learnt = learnt(kind, 40.0);
        let two = Drawing { selected: &[(2, 3), (4, 1)], ..Drawing::new(kind, 40.0) };
        let read = read_found(&two.draw(&english_later()), &learnt);
        let (board, selected) = read.unwrap_or_else(|e| panic!("{kind:?}: {e}"));
        assert_eq!((board, selected), (english_later(), None), "{kind:?}");
        let three = Drawing { selected: &[(2, 3), (4, 1), (5, 3)], ..Drawing::new(kind, 40.0) };
        let error = read_found(&three.draw(&english_later()), &learnt).unwrap_err().to_string();
        assert!(error.contains("2,3 4,1 5,3"), "{kind:?}: {error}");
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

/// `frame` cut to `width` x `height` from its top-left corner, as a smaller window shows it.
fn cropped(frame: &Frame, width: u32, height: u32) -> Frame {
    Frame::from_image(image::imageops::crop_imm(&frame.image, 0, 0, width, height).to_image())
}

#[test]
fn a_board_cut_off_by_the_window_is_refused_naming_the_edge() {
    for kind in KINDS {
        let learnt = learnt(kind, 40.0);
        let drawing = Drawing::new(kind, 40.0);
        let whole = drawing.draw(&english());
        // The board's squares start 40 px in (30 px lower under the bar) and are 40 px apart.
        let (left, top) = (drawing.margin, 30.0 + drawing.margin);
        for (cut, edge) in [(5.5, "right"), (6.0, "right"), (6.3, "right"), (4.5, "bottom"), (5.0, "bottom")] {
            let (w, h) = if edge == "right" {
                ((left + cut * 40.0) as u32, whole.height())
            } else {
                (whole.width(), (top + cut * 40.0) as u32)
            };
            let error = match read_found(&cropped(&whole, w, h), &learnt) {
                Ok((board, _)) => panic!("{kind:?} cut at {w}x{h}: read\n{board}"),
                Err(e) => e.to_string(),
            };
            assert!(error.contains(&format!("{edge} edge")), "{kind:?} cut at {w}x{h}: {error}");
        }
        // The whole board, with half a square of room to the window's edges, reads.
        let (w, h) = (whole.width() - 20, whole.height() - 20);
        assert_eq!(read_found(&cropped(&whole, w, h), &learnt).unwrap().0, english(), "{kind:?}");
    }
}

/// Too little of the next square shows for a peg's rings to be judged (a tenth to a fifth of it),
/// but the window's edge crosses a button, a tile's face or a ball there as the board's own squares
/// are crossed at that place (`edge_line`): refused naming the edge. Judged by the rings alone, at
/// least one of these cuts reads as a whole board of six columns or rows. A whole board with a
/// tenth of a square of room to the edges still reads.
#[test]
fn a_board_cut_where_a_sliver_of_the_next_square_shows_is_refused_naming_the_edge() {
    let mut missed_by_rings = 0;
    for (kind, pitch, shown) in [
        (Kind::Buttons, 40.0, 0.1),
        (Kind::Buttons, 40.0, 0.15),
        (Kind::Bevelled, 48.0, 0.1),
        (Kind::Bevelled, 48.0, 0.15),
        (Kind::Glossy, 40.0, 0.2),
    ] {
        let learnt = learnt(kind, pitch);
        let classes = Classes::from_config(&learnt.config.looks).unwrap();
        let drawing = Drawing::new(kind, pitch);
        let whole = drawing.draw(&english());
        let (left, top) = (drawing.margin, 30.0 + drawing.margin);
        for edge in ["right", "bottom"] {
            let (w, h) = match edge {
                "right" => ((left + (6.0 + shown) * pitch) as u32, whole.height()),
                _ => (whole.width(), (top + (6.0 + shown) * pitch) as u32),
            };
            let frame = cropped(&whole, w, h);
            let error = match read_found(&frame, &learnt) {
                Ok((board, _)) => panic!("{kind:?} cut at {w}x{h}: read\n{board}"),
                Err(e) => e.to_string(),
            };
            assert!(error.contains(&format!("{edge} edge")), "{kind:?} cut at {w}x{h}: {error}");
            let grid = locate(&frame, &classes).unwrap();
            let by_rings = |cell: Rect, _: Rect| shows_peg(&frame, cell, &classes.at_scales());
            missed_by_rings += usize::from(cut_off(&frame, &grid, &by_rings).is_none());
        }
        let room = Drawing { margin: 0.1 * pitch, ..drawing };
        assert_eq!(read_found(&room.draw(&english()), &learnt).unwrap().0, english(), "{kind:?} with room");
    }
    assert!(missed_by_rings > 0, "every cut is caught by the rings alone: the test shows nothing new");
}

#[test]
fn pegs_on_stone_textured_tiles_calibrate_blind_and_read_by_what_stands_on_them() {
    let learnt = learnt(Kind::Stone, 44.0);
    for pitch in [44.0, 34.0, 58.0] {
        let drawing = Drawing { selected: &[(2, 3)], ..Drawing::new(Kind::Stone, pitch) };
        let (board, selected) =
            read_found(&drawing.draw(&english_later()), &learnt).unwrap_or_else(|e| panic!("at {pitch} px: {e}"));
        assert_eq!((board, selected), (english_later(), Some((2, 3))), "at {pitch} px");
    }
}

/// Tiles bevelled a twelfth of the pitch each side leave a flat face of five sixths of it: a tile
/// all the same, on every square, and what stands on it (a ball nearly as wide as the face, a
/// well) is what tells the squares apart (TokeHOlesen/PegSolitaire's look, the zoo's `toke-pegs`).
/// Before, a face under 0.85 of the pitch was taken for a thing on every square: the plain tiles
/// were proposed as holes and the one hole as a selected peg.
#[test]
fn pegs_on_bevelled_tiles_calibrate_blind_and_read_at_other_sizes() {
    let learnt = learnt(Kind::Bevelled, 48.0);
    for pitch in [48.0, 36.0, 72.0] {
        let (board, selected) = read_found(&Drawing::new(Kind::Bevelled, pitch).draw(&english_later()), &learnt)
            .unwrap_or_else(|e| panic!("at {pitch} px: {e}"));
        assert_eq!((board, selected), (english_later(), None), "at {pitch} px");
    }
}

/// A calibration shot with a selected peg: its look occurs once, shaped as the pegs but in another
/// colour (`lone_peg`). Blind and with the known board, it is learned as the selected peg, left out
/// of the peg's look, so the learned profile reads other boards, selected or not.
#[test]
fn blind_calibration_from_a_screenshot_with_a_selected_peg() {
    let failures: Vec<String> = [Kind::Discs, Kind::Buttons, Kind::Glossy, Kind::Stone, Kind::Rimmed]
        .into_iter()
        .flat_map(|kind| [(kind, None), (kind, Some(english_later()))])
        .filter_map(|(kind, known)| {
            let drawing = Drawing { selected: &[(2, 3)], ..Drawing::new(kind, 40.0) };
            let learnt = match learn(&drawing.draw(&english_later()), known.as_ref(), MoveStyle::Click) {
                Ok(learnt) if learnt.board == english_later() => learnt,
                Ok(learnt) => return Some(format!("{kind:?}: proposed\n{}", learnt.board)),
                Err(e) => return Some(format!("{kind:?}: {e:#}")),
            };
            let other = Drawing { selected: &[(4, 1)], ..Drawing::new(kind, 48.0) };
            let shown = [(other.draw(&english()), Some((4, 1))), (Drawing::new(kind, 48.0).draw(&english()), None)];
            shown.iter().find_map(|(frame, selected)| match read_found(frame, &learnt) {
                Ok(read) if read == (english(), *selected) => None,
                Ok((board, at)) => Some(format!("{kind:?}: read\n{board}selected {at:?}")),
                Err(e) => Some(format!("{kind:?}: {e}")),
            })
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The English start with a peg selected shows two lone looks (the one hole, the selected peg):
/// only the one shaped as the pegs is taken for a peg.
#[test]
fn blind_calibration_from_the_start_with_a_peg_selected() {
    for kind in [Kind::Discs, Kind::Buttons, Kind::Glossy, Kind::Stone, Kind::Rimmed] {
        let frame = Drawing { selected: &[(2, 3)], ..Drawing::new(kind, 40.0) }.draw(&english());
        let learnt = learn(&frame, None, MoveStyle::Click).unwrap_or_else(|e| panic!("{kind:?}: {e:#}"));
        assert_eq!(learnt.board, english(), "{kind:?}: {:?}", learnt.notes);
        assert_eq!(read_found(&frame, &learnt).unwrap(), (english(), Some((2, 3))), "{kind:?}");
    }
}

/// A page that draws each hole as nothing but a black circle inscribed in its square (the circles
/// of neighbours touching), a peg as a black disc inside it, the chosen peg blue and the holes it
/// can jump to with a blue dot in the middle (b21phiro/peg-solitaire-ts, the zoo's
/// `b21phiro-pegs`), on white, `pitch` px a square, the circle `line` px thick.
fn inscribed(board: &Board, pitch: f64, line: f64, selected: (usize, usize), marked: &[(usize, usize)]) -> Frame {
    use super::board::Cell;
    let size = (pitch * (board.cols as f64 + 2.0)) as u32;
    let mut image = image::RgbaImage::from_pixel(size, size, image::Rgba([255, 255, 255, 255]));
    for (x, y, p) in image.enumerate_pixels_mut() {
        let (fx, fy) = (x as f64 + 0.5 - pitch, y as f64 + 0.5 - pitch);
        let (col, row) = ((fx / pitch).floor(), (fy / pitch).floor());
        if row < 0.0 || col < 0.0 || row >= board.rows as f64 || col >= board.cols as f64 {
            continue;
        }
        let at = (row as usize, col as usize);
        let d = (fx - (col + 0.5) * pitch).hypot(fy - (row + 0.5) * pitch);
        let colour = match board.get(at) {
            Cell::Off => continue,
            _ if (d - pitch / 2.0).abs() <= line / 2.0 => [0, 0, 0],
            Cell::Peg if d <= 0.45 * pitch => {
                if at == selected {
                    [0, 0, 255]
                } else {
                    [0, 0, 0]
                }
            }
            Cell::Hole if d <= 0.25 * pitch && marked.contains(&at) => [0, 0, 255],
            _ => continue,
        };
        *p = image::Rgba([colour[0], colour[1], colour[2], 255]);
    }
    Frame::from_image(image)
}

/// Inside its rings such a hole is as white as a bare square: only the square's rim tells them
/// apart. Before, blind calibration found the looks ΔE 0.0 apart and learned nothing; now it
/// compares the rims too (only when nothing else tells the kinds apart) and reads the board at
/// other sizes, with a peg selected and holes marked in their middles.
#[test]
fn holes_drawn_only_as_circles_inscribed_in_their_squares_are_told_by_their_rims() {
    let none = (9, 9);
    let learnt = learn(&inscribed(&english(), 56.0, 2.0, none, &[]), None, MoveStyle::Click)
        .unwrap_or_else(|e| panic!("cannot calibrate: {e:#}"));
    assert_eq!(learnt.board, english(), "{:?}", learnt.notes);
    assert!(learnt.config.looks.rim, "{:?}", learnt.config.looks);
    for pitch in [48.0, 56.0, 76.0] {
        let frame = inscribed(&english_later(), pitch, 2.0, none, &[]);
        let read = read_found(&frame, &learnt).unwrap_or_else(|e| panic!("at {pitch} px: {e}"));
        assert_eq!(read, (english_later(), None), "at {pitch} px");
        let frame = inscribed(&english_later(), pitch, 2.0, (2, 3), &[(1, 3), (2, 2)]);
        let read = read_found(&frame, &learnt).unwrap_or_else(|e| panic!("at {pitch} px, selected and marked: {e}"));
        assert_eq!(read, (english_later(), Some((2, 3))), "at {pitch} px, selected and marked");
    }
}

/// Pegs drawn as small dots, a sixth of the pitch across (a glyph "●" in a page's wide grid cell),
/// with ring holes half the pitch across: the lattice is found from the dots, and each dot takes
/// up its square though it is less than the fifth of the pitch a thing must otherwise be. Before,
/// no dot took up its square: the board was the one hole, and no profile was learned.
#[test]
fn pegs_drawn_as_dots_a_sixth_of_the_pitch_across_calibrate_blind_and_read() {
    let dots = |pitch| Drawing { peg: 0.08, ..Drawing::new(Kind::Discs, pitch) };
    let learnt = learn(&dots(50.0).draw(&english()), None, MoveStyle::Click)
        .unwrap_or_else(|e| panic!("cannot calibrate: {e:#}"));
    assert_eq!(learnt.board, english(), "{:?}", learnt.notes);
    for pitch in [50.0, 40.0, 60.0] {
        let drawing = Drawing { selected: &[(2, 3)], ..dots(pitch) };
        let (board, selected) =
            read_found(&drawing.draw(&english_later()), &learnt).unwrap_or_else(|e| panic!("at {pitch} px: {e}"));
        assert_eq!((board, selected), (english_later(), Some((2, 3))), "at {pitch} px");
    }
}
