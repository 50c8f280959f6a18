//! The play loop for turn-based games: capture, read, plan, act, verify, repeat.
//!
//! A game takes part by implementing `TurnBased`: its pure parts (locate, read, solve, predict, the
//! inputs of a move). The loop supplies the rest. After every move it waits for the screen to settle,
//! checks the screen against what the rules predicted (by reading the board again, unless the game
//! has a check of its own), and on a mismatch reads once more, then re-plans from what is really on
//! the screen; if mismatches keep coming it stops with a message instead of acting blindly. Only
//! after a move that wins by the rules may the board become unreadable (the game's own end display:
//! a dialog, a recoloured last piece, a closed window); the loop then stops, won, and says so. Every
//! action goes through the one guard (`input::guard`): inside the window, failsafe, keyboard focus.

use std::fmt;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};

use crate::budget::Budget;
use crate::frame::{Frame, Point};
use crate::input::guard::Guard;
use crate::input::{Action, InputDevice};
use crate::profile::Profile;
use crate::screen::{Screen, ScreenError, capture_after_change, settled};
use crate::vision::grid::Grid;

/// A board as read from the screen, with how sure the reader is (0..1).
#[derive(Clone, Debug)]
pub struct Reading<B> {
    pub board: B,
    pub confidence: f32,
}

/// A solver's answer: the moves, and whether they are proven to be the fewest possible.
#[derive(Clone, Debug)]
pub struct Plan<M> {
    pub moves: Vec<M>,
    pub proven_optimal: bool,
}

/// A turn-based game, as the play loop sees it. Every method is pure: no screen, no input.
pub trait TurnBased {
    type Board: Clone + fmt::Display;
    type Move: Clone + fmt::Display;
    /// Where the board is in a frame (plain data, savable as a calibration).
    type Layout: Clone;
    /// The game's own section of its profile.
    type Config;

    /// The game's name, as in case files.
    const NAME: &'static str;

    /// The game's section of a profile.
    fn config(profile: &Profile) -> anyhow::Result<Self::Config>;
    /// Finds the board in a frame.
    fn locate(frame: &Frame, config: &Self::Config) -> anyhow::Result<Self::Layout>;
    /// True when a layout found earlier can still be used on this frame.
    fn layout_fits(layout: &Self::Layout, frame: &Frame) -> bool;
    /// Reads the board with a known layout.
    fn read(frame: &Frame, layout: &Self::Layout, config: &Self::Config) -> anyhow::Result<Reading<Self::Board>>;
    /// Plans from `board`; an error says why there is no plan (e.g. proven unsolvable).
    fn solve(board: &Self::Board, budget: Budget) -> anyhow::Result<Plan<Self::Move>>;
    /// What the rules say the board becomes after `mv`.
    fn predict(board: &Self::Board, mv: &Self::Move) -> Self::Board;
    /// True when a board read from the screen is the board the rules predicted.
    fn matches(read: &Self::Board, predicted: &Self::Board) -> bool;
    fn is_won(board: &Self::Board) -> bool;
    /// The inputs that make `mv` on `board`, frame-relative.
    fn actions(
        mv: &Self::Move,
        board: &Self::Board,
        layout: &Self::Layout,
        config: &Self::Config,
    ) -> anyhow::Result<Vec<Action>>;
    /// True when `frame`, captured after a move, shows what the rules predicted. By default the
    /// board is read again and compared; a game whose screen cannot be read whole mid-game checks
    /// what it can.
    fn confirm(frame: &Frame, layout: &Self::Layout, config: &Self::Config, predicted: &Self::Board) -> bool {
        Self::read(frame, layout, config).is_ok_and(|reading| Self::matches(&reading.board, predicted))
    }
    /// True when the game shows the result of play once it ends and the profile says how to read
    /// it (`read_end`): the loop then captures the screen once more after the last move.
    fn reads_end(_config: &Self::Config) -> bool {
        false
    }
    /// What the game's own end display says, read from a frame captured once it has settled after
    /// the last move, with the layout read before it: a line for the summary (None: nothing read).
    fn read_end(_frame: &Frame, _layout: &Self::Layout, _config: &Self::Config) -> Option<String> {
        None
    }
    /// The layout a saved calibration describes, for games whose layout is a grid.
    fn from_calibration(_grid: Grid) -> Option<Self::Layout> {
        None
    }
    /// The grid to save as a calibration, for games whose layout is a grid.
    fn to_calibration(_layout: &Self::Layout) -> Option<Grid> {
        None
    }
    /// The body of a case file's `[board]` table for this board (TOML lines).
    fn board_toml(board: &Self::Board) -> String;
    /// Lines describing what was seen besides the board (colours, counts), for `calibrate`.
    fn describe(frame: &Frame, layout: &Self::Layout, board: &Self::Board) -> Vec<String>;
    /// The plan in words, for people.
    fn describe_plan(moves: &[Self::Move]) -> String {
        moves.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" ")
    }
    /// The reading and the plan drawn over the frame, for people.
    fn annotate(frame: &Frame, layout: &Self::Layout, board: &Self::Board, plan: &[Self::Move]) -> image::RgbaImage;
}

/// How the loop behaves.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    pub budget: Budget,
    /// Mismatches between prediction and screen tolerated (each followed by a re-plan) before stopping.
    pub max_mismatches: u32,
    /// Stop, unsuccessfully, once this many moves have been made.
    pub move_limit: Option<usize>,
}

impl Default for PlayOptions {
    fn default() -> PlayOptions {
        PlayOptions { budget: Budget::default(), max_mismatches: 3, move_limit: None }
    }
}

/// What happened in a game.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    pub won: bool,
    /// Moves the screen confirmed.
    pub moves: usize,
    /// Length of the first plan, and whether it was proven optimal.
    pub first_plan: Option<(usize, bool)>,
    pub mismatches: u32,
    /// Time from deciding each move to seeing it confirmed.
    pub move_times: Vec<Duration>,
    /// The window went away right after the winning move (a game that exits, or crashes, at its end):
    /// that move is counted as made, unconfirmed.
    pub window_closed: bool,
    /// After the winning move the board could no longer be read at all (a game that recolours its
    /// last piece, or puts a dialog over the board, when it is won): that move is counted as made,
    /// unconfirmed. A board that reads, but not as predicted, is a mismatch instead.
    pub end_display: bool,
    /// What the game's own end display said (`TurnBased::read_end`), when the game has one to read.
    pub end: Option<String>,
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

fn settle_after(screen: &mut dyn Screen, before: &Frame, profile: &Profile) -> anyhow::Result<(Frame, bool)> {
    let t = &profile.timing;
    let poll = Duration::from_millis(t.poll_ms);
    Ok(capture_after_change(screen, before, poll, t.stable_frames, Duration::from_millis(t.settle_timeout_ms))?)
}

fn settle(screen: &mut dyn Screen, profile: &Profile) -> anyhow::Result<Frame> {
    Ok(settled(screen, &profile.timing)?)
}

/// Reads the board, with the known layout if it still fits and reads cleanly, else finds it anew.
fn read_board<G: TurnBased>(
    frame: &Frame,
    layout: &mut Option<G::Layout>,
    config: &G::Config,
    progress: &mut dyn Progress,
) -> anyhow::Result<G::Board> {
    if let Some(known) = layout.as_ref().filter(|l| G::layout_fits(l, frame))
        && let Ok(reading) = G::read(frame, known, config)
    {
        return Ok(reading.board);
    }
    if layout.is_some() {
        progress.line("the saved layout no longer fits the window; finding the board again");
    }
    let found = G::locate(frame, config).context("cannot find the board in the window")?;
    let reading = G::read(frame, &found, config).context("cannot read the board")?;
    *layout = Some(found);
    Ok(reading.board)
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
    summary.end = settle(screen, profile).ok().and_then(|frame| G::read_end(&frame, layout, config));
}

/// How often the window may move or change size in one game before the bot stops.
const MAX_RELOCATIONS: u32 = 20;

/// True when `error` says the game's window moved or changed size before an input (none was made).
fn window_moved(error: &anyhow::Error) -> bool {
    matches!(error.downcast_ref::<ScreenError>(), Some(ScreenError::Moved))
}

/// Why a window's picture may not show the game: asks the screen whether the window is still
/// there, unminimised, in place and uncovered over a 5x5 grid of points across `frame`.
fn explain(screen: &dyn Screen, frame: &Frame) -> anyhow::Result<()> {
    let (w, h) = (frame.width() as i32, frame.height() as i32);
    let points: Vec<Point> = (0..5)
        .flat_map(|i| {
            (0..5)
                .map(move |j| Point::new(frame.origin.x + w * (2 * i + 1) / 10, frame.origin.y + h * (2 * j + 1) / 10))
        })
        .collect();
    Ok(screen.check_target(frame, &points)?)
}

/// True when `error` says the game's window has gone away.
pub fn window_gone(error: &anyhow::Error) -> bool {
    matches!(error.downcast_ref::<ScreenError>(), Some(ScreenError::WindowGone))
}

/// Plays until the board is won, the failsafe trips, or something goes wrong.
pub fn play<G: TurnBased>(
    screen: &mut dyn Screen,
    device: &mut dyn InputDevice,
    profile: &Profile,
    layout: Option<G::Layout>,
    options: &PlayOptions,
    progress: &mut dyn Progress,
) -> anyhow::Result<Summary> {
    play_to_end::<G>(screen, device, profile, layout, options, progress).map(|(summary, _)| summary)
}

/// Like `play`, also returning the board the loop ends with (the rules' prediction after the last
/// confirmed move).
pub fn play_to_end<G: TurnBased>(
    screen: &mut dyn Screen,
    device: &mut dyn InputDevice,
    profile: &Profile,
    mut layout: Option<G::Layout>,
    options: &PlayOptions,
    progress: &mut dyn Progress,
) -> anyhow::Result<(Summary, G::Board)> {
    let config = G::config(profile)?;
    let mut guard = Guard::new(device, &profile.guard);
    let mut summary = Summary::default();
    let mut relocations = 0;
    loop {
        let mut frame = settle(screen, profile)?;
        let mut board = match read_board::<G>(&frame, &mut layout, &config, progress) {
            // A covered, minimised or closed window is the reason to give, not the reading.
            Err(e) => return Err(explain(screen, &frame).err().unwrap_or(e)),
            Ok(board) => board,
        };
        if G::is_won(&board) {
            summary.won = true;
            return Ok((summary, board));
        }
        let started = Instant::now();
        let Plan { moves, proven_optimal } = G::solve(&board, options.budget)?;
        if moves.is_empty() {
            bail!("the solver found no move on this board:\n{board}");
        }
        summary.first_plan.get_or_insert((moves.len(), proven_optimal));
        progress.line(&format!(
            "plan: {} moves ({}), solved in {:.1} ms: {}",
            moves.len(),
            if proven_optimal { "proven optimal" } else { "not proven optimal" },
            started.elapsed().as_secs_f64() * 1e3,
            G::describe_plan(&moves)
        ));
        let layout_now = layout.clone().context("no layout")?;
        let mut move_started = Instant::now();
        let mut replan = false;
        for mv in &moves {
            if options.move_limit.is_some_and(|limit| summary.moves >= limit) {
                bail!("the move limit ({}) is reached and the board is not won", summary.moves);
            }
            let mut moved = false;
            for action in G::actions(mv, &board, &layout_now, &config)? {
                match guard.perform(&action, &frame, &*screen) {
                    Err(e) if window_moved(&e) => {
                        moved = true;
                        break;
                    }
                    result => result?,
                }
            }
            if moved {
                // Nothing went astray: find the window where it is now and the board in it.
                relocations += 1;
                if relocations > MAX_RELOCATIONS {
                    bail!("stopped: the game window keeps moving or changing size ({relocations} times)");
                }
                progress.line("the game window moved or changed size; finding the board again and re-planning");
                replan = true;
                break;
            }
            if profile.timing.after_action_ms > 0 {
                guard.pause(Duration::from_millis(profile.timing.after_action_ms))?;
            }
            let predicted = G::predict(&board, mv);
            // Wait for the game to redraw, then read; if the reading disagrees, look once more
            // after the screen has settled again (a redraw may still have been under way).
            let (after, _changed) = match settle_after(screen, &frame, profile) {
                Err(e) if window_gone(&e) && G::is_won(&predicted) => {
                    summary.moves += 1;
                    summary.won = true;
                    summary.window_closed = true;
                    progress.line(&format!("move {}: {mv}  (the window closed after it)", summary.moves));
                    return Ok((summary, predicted));
                }
                result => result?,
            };
            frame = after;
            let mut confirmed = false;
            for attempt in 0..2 {
                if attempt > 0 {
                    frame = settle(screen, profile)?;
                }
                if G::confirm(&frame, &layout_now, &config, &predicted) {
                    confirmed = true;
                    break;
                }
            }
            if !confirmed && G::is_won(&predicted) && unreadable::<G>(&frame, &layout_now, &config) {
                summary.moves += 1;
                summary.won = true;
                summary.end_display = true;
                progress.line(&format!(
                    "move {}: {mv}  (won by the rules; the game now shows its own end display, which is not a board)",
                    summary.moves
                ));
                read_end::<G>(screen, profile, &layout_now, &config, &mut summary);
                return Ok((summary, predicted));
            }
            if !confirmed {
                match explain(screen, &frame) {
                    Err(e) if window_moved(&e) => {
                        relocations += 1;
                        progress.line("the game window moved or changed size; finding the board again and re-planning");
                        replan = true;
                        break;
                    }
                    result => result?,
                }
                summary.mismatches += 1;
                progress.line(&format!(
                    "move {} ({mv}): the screen does not show what the rules predict; re-reading and re-planning ({} of {} allowed)",
                    summary.moves + 1,
                    summary.mismatches,
                    options.max_mismatches
                ));
                if summary.mismatches > options.max_mismatches {
                    bail!(
                        "stopped: the screen kept disagreeing with the rules after {} moves; is the game responding?",
                        summary.moves
                    );
                }
                replan = true;
                break;
            }
            board = predicted;
            summary.moves += 1;
            let took = move_started.elapsed();
            summary.move_times.push(took);
            progress.line(&format!("move {}: {mv}  ({:.0} ms)", summary.moves, took.as_secs_f64() * 1e3));
            move_started = Instant::now();
            if G::is_won(&board) {
                summary.won = true;
                read_end::<G>(screen, profile, &layout_now, &config, &mut summary);
                return Ok((summary, board));
            }
        }
        if !replan {
            // The plan ran out without a win: read what is there and plan again.
            progress.line("the plan ended without a win; reading the board again");
            summary.mismatches += 1;
            if summary.mismatches > options.max_mismatches {
                bail!("stopped: plans keep ending without a win");
            }
        }
    }
}
