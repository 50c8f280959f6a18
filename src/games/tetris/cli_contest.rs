//! Tetris's contest commands: `solve tetris --contest` (plan a record for the 2021 contest's known
//! pieces), `bench tetris --contest` (its score against the budget) and `play tetris --contest`
//! (the contest live on its own page, the record played written out).

use std::time::Instant;

use anyhow::{Context, bail};

use super::cli::{TetrisBench, TetrisPlay, TetrisSolve, load_config};
use crate::files::write_atomic;
use crate::input::live::LiveInput;
use crate::invocation::Invocation;
use crate::screen::open_window;

/// The planner's limit on pieces in a row that come in resting on the stack.
pub(super) fn rushed_limit(most: Option<u8>) -> Option<super::contest::search::RushedLimit> {
    most.map(|most| super::contest::search::RushedLimit::flat(0, most))
}

/// The planner's limit for `--most-rushed N` and `--live PROFILE`: with `--live`, the profile's
/// gravity, lags and margin (and its `most_rushed` unless `--most-rushed` says otherwise).
fn planner_limit(
    cx: &Invocation,
    most: Option<u8>,
    live: Option<&str>,
) -> anyhow::Result<Option<super::contest::search::RushedLimit>> {
    let Some(name) = live else { return Ok(rushed_limit(most)) };
    let profile = crate::commands::ProfileArg { profile: Some(name.to_string()), window: None };
    let config = load_config(cx, &profile)?;
    let timing = config.contest.with_context(|| {
        format!("--live {name}: the profile has no [contest] section saying how the page times its pieces")
    })?;
    let most = most.unwrap_or(timing.most_rushed);
    let margin = super::live::config::ContestTiming { most_rushed: most, ..timing }.live_margin();
    Ok(Some(super::contest::search::RushedLimit { from: 0, most, margin: Some(margin) }))
}

/// Progress of a contest plan.
fn contest_progress(cx: &mut Invocation, p: super::contest::Progress) {
    cx.progress("pieces", p.piece as u64, p.pieces as u64);
    if p.piece.is_multiple_of(1000) || p.piece == p.pieces {
        cx.note(format!(
            "piece {}/{} score {} beam {} retries {} {:.1}s",
            p.piece, p.pieces, p.score, p.beam, p.retries, p.seconds
        ));
    }
}

/// `solve tetris --contest`: plan, write the record atomically, `score= pieces=` last.
pub(super) fn solve_contest(cx: &mut Invocation, args: TetrisSolve) -> anyhow::Result<bool> {
    use super::contest::{PlanOptions, solve_contest};
    let out = args.out.ok_or_else(|| anyhow::anyhow!("solve tetris --contest needs --out FILE for the record"))?;
    if out.exists() && !args.force {
        bail!("{}: already exists; pass --force to overwrite it", out.display());
    }
    let defaults = PlanOptions::default();
    let options = PlanOptions {
        width: args.beam.unwrap_or(defaults.width),
        pieces: args.pieces.unwrap_or(defaults.pieces),
        time_limit: args.time_limit,
        moves: args.moves.moves(),
        rushed: planner_limit(cx, args.most_rushed, args.live.as_deref())?,
        ..defaults
    };
    let planned = solve_contest(&options, &mut |p| contest_progress(cx, p))?;
    write_atomic(&out, format!("{}\n", planned.record).as_bytes(), args.force)?;
    if planned.cut_short {
        cx.note(format!("the time limit cut the plan short: the record covers {} pieces", planned.pieces));
    }
    cx.line(format!("score={} pieces={}", planned.score, planned.pieces));
    Ok(true)
}

/// `bench tetris --contest`: the planner's score against its budget, `key=value` lines.
pub(super) fn bench_contest(cx: &mut Invocation, args: &TetrisBench) -> anyhow::Result<bool> {
    use super::contest::{PlanOptions, replay_str, solve_contest};
    let defaults = PlanOptions::default();
    let pieces = if args.pieces == 100_000 { defaults.pieces } else { u32::try_from(args.pieces)? };
    let overrides = if args.weights == "ours" { "" } else { args.weights.as_str() };
    let options = PlanOptions {
        width: args.beam.unwrap_or(defaults.width),
        pieces,
        threads: args.threads,
        weights: defaults.weights.with_overrides(overrides)?,
        moves: args.moves.moves(),
        rushed: planner_limit(cx, args.most_rushed, args.live.as_deref())?,
        ..defaults
    };
    let started = Instant::now();
    let planned = solve_contest(&options, &mut |p| contest_progress(cx, p))?;
    cx.line(format!("beam={}", options.width));
    cx.line(format!("threads={}", options.threads));
    cx.line(format!("pieces={}", planned.pieces));
    cx.line(format!("seconds={:.1}", started.elapsed().as_secs_f64()));
    let replay = replay_str(&planned.record, Default::default())?;
    cx.line(format!("clears={}", replay.clears.map(|c| c.to_string()).join("/")));
    cx.line(format!("score={}", planned.score));
    Ok(true)
}

/// `gamebot play tetris --contest`: the contest live, its record written, `score= pieces=` last.
pub(super) fn play_contest(cx: &mut Invocation, args: &TetrisPlay) -> anyhow::Result<bool> {
    use super::contest::search::{BeamConfig, RushedLimit};
    use super::contest::{Moves, ReplayOptions, record_of, replay_str};
    use super::live::contest::{self, plan::Plan};
    let config = load_config(cx, &args.view.profile)?;
    if let Some(out) = &args.view.out
        && out.exists()
        && !args.view.force
    {
        bail!("{}: already exists; pass --force to overwrite it", out.display());
    }
    anyhow::ensure!(args.beam >= 1, "--beam is at least 1");
    let record = args.record.as_deref().map(Plan::from_record).transpose()?;
    // The page's gravity as the planner counts it: plans made alongside (and again from the
    // screen) keep to it, and a record that does not is noted.
    let limit = config.contest.as_ref().map(|timing| RushedLimit {
        from: 0,
        most: timing.most_rushed,
        margin: Some(timing.live_margin()),
    });
    if let (Some(plan), Some(limit)) = (&record, &limit) {
        let short = plan.short_of_margin(&super::contest::rules::sequence(), limit);
        if let Some(first) = short.first() {
            cx.note(format!(
                "note: {} pieces of the record (the first: piece {}) come in a run of rushed pieces the page's gravity leaves less than the profile's margin for: a hiccup may end the game there (plan with solve tetris --contest --live)",
                short.len(),
                first + 1
            ));
        }
    }
    let planner = BeamConfig {
        width: args.beam,
        threads: 1,
        weights: super::contest::eval::Weights::default(),
        time_limit: None,
        moves: Moves::Any,
        rushed: limit,
    };
    let window = open_window(&config.window, "open the contest's page first")?;
    if let Some(note) = window.several() {
        cx.note(note);
    }
    let mut screen = Quick::new(window);
    let mut input = LiveInput::open()?;
    let options = contest::Options { pieces: args.pieces, record, planner };
    let summary = contest::run(&mut screen, &mut input, &config, options, &mut |l: &str| cx.note(l))?;
    let text = record_of(&summary.landings)?;
    let replayed = replay_str(&text, ReplayOptions::default()).context("the record played does not replay")?;
    anyhow::ensure!(
        replayed.score == summary.score,
        "the record played replays to {} points, not the {} counted while playing",
        replayed.score,
        summary.score
    );
    if let Some(out) = &args.view.out {
        write_atomic(out, format!("{text}\n").as_bytes(), args.view.force)?;
        cx.note(format!("wrote the record played to {}", out.display()));
    }
    cx.line(summary.report());
    if summary.outcome == contest::Outcome::ToppedOut {
        cx.note(format!("error: the page's game ended after {} pieces", summary.landings.len()));
    }
    cx.line(format!("score={} pieces={}", replayed.score, summary.landings.len()));
    Ok(summary.outcome == contest::Outcome::Reached)
}

/// When a check before a key last passed, for a frame at this origin and of this size.
type Checked = Option<(std::time::Instant, crate::frame::Point, (u32, u32))>;

/// The kept connection, and when the window's place and the monitors were last asked.
#[cfg(target_os = "linux")]
type Kept =
    (crate::screen::x11::Display, Option<(std::time::Instant, crate::frame::Area, crate::screen::desktop::Desktop)>);

/// The page's window for the contest loop, which captures a few hundred times a second: on Linux
/// the window's place and the monitors are asked again every `REFRESH` (and after any failed
/// capture), not on every capture, and the pixels are read from the root over one kept X
/// connection. The check before every key (open, in place, uncovered: the live window's own, a
/// few ms each) is asked afresh once per `RECHECK` for the same frame and points, not for each of
/// a piece's keys sent within a few ms (a piece at the page's fastest gravity has 100 ms for all
/// of them); a failed check is never reused. Everything else is the live window's own.
struct Quick {
    window: crate::screen::window::LiveWindow,
    checked: std::cell::Cell<Checked>,
    checked_points: std::cell::RefCell<Vec<crate::frame::Point>>,
    #[cfg(target_os = "linux")]
    x: Option<Kept>,
}

/// How long a passed check before a key holds for the next keys on the same frame.
const RECHECK: std::time::Duration = std::time::Duration::from_millis(50);

#[cfg(target_os = "linux")]
const REFRESH: std::time::Duration = std::time::Duration::from_millis(250);

impl Quick {
    fn new(window: crate::screen::window::LiveWindow) -> Quick {
        #[cfg(target_os = "linux")]
        {
            let x = crate::screen::x11::Display::open().ok().map(|d| (d, None));
            Quick { window, checked: Default::default(), checked_points: Default::default(), x }
        }
        #[cfg(not(target_os = "linux"))]
        {
            Quick { window, checked: Default::default(), checked_points: Default::default() }
        }
    }
}

impl crate::screen::Screen for Quick {
    fn capture(&mut self) -> Result<crate::frame::Frame, crate::screen::ScreenError> {
        #[cfg(target_os = "linux")]
        if let Some((display, cached)) = &mut self.x {
            if cached.as_ref().is_none_or(|(at, _, _)| at.elapsed() >= REFRESH) {
                *cached = None;
                let area = display.window_area(self.window.id())?;
                let desktop = display.desktop()?;
                *cached = Some((std::time::Instant::now(), area, desktop));
            }
            if let Some((_, area, desktop)) = cached {
                match display.capture_area(*area, desktop, &[]) {
                    Ok(frame) => return Ok(frame),
                    Err(_) => *cached = None,
                }
            }
        }
        self.window.capture()
    }

    fn describe(&self) -> String {
        self.window.describe()
    }

    fn focus_elsewhere(&self) -> Option<String> {
        self.window.focus_elsewhere()
    }

    fn check_target(
        &self,
        frame: &crate::frame::Frame,
        points: &[crate::frame::Point],
    ) -> Result<(), crate::screen::ScreenError> {
        let geometry = (frame.origin, (frame.width(), frame.height()));
        if let Some((at, origin, size)) = self.checked.get()
            && at.elapsed() < RECHECK
            && (origin, size) == geometry
            && self.checked_points.borrow().as_slice() == points
        {
            return Ok(());
        }
        self.checked.set(None);
        self.window.check_target(frame, points)?;
        self.checked.set(Some((std::time::Instant::now(), geometry.0, geometry.1)));
        *self.checked_points.borrow_mut() = points.to_vec();
        Ok(())
    }
}
