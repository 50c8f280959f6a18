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
//! a dialog, a recoloured last piece, a closed window); the loop then stops, won, and says so. A
//! board that shows the game lost stops it too, as a loss. In a game of hidden information
//! (`TurnBased::HIDDEN`) the loop reads the board after every move and plans again. Every
//! action goes through the one guard (`input::guard`): inside the window, failsafe, keyboard focus.

mod inputs;
mod proposal;
mod watch;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};

use crate::budget::Budget;
use crate::frame::{Area, Frame, Point};
use crate::game::{Plan, TurnBased, find_and_read, plan_line};
use crate::input::InputDevice;
use crate::input::guard::Guard;
use crate::profile::Profile;
use crate::screen::{Screen, ScreenError, capture_settled_with, settled};
use inputs::{first_move, make_move, pause_after_action};
pub use proposal::CHECKED_MOVES;
use watch::{Shown, watch};

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
    /// The input style that moved the game when the profile's own did not.
    pub input_style: Option<String>,
    /// The profile was a proposal on this window's size and play confirmed it.
    pub confirmed: bool,
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
fn explain(screen: &dyn Screen, frame: &Frame) -> anyhow::Result<()> {
    let points: Vec<Point> = window_points(frame).into_iter().map(|p| frame.to_desktop(p)).collect();
    screen.check_target(frame, &points)?;
    if !frame.fully_shown() {
        let detail = "part of it is hidden and the board could not be read in the rest".to_string();
        return Err(ScreenError::OffScreen { detail }.into());
    }
    Ok(())
}

/// On a window partly off the screen or under another window, the board must be wholly in view,
/// with a quarter of a cell to spare around it (a board cut by the screen's edge or a panel reads as
/// one reaching that edge, or as a smaller one ending less than a cell before it): else the bot stops,
/// saying what hides it. A game whose layout has no known extent is played only on a window wholly
/// in view.
fn ensure_in_view<G: TurnBased>(screen: &dyn Screen, frame: &Frame, layout: &G::Layout) -> anyhow::Result<()> {
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
    Err(ScreenError::OffScreen { detail }.into())
}

/// True when `error` says the game's window has gone away.
pub fn window_gone(error: &anyhow::Error) -> bool {
    matches!(error.downcast_ref::<ScreenError>(), Some(ScreenError::WindowGone))
}

/// The end of a game whose window went away right after its winning move `mv` (a game that exits
/// at its end): the move counts as made, unconfirmed.
fn closed_after_win<B>(
    mut summary: Summary,
    predicted: B,
    mv: impl std::fmt::Display,
    progress: &mut dyn Progress,
) -> (Summary, B) {
    summary.moves += 1;
    summary.won = true;
    summary.window_closed = true;
    progress.line(&format!("move {}: {mv}  (the window closed after it)", summary.moves));
    (summary, predicted)
}

/// Plays until the board is won, the failsafe trips, or something goes wrong. A board already won
/// or lost before the first move is an error.
pub fn play<G: TurnBased>(
    screen: &mut dyn Screen,
    device: &mut dyn InputDevice,
    profile: &Profile,
    layout: Option<G::Layout>,
    options: &PlayOptions,
    progress: &mut dyn Progress,
) -> anyhow::Result<Summary> {
    let (summary, _) = play_to_end::<G>(screen, device, profile, layout, options, progress)?;
    finished_before_play(&summary)?;
    Ok(summary)
}

/// An error when the game was over before the bot made a move: a finished board is no game to
/// play, and never a win for 0 moves (it may be an old window under the one the user meant).
fn finished_before_play(summary: &Summary) -> anyhow::Result<()> {
    if summary.moves > 0 || summary.window_closed || summary.end_display {
        return Ok(());
    }
    if summary.won {
        bail!("the game in this window is already won: start a new game (or name the window to play with --window)");
    }
    if summary.lost {
        bail!("the game in this window is already lost: start a new game (or name the window to play with --window)");
    }
    Ok(())
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
    let mut config = G::config(profile)?;
    let mut guard = Guard::new(device, &profile.guard);
    let mut summary = Summary::default();
    let mut relocations = 0;
    let mut proposed: Option<(u32, u32)> = None;
    let mut first = true;
    loop {
        let mut frame = settle(screen, profile, &mut guard)?;
        if first && profile.proposed_at(frame.width(), frame.height()) {
            proposed = Some((frame.width(), frame.height()));
            progress.line(&format!(
                "the profile {} is a proposal on a {}x{} window: its first {CHECKED_MOVES} moves must all show what the rules predict",
                profile.name,
                frame.width(),
                frame.height()
            ));
        }
        let mut board = match read_board::<G>(&frame, &mut layout, &config, progress) {
            // A covered, minimised or closed window is the reason to give, not the reading.
            Err(e) => return Err(explain(screen, &frame).err().unwrap_or(e)),
            Ok(board) => board,
        };
        if let Some(layout) = &layout {
            ensure_in_view::<G>(screen, &frame, layout)?;
        }
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
            let predicted = G::predict(&board, mv);
            let (watched, tried) = if first {
                first = false;
                let made = first_move::<G>(
                    screen,
                    &mut guard,
                    profile,
                    &frame,
                    mv,
                    &board,
                    &layout_now,
                    &config,
                    &predicted,
                    progress,
                );
                let made = match made {
                    Err(e) if window_gone(&e) && G::is_won(&predicted) => {
                        return Ok(closed_after_win(summary, predicted, mv, progress));
                    }
                    made => made?,
                };
                if let Some((name, style_config)) = made.style {
                    config = style_config;
                    summary.input_style = Some(name.to_string());
                    progress.line(&proposal::input_style(profile, name));
                }
                (made.watched, made.tried)
            } else if make_move::<G>(&mut guard, &*screen, &frame, mv, &board, &layout_now, &config)? {
                pause_after_action(&mut guard, profile)?;
                let watched = watch::<G, anyhow::Error>(
                    screen,
                    &frame,
                    &layout_now,
                    &config,
                    &predicted,
                    &profile.timing,
                    &mut |d| guard.pause(d),
                );
                match watched {
                    Err(e) if window_gone(&e) && G::is_won(&predicted) => {
                        return Ok(closed_after_win(summary, predicted, mv, progress));
                    }
                    watched => (Some(watched?), Vec::new()),
                }
            } else {
                (None, Vec::new())
            };
            let Some(watched) = watched else {
                // Nothing went astray: find the window where it is now and the board in it.
                relocations += 1;
                if relocations > MAX_RELOCATIONS {
                    bail!("stopped: the game window keeps moving or changing size ({relocations} times)");
                }
                progress.line("the game window moved or changed size; finding the board again and re-planning");
                replan = true;
                break;
            };
            let shown = watched.shown;
            frame = watched.frame;
            let mut confirmed = shown == Shown::Predicted;
            if !confirmed && proposed.is_some() {
                return Err(proposal::stop_proposal::<G>(
                    options.pictures.as_deref(),
                    profile,
                    &frame,
                    &layout_now,
                    &config,
                    &predicted,
                    summary.moves + 1,
                    mv,
                    shown,
                    &tried,
                ));
            }
            if !confirmed {
                // A redraw may still have been under way: look once more after the screen settles.
                frame = match settle(screen, profile, &mut guard) {
                    Err(e) if window_gone(&e) && G::is_won(&predicted) => {
                        return Ok(closed_after_win(summary, predicted, mv, progress));
                    }
                    result => result?,
                };
                confirmed = G::confirm(&frame, &layout_now, &config, &predicted);
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
            if let Some((width, height)) = proposed
                && (summary.moves >= CHECKED_MOVES || G::is_won(&board))
            {
                progress.line(&proposal::confirm(profile, width, height, summary.moves));
                summary.confirmed = true;
                proposed = None;
            }
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
