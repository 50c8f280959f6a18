//! A number in a look never learned, shown by a move that cannot lose, through the whole play
//! loop (`unread`): a simulated RaderH2O window (`by_play_tests::Rader`, a `sim::Game` over a
//! fixed layout) draws its 3s as a block of ink no digit shape reads, and the profile, learned
//! blind from three 1s opened by hand, lacks the looks of the opened 0s and of the 3. The bot's
//! first move is certain and opens an area holding a 3: nothing can be learned from it, the board
//! neither reads nor is found, and the game must stop with an error naming a cell, never be called
//! won with cells still covered (seen live on RaderH2O, issue 36).

use std::cell::RefCell;
use std::rc::Rc;

use image::{Rgba, RgbaImage};

use super::by_play_tests::{DrawnOver, Rader, Sim, Window, play_on, proposal};
use super::learn;
use crate::frame::{Frame, Point};
use crate::games::mines::board::{Cell, FirstClick};
use crate::games::mines::sim::{Game, Layout, Status};
use crate::runner::Ending;

/// 14 mines; three 1s at (0,2), (0,3) and (1,3) prove (2,2) to (2,4) clear, and opening them opens
/// the area of 0s beyond, with the 3 at (2,2).
const LAYOUT: [&str; 10] = [
    "....*..*..",
    "**........",
    ".*.....*..",
    "..*......*",
    "......*...",
    "..........",
    "..........",
    "....*..*..",
    ".....*.*..",
    "....*.....",
];

/// Every opened 3 drawn as a block of its ink.
fn odd_threes(state: &Sim, image: &mut RgbaImage) {
    for (i, _) in state.game.board.cells.iter().enumerate().filter(|(_, c)| **c == Cell::Open(3)) {
        block(image, state.rader.grid.cell_rect(i / 10, i % 10));
    }
}

/// The ink of the cell in `rect` (pixels far from the colour inside its top-left corner) filled
/// out to its bounding box in its darkest colour.
fn block(image: &mut RgbaImage, rect: crate::frame::Rect) {
    let (x0, y0) = ((rect.x + rect.width * 0.2) as u32, (rect.y + rect.height * 0.2) as u32);
    let (x1, y1) = ((rect.x + rect.width * 0.8) as u32, (rect.y + rect.height * 0.8) as u32);
    let ground = image.get_pixel(x0, y0).0;
    let far = |p: [u8; 4]| (0..3).map(|k| (p[k] as i32 - ground[k] as i32).abs()).sum::<i32>() > 90;
    let ink: Vec<(u32, u32)> =
        (y0..y1).flat_map(|y| (x0..x1).map(move |x| (x, y))).filter(|&(x, y)| far(image.get_pixel(x, y).0)).collect();
    let darkest =
        ink.iter().map(|&(x, y)| image.get_pixel(x, y).0).min_by_key(|p| p[0] as u32 + p[1] as u32 + p[2] as u32);
    let (Some(colour), Some(left), Some(right)) =
        (darkest, ink.iter().map(|p| p.0).min(), ink.iter().map(|p| p.0).max())
    else {
        panic!("no ink on a 3");
    };
    let (top, bottom) = (ink.iter().map(|p| p.1).min().unwrap(), ink.iter().map(|p| p.1).max().unwrap());
    for y in top..=bottom {
        for x in left..=right {
            image.put_pixel(x, y, Rgba(colour));
        }
    }
}

/// Before the mend: "won (the game then showed its own end display)" after one move, 39 cells
/// still covered, the page's game still running.
#[test]
fn a_number_in_a_look_never_learned_after_a_move_that_cannot_lose_is_an_error_naming_its_cell_not_a_win() {
    let rader = Rc::new(Rader::new());
    let mine: Vec<bool> = LAYOUT.iter().flat_map(|r| r.chars().map(|c| c == '*')).collect();
    let mut game = Game::new(Layout { rows: 10, cols: 10, mine }, FirstClick::Unsafe);
    for i in [2, 3, 13] {
        game.open(i);
    }
    assert!(game.board.cells.iter().filter(|c| matches!(c, Cell::Open(_))).all(|&c| c == Cell::Open(1)));
    let learnt = learn(&Frame::from_image(rader.draw(&game.board)), None).expect("learned blind from three 1s");
    assert_eq!(learnt.board.cells, game.board.cells, "the three 1s read back");
    let profile = proposal(&learnt.config, 14);
    let window = DrawnOver(
        Window(Rc::new(RefCell::new(Sim { rader, game, clicks: Vec::new(), pointer: Point::new(0, 0) }))),
        odd_threes,
    );
    let (played, lines) = play_on(&window, &profile);
    let text = format!("{}\n{}", played.ending, lines.join("\n"));
    let state = window.0.0.borrow();
    assert_eq!(state.game.status, Status::Playing, "{text}");
    assert_eq!(state.game.board.cells[22], Cell::Open(3), "the move opened the 3: {text}");
    assert!(!played.ending.won(), "{text}");
    let Ending::Failed(error) = &played.ending else { panic!("not a stop with an error: {text}") };
    let error = error.to_string();
    assert!(error.contains("the board is still shown") && error.contains(" row ") && error.contains(" col "), "{text}");
}
