//! The commands the games share, written once: play (live or dry run) and calibrate over
//! `game::TurnBased`, read over every game, with their command-line options as clap `Args` that a
//! game uses as they are (they implement `game::Command` for every game they fit) or flattens into
//! its own. Nothing here names a game; output goes to the command's `Report`.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};

use crate::budget::Budget;
use crate::files::save_png;
use crate::frame::Frame;
use crate::game::{Command, Found, Game, ReadsBoard, TurnBased, find_and_read, plan_line};
use crate::input::guard::Guard;
use crate::input::live::LiveInput;
use crate::invocation::Invocation;
use crate::profile::{Calibration, Profile};
use crate::runner::{self, Ending, PlayOptions, Played};
use crate::screen::monitor::MonitorScreen;
use crate::screen::{PngScreen, Screen, open_window, settled};

/// `--profile`: which profile to play, read or calibrate with.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct ProfileArg {
    /// Profile name (config/<name>.toml, else the built-in copy) or a path to a profile file; the
    /// game's default profile when omitted.
    #[arg(long)]
    pub profile: Option<String>,
    /// Play in the window whose title contains this, instead of the window the profile names (to
    /// choose one of several that match).
    #[arg(long, value_name = "TITLE")]
    pub window: Option<String>,
}

impl ProfileArg {
    /// Loads the named profile, or `default`, and checks that it is for `game`; `--window` replaces
    /// its window.
    pub fn load(&self, cx: &Invocation, default: &str, game: &str) -> anyhow::Result<Profile> {
        let mut profile = Profile::load_for(self.profile.as_deref().unwrap_or(default), &cx.config_dir, game)?;
        if let Some(title) = &self.window {
            profile.window = crate::screen::WindowMatch { title: title.clone(), exact: false };
        }
        Ok(profile)
    }
}

/// `--budget-ms`: the solver's time budget.
#[derive(clap::Args, Clone, Debug)]
pub struct BudgetArg {
    /// Solver time budget in milliseconds.
    #[arg(long, default_value_t = 10_000)]
    pub budget_ms: u64,
}

impl BudgetArg {
    pub fn budget(&self) -> Budget {
        Budget { max_time: Duration::from_millis(self.budget_ms), ..Budget::default() }
    }
}

/// The options of `play` every game shares: the profile, and a dry run (from a screenshot or the
/// live window) that draws the reading and the plan instead of acting.
#[derive(clap::Args, Clone, Debug)]
pub struct ViewArgs {
    #[command(flatten)]
    pub profile: ProfileArg,
    /// Read and plan only, touch nothing; writes an annotated PNG of the board and the plan.
    #[arg(long)]
    pub dry_run: bool,
    /// Read this screenshot instead of the live window (implies --dry-run).
    #[arg(long)]
    pub from: Option<PathBuf>,
    /// Where the dry run writes its picture [default: <game>-dry-run.png].
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Overwrite the dry run's picture if it exists.
    #[arg(long)]
    pub force: bool,
}

impl ViewArgs {
    /// True when nothing is to be done live: a dry run, or a screenshot.
    pub fn dry(&self) -> bool {
        self.dry_run || self.from.is_some()
    }
}

/// Options of `play <game>` shared by the turn-based games.
#[derive(clap::Args, Clone, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    pub view: ViewArgs,
    /// Play on monitor N (0 the first) captured whole, instead of the profile's window: for games
    /// that run full screen.
    #[arg(long, conflicts_with = "from")]
    pub monitor: Option<usize>,
    #[command(flatten)]
    pub budget: BudgetArg,
}

/// Options of `calibrate <game>`.
#[derive(clap::Args, Clone, Debug)]
pub struct CalibrateArgs {
    #[command(flatten)]
    pub profile: ProfileArg,
    /// Calibrate from this screenshot instead of the live window.
    #[arg(long)]
    pub from: Option<PathBuf>,
    /// Where to draw what was found [default: calibration/<profile>.png].
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Replace an existing calibration (or learned profile).
    #[arg(long)]
    pub force: bool,
    /// The known board of the screenshot (a case TOML): learn a new profile from it. Without it, a
    /// profile that does not exist yet is learned from a proposed reading, to be checked.
    #[arg(long)]
    pub board: Option<PathBuf>,
    /// For a new profile: the title of the program's window, or a part of it [default: the profile's name].
    #[arg(long)]
    pub title: Option<String>,
    /// Learn the profile from the screen even when one of that name exists (built in, or in the
    /// config folder, which is replaced only with --force); otherwise an existing profile's
    /// calibration saves only where its board is.
    #[arg(long)]
    pub learn: bool,
}

impl CalibrateArgs {
    /// True when this calibration learns a new profile: `--learn` or a known board was given, or
    /// the named profile exists neither in the config folder nor built in. A profile given as a
    /// path is never new: when it does not load, that error is the answer.
    pub fn learns(&self, cx: &Invocation) -> bool {
        let is_path = |name: &str| name.ends_with(".toml") || name.contains('/');
        self.learn
            || self.board.is_some()
            || self
                .profile
                .profile
                .as_deref()
                .is_some_and(|name| !is_path(name) && Profile::load(name, &cx.config_dir).is_err())
    }
}

/// The picture a new profile is learned from: `--from shot.png`, else a capture of the live window
/// titled `--title` (once it has held still); with a description of where it came from.
pub fn learning_frame(args: &CalibrateArgs) -> anyhow::Result<(Frame, String)> {
    if let Some(shot) = &args.from {
        return Ok((crate::screen::load_png(shot)?, shot.display().to_string()));
    }
    let Some(title) = &args.title else {
        bail!("learning a new profile needs a screenshot (--from shot.png) or the live window's title (--title)")
    };
    let wanted = crate::screen::WindowMatch { title: title.clone(), exact: false };
    let mut window = open_window(&wanted, "open the program first, or pass --from shot.png")?;
    let frame = settled_unhovered(&mut window, &crate::profile::Timing::default())?;
    let source = format!("the live window \"{title}\" ({}x{})", frame.width(), frame.height());
    Ok((frame, source))
}

/// The live `window` once it holds still, with the pointer off its board: a pointer left on it
/// is moved to its corner first (`input::park`, through the guard), as play does before it reads.
fn settled_unhovered(window: &mut dyn Screen, timing: &crate::profile::Timing) -> anyhow::Result<Frame> {
    let frame = settled(window, timing)?;
    let mut device = LiveInput::open()?;
    let mut guard = Guard::new(&mut device, &crate::profile::GuardSettings::default());
    if !crate::input::park::park(&mut guard, &frame, window)? {
        return Ok(frame);
    }
    Ok(settled(window, timing)?)
}

/// Where a learning calibration draws what it learned: `--out`, else
/// `<calibration-dir>/<profile>-calibration.png`. Refused up front when the file exists and
/// `--force` is not given, so that a refusal leaves no new profile behind either.
pub fn learned_picture_path(cx: &Invocation, args: &CalibrateArgs, game: &str) -> anyhow::Result<PathBuf> {
    let name = args.profile.profile.as_deref().unwrap_or(game);
    let out = args.out.clone().unwrap_or_else(|| cx.calibration_dir.join(format!("{name}-calibration.png")));
    if out.exists() && !args.force {
        bail!("{}: already exists; pass --force to overwrite it (or --out another path)", out.display());
    }
    Ok(out)
}

/// A profile learned by calibration, as written to `config/<name>.toml`.
#[derive(serde::Serialize)]
struct LearnedProfile<'a, T: serde::Serialize> {
    name: &'a str,
    game: &'a str,
    description: String,
    window: crate::screen::WindowMatch,
    learned: crate::profile::Learned,
    #[serde(flatten)]
    settings: &'a T,
}

/// Saves a learned profile `<config_dir>/<name>.toml` atomically (never over an existing file
/// without `force`); returns its path.
pub fn save_learned_profile<T: serde::Serialize>(
    cx: &Invocation,
    args: &CalibrateArgs,
    game: &str,
    from: &str,
    settings: &T,
) -> anyhow::Result<PathBuf> {
    let Some(name) = args.profile.profile.as_deref() else { bail!("name the profile to learn with --profile NAME") };
    if name.contains('/') || name.ends_with(".toml") || name.is_empty() {
        bail!("--profile for a new profile is a name (letters, digits, -), not a path: {name}");
    }
    let profile = LearnedProfile {
        name,
        game,
        description: format!("learned by `gamebot calibrate {game}` from {from}"),
        window: crate::screen::WindowMatch {
            title: args.title.clone().unwrap_or_else(|| name.to_string()),
            exact: false,
        },
        learned: crate::profile::Learned { from: from.to_string(), confirmed: Vec::new() },
        settings,
    };
    let text = toml::to_string(&profile).context("cannot write the profile as TOML")?;
    let path = cx.config_dir.join(format!("{name}.toml"));
    let header = "# Learned by `gamebot calibrate` from one screenshot; see docs/calibrate.md for every field.\n";
    crate::files::write_atomic(&path, format!("{header}{text}").as_bytes(), args.force)?;
    Ok(path)
}

/// Options of `read <game>`.
#[derive(clap::Args, Clone, Debug)]
pub struct ReadArgs {
    /// The screenshot to read.
    pub png: PathBuf,
    #[command(flatten)]
    pub profile: ProfileArg,
}

fn screen_for(
    cx: &mut Invocation,
    profile: &Profile,
    from: Option<&Path>,
    monitor: Option<usize>,
) -> anyhow::Result<Box<dyn Screen>> {
    Ok(match (from, monitor) {
        (Some(path), _) => Box::new(PngScreen::open(path)?),
        (None, Some(index)) => Box::new(MonitorScreen::open(index)?),
        (None, None) => {
            let window =
                open_window(&profile.window, &format!("start {} first, or use --from shot.png", profile.name))?;
            if let Some(note) = window.several() {
                cx.note(note);
            }
            Box::new(window)
        }
    })
}

/// A calibration for this profile that fits this frame, if one was saved; says which it uses.
fn saved_layout<G: TurnBased>(
    cx: &mut Invocation,
    profile: &Profile,
    frame: &Frame,
) -> anyhow::Result<Option<G::Layout>> {
    let path = Calibration::path_for(&cx.calibration_dir, &profile.name);
    match Calibration::saved_for(&cx.calibration_dir, &profile.name, frame)? {
        None => Ok(None),
        Some((calibration, true)) => {
            cx.line(format!("using the calibration in {}", path.display()));
            Ok(G::from_calibration(calibration.grid))
        }
        Some((calibration, false)) => {
            cx.line(format!(
                "the calibration in {} is for a {}x{} window, this one is {}x{}: finding the board anew",
                path.display(),
                calibration.window_width,
                calibration.window_height,
                frame.width(),
                frame.height()
            ));
            Ok(None)
        }
    }
}

impl<G: TurnBased> Command<G> for PlayArgs {
    fn run(self, cx: &mut Invocation, _command: &'static str) -> anyhow::Result<bool> {
        play::<G>(cx, &self, None)
    }
}

/// `gamebot play <game>`: a dry run over a screenshot or the live window, or the game played live
/// through the turn-based loop. Ok(true) on a win.
pub fn play<G: TurnBased>(cx: &mut Invocation, args: &PlayArgs, limit: Option<usize>) -> anyhow::Result<bool> {
    let profile = args.view.profile.load(cx, G::DEFAULT_PROFILE, G::NAME)?;
    play_with::<G>(cx, args, profile, limit)
}

/// `play` with a profile already loaded (and perhaps amended by the game's own options).
pub fn play_with<G: TurnBased>(
    cx: &mut Invocation,
    args: &PlayArgs,
    profile: Profile,
    limit: Option<usize>,
) -> anyhow::Result<bool> {
    let mut screen = screen_for(cx, &profile, args.view.from.as_deref(), args.monitor)?;
    cx.line(format!("playing {} in {}", G::NAME, screen.describe()));
    let frame = settled(screen.as_mut(), &profile.timing)?;
    let layout = saved_layout::<G>(cx, &profile, &frame)?;
    if args.view.dry() {
        return dry_run::<G>(cx, &frame, &profile, layout, args);
    }
    let mut device = LiveInput::open()?;
    let options = PlayOptions {
        budget: args.budget.budget(),
        move_limit: limit,
        pictures: Some(cx.calibration_dir.clone()),
        ..PlayOptions::default()
    };
    let result = runner::play::<G>(screen.as_mut(), &mut device, &profile, layout, &options, &mut |l: &str| cx.line(l));
    report(cx, result, limit)
}

/// Says how play ended, the one place that does: the summary line for a game won or lost by the
/// rules (Ok(true) on a win), and a stop (the user, the window, a limit, a failure) as the error the
/// command ends with.
pub fn report<B>(cx: &mut Invocation, played: Played<B>, limit: Option<usize>) -> anyhow::Result<bool> {
    let Played { summary, ending, .. } = played;
    if !ending.by_the_rules() {
        return Err(ending.into());
    }
    let limit_text = limit.map_or(String::new(), |l| format!(", limit {l}"));
    let times = &summary.move_times;
    let mean = if times.is_empty() {
        0.0
    } else {
        times.iter().map(Duration::as_secs_f64).sum::<f64>() * 1e3 / times.len() as f64
    };
    let slowest = times.iter().max().map_or(0.0, |d| d.as_secs_f64() * 1e3);
    let plan = summary.first_plan.map_or("none needed".to_string(), |(n, proven)| {
        format!("{n} moves{}", if proven { ", proven optimal" } else { "" })
    });
    let verdict = if matches!(ending, Ending::Lost) { "lost" } else { "won" };
    cx.line(format!(
        "{verdict}: {} moves used{limit_text}; first plan {plan}; {} re-plans; {mean:.0} ms per move (slowest {slowest:.0} ms)",
        summary.moves, summary.mismatches
    ));
    if let Some(end) = &summary.end {
        cx.line(format!("end screen: {end}"));
    }
    Ok(ending.won())
}

fn dry_run<G: TurnBased>(
    cx: &mut Invocation,
    frame: &Frame,
    profile: &Profile,
    layout: Option<G::Layout>,
    args: &PlayArgs,
) -> anyhow::Result<bool> {
    let config = G::config(profile)?;
    let found = find_and_read::<G>(frame, &config, layout.as_ref())?;
    let (layout, board) = (found.layout, found.board);
    cx.line(format!("board read:\n{board}"));
    let started = Instant::now();
    let plan = G::solve(&board, &config, args.budget.budget())?;
    cx.line(plan_line(&plan, started.elapsed().as_secs_f64() * 1e3, &G::describe_plan(&plan.moves)));
    let mut now = board.clone();
    for (i, mv) in plan.moves.iter().enumerate() {
        let listed: Vec<String> = G::actions(mv, &now, &layout, &config)?.iter().map(|a| a.to_string()).collect();
        cx.line(format!("  move {} ({mv}): {}", i + 1, listed.join(", ")));
        now = G::predict(&now, mv, &config);
    }
    let out = args.view.out.clone().unwrap_or_else(|| PathBuf::from(format!("{}-dry-run.png", G::NAME)));
    save_png(&G::annotate(frame, &layout, &board, &plan.moves), &out, args.view.force)?;
    cx.line(format!("dry run: nothing was clicked; the board as read and the plan are drawn in {}", out.display()));
    Ok(true)
}

/// `gamebot calibrate <game>`: finds the board, shows it, and saves the layout.
pub fn calibrate<G: TurnBased>(cx: &mut Invocation, args: &CalibrateArgs) -> anyhow::Result<bool> {
    let profile = args.profile.load(cx, G::DEFAULT_PROFILE, G::NAME)?;
    let config = G::config(&profile)?;
    let mut screen = screen_for(cx, &profile, args.from.as_deref(), None)?;
    let frame = match args.from {
        Some(_) => screen.capture()?,
        None => settled_unhovered(screen.as_mut(), &profile.timing)?,
    };
    let Found { layout, board, .. } = find_and_read::<G>(&frame, &config, None)?;
    let Some(grid) = G::to_calibration(&layout) else { bail!("{} has no layout to calibrate", G::NAME) };
    cx.line(format!(
        "found a {}x{} board at ({:.0}, {:.0}), {:.0}x{:.0} px, cells {:.1} px, in {}",
        grid.rows,
        grid.cols,
        grid.rect.x,
        grid.rect.y,
        grid.rect.width,
        grid.rect.height,
        grid.cell_width(),
        screen.describe()
    ));
    let seen = G::describe(&frame, &layout, &board);
    seen.iter().for_each(|line| cx.line(format!("  {line}")));
    cx.line(board.to_string());
    let calibration = Calibration {
        profile: profile.name.clone(),
        game: profile.game.clone(),
        window_width: frame.width(),
        window_height: frame.height(),
        grid,
        seen,
    };
    let path = Calibration::path_for(&cx.calibration_dir, &profile.name);
    calibration.save(&path, args.force)?;
    cx.line(format!("saved the layout to {}", path.display()));
    let picture = args.out.clone().unwrap_or_else(|| cx.calibration_dir.join(format!("{}.png", profile.name)));
    save_png(&G::annotate(&frame, &layout, &board, &[]), &picture, args.force)?;
    cx.line(format!("what was found is drawn in {}", picture.display()));
    Ok(true)
}

/// `gamebot read <game> shot.png`: the `[board]` of a case file, for every game.
pub fn read<G: Game + ReadsBoard>(cx: &mut Invocation, args: &ReadArgs) -> anyhow::Result<bool> {
    let profile = args.profile.load(cx, G::DEFAULT_PROFILE, G::NAME)?;
    let frame = crate::screen::load_png(&args.png)?;
    let board = G::read_board(&frame, &profile).with_context(|| format!("{}: cannot read it", args.png.display()))?;
    cx.line(format!("# read from {}\n[board]\n{board}", args.png.display()));
    Ok(true)
}
