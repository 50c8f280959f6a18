//! A move whose inputs leave the board as it was is made once more before the screen is called a
//! mismatch: "Slide", a lit lamp moved one square right per move by a click on it and a click on
//! the square beyond, in a window that keeps the lamp selected after it moved (as a click-click
//! peg solitaire keeps the peg that jumped selected for the next jump of a chain). The next move's
//! first click then puts the selection down, its second does nothing, and only a second try moves
//! the lamp; counted as mismatches, four such moves would stop the game.

use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;

use super::test_games::{CELL, Lamps, extras, lamp_row, profile, row_image};
use super::{PlayOptions, play};
use crate::budget::Budget;
use crate::frame::{Frame, Point};
use crate::game::{Plan, TurnBased};
use crate::input::{Action, InputDevice, InputError};
use crate::screen::{Screen, ScreenError};

/// The square the lamp moves from, one square right.
#[derive(Clone, Debug, PartialEq)]
struct From(usize);

impl fmt::Display for From {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.0, self.0 + 1)
    }
}

struct Slide;

extras!(for Slide, "slide");

fn lit(board: &Lamps) -> usize {
    board.0.iter().position(|&l| l).unwrap_or(0)
}

fn centre(i: usize) -> Point {
    Point::new((i as u32 * CELL + CELL / 2) as i32, (CELL / 2) as i32)
}

impl TurnBased for Slide {
    type Board = Lamps;
    type Move = From;
    type Layout = usize;
    type Config = ();

    lamp_row!();
    fn solve(board: &Lamps, _config: &(), _budget: Budget) -> anyhow::Result<Plan<From>> {
        Ok(Plan { moves: (lit(board)..board.0.len() - 1).map(From).collect(), proven_optimal: true })
    }
    fn predict(board: &Lamps, mv: &From, _config: &()) -> Lamps {
        let mut next = board.clone();
        next.0.swap(mv.0, mv.0 + 1);
        next
    }
    fn is_won(board: &Lamps, _config: &()) -> bool {
        board.0.last() == Some(&true)
    }
    fn actions(mv: &From, _board: &Lamps, _layout: &usize, _config: &()) -> anyhow::Result<Vec<Action>> {
        Ok(vec![Action::Click(centre(mv.0)), Action::Click(centre(mv.0 + 1))])
    }
}

/// The window: the lamp, the square selected (drawn as a grey corner, which the reading of the
/// squares' middles does not see), and every click made.
struct Window {
    lamps: Lamps,
    selected: Option<usize>,
    clicks: usize,
}

struct Sim(Rc<RefCell<Window>>);

impl Screen for Sim {
    fn capture(&mut self) -> Result<Frame, ScreenError> {
        let w = self.0.borrow();
        let mut image = row_image(&w.lamps.0);
        if let Some(s) = w.selected {
            image.put_pixel(s as u32 * CELL, 0, image::Rgba([128, 128, 128, 255]));
        }
        Ok(Frame::from_image(image))
    }
    fn describe(&self) -> String {
        "a simulated slide".into()
    }
}

impl InputDevice for Sim {
    fn perform(&mut self, action: &Action) -> Result<(), InputError> {
        let mut w = self.0.borrow_mut();
        if let Action::Click(p) = action {
            w.clicks += 1;
            let i = (p.x as u32 / CELL) as usize;
            let at = lit(&w.lamps);
            w.selected = match w.selected {
                // A click on the selected square puts the selection down.
                Some(s) if s == i => None,
                // The lamp selected moves to the square beyond, and stays selected there.
                Some(s) if s == at && i == at + 1 => {
                    w.lamps.0.swap(at, i);
                    Some(i)
                }
                _ if i == at => Some(i),
                _ => None,
            };
        }
        Ok(())
    }
    fn pointer(&mut self) -> Option<Point> {
        None
    }
    fn escape_down(&mut self) -> bool {
        false
    }
}

#[test]
fn a_move_that_left_the_board_as_it_was_is_made_once_more_not_counted_a_mismatch() {
    let mut lamps = vec![false; 6];
    lamps[0] = true;
    let window = Rc::new(RefCell::new(Window { lamps: Lamps(lamps), selected: None, clicks: 0 }));
    let (mut screen, mut input) = (Sim(Rc::clone(&window)), Sim(Rc::clone(&window)));
    let options = PlayOptions::default();
    let played = play::<Slide>(&mut screen, &mut input, &profile("slide"), None, &options, &mut |_: &str| {});
    assert!(played.ending.won(), "{}", played.ending);
    assert_eq!(played.summary.moves, 5);
    assert_eq!(played.summary.mismatches, 0, "each move tried again, none a mismatch");
    // The first move's two clicks, then four each for the other four (a try and a second).
    assert_eq!(window.borrow().clicks, 2 + 4 * 4);
}
