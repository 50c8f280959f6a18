//! Tests of `label.rs`: a label written on the well's own colour above its first row, inside the
//! box that holds the well (asceznyk/jstetris writes "Lines: 0" so), is no row of the well, blind
//! or through a profile learned from such a shot.

use super::super::Piece;
use super::draw::{Scene, Style, put, render};
use super::look;
use super::read::read;
use super::tests::{MID, settled};
use crate::frame::Frame;

/// The scene drawn with one more empty row on top, and in it, from its second cell, letters of
/// 1-px strokes half a cell tall: an L, an I, an N and a 0, a little apart.
fn labelled(style: &Style, rows: &[&str], next: &[Piece]) -> Frame {
    let with_top: Vec<&str> = std::iter::once("..........").chain(rows.iter().copied()).collect();
    let frame = render(style, &Scene { rows: &with_top, next, hold: None });
    let mut img = frame.image;
    let p = style.pitch;
    let (h, w) = (p / 2, p / 3);
    let (mut x, y) = (7 * p + p + p / 4, 2 * p + p / 4);
    let ink = [230, 230, 230];
    // L
    put(&mut img, (x, y, 1, h), ink);
    put(&mut img, (x, y + h - 1, w, 1), ink);
    x += w + 3;
    // I
    put(&mut img, (x, y, 1, h), ink);
    x += 4;
    // N
    put(&mut img, (x, y, 1, h), ink);
    put(&mut img, (x + w, y, 1, h), ink);
    (0..h).for_each(|i| put(&mut img, (x + i * w / h, y + i, 1, 1), ink));
    x += w + 4;
    // 0
    put(&mut img, (x, y, w, 1), ink);
    put(&mut img, (x, y + h - 1, w, 1), ink);
    put(&mut img, (x, y, 1, h), ink);
    put(&mut img, (x + w - 1, y, 1, h), ink);
    Frame::from_image(img)
}

#[test]
fn a_label_above_the_well_on_its_own_colour_is_no_row_of_it() {
    for pitch in [16, 20, 30] {
        let style = Style { border: [230, 230, 230], ..Style::plain(pitch) };
        let frame = labelled(&style, &MID, &[Piece::S]);
        let seen = read(&frame, None).unwrap_or_else(|e| panic!("{pitch} px: {e:#}"));
        assert_eq!(seen.well.rows, 20, "{pitch} px");
        assert_eq!(seen.settled_rows(), settled(&MID), "{pitch} px");
        assert_eq!(seen.piece(), Some(Piece::T), "{pitch} px");
    }
}

#[test]
fn a_profile_learned_under_a_label_reads_a_stack_up_to_the_well_top() {
    let style = Style { border: [230, 230, 230], ..Style::plain(20) };
    let learned = look::learn(&labelled(&style, &MID, &[Piece::S])).expect("learns");
    assert_eq!((learned.settings.cols, learned.settings.rows), (10, 20));
    let mut high = MID;
    high[0] = "...xxxx...";
    high[2] = "##.....###";
    high[3] = "###.######";
    let seen = read(&labelled(&style, &high, &[Piece::Z]), Some(&learned.settings)).expect("reads");
    assert_eq!(seen.settled_rows(), settled(&high));
    assert_eq!(seen.piece(), Some(Piece::I));
}
