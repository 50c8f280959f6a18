//! `play collapse --levels N`: level after level through the turn-based loop. Each level is played
//! by `runner::play_to_end` from a board read on screen; then the game's verdict is read off the
//! screen, and the next level is awaited: a fresh building (the player in the centre, nothing
//! collapsed) that holds still, so that no key is ever pressed into the game's 2 s pause. When the
//! window goes away after a level has ended (hard mode crashes at the end of every level; or the
//! player closed it), the game is over; a window lost in the middle of a level is an error.

use std::time::{Duration, Instant};

use anyhow::{Context, bail};

use super::Collapse;
use super::board::{Board, Mode, Room};
use super::config::CollapseConfig;
use super::result::{Verdict, verdict};
use super::{read, solve};
use crate::frame::Frame;
use crate::input::InputDevice;
use crate::profile::Profile;
use crate::runner::{self, Ending, PlayOptions, Progress};
use crate::screen::{Screen, ScreenError, capture_settled, settled};
use crate::vision::grid::Grid;

/// How one level went.
#[derive(Clone, Debug)]
pub struct Level {
    pub mode: Mode,
    pub n: usize,
    /// What the path collected from the board first read (min(food, water) in hard mode), when
    /// known: a re-plan after a mismatch re-reads the board, and the screen shows no totals.
    pub collected: Option<u32>,
    /// The most any path could collect from the board first read.
    pub optimum: u32,
    pub moves: usize,
    /// The game's own verdict, when it wrote one (hard mode crashes before it does).
    pub verdict: Option<Verdict>,
    pub move_times: Vec<Duration>,
    pub took: Duration,
}

impl Level {
    pub fn at_optimum(&self) -> bool {
        self.collected == Some(self.optimum)
    }
}

/// How the levels went, and why the run stopped.
#[derive(Clone, Debug, Default)]
pub struct Run {
    pub levels: Vec<Level>,
    /// True when the game's window went away after a level had ended.
    pub game_ended: bool,
}

/// A fresh level: the player in the centre and every room standing.
fn is_fresh(board: &Board) -> bool {
    board.player() == board.centre() && board.cells.iter().all(|&room| room != Room::Collapsed)
}

/// Reads a building anywhere in `frame`.
fn read_any(frame: &Frame, config: &CollapseConfig) -> Option<(Grid, Board)> {
    let grid = read::locate(frame, &config.colours).ok()?;
    let board = read::read(frame, &grid, &config.colours).ok()?;
    Some((grid, board))
}

/// Waits until the screen shows a fresh level that has held still; None when the window went away.
fn next_level(
    screen: &mut dyn Screen,
    profile: &Profile,
    config: &CollapseConfig,
) -> anyhow::Result<Option<(Frame, Grid, Board)>> {
    let t = &profile.timing;
    let poll = Duration::from_millis(t.poll_ms);
    let deadline = Instant::now() + Duration::from_millis(config.levels.next_level_timeout_ms);
    loop {
        let remaining = deadline.saturating_duration_since(Instant::now());
        let (frame, still) = match capture_settled(screen, poll, t.stable_frames, remaining) {
            Ok(captured) => captured,
            Err(ScreenError::WindowGone) => return Ok(None),
            Err(e) => return Err(e.into()),
        };
        if still && let Some((grid, board)) = read_any(&frame, config).filter(|(_, b)| is_fresh(b)) {
            return Ok(Some((frame, grid, board)));
        }
        if Instant::now() >= deadline {
            bail!("no new level was drawn within {} ms of the last one ending", config.levels.next_level_timeout_ms);
        }
        std::thread::sleep(poll);
    }
}

/// Plays one level from `board` (as read in `grid`) to its end.
fn play_level(
    screen: &mut dyn Screen,
    device: &mut dyn InputDevice,
    profile: &Profile,
    config: &CollapseConfig,
    (grid, board): (Grid, Board),
    options: &PlayOptions,
    progress: &mut dyn Progress,
) -> anyhow::Result<(Level, bool)> {
    let started = Instant::now();
    let best = solve::solve(&board);
    let played = runner::play_to_end::<Collapse>(screen, device, profile, Some(grid.clone()), options, progress);
    let window_closed = matches!(played.ending, Ending::WonWindowClosed);
    let (summary, end) = match played.board {
        Some(end) if played.ending.by_the_rules() => (played.summary, end),
        _ => return Err(played.ending.into()),
    };
    // The tally counts from the board first read only if no re-plan re-read the board.
    let collected = (summary.mismatches == 0 && end.is_over()).then(|| end.score());
    let verdict = if window_closed {
        None
    } else {
        settled(screen, &profile.timing).ok().and_then(|frame| verdict(&frame, &grid, config, end.player()))
    };
    let level = Level {
        mode: board.mode,
        n: board.n,
        collected,
        optimum: best.score,
        moves: summary.moves,
        verdict,
        move_times: summary.move_times,
        took: started.elapsed(),
    };
    Ok((level, window_closed))
}

/// Plays up to `count` levels, the first from what the window shows now.
pub fn play_levels(
    screen: &mut dyn Screen,
    device: &mut dyn InputDevice,
    profile: &Profile,
    count: usize,
    options: &PlayOptions,
    progress: &mut dyn Progress,
) -> anyhow::Result<Run> {
    let config = CollapseConfig::from_profile(profile)?;
    let mut run = Run::default();
    let frame = settled(screen, &profile.timing)?;
    let mut current = read_any(&frame, &config).filter(|(_, b)| !b.is_over());
    if current.is_none() {
        // Perhaps between levels: the game's message, then the next building.
        current = next_level(screen, profile, &config)?.map(|(_, g, b)| (g, b));
    }
    let Some(mut now) = current else { bail!("the game window went away before any level was played") };
    for index in 1..=count {
        let (mode, n) = (now.1.mode, now.1.n);
        progress.line(&format!("level {index}: {mode} n={n}"));
        let (level, closed) = play_level(screen, device, profile, &config, now, options, progress)
            .with_context(|| format!("level {index} ({mode} n={n}) did not end"))?;
        progress.line(&describe(index, &level));
        run.levels.push(level);
        if closed {
            run.game_ended = true;
            return Ok(run);
        }
        if index == count {
            break;
        }
        if run.levels.last().is_some_and(|l| l.verdict == Some(Verdict::Die)) {
            progress.line("the game says the player dies: it waits for r (retry) or n (new board); stopping");
            break;
        }
        match next_level(screen, profile, &config)? {
            Some((_, grid, board)) => now = (grid, board),
            None => {
                run.game_ended = true;
                return Ok(run);
            }
        }
    }
    Ok(run)
}

/// One line for a level's result.
pub fn describe(index: usize, level: &Level) -> String {
    let what = match level.mode {
        Mode::Easy => "supplies",
        Mode::Hard => "min(food, water)",
    };
    let collected = level.collected.map_or("unknown (re-planned)".to_string(), |c| c.to_string());
    let verdict = level.verdict.map_or(String::new(), |v| format!("; the game says: you {v}"));
    let mean = if level.move_times.is_empty() {
        0.0
    } else {
        level.move_times.iter().map(Duration::as_secs_f64).sum::<f64>() * 1e3 / level.move_times.len() as f64
    };
    format!(
        "level {index} ({} n={}): {what} {collected}, optimum {}{}{verdict}; {} moves, {mean:.0} ms per move, {:.2} s",
        level.mode,
        level.n,
        level.optimum,
        if level.at_optimum() { " (at the optimum)" } else { " (NOT at the optimum)" },
        level.moves,
        level.took.as_secs_f64()
    )
}
