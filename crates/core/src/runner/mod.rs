//! The play loop for turn-based games: capture, read, plan, act, verify, repeat.
//!
//! A game takes part by implementing `TurnBased`: its pure parts (locate, read, solve, predict, the
//! inputs of a move). The loop supplies the rest. After every move it watches the board until it
//! shows what the rules predicted (`watch`), and on a mismatch reads once more, then re-plans from
//! what is really on the screen; if mismatches keep coming it stops with a message instead of
//! acting blindly. A learned profile not yet confirmed on this window's size is a proposal
//! (`proposal`): its first moves must all show what the rules predicted, or the game stops with
//! what differed and a picture. When the first move changes nothing, the other input styles the
//! profile allows are tried before giving up, and the one that moved the game is recorded. Only
//! after a move that wins by the rules may the board become unreadable (the game's own end display:
//! a dialog, a recoloured last piece, a closed window), or after a move that cannot lose (a
//! Minesweeper cell proven safe) be gone or under a window of the game's own; the loop then stops,
//! won, and says so. A
//! board that shows the game lost stops it too, as a loss. In a game of hidden information
//! (`TurnBased::HIDDEN`) the loop reads the board after every move and plans again. Every
//! action goes through the one guard (`input::guard`): inside the window, failsafe, keyboard focus.

#[cfg(test)]
mod again_tests;
#[cfg(test)]
mod cut_short_tests;
mod ending;
#[cfg(test)]
mod hover_tests;
mod inputs;
mod proposal;
mod round;
#[cfg(test)]
mod test_games;
mod watch;

use std::path::PathBuf;
use std::time::Duration;

use crate::budget::Budget;
use crate::frame::{Area, Frame, Point};
use crate::game::{TurnBased, find_and_read};
use crate::input::InputDevice;
use crate::input::guard::Guard;
use crate::profile::Profile;
use crate::screen::{Screen, ScreenError, capture_settled_with, settled};
pub use ending::Ending;
pub use proposal::CHECKED_MOVES;
use round::Game;

/// How the loop behaves.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    pub budget: Budget,
    /// Mismatches between prediction and screen tolerated (each followed by a re-plan) before stopping.
    pub max_mismatches: u32,
    /// Stop, unsuccessfully, once this many moves have been made.
    pub move_limit: Option<usize>,
    /// Where a proposed profile's mismatch is drawn (None: the current folder).
    pub pictures: Option<PathBuf>,
}

impl Default for PlayOptions {
    fn default() -> PlayOptions {
        PlayOptions { budget: Budget::default(), max_mismatches: 3, move_limit: None, pictures: None }
    }
}

/// What happened in a game.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Moves the screen confirmed.
    pub moves: usize,
    /// Length of the first plan, and whether it was proven optimal.
    pub first_plan: Option<(usize, bool)>,
    pub mismatches: u32,
    /// Time from deciding each move to seeing it confirmed.
    pub move_times: Vec<Duration>,
    /// What the game's own end display said (`TurnBased::read_end`), when the game has one to read.
    pub end: Option<String>,
    /// The input style that moved the game when the profile's own did not.
    pub input_style: Option<String>,
    /// The profile was a proposal on this window's size and play confirmed it.
    pub confirmed: bool,
}

/// A game played: what happened, why it ended, and (when it ended by the rules) the board it ended
/// with, the rules' prediction after the last move.
#[derive(Debug)]
pub struct Played<B> {
    pub summary: Summary,
    pub ending: Ending,
    pub board: Option<B>,
}

impl<B> Played<B> {
    /// The summary of a game that ended by the rules (won or lost); a stop as the error.
    pub fn into_result(self) -> anyhow::Result<Summary> {
        match self.ending.by_the_rules() {
            true => Ok(self.summary),
            false => Err(self.ending.into()),
        }
    }
}

/// Something that hears what the loop is doing, a line at a time.
pub trait Progress {
    fn line(&mut self, text: &str);
}

impl<F: FnMut(&str)> Progress for F {
    fn line(&mut self, text: &str) {
        self(text)
    }
}

/// Captures once the screen has held still, asking the failsafe between captures.
fn settle(screen: &mut dyn Screen, profile: &Profile, guard: &mut Guard) -> Result<Frame, Ending> {
    let t = &profile.timing;
    let (poll, timeout) = (Duration::from_millis(t.poll_ms), Duration::from_millis(t.settle_timeout_ms));
    Ok(capture_settled_with::<Ending>(screen, poll, t.stable_frames, timeout, &mut |d| Ok(guard.pause(d)?))?.0)
}

/// As `settle`, with the pointer off the window's board: a pointer left on the window is moved to
/// its corner first and the window captured again once still (`input::park`), so that no square is
/// read as the program draws it hovered.
fn settle_unhovered(screen: &mut dyn Screen, profile: &Profile, guard: &mut Guard) -> Result<Frame, Ending> {
    let frame = settle(screen, profile, guard)?;
    if !crate::input::park::park(guard, &frame, screen)? {
        return Ok(frame);
    }
    settle(screen, profile, guard)
}

/// Reads the board, with the known layout if it still fits and reads cleanly, else finds it anew.
fn read_board<G: TurnBased>(
    frame: &Frame,
    layout: &mut Option<G::Layout>,
    config: &G::Config,
    progress: &mut dyn Progress,
) -> anyhow::Result<G::Board> {
    let found = find_and_read::<G>(frame, config, layout.as_ref())?;
    if found.located && layout.is_some() {
        progress.line("the saved layout no longer fits the window; finding the board again");
    }
    *layout = Some(found.layout);
    Ok(found.board)
}

/// After a move the rules say wins: true when the game shows its own end display rather than the
/// board: no board reads on `frame`, or a window now covers the game (its "Solved!" or "New
/// record" dialog, which a reader may see past and read the rest of the board around).
fn shows_end_display<G: TurnBased>(screen: &dyn Screen, frame: &Frame, layout: &G::Layout, config: &G::Config) -> bool {
    unreadable::<G>(frame, layout, config) || matches!(explain(screen, frame), Err(ScreenError::Covered { .. }))
}

/// True when the board is gone from `frame`: it reads neither where it was nor, found anew,
/// anywhere (a cell it cannot read is not enough: a glyph the profile lacks is an error there).
fn board_gone<G: TurnBased>(frame: &Frame, layout: &G::Layout, config: &G::Config) -> bool {
    G::read(frame, layout, config).is_err() && G::locate(frame, config).is_err()
}

/// True when no board can be read on `frame`, neither where it was nor anywhere else.
fn unreadable<G: TurnBased>(frame: &Frame, layout: &G::Layout, config: &G::Config) -> bool {
    G::read(frame, layout, config).is_err()
        && G::locate(frame, config).and_then(|l| G::read(frame, &l, config)).is_err()
}

/// After the last move of a won game: when the game has an end display to read, waits for it to be
/// drawn (the profile's settle timeout), captures it once settled and reads it into the summary.
fn read_end<G: TurnBased>(
    screen: &mut dyn Screen,
    profile: &Profile,
    layout: &G::Layout,
    config: &G::Config,
    summary: &mut Summary,
) {
    if !G::reads_end(config) {
        return;
    }
    std::thread::sleep(Duration::from_millis(profile.timing.settle_timeout_ms));
    summary.end = settled(screen, &profile.timing).ok().and_then(|frame| G::read_end(&frame, layout, config));
}

/// How often the window may move or change size in one game before the bot stops.
const MAX_RELOCATIONS: u32 = 20;

/// Points across the whole of `frame` (frame pixels): a 5x5 grid inside it and its corners and
/// edges, where a window's being moved, covered or off the screen shows.
fn window_points(frame: &Frame) -> Vec<Point> {
    let (w, h) = (frame.width() as i32, frame.height() as i32);
    let inside = (0..5).flat_map(|i| (0..5).map(move |j| Point::new(w * (2 * i + 1) / 10, h * (2 * j + 1) / 10)));
    let (x1, y1) = ((w - 1).max(0), (h - 1).max(0));
    let rim = (0..=4).flat_map(|i| {
        let (x, y) = (x1 * i / 4, y1 * i / 4);
        [Point::new(x, 0), Point::new(x, y1), Point::new(0, y), Point::new(x1, y)]
    });
    inside.chain(rim).collect()
}

/// Why a window's picture may not show the game: asks the screen whether the window is still
/// there, unminimised, in place, on the screen and uncovered across `frame`.
fn explain(screen: &dyn Screen, frame: &Frame) -> Result<(), ScreenError> {
    let points: Vec<Point> = window_points(frame).into_iter().map(|p| frame.to_desktop(p)).collect();
    screen.check_target(frame, &points)?;
    if !frame.fully_shown() {
        let detail = "part of it is hidden and the board could not be read in the rest".to_string();
        return Err(ScreenError::OffScreen { detail });
    }
    Ok(())
}

/// On a window partly off the screen or under another window, the board must be wholly in view,
/// with a quarter of a cell to spare around it (a board cut by the screen's edge or a panel reads as
/// one reaching that edge, or as a smaller one ending less than a cell before it): else the bot stops,
/// saying what hides it. A game whose layout has no known extent is played only on a window wholly
/// in view.
fn ensure_in_view<G: TurnBased>(screen: &dyn Screen, frame: &Frame, layout: &G::Layout) -> Result<(), ScreenError> {
    if frame.fully_shown() {
        return Ok(());
    }
    let detail = match G::to_calibration(layout) {
        None => "part of it is hidden, and this game is played only on a window wholly in view".to_string(),
        Some(grid) => {
            let margin = |cell: f64| (cell / 4.0).max(2.0);
            let (mx, my) = (margin(grid.cell_width()), margin(grid.rect.height / grid.rows.max(1) as f64));
            let (x0, y0) = ((grid.rect.x - mx).floor().max(0.0), (grid.rect.y - my).floor().max(0.0));
            let x1 = (grid.rect.x + grid.rect.width + mx).ceil().min(frame.width() as f64);
            let y1 = (grid.rect.y + grid.rect.height + my).ceil().min(frame.height() as f64);
            let around = Area::new(x0 as i32, y0 as i32, (x1 - x0).max(0.0) as u32, (y1 - y0).max(0.0) as u32);
            if frame.shows_area(around) {
                return Ok(());
            }
            // What hides it: the screen's edge where the window leaves it, else what covers the
            // board's edges.
            let (x0, y0) = (around.x, around.y);
            let (x1, y1) = (x0 + around.width as i32 - 1, y0 + around.height as i32 - 1);
            let edge = (0..=8).flat_map(|i| {
                let (x, y) = (x0 + (x1 - x0) * i / 8, y0 + (y1 - y0) * i / 8);
                [Point::new(x, y0), Point::new(x, y1), Point::new(x0, y), Point::new(x1, y)]
            });
            let asked: Vec<Point> = window_points(frame)
                .into_iter()
                .chain(edge)
                .filter(|&p| !frame.shows(p))
                .map(|p| frame.to_desktop(p))
                .collect();
            screen.check_target(frame, &asked)?;
            "the board is not wholly in view".to_string()
        }
    };
    Err(ScreenError::OffScreen { detail })
}

/// Plays until the board is won or lost by the rules, the failsafe trips, or something goes wrong:
/// `Played::ending` says which. A board already won or lost before the first move ends as
/// `Ending::AlreadyOver`.
pub fn play<G: TurnBased>(
    screen: &mut dyn Screen,
    device: &mut dyn InputDevice,
    profile: &Profile,
    layout: Option<G::Layout>,
    options: &PlayOptions,
    progress: &mut dyn Progress,
) -> Played<G::Board> {
    let mut played = play_to_end::<G>(screen, device, profile, layout, options, progress);
    if played.summary.moves == 0 && matches!(played.ending, Ending::Won | Ending::Lost) {
        played.ending = Ending::AlreadyOver { won: played.ending.won() };
    }
    played
}

/// Like `play`, but a board won or lost before the first move ends as it is (a level that a
/// caller checks, say).
pub fn play_to_end<G: TurnBased>(
    screen: &mut dyn Screen,
    device: &mut dyn InputDevice,
    profile: &Profile,
    layout: Option<G::Layout>,
    options: &PlayOptions,
    progress: &mut dyn Progress,
) -> Played<G::Board> {
    let mut guard = Guard::new(device, &profile.guard);
    let mut game = match Game::<G>::new(profile, options, layout) {
        Ok(game) => game,
        Err(ending) => return Played { summary: Summary::default(), ending, board: None },
    };
    loop {
        match game.round(screen, &mut guard, progress) {
            Ok(None) => {}
            Ok(Some((board, ending))) => return Played { summary: game.summary, ending, board: Some(board) },
            Err(ending) => return Played { summary: game.summary, ending, board: None },
        }
    }
}
