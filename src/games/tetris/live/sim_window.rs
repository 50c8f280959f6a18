//! A simulated quadrapassel window for tests of the real-time loop: a black 10x20 well and a black
//! preview box drawn the way quadrapassel draws them, pieces that move, turn (counter-clockwise, no
//! kicks) and drop on the key presses the loop sends, line clears and a game over by the real rules.
//! It stands in for both the `Screen` and the `InputDevice`, so the loop runs in CI without a display.
//!
//! Its gravity can be set to outrun a player that looks after every key: from a given piece on,
//! the falling piece drops rows at every capture and locks where it cannot fall (as a game at a
//! row a frame does), so what counts is how many looks a piece takes, not the machine's speed.
//!
//! It can drop presses of one key that come closer together than it takes (`min_repeat`), as a
//! program that moves a piece at most every so often does, and miss keys not held down over a
//! frame (`frame`), as a program that looks at its keys once a frame does. It can wait to be
//! started by a key or a click (`waiting`), showing no piece until then (or taking its game keys
//! all the same, its piece never falling: `keys_while_waiting`). Its hard drop can be animated
//! (`animated_drop`): the piece then falls a row every so many captures until it locks, as a
//! program that lets a dropped piece fall a row a frame does.
//!
//! It can draw only at its gravity steps (`drawn_at_steps`): a row down every so long, by the
//! clock, and the screen redrawn then only, so that a key shows up to a step later (a program
//! whose keys change its state and whose timer alone draws it).
//!
//! It can draw its own text over the well (`covers`): a glyph, the same in every frame, over a
//! cell, whatever that cell shows under it, as a program drawing its score over the well does.
//!
//! It can misbehave on purpose: change a settled cell behind the rules' back (the loop must notice
//! the stack it reads is not the one predicted), or lose its window (the loop must stop with an
//! error). `SimTetris` is a cheap handle: clones share one game.

use std::cell::{RefCell, RefMut};
use std::collections::HashMap;
use std::rc::Rc;
use std::time::{Duration, Instant};

use image::{Rgba, RgbaImage};

use super::super::Piece;
use super::super::simulate::PieceStream;
use super::config::{Keys, LiveConfig};
use super::locate::{COLUMNS, ROWS};
use crate::frame::{Frame, Point};
use crate::input::{Action, InputDevice, InputError};
use crate::screen::{Screen, ScreenError};

/// The shipped quadrapassel profile (the simulation draws its well) with quick waits, as the
/// simulation draws at once, and an empty rotation table (it turns pieces its own way, so the loop
/// learns each turn on screen).
pub fn quick_config() -> LiveConfig {
    let mut config =
        LiveConfig::load("quadrapassel", std::path::Path::new("config")).expect("the quadrapassel profile");
    config.timing.poll_ms = 1;
    config.timing.still_ms = 8;
    config.timing.mismatch_ms = 40;
    config.timing.piece_timeout_ms = 400;
    config.rotation.clear();
    config
}

/// Keys other than quadrapassel's for the simulation: a and d step, x turns, s soft-drops; no
/// hard drop.
pub fn keys_without_hard_drop() -> Keys {
    let key = |k: &str| k.to_string();
    Keys { left: key("a"), right: key("d"), rotate: key("x"), soft_drop: key("s"), hard_drop: None, new_game: None }
}

const PITCH: u32 = 16;
const BLOCK: [u8; 3] = [200, 120, 40];
const BACKGROUND: [u8; 3] = [70, 80, 90];

/// Where a simulated window with squares `pitch` px apart puts its well and preview box.
struct Layout {
    /// The well's top-left corner.
    well: (u32, u32),
    /// The preview box: x, y, side.
    preview: (u32, u32, u32),
    size: (u32, u32),
}

fn layout(pitch: u32) -> Layout {
    let well = (12, 30);
    let preview = (well.0 + pitch * 10 + 20, 30, 5 * pitch);
    Layout { well, preview, size: (preview.0 + preview.2 + 12, well.1 + pitch * 20 + 12) }
}

/// The size of a simulated window with squares `pitch` px apart.
pub fn window_size(pitch: u32) -> (u32, u32) {
    layout(pitch).size
}

/// Draws a simulated window the way quadrapassel draws its own (and the contest page, as the
/// profiles read them): a black 10x20 well with `cells` (row, col; rows above the well are not
/// drawn) in `block`, and a black preview box with the next piece's `preview` cells (col, row from
/// its top left) in the middle.
pub fn draw_well(pitch: u32, block: [u8; 3], cells: &[(i32, i32)], preview: &[(u32, u32)]) -> Frame {
    let Layout { well, preview: (px, py, side), size } = layout(pitch);
    let mut image = RgbaImage::from_pixel(size.0, size.1, Rgba([BACKGROUND[0], BACKGROUND[1], BACKGROUND[2], 255]));
    let mut square = |x: u32, y: u32, size: u32, rgb: [u8; 3]| {
        for dy in 0..size {
            for dx in 0..size {
                image.put_pixel(x + dx, y + dy, Rgba([rgb[0], rgb[1], rgb[2], 255]));
            }
        }
    };
    square(well.0, well.1, pitch * 10, [0, 0, 0]);
    square(well.0, well.1 + pitch * 10, pitch * 10, [0, 0, 0]);
    square(px, py, side, [0, 0, 0]);
    for &(r, c) in cells.iter().filter(|c| c.0 >= 0) {
        square(well.0 + c as u32 * pitch + 1, well.1 + r as u32 * pitch + 1, pitch - 2, block);
    }
    let w = preview.iter().map(|c| c.0 + 1).max().unwrap_or(0) * pitch;
    let h = preview.iter().map(|c| c.1 + 1).max().unwrap_or(0) * pitch;
    let (x0, y0) = (px + (side - w) / 2, py + (side - h) / 2);
    for &(x, y) in preview {
        square(x0 + x * pitch, y0 + y * pitch, pitch, block);
    }
    let mut frame = Frame::from_image(image);
    frame.origin = ORIGIN;
    frame
}

/// Where a simulated window lies on the desktop (clicks come in desktop pixels).
const ORIGIN: Point = Point { x: 100, y: 50 };

/// A "1" drawn over cell (row, col) of a simulated window's well: a bar down its middle on a base
/// across its lower left, covering about an eighth of the cell and one of the four points a
/// quarter-cell in from its corners.
fn draw_glyph(frame: &mut Frame, (row, col): (u32, u32), rgb: [u8; 3]) {
    let (x0, y0) = (layout(PITCH).well.0 + col * PITCH, layout(PITCH).well.1 + row * PITCH);
    let strokes = [(7..9, 3..13), (3..11, 11..13)];
    for (xs, ys) in strokes {
        for y in ys {
            for x in xs.clone() {
                frame.image.put_pixel(x0 + x, y0 + y, Rgba([rgb[0], rgb[1], rgb[2], 255]));
            }
        }
    }
}

/// `frame` drawn `px` pixels further right, the page's colour coming in on the left.
fn moved_right(frame: &Frame, px: u32) -> Frame {
    let fill = Rgba([BACKGROUND[0], BACKGROUND[1], BACKGROUND[2], 255]);
    let image = RgbaImage::from_fn(frame.width(), frame.height(), |x, y| {
        if x < px { fill } else { *frame.image.get_pixel(x - px, y) }
    });
    let mut moved = Frame::from_image(image);
    moved.origin = frame.origin;
    moved
}

/// The falling piece: its rotation state and where its rotation box's top-left corner is.
#[derive(Clone, Copy, Debug)]
struct Falling {
    piece: Piece,
    rot: u8,
    left: i32,
    top: i32,
}

impl Falling {
    /// The piece's cells as (row, col), row 0 at the top of the well.
    fn cells(&self) -> [(i32, i32); 4] {
        let rotation = self.piece.rotation(self.rot);
        let size = if self.piece == Piece::I {
            4
        } else if self.piece == Piece::O {
            2
        } else {
            3
        };
        let (ox, oy) = rotation.box_offset;
        rotation.cells.map(|(x, y)| (self.top + size - 1 - (oy as i32 + y as i32), self.left + ox as i32 + x as i32))
    }
}

/// What starts a simulated game that waits to be started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Starter {
    Key(String),
    Click,
    /// A button the click misses: Tab gives it the keyboard, then Return presses it.
    Button,
    /// A button drawn right of the well, below the preview (`START_BUTTON`), away from the
    /// window's middle: only a click on it starts the game (no key reaches it).
    DrawnButton,
}

/// The drawn start button: x, y, width, height, in the window.
const START_BUTTON: (u32, u32, u32, u32) = (190, 240, 84, 28);

/// Draws the start button: a grey-blue box with three white bars of "text" on one line.
fn draw_start_button(frame: &mut Frame) {
    let (x0, y0, w, h) = START_BUTTON;
    for y in y0..y0 + h {
        for x in x0..x0 + w {
            let (dx, dy) = (x - x0, y - y0);
            let letter =
                (10..22).contains(&dy) && [(10, 26), (32, 50), (56, 74)].iter().any(|&(a, b)| (a..b).contains(&dx));
            let rgb = if letter { [250, 250, 250] } else { [90, 110, 140] };
            frame.image.put_pixel(x, y, Rgba([rgb[0], rgb[1], rgb[2], 255]));
        }
    }
}

/// A paused game's sheet: every pixel halfway to a greyish purple.
fn tinted(frame: &mut Frame) {
    const SHEET: [u8; 3] = [150, 90, 140];
    for p in frame.image.pixels_mut() {
        for (v, s) in p.0.iter_mut().zip(SHEET) {
            *v = ((u16::from(*v) + u16::from(s)) / 2) as u8;
        }
    }
}

/// The simulated game.
pub struct SimTetrisState {
    /// Settled cells, `[row][col]`, row 0 at the top.
    pub settled: [[bool; COLUMNS]; ROWS],
    falling: Option<Falling>,
    next: Piece,
    stream: PieceStream,
    keys: Keys,
    /// Pieces that have locked, and lines cleared, by the rules.
    pub pieces: u32,
    pub lines: u32,
    pub game_over: bool,
    /// After this many locked pieces, one settled cell is flipped behind the rules' back.
    pub corrupt_after: Option<u32>,
    /// After this many locked pieces, the window is gone.
    pub vanish_after: Option<u32>,
    /// (pieces, px): once this many pieces have locked, everything is drawn `px` pixels further
    /// right (a page that reflows moves its well).
    pub move_after: Option<(u32, u32)>,
    /// (pieces, rows): once this many pieces have locked, the falling piece falls `rows` rows at
    /// every capture and locks once it cannot fall.
    pub gravity: Option<(u32, i32)>,
    /// A press of a key this soon after the last press of it that moved anything is dropped (a
    /// program that moves a piece at most every so often).
    pub min_repeat: Option<Duration>,
    /// A game not started yet: no piece shows until this key is pressed or a click is made.
    pub waiting: Option<Starter>,
    /// While waiting, the first piece shows all the same (a program that draws it under its Start
    /// button), not moving.
    pub shows_waiting_piece: bool,
    /// While waiting, the game's keys act on its piece all the same (shown from then on), though
    /// it never falls: a program whose key handler runs before its Play button is pressed.
    pub keys_while_waiting: bool,
    /// A hard drop that animates: the dropped piece falls a row every this many captures (other
    /// keys still acting on it) and locks where it cannot fall.
    pub animated_drop: Option<u32>,
    /// A new piece starts wholly above the well, drawn only once a key moves it down into view,
    /// and nothing falls by itself (hona9/tetris draws a piece first when it moves, and its
    /// gravity stops past its level 12).
    pub hidden_spawn: bool,
    /// A soft drop that cannot move the piece leaves it: it locks at the next step of gravity
    /// (asceznyk/jstetris locks only so).
    pub soft_drop_rests: bool,
    /// Captures since the animated drop under way last moved the piece a row.
    dropping: Option<u32>,
    /// A program that looks at its keys once a frame this long: a key pressed and released
    /// together is missed, one held down a frame or more is taken once (when it comes up).
    pub frame: Option<Duration>,
    /// Keys down now (`InputDevice::key_step`), since when.
    held: HashMap<String, Instant>,
    /// When each key last did something.
    last_taken: HashMap<String, Instant>,
    /// A key that pauses the game and, pressed again, lets it go on; while paused a tinted sheet
    /// lies over the whole window (rwxdelir/mtwain-js pauses so on Shift), no other key acts and
    /// nothing falls.
    pub pause_key: Option<String>,
    pub paused: bool,
    /// Keys received, in order.
    pub received: Vec<String>,
    /// Glyphs drawn over the well, the same in every frame: (row, col) of the cell, colour.
    pub covers: Vec<((u32, u32), [u8; 3])>,
    /// A row down every this long, by the clock, and the screen redrawn at those steps only.
    pub drawn_at_steps: Option<Duration>,
    /// The frame drawn at the last step, and when that step was.
    drawn: Option<(Frame, Instant)>,
    pointer: Point,
}

/// A handle on one simulated game; clones share it.
#[derive(Clone)]
pub struct SimTetris(Rc<RefCell<SimTetrisState>>);

impl SimTetris {
    /// A new game with pieces from `seed`, over a stack given as text rows (bottom rows of the well,
    /// '#' filled), played with `keys`.
    pub fn new(seed: u64, stack: &[&str], keys: &Keys) -> SimTetris {
        let mut settled = [[false; COLUMNS]; ROWS];
        for (i, row) in stack.iter().enumerate() {
            let r = ROWS - stack.len() + i;
            for (c, ch) in row.chars().enumerate().take(COLUMNS) {
                settled[r][c] = ch == '#';
            }
        }
        let mut stream = PieceStream::new(seed, 0);
        let first = stream.next_piece();
        let next = stream.next_piece();
        let mut state = SimTetrisState {
            settled,
            falling: None,
            next,
            stream,
            keys: keys.clone(),
            pieces: 0,
            lines: 0,
            game_over: false,
            corrupt_after: None,
            vanish_after: None,
            move_after: None,
            gravity: None,
            min_repeat: None,
            waiting: None,
            shows_waiting_piece: false,
            keys_while_waiting: false,
            animated_drop: None,
            hidden_spawn: false,
            soft_drop_rests: false,
            dropping: None,
            frame: None,
            held: HashMap::new(),
            last_taken: HashMap::new(),
            pause_key: None,
            paused: false,
            received: Vec::new(),
            covers: Vec::new(),
            drawn_at_steps: None,
            drawn: None,
            pointer: Point::new(0, 0),
        };
        state.spawn(first);
        SimTetris(Rc::new(RefCell::new(state)))
    }

    pub fn state(&self) -> RefMut<'_, SimTetrisState> {
        self.0.borrow_mut()
    }
}

impl SimTetrisState {
    fn fits(&self, falling: &Falling) -> bool {
        falling.cells().iter().all(|&(r, c)| {
            (0..COLUMNS as i32).contains(&c) && r < ROWS as i32 && (r < 0 || !self.settled[r as usize][c as usize])
        })
    }

    fn spawn(&mut self, piece: Piece) {
        let mut falling = Falling { piece, rot: 0, left: if piece == Piece::O { 4 } else { 3 }, top: 0 };
        if self.hidden_spawn {
            falling.top = -1 - falling.cells().iter().map(|c| c.0).max().unwrap_or(0);
        }
        if self.fits(&falling) {
            self.falling = Some(falling);
        } else {
            self.falling = None;
            self.game_over = true;
        }
    }

    /// Moves the falling piece if the new place is free; true when it moved.
    fn shift(&mut self, by: (i32, i32), turn: bool) -> bool {
        let Some(mut falling) = self.falling else { return false };
        falling.top += by.0;
        falling.left += by.1;
        if turn {
            falling.rot = (falling.rot + 3) % 4;
        }
        let ok = self.fits(&falling);
        if ok {
            self.falling = Some(falling);
        }
        ok
    }

    fn lock(&mut self) {
        self.dropping = None;
        let Some(falling) = self.falling.take() else { return };
        for (r, c) in falling.cells() {
            if r >= 0 {
                self.settled[r as usize][c as usize] = true;
            }
        }
        let kept: Vec<[bool; COLUMNS]> = self.settled.iter().copied().filter(|row| !row.iter().all(|&c| c)).collect();
        let cleared = ROWS - kept.len();
        self.lines += cleared as u32;
        let mut rows = [[false; COLUMNS]; ROWS];
        rows[cleared..].copy_from_slice(&kept);
        self.settled = rows;
        self.pieces += 1;
        if self.corrupt_after == Some(self.pieces) {
            // A block appears at the bottom right (or disappears) where the rules put none.
            let cell = &mut self.settled[ROWS - 1][COLUMNS - 1];
            *cell = !*cell;
        }
        let piece = std::mem::replace(&mut self.next, self.stream.next_piece());
        self.spawn(piece);
    }

    fn press(&mut self, key: &str) {
        self.received.push(key.to_string());
        if self.game_over {
            return;
        }
        if self.pause_key.as_deref() == Some(key) {
            self.paused = !self.paused;
            return;
        }
        if self.paused {
            return;
        }
        if let Some(start) = &self.waiting {
            if *start == Starter::Key(key.to_string()) {
                self.waiting = None;
            } else if *start == Starter::Button && key == "Tab" {
                self.waiting = Some(Starter::Key("Return".into()));
            }
            if !self.keys_while_waiting {
                return;
            }
            // A game key acts on the piece, which shows from then on.
            let k = &self.keys;
            let game_key = [&k.left, &k.right, &k.rotate, &k.soft_drop].iter().any(|g| g.as_str() == key)
                || k.hard_drop.as_deref() == Some(key);
            self.shows_waiting_piece |= game_key;
        }
        if let Some(gap) = self.min_repeat {
            if self.last_taken.get(key).is_some_and(|t| t.elapsed() < gap) {
                return;
            }
            self.last_taken.insert(key.to_string(), Instant::now());
        }
        let keys = self.keys.clone();
        if key == keys.left {
            self.shift((0, -1), false);
        } else if key == keys.right {
            self.shift((0, 1), false);
        } else if key == keys.rotate {
            self.shift((0, 0), true);
        } else if key == keys.soft_drop {
            if !self.shift((1, 0), false) && !self.soft_drop_rests {
                self.lock();
            }
        } else if keys.hard_drop.as_deref() == Some(key) && self.animated_drop.is_some() {
            self.dropping.get_or_insert(0);
        } else if keys.hard_drop.as_deref() == Some(key) {
            while self.shift((1, 0), false) {}
            self.lock();
        }
    }

    /// The gravity of a capture, where set: the falling piece falls or locks. An animated hard
    /// drop under way moves it a row every `animated_drop` captures, gravity or not.
    fn fall(&mut self) {
        if self.paused {
            return;
        }
        if let (Some(every), Some(since)) = (self.animated_drop, self.dropping) {
            if since + 1 < every {
                self.dropping = Some(since + 1);
            } else if self.shift((1, 0), false) {
                self.dropping = Some(0);
            } else {
                self.lock();
            }
            return;
        }
        let Some((after, rows)) = self.gravity else { return };
        if self.waiting.is_some() {
            return;
        }
        if self.pieces < after || self.falling.is_none() || self.game_over {
            return;
        }
        for _ in 0..rows {
            if !self.shift((1, 0), false) {
                self.lock();
                return;
            }
        }
    }

    fn render(&self) -> Frame {
        let mut cells: Vec<(i32, i32)> = Vec::new();
        for (r, row) in self.settled.iter().enumerate() {
            cells.extend(row.iter().enumerate().filter(|(_, c)| **c).map(|(c, _)| (r as i32, c as i32)));
        }
        if let Some(falling) = self.falling.filter(|_| self.waiting.is_none() || self.shows_waiting_piece) {
            cells.extend(falling.cells());
        }
        let preview = self.next.rotation(0);
        let next: Vec<(u32, u32)> =
            preview.cells.iter().map(|&(x, y)| (x as u32, (preview.height - 1 - y) as u32)).collect();
        let mut frame = draw_well(PITCH, BLOCK, &cells, &next);
        for &(cell, colour) in &self.covers {
            draw_glyph(&mut frame, cell, colour);
        }
        if self.waiting == Some(Starter::DrawnButton) {
            draw_start_button(&mut frame);
        }
        if self.paused {
            tinted(&mut frame);
        }
        match self.move_after {
            Some((pieces, px)) if self.pieces >= pieces => moved_right(&frame, px),
            _ => frame,
        }
    }
}

impl Screen for SimTetris {
    fn capture(&mut self) -> Result<Frame, ScreenError> {
        let mut state = self.0.borrow_mut();
        if state.vanish_after.is_some_and(|n| state.pieces >= n) {
            return Err(ScreenError::WindowGone);
        }
        let Some(step) = state.drawn_at_steps else {
            state.fall();
            return Ok(state.render());
        };
        match &state.drawn {
            Some((frame, at)) if at.elapsed() < step => Ok(frame.clone()),
            drawn => {
                if drawn.is_some() && !state.paused && !state.game_over && !state.shift((1, 0), false) {
                    state.lock();
                }
                let frame = state.render();
                state.drawn = Some((frame.clone(), Instant::now()));
                Ok(frame)
            }
        }
    }

    fn describe(&self) -> String {
        let (w, h) = window_size(PITCH);
        format!("simulated quadrapassel {w}x{h}")
    }
}

impl InputDevice for SimTetris {
    fn perform(&mut self, action: &Action) -> Result<(), InputError> {
        let mut state = self.0.borrow_mut();
        match action {
            // A press and release together: missed by a program that looks at its keys a frame apart.
            Action::Key(key) if state.frame.is_some() => state.received.push(key.clone()),
            Action::Key(key) => state.press(key),
            Action::Click(_) if state.waiting == Some(Starter::Click) => state.waiting = None,
            Action::Click(at) if state.waiting == Some(Starter::DrawnButton) => {
                state.pointer = *at;
                let (x0, y0, w, h) = START_BUTTON;
                let on = |v: i32, from: u32, len: u32| (i64::from(from)..i64::from(from + len)).contains(&i64::from(v));
                if on(at.x - ORIGIN.x, x0, w) && on(at.y - ORIGIN.y, y0, h) {
                    state.waiting = None;
                }
            }
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

    fn key_step(&mut self, key: &str, down: bool) -> Result<(), InputError> {
        let mut state = self.0.borrow_mut();
        let Some(frame) = state.frame else {
            if down {
                state.press(key);
            }
            return Ok(());
        };
        if down {
            state.held.insert(key.to_string(), Instant::now());
        } else if state.held.remove(key).is_some_and(|since| since.elapsed() >= frame) {
            state.press(key);
        }
        Ok(())
    }
}
