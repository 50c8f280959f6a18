//! A simulated contest page for tests of the contest loop: the contest's pieces in their order and
//! spawn states, its turns without kicks, and the page's keys (a shift or a soft drop that does not
//! fit is skipped and never locks; the drop key drops and locks), with real-time gravity: a tick
//! moves the piece down a row, or locks it where it rests, on the page's schedule scaled down. The
//! page's end rules hold (staff top-out, piece limit), and it draws a black well with a black preview
//! box the way `live::sim_window` does (`draw_well`), so the loop reads it with quadrapassel's vision.
//!
//! Its time is a simulated clock (`SimPage::clock`, shared with the loop under test): a capture
//! takes `CAPTURE_TIME` of it and a key `KEY_TIME`, and the loop's own work none, so a test plays
//! the same on a busy machine as on an idle one.
//!
//! It can misbehave on purpose: lose one key (the loop must see the board differ from its plan and
//! plan again from the screen), start mid-game, hiccup (a key that reaches it late, a tick that
//! fires late), or draw late (a capture shows the page as it was `display_lag` before, as a busy
//! browser's screen does). `SimPage` is a cheap handle: clones share one page.

use std::cell::{RefCell, RefMut};
use std::collections::VecDeque;
use std::rc::Rc;
use std::time::{Duration, Instant};

use crate::clock::{Clock, SimClock};

use super::super::config::Keys;
use super::super::sim_window::{draw_well, window_size};
use crate::frame::{Frame, Point};
use crate::games::tetris::board::Board;
use crate::games::tetris::contest::rules::{self, Generator, Lock, Pos, SequencePiece, TopOut};
use crate::input::{Action, InputDevice, InputError};
use crate::screen::{Screen, ScreenError};

const PITCH: u32 = 12;
/// What a capture and a key take of the simulated clock (a quick machine's figures).
const CAPTURE_TIME: Duration = Duration::from_millis(2);
const KEY_TIME: Duration = Duration::from_millis(1);
const BLOCK: [u8; 3] = [0, 176, 80];

/// The simulated page.
pub struct SimPageState {
    pub board: Board,
    falling: Option<Pos>,
    generator: Generator,
    next: SequencePiece,
    keys: Keys,
    /// Pieces brought in so far (the page's brickCount), and its score.
    pub spawned: u32,
    pub score: u64,
    pub game_over: bool,
    /// Gravity: a row every `gravity(spawned)`.
    gravity: fn(u32) -> Duration,
    next_tick: Instant,
    /// The key with this number (0-based) is lost.
    pub lose_key: Option<usize>,
    /// Hiccups: every `n`-th key reaches the page this late (a busy machine between the bot and
    /// the page: a tick may come first), and every `n`-th tick fires this late (a busy page; its
    /// timer restarts from the late tick, as the page's chained timeout does).
    pub slow_key: Option<(usize, Duration)>,
    pub late_tick: Option<(u32, Duration)>,
    ticks: u32,
    /// A capture shows the page as it was this long before.
    pub display_lag: Duration,
    /// What the page looked like since the oldest moment a capture may still show.
    views: VecDeque<(Instant, View)>,
    /// Keys received, in order.
    pub received: Vec<String>,
    pointer: Point,
    clock: SimClock,
}

/// What the page draws.
#[derive(Clone, Copy)]
struct View {
    board: Board,
    falling: Option<Pos>,
    next: SequencePiece,
    game_over: bool,
}

/// A handle on one simulated page; clones share it.
#[derive(Clone)]
pub struct SimPage(Rc<RefCell<SimPageState>>);

impl SimPage {
    /// A page whose game has just started (its first piece at the top), played with `keys`, with
    /// gravity `gravity(pieces brought in)`.
    pub fn new(keys: &Keys, gravity: fn(u32) -> Duration) -> SimPage {
        let clock = SimClock::new();
        let mut generator = Generator::default();
        let next = generator.next().unwrap_or(SequencePiece { kind: rules::Kind::I, state: 0 });
        let mut state = SimPageState {
            board: Board::default(),
            falling: None,
            generator,
            next,
            keys: keys.clone(),
            spawned: 0,
            score: 0,
            game_over: false,
            gravity,
            next_tick: clock.now(),
            lose_key: None,
            slow_key: None,
            late_tick: None,
            ticks: 0,
            display_lag: Duration::ZERO,
            views: VecDeque::new(),
            received: Vec::new(),
            pointer: Point::new(0, 0),
            clock,
        };
        state.spawn();
        state.next_tick = state.clock.now() + gravity(1);
        state.drawn(state.clock.now());
        SimPage(Rc::new(RefCell::new(state)))
    }

    pub fn state(&self) -> RefMut<'_, SimPageState> {
        self.0.borrow_mut()
    }

    /// The page's clock, for the loop to run on.
    pub fn clock(&self) -> SimClock {
        self.0.borrow().clock.clone()
    }
}

impl SimPageState {
    fn spawn(&mut self) {
        let piece = self.next;
        self.next = self.generator.next().unwrap_or(piece);
        self.spawned += 1;
        let pos = Pos::spawn(piece);
        if pos.is_legal(&self.board) {
            self.falling = Some(pos);
        } else {
            self.falling = None;
            self.game_over = true;
        }
    }

    /// One step of the falling piece if it fits; true when it moved.
    fn step(&mut self, step: rules::Step) -> bool {
        let Some(pos) = self.falling else { return false };
        let next = pos.stepped(step);
        if !next.is_legal(&self.board) {
            return false;
        }
        self.falling = Some(next);
        true
    }

    /// Locks the falling piece where it is (the page's rules: staff top-out, piece limit).
    fn lock(&mut self) {
        let Some(pos) = self.falling.take() else { return };
        let lock = rules::lock(&mut self.board, pos, TopOut::Staff);
        if lock == Lock::GameOver || self.spawned >= rules::PIECES {
            self.game_over = true;
            return;
        }
        self.score += lock.points();
        self.spawn();
    }

    /// Runs the gravity ticks due by now.
    fn run_gravity(&mut self) {
        let now = self.clock.now();
        while !self.game_over && self.next_tick <= now {
            if !self.step(rules::Step::Down) {
                self.lock();
            }
            self.ticks += 1;
            self.drawn(self.next_tick);
            let late = self.late_tick.filter(|&(every, _)| self.ticks.is_multiple_of(every.max(1)));
            self.next_tick += (self.gravity)(self.spawned) + late.map_or(Duration::ZERO, |(_, by)| by);
        }
    }

    fn press(&mut self, key: &str) {
        let number = self.received.len();
        if let Some((_, by)) = self.slow_key.filter(|&(every, _)| (number + 1).is_multiple_of(every.max(1))) {
            self.clock.advance(by);
        }
        self.clock.advance(KEY_TIME);
        self.run_gravity();
        self.received.push(key.to_string());
        if self.game_over || self.lose_key == Some(number) {
            return;
        }
        let keys = &self.keys;
        let step = if key == keys.left {
            Some(rules::Step::Left)
        } else if key == keys.right {
            Some(rules::Step::Right)
        } else if key == keys.rotate {
            Some(rules::Step::Rotate)
        } else if key == keys.soft_drop {
            Some(rules::Step::Down)
        } else {
            None
        };
        match step {
            Some(step) => {
                self.step(step);
            }
            None if self.keys.hard_drop.as_deref() == Some(key) => {
                while self.step(rules::Step::Down) {}
                self.lock();
            }
            None => {}
        }
        self.drawn(self.clock.now());
    }

    fn view(&self) -> View {
        View { board: self.board, falling: self.falling, next: self.next, game_over: self.game_over }
    }

    /// The page as it is now was drawn at `at`.
    fn drawn(&mut self, at: Instant) {
        let view = self.view();
        self.views.push_back((at, view));
    }

    /// What a capture shows now: the page as it was `display_lag` ago (forgetting what no capture
    /// can show any more).
    fn shown(&mut self) -> View {
        let Some(seen_at) = self.clock.now().checked_sub(self.display_lag) else { return self.view() };
        while self.views.len() > 1 && self.views[1].0 <= seen_at {
            self.views.pop_front();
        }
        self.views.front().map_or_else(|| self.view(), |(_, view)| *view)
    }

    fn render(&self, view: &View) -> Frame {
        let View { board, falling, next: coming, game_over } = view;
        let mut cells: Vec<(i32, i32)> = Vec::new();
        for (y, row) in rules::board_rows(board).iter().enumerate() {
            cells.extend(row.chars().enumerate().filter(|(_, c)| *c == '#').map(|(x, _)| (y as i32, x as i32)));
        }
        if let Some(pos) = falling {
            cells.extend(pos.cells().iter().map(|&(x, y)| (y, x)));
        }
        let mut next = Vec::new();
        if !game_over {
            let offsets = coming.kind.shape(coming.state).offsets;
            let (min_x, min_y) =
                (offsets.iter().map(|c| c.0).min().unwrap_or(0), offsets.iter().map(|c| c.1).min().unwrap_or(0));
            next.extend(offsets.iter().map(|&(dx, dy)| ((dx - min_x) as u32, (dy - min_y) as u32)));
        }
        draw_well(PITCH, BLOCK, &cells, &next)
    }
}

impl Screen for SimPage {
    fn capture(&mut self) -> Result<Frame, ScreenError> {
        let mut state = self.0.borrow_mut();
        state.clock.advance(CAPTURE_TIME);
        state.run_gravity();
        let view = state.shown();
        Ok(state.render(&view))
    }

    fn describe(&self) -> String {
        let (w, h) = window_size(PITCH);
        format!("simulated contest page {w}x{h}")
    }
}

impl InputDevice for SimPage {
    fn perform(&mut self, action: &Action) -> Result<(), InputError> {
        let mut state = self.0.borrow_mut();
        match action {
            Action::Key(key) => state.press(key),
            other => {
                if let Some(last) = other.points().last() {
                    state.pointer = *last;
                }
            }
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
