//! A win answered by text over the board while the profile is still a proposal, through the whole
//! play loop: a simulated RaderH2O window (`by_play_tests::Rader`) writes a dark line of text across
//! one row of opened cells once the game is won, as ashishsubedi's pygame Minesweeper writes
//! "YOOHOO! WINNER" over its third row. The profile, learned blind from a board opened by hand but
//! for one cell, is a proposal; the bot's first move opens that cell and wins. The game must end
//! won by its end display, not stop because the proposal no longer reads the row under the text
//! (seen live on ashishsubedi's program, issue 36).

use std::cell::RefCell;
use std::rc::Rc;

use image::{Rgba, RgbaImage};

use super::by_play_tests::{DrawnOver, Rader, Sim, Window, play_on, proposal};
use super::learn;
use crate::frame::{Frame, Point};
use crate::games::mines::board::{Cell, FirstClick};
use crate::games::mines::sim::{Game, Layout, Status};
use crate::runner::Ending;

/// 12 mines, numbers 0 to 3, every number somewhere.
const LAYOUT: [&str; 10] = [
    "..........",
    "..*.......",
    "......*...",
    "..........",
    "*...**....",
    "..........",
    ".*....*...",
    "........*.",
    "..*....*..",
    "*.........",
];

/// The cell left covered for the bot: proven safe by the 1s around it and the total.
const LAST: usize = 9 * 10 + 9;

/// The row the text is written over: every cell of it opened (no mine in row 3).
const TEXT_ROW: usize = 3;

/// Once the game is won, its text over `TEXT_ROW`: letters a third of a row high, in dark strokes
/// 3 px wide and 2 px apart (not a bar) across the row's middle.
fn banner(state: &Sim, image: &mut RgbaImage) {
    if state.game.status != Status::Won {
        return;
    }
    let (grid, rect) = (&state.rader.grid, state.rader.grid.cell_rect(TEXT_ROW, 0));
    let (top, height) = ((rect.y + rect.height / 3.0) as u32, (rect.height / 3.0) as u32);
    let (left, right) = (grid.rect.x as u32 + 4, (grid.rect.x + grid.rect.width) as u32 - 4);
    for x in (left..right).filter(|x| x % 5 < 3) {
        for y in top..top + height {
            image.put_pixel(x, y, Rgba([20, 20, 20, 255]));
        }
    }
}

/// The game with every safe cell opened but `LAST`, and a proposal learned blind from its shot.
fn nearly_won(rader: &Rader) -> (Game, crate::profile::Profile) {
    let mine: Vec<bool> = LAYOUT.iter().flat_map(|r| r.chars().map(|c| c == '*')).collect();
    let mines = mine.iter().filter(|&&m| m).count() as u32;
    let mut game = Game::new(Layout { rows: 10, cols: 10, mine: mine.clone() }, FirstClick::Unsafe);
    for i in (0..100).filter(|&i| !mine[i] && i != LAST) {
        game.open(i);
    }
    assert_eq!(game.status, Status::Playing);
    assert_eq!(game.board.cells[LAST], Cell::Covered);
    let learnt = learn(&Frame::from_image(rader.draw(&game.board)), None).expect("learned blind");
    assert_eq!(learnt.board.cells, game.board.cells, "the board read back");
    (game, proposal(&learnt.config, mines))
}

/// Before the mend: stopped as a proposal whose move "did not show what the rules predict", the
/// row under the text no longer read, the game won.
#[test]
fn a_winning_move_answered_by_text_over_a_row_while_the_profile_is_a_proposal_is_won() {
    let rader = Rc::new(Rader::new());
    let (game, profile) = nearly_won(&rader);
    let sim = Sim { rader, game, clicks: Vec::new(), pointer: Point::new(0, 0) };
    let window = DrawnOver(Window(Rc::new(RefCell::new(sim))), banner);
    let (played, lines) = play_on(&window, &profile);
    let text = format!("{}\n{}", played.ending, lines.join("\n"));
    assert_eq!(window.0.0.borrow().game.status, Status::Won, "{text}");
    assert!(matches!(played.ending, Ending::WonEndDisplay), "{text}");
    assert!(text.contains("won by the rules"), "{text}");
}
