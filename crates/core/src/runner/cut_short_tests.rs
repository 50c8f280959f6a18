//! A move of several clicks whose first click ends the game: "Chain", a row of lamps where a
//! click on the first puts them all out (as a Minesweeper click opens a whole area) and a dark row
//! is won, answered by a window over the game (a "Congratulations!" dialog). The loop must take
//! the game's own window after a move that cannot lose for the game's end display, whether it
//! came between the move's clicks (the rest are not made) or after them all; another program's
//! window there is a stop, as ever.

use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;

use super::test_games::{CELL, Lamps, extras, lamp_row, profile, row_image};
use super::{Ending, PlayOptions, play};
use crate::budget::Budget;
use crate::frame::{Frame, Point};
use crate::game::{Plan, TurnBased};
use crate::input::{Action, InputDevice, InputError};
use crate::screen::{Screen, ScreenError};

/// The lamps a move clicks, in order.
#[derive(Clone, Debug, PartialEq)]
struct Clicks(Vec<usize>);

impl fmt::Display for Clicks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.0)
    }
}

/// The game; `FIRST_LAST`: its one move clicks the first lamp last (the whole row goes out after
/// every click was made), else first (the rest of the move meets the dialog).
struct Chain<const FIRST_LAST: bool>;

extras!(generic [const FIRST_LAST: bool] for Chain<FIRST_LAST>, "chain");

impl<const FIRST_LAST: bool> TurnBased for Chain<FIRST_LAST> {
    type Board = Lamps;
    /// The lamps clicked, in order.
    type Move = Clicks;
    type Layout = usize;
    type Config = ();
    const HIDDEN: bool = true;

    lamp_row!();
    fn solve(board: &Lamps, _config: &(), _budget: Budget) -> anyhow::Result<Plan<Clicks>> {
        // The first two lit lamps: not the whole row by the rules, which do not know the chain.
        let mut cells: Vec<usize> = (0..board.0.len()).filter(|&i| board.0[i]).take(2).collect();
        if FIRST_LAST {
            cells.reverse();
        }
        Ok(Plan { moves: vec![Clicks(cells)], proven_optimal: false })
    }
    fn predict(board: &Lamps, mv: &Clicks, _config: &()) -> Lamps {
        let mut next = board.clone();
        mv.0.iter().for_each(|&i| next.0[i] = false);
        next
    }
    fn is_won(board: &Lamps, _config: &()) -> bool {
        board.0.iter().all(|lit| !lit)
    }
    fn cannot_lose(_mv: &Clicks) -> bool {
        true
    }
    fn actions(mv: &Clicks, _board: &Lamps, _layout: &usize, _config: &()) -> anyhow::Result<Vec<Action>> {
        Ok(mv
            .0
            .iter()
            .map(|&i| Action::Click(Point::new((i as u32 * CELL + CELL / 2) as i32, (CELL / 2) as i32)))
            .collect())
    }
}

/// The simulated window: a dark row brings up a window over it, the game's own or not.
struct Window {
    lamps: Lamps,
    /// Whose window comes over the row once it is dark: the game's (its dialog) or another's.
    dialog_by_the_game: bool,
    clicks: Vec<usize>,
}

impl Window {
    fn dialog(&self) -> bool {
        self.lamps.0.iter().all(|lit| !lit)
    }
}

struct Sim(Rc<RefCell<Window>>);

impl Screen for Sim {
    fn capture(&mut self) -> Result<Frame, ScreenError> {
        let w = self.0.borrow();
        let mut image = row_image(&w.lamps.0);
        if w.dialog() {
            image.pixels_mut().for_each(|p| *p = image::Rgba([128, 128, 128, 255]));
        }
        Ok(Frame::from_image(image))
    }
    fn describe(&self) -> String {
        "a simulated chain of lamps".into()
    }
    fn check_target(&self, _frame: &Frame, _points: &[Point]) -> Result<(), ScreenError> {
        let w = self.0.borrow();
        match w.dialog() {
            true => Err(ScreenError::Covered { by: "\"Congratulations!\"".into(), by_the_game: w.dialog_by_the_game }),
            false => Ok(()),
        }
    }
}

impl InputDevice for Sim {
    fn perform(&mut self, action: &Action) -> Result<(), InputError> {
        let mut w = self.0.borrow_mut();
        if let Action::Click(p) = action {
            let i = (p.x as u32 / CELL) as usize;
            w.clicks.push(i);
            match i {
                0 => w.lamps.0.iter_mut().for_each(|lit| *lit = false),
                _ => w.lamps.0[i] = false,
            }
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

/// Plays a row of four lit lamps; the ending and the lamps clicked.
fn played<const FIRST_LAST: bool>(dialog_by_the_game: bool) -> (Ending, Vec<usize>) {
    let window = Rc::new(RefCell::new(Window { lamps: Lamps(vec![true; 4]), dialog_by_the_game, clicks: Vec::new() }));
    let profile = profile("chain");
    let (mut screen, mut input) = (Sim(Rc::clone(&window)), Sim(Rc::clone(&window)));
    let options = PlayOptions::default();
    let played = play::<Chain<FIRST_LAST>>(&mut screen, &mut input, &profile, None, &options, &mut |_: &str| {});
    let clicks = window.borrow().clicks.clone();
    (played.ending, clicks)
}

#[test]
fn the_games_own_dialog_between_a_moves_clicks_is_its_end_display_and_gets_no_click() {
    let (ending, clicks) = played::<false>(true);
    assert!(matches!(ending, Ending::WonEndDisplay), "{ending}");
    assert_eq!(clicks, vec![0], "the move's second click would have gone to the dialog");
}

#[test]
fn the_games_own_dialog_after_a_moves_clicks_is_its_end_display() {
    let (ending, clicks) = played::<true>(true);
    assert!(matches!(ending, Ending::WonEndDisplay), "{ending}");
    assert_eq!(clicks, vec![1, 0]);
}

#[test]
fn another_programs_window_over_the_game_is_a_stop_wherever_it_comes() {
    for (ending, clicks) in [played::<false>(false), played::<true>(false)] {
        assert!(matches!(ending, Ending::Window(ScreenError::Covered { by_the_game: false, .. })), "{ending}");
        assert_eq!(clicks.last(), Some(&0), "no click after the window came: {clicks:?}");
    }
}
