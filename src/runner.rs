//! The play loop for turn-based games: capture, read, plan, act, verify, repeat.
//!
//! A game takes part by implementing `TurnBased`: its pure parts (locate, read, solve, predict, the
//! inputs of a move). The loop supplies the rest. After every move it waits for the screen to settle,
//! checks the screen against what the rules predicted (by reading the board again, unless the game
//! has a check of its own), and on a mismatch reads once more, then re-plans from what is really on
//! the screen; if mismatches keep coming it stops with a message instead of acting blindly. Only
//! after a move that wins by the rules may the board become unreadable (the game's own end display:
//! a dialog, a recoloured last piece, a closed window); the loop then stops, won, and says so. A
//! board that shows the game lost stops it too, as a loss. In a game of hidden information
//! (`TurnBased::HIDDEN`) the loop reads the board after every move and plans again. Every
//! action goes through the one guard (`input::guard`): inside the window, failsafe, keyboard focus.

use std::time::{Duration, Instant};

use anyhow::{Context, bail};

use crate::budget::Budget;
use crate::frame::{Frame, Point};
use crate::game::{Plan, TurnBased, find_and_read, plan_line};
use crate::input::InputDevice;
use crate::input::guard::Guard;
use crate::profile::Profile;
use crate::screen::{Screen, ScreenError, capture_after_change, capture_settled_with, settled};

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
    /// The board shows the game lost (`TurnBased::is_lost`).
    pub lost: bool,
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

/// After an action: waits for the screen to change and settle, asking the failsafe between
/// captures (`guard.pause`), so Esc or a mouse movement stops the bot mid-wait.
fn settle_after(
    screen: &mut dyn Screen,
    before: &Frame,
    profile: &Profile,
    guard: &mut Guard,
) -> anyhow::Result<(Frame, bool)> {
    let t = &profile.timing;
    let (poll, timeout) = (Duration::from_millis(t.poll_ms), Duration::from_millis(t.settle_timeout_ms));
    capture_after_change(screen, before, poll, t.stable_frames, timeout, &mut |d| guard.pause(d))
}

/// Captures once the screen has held still, asking the failsafe between captures.
fn settle(screen: &mut dyn Screen, profile: &Profile, guard: &mut Guard) -> anyhow::Result<Frame> {
    let t = &profile.timing;
    let (poll, timeout) = (Duration::from_millis(t.poll_ms), Duration::from_millis(t.settle_timeout_ms));
    Ok(capture_settled_with(screen, poll, t.stable_frames, timeout, &mut |d| guard.pause(d))?.0)
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
        let mut frame = settle(screen, profile, &mut guard)?;
        let mut board = match read_board::<G>(&frame, &mut layout, &config, progress) {
            // A covered, minimised or closed window is the reason to give, not the reading.
            Err(e) => return Err(explain(screen, &frame).err().unwrap_or(e)),
            Ok(board) => board,
        };
        if G::is_won(&board) {
            summary.won = true;
            return Ok((summary, board));
        }
        if G::is_lost(&board) {
            summary.lost = true;
            return Ok((summary, board));
        }
        let started = Instant::now();
        let plan = G::solve(&board, options.budget)?;
        if plan.moves.is_empty() {
            bail!("the solver found no move on this board:\n{board}");
        }
        summary.first_plan.get_or_insert((plan.moves.len(), plan.proven_optimal));
        let millis = started.elapsed().as_secs_f64() * 1e3;
        progress.line(&plan_line(&plan, millis, &G::describe_plan(&plan.moves)));
        let Plan { moves, .. } = plan;
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
            let (after, _changed) = match settle_after(screen, &frame, profile, &mut guard) {
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
                    frame = settle(screen, profile, &mut guard)?;
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
            if G::HIDDEN {
                // What the move uncovered is on the screen, not in the prediction: read it.
                replan = true;
                break;
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
