//! Boards drawn as a window tiled by its cells, as ashishsubedi's pygame sweeper draws its
//! board (the display exactly its squares, each cell's line at its right and bottom only), and
//! what must hold of them from move to move: the layout found on one picture is kept for the
//! next, not found anew every time.

use super::learn;
use crate::frame::Frame;
use crate::game::{TurnBased, find_and_read};
use crate::games::mines::Mines;

const PITCH: u32 = 40;

/// A 5x7 bitmap of what a cell shows ('#' ink), drawn 3 px a square.
fn bitmap(symbol: char) -> Option<[&'static str; 7]> {
    Some(match symbol {
        '0' => [".###.", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."],
        '1' => ["..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."],
        '2' => [".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"],
        'F' => ["#####", "#....", "#....", "####.", "#....", "#....", "#...."],
        _ => return None,
    })
}

/// A board drawn as ashishsubedi's pygame sweeper draws it, the window exactly the board:
/// each square a rectangle one pixel short of it on black (a line at its right and bottom),
/// covered white, opened blue with its count written in black (a 0 too), a flag green with
/// an "F".
pub(super) fn drawn(rows: &[&str]) -> Frame {
    let cells: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
    let (w, h) = (cells[0].len() as u32 * PITCH, cells.len() as u32 * PITCH);
    let image = image::RgbaImage::from_fn(w, h, |x, y| {
        let (symbol, ix, iy) = (cells[(y / PITCH) as usize][(x / PITCH) as usize], x % PITCH, y % PITCH);
        let inked = bitmap(symbol).is_some_and(|b| {
            let (gx, gy) = (ix.wrapping_sub(12) / 3, iy.wrapping_sub(9) / 3);
            gx < 5 && gy < 7 && b[gy as usize].as_bytes()[gx as usize] == b'#'
        });
        let c = match symbol {
            _ if ix == PITCH - 1 || iy == PITCH - 1 || inked => [0, 0, 0],
            '#' => [255, 255, 255],
            'F' => [0, 255, 0],
            _ => [0, 0, 255],
        };
        image::Rgba([c[0], c[1], c[2], 255])
    });
    Frame::from_image(image)
}

/// The board found on one move's picture is read again where it was on the next: its lines,
/// fitted in the middle of the one-pixel lines between cells, put its first row and column half
/// a pixel before the window's edge, and the layout was taken for one that no longer fits, so
/// every move found the board anew ("the saved layout no longer fits the window").
#[test]
fn a_board_tiling_its_window_keeps_its_layout_from_move_to_move() {
    let before = ["F####0", "121100", "##F##0", "011211", "#####1", "#10111"];
    let config = learn(&drawn(&before), None).expect("learned blind").config;
    let layout = Mines::locate(&drawn(&before), &config).expect("found");
    let after = ["F1###0", "121100", "##F##0", "011211", "#####1", "#10111"];
    let found = find_and_read::<Mines>(&drawn(&after), &config, Some(&layout)).expect("read");
    assert!(!found.located, "found anew at {:?}, the layout kept being {:?}", found.layout.rect, layout.rect);
    assert_eq!(found.board.to_rows()[0], "F1###.");
}
