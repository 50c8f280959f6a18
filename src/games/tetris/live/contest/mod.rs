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

pub mod gravity;
pub mod lag;
pub mod moves;
pub mod plan;
pub mod sim_window;
pub mod watch;

#[cfg(test)]
mod tests;

use std::time::{Duration, Instant};

use anyhow::{Context, bail};

use self::gravity::{Gravity, period};
use self::lag::Lag;
use self::moves::{Drive, drive, rushed_run, waitable};
use self::plan::{PLANNED, Plan, score_of};
use self::watch::{Expect, Held, Seen, Sight, Ticks, hold, stale_grids, watch};
use super::config::{ContestTiming, LiveConfig};
use super::locate::{Layout, locate};
pub use super::play::Outcome;
use super::play::capture_until;
use super::read::{falling_piece, read_grid, read_preview};
use crate::frame::Frame;
use crate::games::tetris::board::Board;
use crate::games::tetris::contest::reach::{Landing, Reach};
use crate::games::tetris::contest::rules::{self, Generator, PIECES, Pos, SequencePiece, Step, TopOut};
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

/// Pieces the planner alongside plans before the first key (the first piece falls slowly).
const START_LEAD: usize = 300;
/// Landings wanted past a piece before its keys go, when it can wait for them.
const PLAN_AHEAD: usize = 8;

/// Ticks seen while the first piece is watched for.
fn first_ticks<'a>(gravity: &'a mut Gravity, timing: &ContestTiming) -> Ticks<'a> {
    Ticks { gravity, period: period(timing, 1), lag: Duration::from_millis(timing.display_lag_ms) }
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
    let timing: ContestTiming = config.contest.clone().with_context(|| {
        format!(
            "the profile {} has no [contest] section: it does not say how the contest page times its pieces",
            config.name
        )
    })?;
    let keys = &config.keys;
    if [&keys.left, &keys.right, &keys.rotate, &keys.soft_drop, &keys.hard_drop]
        .iter()
        .any(|k| k.eq_ignore_ascii_case("escape"))
    {
        bail!("the profile {} binds a move to Escape, the key that stops the bot", config.name);
    }
    let ms = Duration::from_millis;
    let sequence: Vec<SequencePiece> = Generator::default().take(PIECES as usize + 1).collect();
    let started = Instant::now();
    let patience = ms(config.timing.piece_timeout_ms);
    let first = capture_until(screen, patience, |f| locate(f, &config.vision).is_ok())?;
    let layout =
        locate(&first, &config.vision).with_context(|| format!("finding the well in {}'s window", config.name))?;
    let mut gravity = Gravity::new(&timing);
    let mut board = Board::default();
    let expect = Expect { index: 0, board: &board, before: None, sequence: &sequence, stale: &[], late: None };
    let mut lag = Lag::new(&timing);
    let mut seen = match watch(screen, &layout, config, &expect, first_ticks(&mut gravity, &timing), started)? {
        Sight::Expected(seen) => seen,
        _ => bail!(wrong_start(&screen.capture()?, &layout, config, &sequence)),
    };
    let mut plan = match options.record {
        Some(plan) => plan,
        None => Plan::search(Board::default(), 0, 0, &sequence, &options.planner),
    };
    // The first piece falls slowly: let the planner get ahead meanwhile, then see where it is.
    if matches!(plan, Plan::Stream(_)) {
        plan.warm_up(0, START_LEAD, ms(timing.gravity_ms * 2));
        seen = match watch(screen, &layout, config, &expect, first_ticks(&mut gravity, &timing), started)? {
            Sight::Expected(seen) => seen,
            _ => bail!(wrong_start(&screen.capture()?, &layout, config, &sequence)),
        };
    }
    let mut guard = Guard::new(input, &config.guard);
    let mut reach = Reach::default();
    let limit = options.pieces.map_or(PIECES as usize, |n| (n as usize).min(PIECES as usize));
    let mut summary = Summary {
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
    };
    let mut sent = started;
    // The piece about to be played was not seen (see `Sight::Late`).
    let mut blind = false;
    let mut last_stale = Vec::new();
    let debug = std::env::var_os("GAMEBOT_DEBUG").is_some();
    let epoch_ms = |at: Instant| {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
        (now.as_secs_f64() - at.elapsed().as_secs_f64()) * 1e3
    };
    loop {
        let k = seen.index;
        if k >= limit {
            break;
        }
        let period_now = period(&timing, k as u32 + 1);
        let mut pos = seen.pos;
        let mut gone = false;
        let mut fresh = false;
        // The planned landing was out of reach: the piece goes elsewhere and the rest is planned
        // again from the board it leaves.
        let mut fell_back = false;
        let mut why = "";
        let now_seen = |pos: Pos| Seen { pos, ..seen.clone() };
        // The landing: planned (held while the planner has not reached it, if the piece can wait),
        // or (the last piece, which never scores) straight down.
        let mut landing = loop {
            if k + 1 == PIECES as usize {
                break dropped(&board, pos);
            }
            if let Some(&landing) = plan.known(k, 1).first() {
                break landing;
            }
            if matches!(plan, Plan::Known(_)) {
                progress(&format!(
                    "the record ends before piece {}: planning the rest from the board on screen",
                    k + 1
                ));
                plan = Plan::search(board, score_of(&summary.landings), k, &sequence, &options.planner);
                continue;
            }
            if !rules::can_fall(&board, pos) {
                break plan.landing(k, ms(timing.plan_wait_ms))?.context("the planner gave no landing")?;
            }
            summary.held += 1;
            let ready = &mut || !plan.known(k, 1).is_empty();
            let ticks = Ticks { gravity: &mut gravity, period: period_now, lag: lag.display() };
            match hold(screen, &layout, config, &now_seen(pos), ticks, period_now * 3, ready)? {
                Held::Ready => {}
                Held::Moved(lower) => pos = lower,
                Held::Gone => {
                    gone = true;
                    break plan.landing(k, Duration::ZERO)?.context("the planner gave no landing")?;
                }
            }
        };
        // Send the keys once no tick can break them (or it cannot be helped), waiting for a tick
        // if the piece can take one; a piece that can wait is also held until the planner is a few
        // pieces ahead, so that the pieces after it never wait for it.
        let keys: Drive = loop {
            let Some(d) = drive(&mut reach, &board, pos, landing) else {
                // Gravity took the piece past its planned landing: the best place it still reaches.
                let remaining = (PIECES as usize - k) as u32;
                landing = fallback(&mut reach, &board, pos, remaining).context("the falling piece can go nowhere")?;
                progress(&format!(
                    "piece {} cannot reach its planned landing any more: placing it at {landing:?} and planning again from there",
                    k + 1
                ));
                fell_back = true;
                continue;
            };
            if gone {
                break d;
            }
            if blind {
                why = "blind";
                break d;
            }
            let mut after = board;
            rules::lock(&mut after, landing, TopOut::Staff);
            let wanted = PLAN_AHEAD.min(PLANNED.saturating_sub(k + 1));
            let next = plan.known(k + 1, wanted);
            let run = rushed_run(&mut reach, &after, &sequence[k + 1..], &next, PLAN_AHEAD);
            let can_wait = waitable(&mut reach, &board, pos, landing);
            let now = Instant::now();
            let quiet = gravity.quiet_until(now, period_now);
            if debug {
                let left = quiet.map_or(-1.0, |q| q.saturating_duration_since(now).as_secs_f64() * 1e3);
                progress(&format!(
                    "piece {} at row {} tolerant {} run {run} quiet {left:.1} ms ahead {}",
                    k + 1,
                    pos.y,
                    d.tolerant,
                    next.len()
                ));
            }
            let behind = next.len() < wanted;
            // The keys (and those of the rushed pieces after it) with the profile's margin to
            // spare before the next tick: a late frame or a busy core must not break them.
            let need = lag.key() + lag.cycle() * run as u32 + ms(timing.margin_ms);
            if !behind && d.tolerant && run == 0 {
                why = "tolerant";
                break d;
            }
            if !behind && quiet.is_some_and(|quiet| quiet >= now + need) {
                why = "quiet";
                break d;
            }
            // A tick was just seen: the time to the next is as long as it gets (waiting for
            // another would only take the piece lower), so go now even if it may not be enough.
            if !behind && fresh {
                why = "fresh";
                break d;
            }
            if can_wait {
                let ready = &mut || plan.known(k + 1, wanted).len() >= wanted;
                let wait: &mut dyn FnMut() -> bool = if behind { ready } else { &mut || false };
                if behind {
                    summary.held += 1;
                } else {
                    summary.waits += 1;
                }
                let patience = period_now * 2 + ms(timing.tick_delay_ms) + lag.display();
                let ticks = Ticks { gravity: &mut gravity, period: period_now, lag: lag.display() };
                match hold(screen, &layout, config, &now_seen(pos), ticks, patience, wait)? {
                    Held::Ready => continue,
                    Held::Moved(lower) => {
                        pos = lower;
                        fresh = true;
                        continue;
                    }
                    Held::Gone => {
                        gone = true;
                        break d;
                    }
                }
            }
            if d.tolerant && run == 0 {
                why = "tolerant";
                break d;
            }
            summary.raced += 1;
            why = "raced";
            break d;
        };
        let was_blind = std::mem::take(&mut blind);
        let decided = Instant::now();
        // Keys no tick could break: sent while none can come (or a tick cannot matter). Only then
        // may the next piece's keys go before the screen has shown where this one locked; any
        // other lock is checked on screen first, and planned again from there if it is not the
        // plan's.
        let sure = !gone
            && !was_blind
            && (keys.tolerant || gravity.quiet_until(decided, period_now).is_some_and(|q| q >= decided + lag.key()));
        if !gone {
            for &step in &keys.steps {
                guard.key(key_of(config, step), &*screen).with_context(|| format!("piece {}", k + 1))?;
            }
            guard.key(&config.keys.hard_drop, &*screen).with_context(|| format!("piece {}", k + 1))?;
            summary.tolerant += u32::from(keys.tolerant);
        }
        let now = Instant::now();
        if debug {
            progress(&format!(
                "piece {} seen {:.1} decided {:.1} sent {:.1} ({why}{}) keys {:?}",
                k + 1,
                epoch_ms(seen.at),
                epoch_ms(decided),
                epoch_ms(now),
                if gone { ", gone" } else { "" },
                keys.steps
            ));
        }
        summary.cycle_ms.push((now - sent).as_secs_f64() * 1e3);
        sent = now;
        let before = board;
        rules::lock(&mut board, landing, TopOut::Staff);
        summary.landings.push(landing);
        if (k + 1).is_multiple_of(500) {
            progress(&format!(
                "piece {} score {} {:.0} s (replans {}, waits {}, raced {})",
                k + 1,
                score_of(&summary.landings),
                started.elapsed().as_secs_f64(),
                summary.replans,
                summary.waits,
                summary.raced
            ));
        }
        if k + 1 == PIECES as usize {
            break;
        }
        if fell_back {
            summary.replans += 1;
            plan = Plan::search(board, score_of(&summary.landings), k + 1, &sequence, &options.planner);
        }
        // The next piece, over the board this lock leaves.
        // The screens the piece showed on its way: a frame still showing one is old.
        let walked = keys.steps.iter().scan(pos, |p, &step| {
            let next = p.stepped(step);
            if next.is_legal(&before) {
                *p = next;
            }
            Some(*p)
        });
        let path: Vec<Pos> = std::iter::once(pos).chain(walked).collect();
        let mut stale = stale_grids(&before, &path);
        if was_blind {
            // This piece was never seen: the screen may still show the one before on its way.
            stale.append(&mut last_stale);
        }
        // A rushed next piece must have its keys before the next tick, whether or not the screen
        // has shown it by then (a busy browser can draw it 70 ms late): by then it goes unseen.
        let next = plan.known(k + 1, 1);
        let rushed_next = rushed_run(&mut reach, &board, &sequence[k + 1..], &next, 1) > 0;
        let late = if rushed_next && sure {
            let quiet = gravity.quiet_until(sent, period(&timing, k as u32 + 2));
            quiet.map(|q| q.checked_sub(lag.key() + ms(timing.key_lag_ms)).unwrap_or(sent)).filter(|&l| l > sent)
        } else {
            None
        };
        let expect = Expect {
            index: k + 1,
            board: &board,
            before: Some((&before, landing)),
            sequence: &sequence,
            stale: &stale,
            late,
        };
        let ticks = Ticks { gravity: &mut gravity, period: period(&timing, k as u32 + 2), lag: lag.display() };
        let sight = watch(screen, &layout, config, &expect, ticks, sent)?;
        last_stale = stale;
        match sight {
            Sight::Expected(next) => {
                lag.saw(next.at - sent);
                seen = next;
            }
            Sight::Differs { seen: next, from, landings } => {
                summary.replans += 1;
                progress(&format!(
                    "the board on screen is not the plan's: piece {} landed at {:?}, not {:?}; planning again from the screen",
                    from + 1,
                    landings[0],
                    summary.landings[from]
                ));
                summary.landings.truncate(from);
                summary.landings.extend(landings);
                board = next.board;
                plan = Plan::search(board, score_of(&summary.landings), next.index, &sequence, &options.planner);
                seen = next;
            }
            Sight::Over => {
                summary.outcome = Outcome::ToppedOut;
                break;
            }
            Sight::Late => {
                summary.blind += 1;
                seen = Seen { index: k + 1, pos: Pos::spawn(sequence[k + 1]), board, at: Instant::now() };
                blind = true;
            }
        }
    }
    summary.score = score_of(&summary.landings);
    summary.seconds = started.elapsed().as_secs_f64();
    Ok(summary)
}
