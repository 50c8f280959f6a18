//! A simulated Collapse window for tests: draws buildings as the game does (outlines, rubble, digits
//! from the reader's glyph templates), plays the arrow keys it receives by
//! the real rules, and at a level's end writes a green message for a few captures (the game's 2 s
//! pause), then draws the next level, or goes away (hard mode's crash; the player closing it). It
//! can also go away in the middle of a level. Keys pressed while the message is up are counted.

use std::cell::RefCell;
use std::rc::Rc;

use image::{Rgba, RgbaImage};

use super::board::{Board, Dir, Room};
use super::config::CollapseConfig;
use super::read::glyph::template;
use crate::frame::{Frame, Point};
use crate::input::{Action, InputDevice, InputError};
use crate::screen::{Screen, ScreenError};

/// The game's state, shared by the screen and the input handles.
pub struct SimState {
    pub levels: Vec<Board>,
    pub board: Board,
    /// Captures left showing the end-of-level message.
    pause: u32,
    pub pause_captures: u32,
    /// The window goes away when the last level ends (else it shows its message for ever).
    pub close_at_end: bool,
    /// The window goes away after this many moves in all.
    pub vanish_after: Option<usize>,
    pub gone: bool,
    pub moves: usize,
    pub keys_in_pause: usize,
    pub scores: Vec<u32>,
    config: CollapseConfig,
}

/// A cheap handle; clones share one game.
#[derive(Clone)]
pub struct SimCollapse(Rc<RefCell<SimState>>);

impl SimCollapse {
    /// A game that plays `levels` in turn (each with the player in the centre).
    pub fn new(mut levels: Vec<Board>) -> SimCollapse {
        levels.reverse();
        let board = levels.pop().expect("at least one level");
        let config = CollapseConfig::built_in().expect("the built-in collapse profile");
        SimCollapse(Rc::new(RefCell::new(SimState {
            levels,
            board,
            pause: 0,
            pause_captures: 5,
            close_at_end: true,
            vanish_after: None,
            gone: false,
            moves: 0,
            keys_in_pause: 0,
            scores: Vec::new(),
            config,
        })))
    }

    pub fn state(&self) -> std::cell::RefMut<'_, SimState> {
        self.0.borrow_mut()
    }
}

/// A fresh easy or hard building of side 2n+1, its rooms a fixed pattern of `seed`.
pub fn building(n: usize, hard: bool, seed: usize) -> Board {
    let side = 2 * n + 1;
    let rows: Vec<Vec<String>> = (0..side)
        .map(|r| {
            (0..side)
                .map(|c| {
                    let v = (r * 7 + c * 3 + seed * 5 + r * c) % 10;
                    match (r == n && c == n, hard, (r + c + seed).is_multiple_of(2)) {
                        (true, _, _) => "@".to_string(),
                        (_, _, _) if v == 0 => ".".to_string(),
                        (_, false, _) => v.to_string(),
                        (_, true, true) => format!("f{v}"),
                        (_, true, false) => format!("w{v}"),
                    }
                })
                .collect()
        })
        .collect();
    Board::from_rows(if hard { super::board::Mode::Hard } else { super::board::Mode::Easy }, &rows)
        .expect("a valid building")
}

fn put(image: &mut RgbaImage, x: u32, y: u32, rgb: [u8; 3]) {
    image.put_pixel(x, y, Rgba([rgb[0], rgb[1], rgb[2], 255]));
}

/// The building drawn as the game draws it in its 800x600 window.
fn render(board: &Board, config: &CollapseConfig, message: bool) -> Frame {
    let colours = &config.colours;
    let mut image = RgbaImage::from_pixel(800, 600, Rgba([0, 0, 0, 255]));
    let pitch = 600 / board.size as u32;
    let off = (600 - board.size as u32 * pitch) / 2;
    // The game's font grows with the rooms; one small size, among the templates, serves here.
    let font = 14;
    for r in 0..board.size {
        for c in 0..board.size {
            let (x, y) = (off + c as u32 * pitch, off + r as u32 * pitch);
            let room = board.get((r, c));
            if room == Room::Collapsed {
                (x..x + pitch).for_each(|px| (y..y + pitch).for_each(|py| put(&mut image, px, py, colours.rubble)));
                continue;
            }
            for i in 0..pitch {
                for (px, py) in [(x + i, y), (x + i, y + pitch - 1), (x, y + i), (x + pitch - 1, y + i)] {
                    put(&mut image, px, py, colours.outline);
                }
            }
            let (glyph, ink) = match room {
                Room::Player => ('@', colours.player),
                Room::Supply(v) => (char::from(b'0' + v), colours.supply),
                Room::Food(v) => (char::from(b'0' + v), colours.food),
                Room::Water(v) => (char::from(b'0' + v), colours.water),
                _ => continue,
            };
            let t = template(glyph, font).expect("a template of that size");
            let (x0, y0) = (x + pitch / 2 - t.width as u32 / 2, y + pitch / 2 - t.height as u32 / 2);
            for ty in 0..t.height {
                for tx in 0..t.width {
                    let a = t.data[ty * t.width + tx];
                    put(&mut image, x0 + tx as u32, y0 + ty as u32, ink.map(|v| (v as f32 * a).round() as u8));
                }
            }
        }
    }
    if message {
        (150..450).for_each(|x| (296..304).for_each(|y| put(&mut image, x, y, colours.survive)));
    }
    Frame::from_image(image)
}

impl Screen for SimCollapse {
    fn capture(&mut self) -> Result<Frame, ScreenError> {
        let mut s = self.state();
        if s.gone {
            return Err(ScreenError::WindowGone);
        }
        if s.pause > 0 {
            s.pause -= 1;
            let frame = render(&s.board, &s.config, true);
            if s.pause == 0 {
                match s.levels.pop() {
                    Some(next) => s.board = next,
                    None if s.close_at_end => s.gone = true,
                    None => s.pause = 1,
                }
            }
            return Ok(frame);
        }
        Ok(render(&s.board, &s.config, false))
    }

    fn describe(&self) -> String {
        "simulated Collapse window".into()
    }
}

impl InputDevice for SimCollapse {
    fn perform(&mut self, action: &Action) -> Result<(), InputError> {
        let mut s = self.state();
        let Action::Key(key) = action else { return Ok(()) };
        if s.pause > 0 {
            s.keys_in_pause += 1;
            return Ok(());
        }
        let keys = s.config.keys.clone();
        let dir = [(&keys.up, Dir::Up), (&keys.down, Dir::Down), (&keys.left, Dir::Left), (&keys.right, Dir::Right)]
            .into_iter()
            .find(|(name, _)| *name == key)
            .map(|(_, d)| d);
        // A move into rubble or off the building is ignored, as in the game.
        if let Some(dir) = dir
            && s.board.play(dir).is_ok()
        {
            s.moves += 1;
            if s.vanish_after.is_some_and(|k| s.moves >= k) {
                s.gone = true;
            } else if s.board.is_over() {
                let score = s.board.score();
                s.scores.push(score);
                if s.levels.is_empty() && s.close_at_end && s.board.mode == super::board::Mode::Hard {
                    s.gone = true;
                } else {
                    s.pause = s.pause_captures;
                }
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

#[cfg(test)]
mod tests;
