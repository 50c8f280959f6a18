//! A game lost on its first move, played through the whole play loop: a simulated window shows
//! Navid079's untouched 10x10 board (a zoo fixture; the page places its mines before any click)
//! until the bot clicks, then the same board with the clicked cell and nine others drawn as mines
//! in a look its profile never saw. Whether the profile is confirmed or still a proposal, and
//! whatever first-click rule it assumes, the game must end lost, as the screen shows; a board gone
//! from the window after that click is not a win.

use std::cell::RefCell;
use std::rc::Rc;

use image::{Rgba, RgbaImage};

use super::super::board::FirstClick;
use super::*;
use crate::frame::Point;
use crate::games::mines::Mines;
use crate::input::{Action, InputDevice, InputError};
use crate::profile::Profile;
use crate::runner::{Ending, PlayOptions, Played, play};
use crate::screen::{Screen, ScreenError};

/// The cells (row, col) shown as mines once the bot has clicked, besides the one it clicked (0,0
/// or 3,3, by the first-click rule).
const OTHERS: [(usize, usize); 9] = [(2, 7), (6, 2), (3, 8), (4, 3), (4, 4), (4, 5), (4, 9), (7, 7), (8, 6)];

/// What the window shows after the click.
#[derive(Clone, Copy, PartialEq)]
enum Answer {
    /// The clicked cell and `OTHERS` as mines in a new look.
    Mines,
    /// The whole window one grey, as a page that puts its end screen over the board.
    Gone,
}

/// The simulated window: one picture before any click, another after.
#[derive(Clone)]
struct Shots(Rc<RefCell<State>>);

struct State {
    before: RgbaImage,
    answer: Answer,
    grid: Grid,
    clicks: Vec<Point>,
    /// Where the last click or move left the pointer.
    pointer: Point,
}

impl Screen for Shots {
    fn capture(&mut self) -> Result<Frame, ScreenError> {
        let state = self.0.borrow();
        let Some(&click) = state.clicks.first() else { return Ok(Frame::from_image(state.before.clone())) };
        let mut image = state.before.clone();
        match state.answer {
            Answer::Mines => {
                let (w, h) = (state.grid.rect.width / 10.0, state.grid.rect.height / 10.0);
                let row = ((click.y as f64 - state.grid.rect.y) / h) as usize;
                let col = ((click.x as f64 - state.grid.rect.x) / w) as usize;
                for (r, c) in std::iter::once((row, col)).chain(OTHERS) {
                    paint_mine(&mut image, &state.grid, r, c);
                }
            }
            Answer::Gone => image.pixels_mut().for_each(|p| *p = Rgba([90, 90, 90, 255])),
        }
        Ok(Frame::from_image(image))
    }

    fn describe(&self) -> String {
        "a simulated window of Navid079's Minesweeper".into()
    }
}

impl InputDevice for Shots {
    fn perform(&mut self, action: &Action) -> Result<(), InputError> {
        let mut state = self.0.borrow_mut();
        match action {
            Action::Click(p) => {
                state.clicks.push(*p);
                state.pointer = *p;
            }
            Action::Move(p) => state.pointer = *p,
            _ => {}
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

/// Paints cell (r, c) as a mine no look of the profile has: dark red, a black disc on it.
fn paint_mine(image: &mut RgbaImage, grid: &Grid, r: usize, c: usize) {
    let rect = grid.cell_rect(r, c);
    let (x0, y0) = (rect.x.round() as i64, rect.y.round() as i64);
    let (w, h) = (rect.width.round() as i64, rect.height.round() as i64);
    for y in y0 + 2..y0 + h - 2 {
        for x in x0 + 2..x0 + w - 2 {
            let (dx, dy) = (x - x0 - w / 2, y - y0 - h / 2);
            let colour = if dx * dx + dy * dy <= w * h / 16 { [0, 0, 0] } else { [160, 20, 20] };
            image.put_pixel(x as u32, y as u32, Rgba([colour[0], colour[1], colour[2], 255]));
        }
    }
}

/// navid-mines' profile with the timings of a simulated window, confirmed on the fixture's size
/// or not, assuming `rule` for the first click.
/// A profile for the simulated window: no waits, and no file of its own (nothing is recorded in
/// the shipped one).
pub(crate) fn without_waits(profile: &mut Profile) {
    profile.timing.poll_ms = 0;
    profile.timing.stable_frames = 1;
    profile.timing.settle_timeout_ms = 200;
    profile.timing.after_action_ms = 0;
    (profile.guard.rest_ms, profile.guard.hold_ms) = (0, 0);
    profile.source = std::env::temp_dir().join("gamebot-no-such-profile.toml");
}

fn profile(confirmed: bool, rule: FirstClick, size: (u32, u32)) -> Profile {
    let mut profile = Profile::load("navid-mines", std::path::Path::new("config")).expect("navid-mines' profile");
    without_waits(&mut profile);
    let learned = profile.learned.as_mut().expect("a learned profile");
    learned.confirmed.clear();
    if confirmed {
        learned.confirmed.push([size.0, size.1]);
    }
    let rules = profile.game_settings.get_mut("rules").and_then(|r| r.as_table_mut()).expect("[rules]");
    let rule = match rule {
        FirstClick::OpensArea => "opens-area",
        FirstClick::Safe => "safe",
        FirstClick::Unsafe => "unsafe",
    };
    rules.insert("first_click".into(), toml::Value::String(rule.into()));
    profile
}

/// Plays the untouched board to its end: how it ended, the lines the loop wrote, and the clicks.
fn play_first_move(confirmed: bool, rule: FirstClick, answer: Answer) -> (Played<Board>, Vec<String>, usize) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/mines/navid-mines");
    let frame = crate::screen::load_png(&dir.join("navid-10x10n10-01-untouched.png")).expect("the picture");
    let profile = profile(confirmed, rule, (frame.width(), frame.height()));
    let config = MinesConfig::from_profile(&profile).expect("its config");
    let grid = read::locate(&frame, &config).expect("the board found");
    let shots = Shots(Rc::new(RefCell::new(State {
        before: frame.image,
        answer,
        grid,
        clicks: Vec::new(),
        pointer: Point::new(0, 0),
    })));
    let pictures = std::env::temp_dir().join(format!("gamebot-lost-play-{}", std::process::id()));
    let options = PlayOptions { pictures: Some(pictures), ..PlayOptions::default() };
    let (mut screen, mut device) = (shots.clone(), shots.clone());
    let mut lines = Vec::new();
    let played =
        play::<Mines>(&mut screen, &mut device, &profile, None, &options, &mut |l: &str| lines.push(l.to_string()));
    let clicks = shots.0.borrow().clicks.len();
    (played, lines, clicks)
}

/// Lost after one click, the board it ends with showing the ten mines, and the line saying why.
fn assert_lost((played, lines, clicks): (Played<Board>, Vec<String>, usize)) {
    assert!(matches!(played.ending, Ending::Lost), "not lost: {}\n{}", played.ending, lines.join("\n"));
    assert_eq!(clicks, 1);
    let board = played.board.expect("the board it ends with");
    assert_eq!(board.cells.iter().filter(|&&c| c == Cell::Mine).count(), 10, "{board}");
    assert!(lines.iter().any(|l| l.contains("lost: the guessed cell")), "{}", lines.join("\n"));
}

/// The page's own rule (mines placed before any click), the profile confirmed on this window:
/// the first click a guess, answered by mines; "the screen does not show what the rules predict"
/// and then "no lattice ..." before (the loss was judged only where some cell had been opened).
#[test]
fn a_first_click_answered_by_mines_in_a_new_look_is_lost() {
    assert_lost(play_first_move(true, FirstClick::Unsafe, Answer::Mines));
}

/// The same while the profile is still a proposal on this window: stopped as a proposal whose
/// move did not show the prediction, before.
#[test]
fn a_first_click_answered_by_mines_while_the_profile_is_a_proposal_is_lost() {
    assert_lost(play_first_move(false, FirstClick::Unsafe, Answer::Mines));
}

/// A profile that assumes the first click opens an area (a blind calibration's rule), on a program
/// that places its mines before it: the click proven safe only by the assumed rule can lose, and
/// is lost when the screen shows it.
#[test]
fn a_first_click_safe_only_by_the_assumed_rule_answered_by_mines_is_lost() {
    assert_lost(play_first_move(true, FirstClick::OpensArea, Answer::Mines));
    assert_lost(play_first_move(false, FirstClick::Safe, Answer::Mines));
}

/// The board gone after that first click (a page's end screen over it): neither a loss nor a win
/// shows, and the game is not taken for won; before, the click counted as one that cannot lose
/// and the board gone as the game's own end display: won.
#[test]
fn a_board_gone_after_a_first_click_safe_only_by_the_rule_is_no_win() {
    let (played, lines, _) = play_first_move(true, FirstClick::OpensArea, Answer::Gone);
    assert!(!played.ending.won(), "{}\n{}", played.ending, lines.join("\n"));
    assert!(!matches!(played.ending, Ending::Lost), "{}\n{}", played.ending, lines.join("\n"));
}
