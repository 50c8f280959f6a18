//! A simulated Flood-it window for tests: draws a board the way sgt-flood does and plays the
//! clicks it receives by the real rules, so the play loop can be tested without a display.
//!
//! It can also misbehave on purpose (ignore clicks, as a busy game might) and play a user who
//! presses Esc or grabs the mouse, to test that the runner notices. `SimFlood` is a cheap handle:
//! clones share one game, so one clone can serve as the screen and another as the input device.

use std::cell::{RefCell, RefMut};
use std::rc::Rc;

use image::{Rgba, RgbaImage};

use crate::frame::{Frame, Point};
use crate::input::{Action, InputDevice, InputError};
use crate::screen::{Screen, ScreenError};
use crate::vision::palette::Palette;

use super::board::Board;

/// Where the board sits in a simulated window, and its line width.
pub(super) const MARGIN: u32 = 13;
const LINE: u32 = 2;

/// Draws `board` in a `size` window: cells of `pitch` px with a 2 px black line where neighbouring
/// colours differ, on sgt-flood's grey.
pub fn render(board: &Board, palette: &Palette, pitch: u32, size: (u32, u32)) -> Frame {
    let colours = &palette.colours;
    let mut image = RgbaImage::from_pixel(size.0, size.1, Rgba([212, 212, 212, 255]));
    let cell = |r: usize, c: usize| board.get(r, c);
    for r in 0..board.rows {
        for c in 0..board.cols {
            let rgb = colours[cell(r, c) as usize % colours.len()];
            for dy in 0..pitch {
                for dx in 0..pitch {
                    let left = dx < LINE && (c == 0 || cell(r, c - 1) != cell(r, c));
                    let top = dy < LINE && (r == 0 || cell(r - 1, c) != cell(r, c));
                    let right_edge = c + 1 == board.cols && dx >= pitch - LINE;
                    let bottom_edge = r + 1 == board.rows && dy >= pitch - LINE;
                    let p = if left || top || right_edge || bottom_edge { [0, 0, 0] } else { rgb };
                    let (x, y) = (MARGIN + c as u32 * pitch + dx, MARGIN + r as u32 * pitch + dy);
                    if x < size.0 && y < size.1 {
                        image.put_pixel(x, y, Rgba([p[0], p[1], p[2], 255]));
                    }
                }
            }
        }
    }
    Frame::from_image(image)
}

/// The simulated game and the simulated user.
pub struct SimState {
    pub board: Board,
    /// Moves the game accepted.
    pub moves: usize,
    /// Clicks with these indices (0-based) are ignored, as if the game missed them.
    pub ignore_clicks: Vec<usize>,
    /// Every click received, in screen coordinates.
    pub received: Vec<Point>,
    /// After this many clicks, Esc reads as held down.
    pub escape_after: Option<usize>,
    /// After this many clicks, the "user" moves the mouse here.
    pub user_moves_after: Option<(usize, Point)>,
    /// Once the board is won, a dark "well done" panel covers it (a game's own end display).
    pub cover_when_won: bool,
    /// Once the board is won, a dialog window of the game's covers it (as the window system tells
    /// the guard), drawn over the top left cells in another of the board's colours: a board still
    /// reads around it, but not as the rules predict.
    pub dialog_when_won: bool,
    /// After this many clicks, the cell (row, col) turns to the next colour, as a game whose
    /// screen shows something other than the rules predict.
    pub misdraw_after: Option<(usize, (usize, usize))>,
    /// A click the game does not take as a move marks the top left cell's corner (as a game shows
    /// a selection): the screen changes, the board does not.
    pub mark_untaken: bool,
    marked: bool,
    /// The first this many captures show the top row's third cell half painted over in white, as
    /// a window caught between two paints (`usize::MAX`: every capture, a board that never reads).
    pub half_painted_captures: usize,
    captures: usize,
    /// The window closes in the instant before the click with this index (0-based) would be
    /// pressed: the guard's last check before the press finds it gone.
    pub close_before_click: Option<usize>,
    /// The window closes once this many clicks have reached it, as a game that exits at its end.
    pub close_after_clicks: Option<usize>,
    closed: bool,
    palette: Palette,
    pitch: u32,
    size: (u32, u32),
    origin: Point,
    pointer: Point,
}

/// A handle on a simulated game window at `origin` on a simulated screen.
#[derive(Clone)]
pub struct SimFlood(Rc<RefCell<SimState>>);

impl SimFlood {
    pub fn new(board: Board, palette: Palette, pitch: u32, origin: Point) -> SimFlood {
        let side = 2 * MARGIN + pitch * board.rows.max(board.cols) as u32;
        SimFlood(Rc::new(RefCell::new(SimState {
            board,
            moves: 0,
            ignore_clicks: Vec::new(),
            cover_when_won: false,
            dialog_when_won: false,
            misdraw_after: None,
            mark_untaken: false,
            marked: false,
            half_painted_captures: 0,
            captures: 0,
            close_before_click: None,
            close_after_clicks: None,
            closed: false,
            received: Vec::new(),
            escape_after: None,
            user_moves_after: None,
            palette,
            pitch,
            size: (side, side + 40),
            origin,
            pointer: Point::new(0, 0),
        })))
    }

    /// The shared state, to set up misbehaviour or inspect the result.
    pub fn state(&self) -> RefMut<'_, SimState> {
        self.0.borrow_mut()
    }
}

impl SimState {
    /// Whether the window has gone away (`close_before_click`, `close_after_clicks`).
    fn gone(&self) -> bool {
        self.closed || self.close_after_clicks.is_some_and(|n| self.received.len() >= n)
    }

    /// The window's rectangle on the screen: (origin, width, height).
    pub fn window(&self) -> (Point, u32, u32) {
        (self.origin, self.size.0, self.size.1)
    }

    fn cell_at(&self, p: Point) -> Option<(usize, usize)> {
        let (x, y) = (p.x - self.origin.x - MARGIN as i32, p.y - self.origin.y - MARGIN as i32);
        if x < 0 || y < 0 {
            return None;
        }
        let (r, c) = (y as usize / self.pitch as usize, x as usize / self.pitch as usize);
        (r < self.board.rows && c < self.board.cols).then_some((r, c))
    }

    fn click(&mut self, p: Point) {
        self.pointer = p;
        let ignored = self.ignore_clicks.contains(&self.received.len());
        self.received.push(p);
        let mut taken = false;
        if let Some((r, c)) = self.cell_at(p).filter(|_| !ignored) {
            let colour = self.board.get(r, c);
            if colour != self.board.current_colour() {
                self.board.play(colour);
                self.moves += 1;
                taken = true;
            }
        }
        self.marked |= self.mark_untaken && !taken;
        if let Some((n, to)) = self.user_moves_after
            && self.received.len() == n
        {
            self.pointer = to;
        }
        if let Some((n, (r, c))) = self.misdraw_after
            && self.received.len() == n
            && r < self.board.rows
            && c < self.board.cols
        {
            let colours = self.palette.colours.len().max(1) as u8;
            let cell = &mut self.board.cells[r * self.board.cols + c];
            *cell = (*cell + 1) % colours;
        }
    }
}

impl Screen for SimFlood {
    fn capture(&mut self) -> Result<Frame, ScreenError> {
        if self.0.borrow().gone() {
            return Err(ScreenError::WindowGone);
        }
        self.0.borrow_mut().captures += 1;
        let state = self.0.borrow();
        let mut frame = render(&state.board, &state.palette, state.pitch, state.size);
        if state.captures <= state.half_painted_captures && state.board.cols > 2 {
            let (x0, pitch) = (MARGIN + 2 * state.pitch, state.pitch);
            for y in MARGIN..MARGIN + pitch {
                for x in x0 + pitch / 2..x0 + pitch {
                    frame.image.put_pixel(x, y, Rgba([255, 255, 255, 255]));
                }
            }
        }
        if state.cover_when_won && state.board.is_won() {
            let (w, h) = (frame.image.width(), frame.image.height());
            for y in h / 4..h * 3 / 4 {
                for x in w / 8..w * 7 / 8 {
                    frame.image.put_pixel(x, y, Rgba([30, 30, 30, 255]));
                }
            }
        }
        if state.dialog_when_won && state.board.is_won() {
            let colours = &state.palette.colours;
            let rgb = colours[(state.board.current_colour() as usize + 1) % colours.len()];
            let side = MARGIN + 2 * state.pitch;
            for y in MARGIN..side.min(state.size.1) {
                for x in MARGIN..side.min(state.size.0) {
                    frame.image.put_pixel(x, y, Rgba([rgb[0], rgb[1], rgb[2], 255]));
                }
            }
        }
        if state.marked {
            let at = MARGIN + state.pitch / 4;
            for d in 0..3 {
                frame.image.put_pixel(at + d, at, Rgba([255, 255, 255, 255]));
            }
        }
        frame.origin = state.origin;
        Ok(frame)
    }

    fn describe(&self) -> String {
        let state = self.0.borrow();
        format!("simulated Flood window {}x{}", state.size.0, state.size.1)
    }

    fn check_target(&self, _frame: &Frame, _points: &[Point]) -> Result<(), ScreenError> {
        let mut state = self.0.borrow_mut();
        state.closed |= state.close_before_click == Some(state.received.len());
        if state.gone() {
            return Err(ScreenError::WindowGone);
        }
        if state.dialog_when_won && state.board.is_won() {
            return Err(ScreenError::Covered { by: "\"Solved\" (a dialog of the game)".into(), by_the_game: true });
        }
        Ok(())
    }
}

impl InputDevice for SimFlood {
    fn perform(&mut self, action: &Action) -> Result<(), InputError> {
        if let Action::Click(p) = action
            && !self.0.borrow().gone()
        {
            self.0.borrow_mut().click(*p);
        } else if let Action::Move(p) = action {
            // The bot moves the pointer off the board before it reads (`input::park`).
            self.0.borrow_mut().pointer = *p;
        }
        Ok(())
    }

    fn pointer(&mut self) -> Option<Point> {
        Some(self.0.borrow().pointer)
    }

    fn escape_down(&mut self) -> bool {
        let state = self.0.borrow();
        state.escape_after.is_some_and(|n| state.received.len() >= n)
    }
}
