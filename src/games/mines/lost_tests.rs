//! A lost game told from the screen: an sgt-mines board (learned blind) with covered cells painted
//! in a look the profile never saw, as a page shows its mines once one is hit, or with a panel
//! painted over a block of its cells, or a line of text across one row, as a program shows its
//! loss over the board.

use image::{Rgba, RgbaImage};

use super::*;
use crate::games::mines::learn::learn;

/// The fixture's picture, its learned profile, the grid found on it and the board it reads.
fn fixture() -> (RgbaImage, MinesConfig, Grid, Board) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/mines");
    let frame = crate::screen::load_png(&dir.join("sgt-16x16n40-01-700x760-mid-flags.png")).expect("the picture");
    let config = learn(&frame, None).expect("learned blind").config;
    let grid = read::locate(&frame, &config).expect("the board found");
    let board = read::read(&frame, &grid, &config).expect("the board read");
    (frame.image, config, grid, board)
}

/// The fixture with its total of mines known (a panel is told only then).
fn fixture_of_40() -> (RgbaImage, MinesConfig, Grid, Board) {
    let (image, config, grid, mut board) = fixture();
    board.mines = Some(40);
    (image, config, grid, board)
}

/// Paints cell `i` as a mine no look of the profile has: red, a black disc on it.
fn paint_mine(image: &mut RgbaImage, grid: &Grid, cols: usize, i: usize) {
    let rect = grid.cell_rect(i / cols, i % cols);
    let (x0, y0, size) = (rect.x.round() as i64, rect.y.round() as i64, rect.width.round() as i64);
    for y in y0..y0 + size {
        for x in x0..x0 + size {
            let (dx, dy) = (x - x0 - size / 2, y - y0 - size / 2);
            let colour = if dx * dx + dy * dy <= size * size / 16 { [0, 0, 0] } else { [230, 20, 20] };
            image.put_pixel(x as u32, y as u32, Rgba([colour[0], colour[1], colour[2], 255]));
        }
    }
}

fn guess(board: &Board, i: usize) -> Move {
    Move { cells: vec![(i / board.cols, i % board.cols)], safety: Some(0.5), total_left_out: None }
}

/// The guessed cell and four other covered cells shown as mines in a new look: lost, the five
/// cells mines on the board it ends with, and the reason names the guessed cell. With an opened
/// cell painted too, with the guessed cell left covered, or after a safe move, no loss.
#[test]
fn a_guess_answered_by_mines_in_a_new_look_where_covered_cells_were_is_lost() {
    let (image, config, grid, board) = fixture();
    let covered: Vec<usize> = (0..board.cells.len()).filter(|&i| board.cells[i] == Cell::Covered).collect();
    let opened = (0..board.cells.len()).find(|&i| matches!(board.cells[i], Cell::Open(_))).expect("an opened cell");
    let (guessed, others) = (covered[0], &covered[1..5]);
    let mv = guess(&board, guessed);
    let predicted = board.opening(&[guessed]);
    let mut shown = image.clone();
    for &i in std::iter::once(&guessed).chain(others) {
        paint_mine(&mut shown, &grid, board.cols, i);
    }
    let frame = Frame::from_image(shown.clone());
    assert!(read::read(&frame, &grid, &config).is_err(), "the board no longer reads");
    let (end, why) = shows_loss(&frame, &grid, &config, &predicted, &mv).expect("lost");
    assert!(end.is_lost(), "{end}");
    for &i in std::iter::once(&guessed).chain(others) {
        assert_eq!(end.cells[i], Cell::Mine, "cell {i}");
    }
    let (r, c) = (guessed / board.cols, guessed % board.cols);
    assert!(why.contains(&format!("row {r} col {c}")) && why.contains("5 cells"), "{why}");

    let safe = Move { cells: mv.cells.clone(), safety: None, total_left_out: None };
    assert!(shows_loss(&frame, &grid, &config, &predicted, &safe).is_none(), "a move that cannot lose");

    let mut opened_too = shown.clone();
    paint_mine(&mut opened_too, &grid, board.cols, opened);
    let frame = Frame::from_image(opened_too);
    assert!(shows_loss(&frame, &grid, &config, &predicted, &mv).is_none(), "an opened cell unreadable");

    let mut guessed_covered = image.clone();
    for &i in others {
        paint_mine(&mut guessed_covered, &grid, board.cols, i);
    }
    let frame = Frame::from_image(guessed_covered);
    assert!(shows_loss(&frame, &grid, &config, &predicted, &mv).is_none(), "the guessed cell still covered");
}

/// Before anything is opened (sgt's untouched 9x9 board, a profile learned blind from its first
/// click): the guess and four covered cells shown as mines is lost, the covered cells that still
/// read as covered showing the board drawn as it was ("no loss" before: only opened cells counted).
/// Every cell painted (nothing reads as it did), or the guessed cell left covered, is no loss.
#[test]
fn a_first_guess_answered_by_mines_before_anything_is_opened_is_lost() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/mines");
    let start = crate::screen::load_png(&dir.join("sgt-9x9n10-02-default-start.png")).expect("the picture");
    let config = learn(&start, None).expect("learned blind").config;
    let frame = crate::screen::load_png(&dir.join("sgt-9x9n10-01-default-untouched.png")).expect("the picture");
    let grid = read::locate(&frame, &config).expect("the board found");
    let board = read::read(&frame, &grid, &config).expect("the board read");
    assert!(board.untouched(), "{board}");
    let mv = guess(&board, 0);
    let predicted = board.opening(&[0]);
    let painted = |cells: &[usize]| {
        let mut image = frame.image.clone();
        cells.iter().for_each(|&i| paint_mine(&mut image, &grid, board.cols, i));
        Frame::from_image(image)
    };
    let (end, why) = shows_loss(&painted(&[0, 10, 20, 30, 40]), &grid, &config, &predicted, &mv).expect("lost");
    assert_eq!(end.cells.iter().filter(|&&c| c == Cell::Mine).count(), 5, "{end}");
    assert!(why.contains("row 0 col 0") && why.contains("76 covered ones"), "{why}");
    let every: Vec<usize> = (0..board.cells.len()).collect();
    assert!(shows_loss(&painted(&every), &grid, &config, &predicted, &mv).is_none(), "nothing reads as it did");
    assert!(shows_loss(&painted(&[10, 20]), &grid, &config, &predicted, &mv).is_none(), "the guessed cell covered");
}

/// Paints a panel over cells `rows` x `cols` (inclusive), as RaderH2O draws its black "Y O U   L O
/// S T !" over its board's middle rows: black, a line of white text across its middle, its edges
/// a third of a cell inside the block's outer cells.
fn paint_panel(image: &mut RgbaImage, grid: &Grid, rows: (usize, usize), cols: (usize, usize)) {
    let (first, last) = (grid.cell_rect(rows.0, cols.0), grid.cell_rect(rows.1, cols.1));
    let x0 = (first.x + first.width / 3.0).round() as u32;
    let (y0, x1, y1) = (
        first.y.round() as u32,
        (last.x + last.width * 2.0 / 3.0).round() as u32,
        (last.y + last.height).round() as u32,
    );
    for y in y0..y1 {
        for x in x0..x1 {
            let text = y.abs_diff((y0 + y1) / 2) < 3 && (x / 4) % 2 == 0;
            let v = if text { 255 } else { 0 };
            image.put_pixel(x, y, Rgba([v, v, v, 255]));
        }
    }
}

/// A guess answered by a panel over the board (RaderH2O's loss: "not read as a loss" before, the
/// opened cells under it no longer reading kept the reading's error): the block of cells under it
/// reads as no look, opened cells too, and the rest of the board as before: lost, the guessed
/// cell under the panel a mine. Without the total (the panel may be a win's), over one opened cell
/// only, with an opened cell outside it read otherwise, or after a safe move: no loss.
#[test]
fn a_guess_answered_by_a_panel_over_opened_cells_is_lost() {
    let (image, config, grid, board) = fixture_of_40();
    let cols = board.cols;
    let opened = |i: usize| matches!(board.cells[i], Cell::Open(_));
    let guessed = (0..board.cells.len())
        .find(|&i| {
            let (r, c) = (i / cols, i % cols);
            board.cells[i] == Cell::Covered
                && (1..board.rows - 1).contains(&r)
                && (1..cols - 1).contains(&c)
                && opened(i + 1)
        })
        .expect("a covered cell beside an opened one");
    let (r, c) = (guessed / cols, guessed % cols);
    let (rows, span) = ((r - 1, r + 1), (c - 1, c + 1));
    let mv = guess(&board, guessed);
    let predicted = board.opening(&[guessed]);
    let mut shown = image.clone();
    paint_panel(&mut shown, &grid, rows, span);
    let frame = Frame::from_image(shown.clone());
    assert!(read::read(&frame, &grid, &config).is_err(), "the board no longer reads");
    let (end, why) = shows_loss(&frame, &grid, &config, &predicted, &mv).expect("lost");
    assert_eq!(end.cells[guessed], Cell::Mine, "{end}");
    assert_eq!(end.cells.iter().filter(|&&c| c == Cell::Mine).count(), 1, "{end}");
    assert!(why.contains(&format!("row {r} col {c}")) && why.contains("panel"), "{why}");

    let mut unknown = predicted.clone();
    unknown.mines = None;
    assert!(shows_loss(&frame, &grid, &config, &unknown, &mv).is_none(), "without the total");
    let safe = Move { cells: mv.cells.clone(), safety: None, total_left_out: None };
    assert!(shows_loss(&frame, &grid, &config, &predicted, &safe).is_none(), "a move that cannot lose");

    let mut one = image.clone();
    paint_mine(&mut one, &grid, cols, guessed);
    paint_mine(&mut one, &grid, cols, guessed + 1);
    let frame = Frame::from_image(one);
    assert!(shows_loss(&frame, &grid, &config, &predicted, &mv).is_none(), "one opened cell unreadable");

    let outside = (0..board.cells.len())
        .find(|&i| opened(i) && !(rows.0..=rows.1).contains(&(i / cols)))
        .expect("an opened cell");
    let mut other = shown.clone();
    paint_mine(&mut other, &grid, cols, outside);
    let frame = Frame::from_image(other);
    assert!(shows_loss(&frame, &grid, &config, &predicted, &mv).is_none(), "an opened cell outside it unreadable");
}

/// Paints a line of text across cells `cols` (inclusive) of `row`, as ashishsubedi's sweeper writes
/// "FOOOOSHHH!! GAME OVER. Press R" over its board's third row: black strokes through the cells'
/// middle third, running over the lines between them.
fn paint_line(image: &mut RgbaImage, grid: &Grid, row: usize, cols: (usize, usize)) {
    let (first, last) = (grid.cell_rect(row, cols.0), grid.cell_rect(row, cols.1));
    let (x0, x1) = (first.x.round() as u32, (last.x + last.width).round() as u32);
    let (y0, y1) = ((first.y + first.height / 3.0).round() as u32, (first.y + first.height * 2.0 / 3.0).round() as u32);
    for y in y0..y1 {
        for x in x0..x1 {
            if (x / 2) % 3 != 0 {
                image.put_pixel(x, y, Rgba([0, 0, 0, 255]));
            }
        }
    }
}

/// A guess answered by the mines shown and a line of text over one row of the board, opened cells
/// too (ashishsubedi's loss: the opened cells under the text no longer read, and the reading's
/// error stood, not a loss): lost, as under a panel. A line over two cells only is none.
#[test]
fn a_guess_answered_by_a_line_of_text_across_a_row_is_lost() {
    let (image, config, grid, board) = fixture_of_40();
    let cols = board.cols;
    let opened = |i: usize| matches!(board.cells[i], Cell::Open(_));
    let start = (0..board.cells.len())
        .find(|&i| i % cols + 4 <= cols && (i..i + 4).all(opened))
        .expect("four opened cells side by side");
    let (row, col) = (start / cols, start % cols);
    let guessed = (0..board.cells.len())
        .find(|&i| board.cells[i] == Cell::Covered && (i / cols).abs_diff(row) > 1)
        .expect("a covered cell away from that row");
    let mv = guess(&board, guessed);
    let predicted = board.opening(&[guessed]);
    let shown = |cells: (usize, usize)| {
        let mut shown = image.clone();
        paint_mine(&mut shown, &grid, cols, guessed);
        paint_line(&mut shown, &grid, row, cells);
        Frame::from_image(shown)
    };
    let frame = shown((col, col + 3));
    assert!(read::read(&frame, &grid, &config).is_err(), "the board no longer reads");
    let (end, why) = shows_loss(&frame, &grid, &config, &predicted, &mv).expect("lost");
    assert_eq!(end.cells[guessed], Cell::Mine, "{end}");
    assert!(why.contains(&format!("rows {row} to {row}")), "{why}");
    assert!(shows_loss(&shown((col, col + 1)), &grid, &config, &predicted, &mv).is_none(), "over two cells");
}
