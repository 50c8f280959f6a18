//! `play tetris --contest`: the 2021 contest played live on its own page, from its first piece,
//! with landings planned for the known sequence (a record planned beforehand, or the planner
//! running alongside).
//!
//! Each piece is first seen on screen where it must be: the contest's next piece, at column 4 in
//! its spawn state, over the board the plan left (`watch`); that also checks the last lock. Its
//! keys are then sent at a moment the page's gravity cannot break them (`moves`, `gravity`): at
//! once when a tick cannot matter, else while no tick can come, else after waiting for one. When
//! the board on screen differs, it is explained as the last pieces having landed elsewhere, the
//! record says so, and the planner starts again from the board on screen. Before any key the
//! start is checked: the page must show the contest's first piece over an empty well. With the
//! environment variable GAMEBOT_DEBUG set, each piece's timing is reported as progress.

mod game;
pub mod gravity;
pub mod lag;
pub mod moves;
pub mod plan;
pub mod sim_window;
pub mod watch;

#[cfg(test)]
mod tests;

use std::time::Duration;

use anyhow::{Context, bail};

use self::game::Contest;
use self::gravity::{Gravity, period};
use self::plan::Plan;
use self::watch::Ticks;
use super::config::{ContestTiming, LiveConfig};
use super::locate::Layout;
pub use super::play::Outcome;
use super::read::{falling_piece, read_grid, read_preview};
use crate::clock::{Clock, SystemClock};
use crate::frame::Frame;
use crate::games::tetris::board::Board;
use crate::games::tetris::contest::reach::{Landing, Reach};
use crate::games::tetris::contest::rules::{self, Pos, SequencePiece, Step, TopOut};
use crate::games::tetris::contest::search::BeamConfig;
use crate::input::InputDevice;
use crate::input::guard::Guard;
use crate::screen::Screen;

pub struct Options {
    /// Stop, successfully, once this many pieces are placed (and the last lock checked).
    pub pieces: Option<u32>,
    /// Landings planned beforehand; None: plan alongside the game.
    pub record: Option<Plan>,
    /// The planner's budget, alongside and when planning again.
    pub planner: BeamConfig,
}

#[derive(Debug)]
pub struct Summary {
    pub outcome: Outcome,
    /// Where each piece placed landed, in order: the record played.
    pub landings: Vec<Pos>,
    /// The contest engine's score of those landings.
    pub score: u64,
    /// Boards on screen unlike the plan (each planned again from the screen).
    pub replans: u32,
    /// Pieces held until a tick was seen, held for the planner, and sent while a tick could have
    /// broken them.
    pub waits: u32,
    pub held: u32,
    pub raced: u32,
    /// Pieces whose keys no tick could break.
    pub tolerant: u32,
    /// Rushed pieces whose keys went before the screen showed them (it lagged past the time
    /// left before the next tick); the board after them is checked as after any other.
    pub blind: u32,
    /// For each piece: ms from the last piece's keys to its own.
    pub cycle_ms: Vec<f64>,
    pub seconds: f64,
}

impl Summary {
    fn new() -> Summary {
        Summary {
            outcome: Outcome::Reached,
            landings: Vec::new(),
            score: 0,
            replans: 0,
            waits: 0,
            held: 0,
            raced: 0,
            tolerant: 0,
            blind: 0,
            cycle_ms: Vec::new(),
            seconds: 0.0,
        }
    }

    pub fn report(&self) -> String {
        let mut ms = self.cycle_ms.clone();
        ms.sort_by(f64::total_cmp);
        let at = |q: f64| ms.get(((ms.len() as f64 - 1.0) * q).round() as usize).copied().unwrap_or(0.0);
        format!(
            "pieces={} replans={} waits={} held={} raced={} blind={} tolerant={} seconds={:.1} ms_per_piece_median={:.1} ms_per_piece_p99={:.1} outcome={:?}",
            self.landings.len(),
            self.replans,
            self.waits,
            self.held,
            self.raced,
            self.blind,
            self.tolerant,
            self.seconds,
            at(0.5),
            at(0.99),
            self.outcome
        )
    }
}

/// Ticks seen while the first piece is watched for.
fn first_ticks<'a>(clock: &'a dyn Clock, gravity: &'a mut Gravity, timing: &ContestTiming) -> Ticks<'a> {
    Ticks { clock, gravity, period: period(timing, 1), lag: Duration::from_millis(timing.display_lag_ms) }
}

/// Where a piece at `pos` comes to rest, dropped straight down.
fn dropped(board: &Board, mut pos: Pos) -> Pos {
    while rules::can_fall(board, pos) {
        pos.y += 1;
    }
    pos
}

/// What was seen when the start is refused: one line saying what is wrong.
fn wrong_start(frame: &Frame, layout: &Layout, config: &LiveConfig, sequence: &[SequencePiece]) -> String {
    let grid = match read_grid(frame, layout, config.vision.empty_max) {
        Ok(grid) => grid,
        Err(e) => {
            return format!("refusing to start: the well does not read cleanly ({e:#}): is this the contest's page?");
        }
    };
    let filled = grid.iter().flatten().filter(|&&c| c).count();
    let falling = falling_piece(&grid);
    let next = read_preview(frame, layout, config.vision.empty_max).ok().flatten();
    let (first, second) = (sequence[0].kind.letter(), sequence[1].kind.letter());
    let restart = "restart the page's game (Esc on the page) and run gamebot at once";
    if filled > 4 || (filled > 0 && falling.is_none() && filled == 4) {
        return format!(
            "refusing to start: the page is mid-game ({filled} cells in the well, not the contest's first piece alone): {restart}"
        );
    }
    match (falling, next) {
        (Some((piece, _)), _) if piece.letter() != first => format!(
            "refusing to start: the falling piece is {}, not the contest's first piece {first}: another page, or a game under way ({restart})",
            piece.letter()
        ),
        (_, Some(next)) if next.letter() != second => format!(
            "refusing to start: the page shows {} next, not the contest's second piece {second}: another page, or a game under way ({restart})",
            next.letter()
        ),
        (Some(_), _) => format!("refusing to start: the contest's first piece has fallen too far already: {restart}"),
        (None, _) => format!("refusing to start: no piece of the contest is in the well: {restart}"),
    }
}

/// The landing a piece at `from` can still reach that leaves the best board (when the planned one
/// cannot be reached any more).
fn fallback(reach: &mut Reach, board: &Board, from: Pos, remaining: u32) -> Option<Pos> {
    use crate::games::tetris::contest::eval::{Weights, value};
    let mut landings: Vec<Landing> = Vec::new();
    reach.landings_from(board, from, &mut landings);
    let rank = |pos: Pos| {
        let mut b = *board;
        let lock = rules::lock(&mut b, pos, TopOut::Public);
        if lock == rules::Lock::GameOver {
            f64::MIN
        } else {
            lock.points() as f64 + value(&b, remaining, &Weights::default())
        }
    };
    landings.iter().map(|l| l.pos).max_by(|a, b| rank(*a).total_cmp(&rank(*b)))
}

/// The key for one step.
fn key_of(config: &LiveConfig, step: Step) -> &str {
    match step {
        Step::Left => &config.keys.left,
        Step::Right => &config.keys.right,
        Step::Down => &config.keys.soft_drop,
        Step::Rotate => &config.keys.rotate,
    }
}

/// Plays the contest in `screen` from its first piece, every key through the guard. Progress
/// lines go to `progress`.
pub fn run(
    screen: &mut dyn Screen,
    input: &mut dyn InputDevice,
    config: &LiveConfig,
    options: Options,
    progress: &mut dyn FnMut(&str),
) -> anyhow::Result<Summary> {
    run_on(&SystemClock, screen, input, config, options, progress)
}

/// `run` on `clock`: the system's in play, the simulated page's in tests.
pub fn run_on(
    clock: &dyn Clock,
    screen: &mut dyn Screen,
    input: &mut dyn InputDevice,
    config: &LiveConfig,
    options: Options,
    progress: &mut dyn FnMut(&str),
) -> anyhow::Result<Summary> {
    let timing: ContestTiming = config.contest.clone().with_context(|| {
        format!(
            "the profile {} has no [contest] section: it does not say how the contest page times its pieces",
            config.name
        )
    })?;
    let keys = &config.keys;
    if [&keys.left, &keys.right, &keys.rotate, &keys.soft_drop]
        .into_iter()
        .chain(&keys.hard_drop)
        .any(|k| k.eq_ignore_ascii_case("escape"))
    {
        bail!("the profile {} binds a move to Escape, the key that stops the bot", config.name);
    }
    let mut contest = Contest::begin(clock, screen, config, timing, options, progress)?;
    let mut guard = Guard::new(input, &config.guard);
    guard.set_key_hold(std::time::Duration::from_millis(config.timing.key_hold_ms));
    while contest.summary.landings.len() < contest.limit && contest.play_piece(&mut guard)? {}
    Ok(contest.finish())
}
