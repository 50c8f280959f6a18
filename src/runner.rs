//! The play loop for turn-based games: capture, read, plan, act, verify, repeat.
//!
//! After every move the loop waits for the screen to settle, reads the board again and compares it
//! with what the rules predicted. On a mismatch it reads once more, then re-plans from what is really
//! on the screen; if mismatches keep coming it stops with a message instead of clicking blindly.
//! Before every action the failsafe gets a say, and every action must land inside the game window.

use std::time::{Duration, Instant};

use anyhow::{Context, bail};

use crate::budget::Budget;
use crate::frame::Frame;
use crate::games::{Game, Plan};
use crate::input::{Action, InputDevice};
use crate::input::failsafe::Failsafe;
use crate::profile::Profile;
use crate::screen::{Screen, capture_after_change, settled};

/// How the loop behaves.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    pub budget: Budget,
    /// Mismatches between prediction and screen tolerated (each followed by a re-plan) before stopping.
    pub max_mismatches: u32,
    /// Stop, unsuccessfully, once this many moves have been made.
    pub move_limit: Option<usize>,
    /// How far the pointer may drift before it counts as the user's hand.
    pub failsafe_tolerance: i32,
}

impl Default for PlayOptions {
    fn default() -> PlayOptions {
        PlayOptions { budget: Budget::default(), max_mismatches: 3, move_limit: None, failsafe_tolerance: 3 }
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
fn read_board<G: Game>(
    frame: &Frame,
    layout: &mut Option<G::Layout>,
    profile: &Profile,
    progress: &mut dyn Progress,
) -> anyhow::Result<G::Board> {
    if let Some(known) = layout.as_ref().filter(|l| G::layout_fits(l, frame))
        && let Ok(reading) = G::read(frame, known, profile)
    {
        return Ok(reading.board);
    }
    if layout.is_some() {
        progress.line("the saved layout no longer fits the window; finding the board again");
    }
    let found = G::locate(frame, profile).context("cannot find the board in the window")?;
    let reading = G::read(frame, &found, profile).context("cannot read the board")?;
    *layout = Some(found);
    Ok(reading.board)
}

/// Performs one frame-relative action after the checks every action needs: it lies inside the
/// game window, the failsafe allows it, and a key goes only while the game has the keyboard focus.
pub fn perform_checked(action: &Action, frame: &Frame, screen: &dyn Screen, device: &mut dyn InputDevice, failsafe: &mut Failsafe) -> anyhow::Result<()> {
    if !action.points().iter().all(|p| frame.contains(*p)) {
        bail!("refusing to {action}: it lies outside the game window ({}x{})", frame.width(), frame.height());
    }
    failsafe.check(device)?;
    if matches!(action, Action::Key(_)) {
        ensure_focus(screen)?;
    }
    let on_screen = action.offset(frame.origin);
    device.perform(&on_screen)?;
    failsafe.performed(&on_screen);
    Ok(())
}

/// An error when another window has the keyboard focus (a key would go there, not to the game).
pub fn ensure_focus(screen: &dyn Screen) -> anyhow::Result<()> {
    match screen.focus_elsewhere() {
        Some(other) => bail!("stopped: the keyboard focus is on {other}, not the game; click the game's window and run again"),
        None => Ok(()),
    }
}

/// Plays until the board is won, the failsafe trips, or something goes wrong.
pub fn play<G: Game>(
    screen: &mut dyn Screen,
    device: &mut dyn InputDevice,
    profile: &Profile,
    mut layout: Option<G::Layout>,
    options: &PlayOptions,
    progress: &mut dyn Progress,
) -> anyhow::Result<Summary> {
    let mut failsafe = Failsafe::new(options.failsafe_tolerance);
    let mut summary = Summary::default();
    loop {
        let mut frame = settle(screen, profile)?;
        let mut board = read_board::<G>(&frame, &mut layout, profile, progress)?;
        if G::is_won(&board) {
            summary.won = true;
            return Ok(summary);
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
            for action in G::actions(mv, &board, &layout_now, profile)? {
                perform_checked(&action, &frame, &*screen, device, &mut failsafe)?;
            }
            if profile.timing.after_action_ms > 0 {
                std::thread::sleep(Duration::from_millis(profile.timing.after_action_ms));
            }
            let predicted = G::predict(&board, mv);
            // Wait for the game to redraw, then read; if the reading disagrees, look once more
            // after the screen has settled again (a redraw may still have been under way).
            let (after, _changed) = settle_after(screen, &frame, profile)?;
            frame = after;
            let mut confirmed = false;
            for attempt in 0..2 {
                if attempt > 0 {
                    frame = settle(screen, profile)?;
                }
                if let Ok(reading) = G::read(&frame, &layout_now, profile)
                    && G::matches(&reading.board, &predicted)
                {
                    confirmed = true;
                    break;
                }
            }
            if !confirmed {
                summary.mismatches += 1;
                progress.line(&format!(
                    "move {} ({mv}): the screen does not show what the rules predict; re-reading and re-planning ({} of {} allowed)",
                    summary.moves + 1,
                    summary.mismatches,
                    options.max_mismatches
                ));
                if summary.mismatches > options.max_mismatches {
                    bail!("stopped: the screen kept disagreeing with the rules after {} moves; is the game responding?", summary.moves);
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
                return Ok(summary);
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
