//! A pointer left on the board is moved off it before the board is read (`settle_unhovered`):
//! "Lights", a row of lamps each lit by a click on it, in a window that draws the lamp under the
//! pointer grey, as a Tk button is drawn in its "active" colour under the pointer (a peg there was
//! read as a hole). The user leaves the pointer on a dark lamp when play starts: read as it is, the
//! row cannot be read at all, and play stopped once its patience ran out.

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

/// The lamp to light.
#[derive(Clone, Debug, PartialEq)]
struct Light(usize);

impl fmt::Display for Light {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

struct Lights;

extras!(for Lights, "lights");

impl TurnBased for Lights {
    type Board = Lamps;
    type Move = Light;
    type Layout = usize;
    type Config = ();

    lamp_row!();
    fn solve(board: &Lamps, _config: &(), _budget: Budget) -> anyhow::Result<Plan<Light>> {
        let moves = board.0.iter().enumerate().filter(|(_, lit)| !**lit).map(|(i, _)| Light(i)).collect();
        Ok(Plan { moves, proven_optimal: true })
    }
    fn predict(board: &Lamps, mv: &Light, _config: &()) -> Lamps {
        let mut next = board.clone();
        next.0[mv.0] = true;
        next
    }
    fn is_won(board: &Lamps, _config: &()) -> bool {
        board.0.iter().all(|&lit| lit)
    }
    fn actions(mv: &Light, _board: &Lamps, _layout: &usize, _config: &()) -> anyhow::Result<Vec<Action>> {
        // The game's own rest after a click: the lamp's corner, off its button.
        let corner = Point::new((mv.0 as u32 * CELL) as i32, 0);
        Ok(vec![Action::Click(Point::new(corner.x + (CELL / 2) as i32, (CELL / 2) as i32)), Action::Move(corner)])
    }
}

/// The lamps and where the pointer is.
struct Window {
    lamps: Lamps,
    pointer: Point,
}

/// The lamp whose button (the middle half of its square) lies under `p`.
fn hovered(p: Point) -> Option<usize> {
    let (quarter, x, y) = (CELL as i32 / 4, p.x.rem_euclid(CELL as i32), p.y);
    let inside = (quarter..CELL as i32 - quarter).contains(&x) && (quarter..CELL as i32 - quarter).contains(&y);
    inside.then_some((p.x / CELL as i32) as usize)
}

struct Sim(Rc<RefCell<Window>>);

impl Screen for Sim {
    fn capture(&mut self) -> Result<Frame, ScreenError> {
        let w = self.0.borrow();
        let mut image = row_image(&w.lamps.0);
        if let Some(i) = hovered(w.pointer).filter(|&i| i < w.lamps.0.len()) {
            for (x, y) in (0..CELL).flat_map(|x| (0..CELL).map(move |y| (x, y))) {
                image.put_pixel(i as u32 * CELL + x, y, image::Rgba([128, 128, 128, 255]));
            }
        }
        Ok(Frame::from_image(image))
    }
    fn describe(&self) -> String {
        "a simulated row of lamps".into()
    }
}

impl InputDevice for Sim {
    fn perform(&mut self, action: &Action) -> Result<(), InputError> {
        let mut w = self.0.borrow_mut();
        if let Some(&p) = action.points().last() {
            w.pointer = p;
        }
        if let Action::Click(p) = action {
            let i = (p.x as u32 / CELL) as usize;
            w.lamps.0[i] = true;
        }
        Ok(())
    }
    fn pointer(&mut self) -> Option<Point> {
        Some(self.0.borrow().pointer)
    }
    fn escape_down(&mut self) -> bool {
        false
    }
}

#[test]
fn a_pointer_left_on_the_board_is_moved_off_it_before_the_board_is_read() {
    let lamps = Lamps(vec![true, false, true, false, false, true]);
    let on_a_dark_lamp = Point::new((3 * CELL + CELL / 2) as i32, (CELL / 2) as i32);
    let window = Rc::new(RefCell::new(Window { lamps, pointer: on_a_dark_lamp }));
    let (mut screen, mut input) = (Sim(Rc::clone(&window)), Sim(Rc::clone(&window)));
    let options = PlayOptions::default();
    let played = play::<Lights>(&mut screen, &mut input, &profile("lights"), None, &options, &mut |_: &str| {});
    assert!(played.ending.won(), "{}", played.ending);
    assert_eq!(played.summary.moves, 3);
    assert_eq!(played.summary.mismatches, 0);
}
