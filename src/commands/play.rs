//! The commands every grid game shares: play (live or dry run), calibrate and read. They are
//! written once over the `Game` trait; a game only supplies its pure parts.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::Context;

use super::Dirs;
use crate::budget::Budget;
use crate::frame::Frame;
use crate::games::Game;
use crate::input::live::LiveInput;
use crate::profile::{Calibration, Profile};
use crate::runner::{self, PlayOptions, Summary};
use crate::screen::x11::{Display, WindowScreen};
use crate::screen::{PngScreen, Screen, save_png, settled};
use crate::vision::grid::Grid;

/// What `play` was asked to do.
pub struct PlayArgs {
    pub profile: String,
    pub dry_run: bool,
    pub from: Option<PathBuf>,
    pub out: Option<PathBuf>,
    pub limit: Option<usize>,
    pub budget: Budget,
    pub force: bool,
}

/// Finds the profile's window on `$DISPLAY`.
pub fn open_window(profile: &Profile) -> anyhow::Result<WindowScreen> {
    let display = Display::open()?;
    Ok(display.find(&profile.window).with_context(|| format!("start {} first, or use --from shot.png", profile.name))?)
}

fn screen_for(profile: &Profile, from: Option<&Path>) -> anyhow::Result<Box<dyn Screen>> {
    Ok(match from {
        Some(path) => Box::new(PngScreen::open(path)?),
        None => Box::new(open_window(profile)?),
    })
}

/// A calibration for this profile that fits this frame, if one was saved.
fn saved_layout(dirs: &Dirs, profile: &Profile, frame: &Frame) -> anyhow::Result<Option<Grid>> {
    let path = Calibration::path_for(&dirs.calibration, &profile.name);
    let Some(calibration) = Calibration::load_if_present(&path)? else { return Ok(None) };
    if (calibration.window_width, calibration.window_height) == (frame.width(), frame.height()) && calibration.grid.fits(frame) {
        println!("using the calibration in {}", path.display());
        Ok(Some(calibration.grid))
    } else {
        println!(
            "the calibration in {} is for a {}x{} window, this one is {}x{}: finding the board anew",
            path.display(),
            calibration.window_width,
            calibration.window_height,
            frame.width(),
            frame.height()
        );
        Ok(None)
    }
}

/// Reads with a known layout when it still reads cleanly, else finds the board anew.
fn find_and_read<G: Game<Layout = Grid>>(frame: &Frame, profile: &Profile, layout: Option<Grid>) -> anyhow::Result<(Grid, G::Board)> {
    if let Some(grid) = layout
        && let Ok(reading) = G::read(frame, &grid, profile)
    {
        return Ok((grid, reading.board));
    }
    let grid = G::locate(frame, profile).context("cannot find the board")?;
    let reading = G::read(frame, &grid, profile).context("cannot read the board")?;
    Ok((grid, reading.board))
}

/// `gamebot play <game>`.
pub fn play<G: Game<Layout = Grid>>(dirs: &Dirs, args: &PlayArgs) -> anyhow::Result<bool> {
    let profile = Profile::load(&args.profile, &dirs.config)?;
    let mut screen = screen_for(&profile, args.from.as_deref())?;
    println!("playing {} in {}", G::KIND, screen.describe());
    let frame = settled(screen.as_mut(), &profile.timing)?;
    let layout = saved_layout(dirs, &profile, &frame)?;
    if args.dry_run || args.from.is_some() {
        return dry_run::<G>(&frame, &profile, layout, args);
    }
    let mut device = LiveInput::open_on(None)?;
    let options = PlayOptions { budget: args.budget, move_limit: args.limit, ..PlayOptions::default() };
    let mut say = |line: &str| println!("{line}");
    let result = runner::play::<G>(screen.as_mut(), &mut device, &profile, layout, &options, &mut say);
    report(result, args.limit)
}

/// Prints the end-of-game summary; Ok(true) on a win.
pub fn report(result: anyhow::Result<Summary>, limit: Option<usize>) -> anyhow::Result<bool> {
    let summary = result?;
    let limit_text = limit.map_or(String::new(), |l| format!(", limit {l}"));
    let mean = if summary.move_times.is_empty() {
        0.0
    } else {
        summary.move_times.iter().map(Duration::as_secs_f64).sum::<f64>() * 1e3 / summary.move_times.len() as f64
    };
    let slowest = summary.move_times.iter().max().map_or(0.0, |d| d.as_secs_f64() * 1e3);
    let plan = summary
        .first_plan
        .map_or("none needed".to_string(), |(n, proven)| format!("{n} moves{}", if proven { ", proven optimal" } else { "" }));
    println!(
        "{}: {} moves used{limit_text}; first plan {plan}; {} re-plans; {mean:.0} ms per move (slowest {slowest:.0} ms)",
        if summary.won { "won" } else { "not won" },
        summary.moves,
        summary.mismatches
    );
    Ok(summary.won)
}

fn dry_run<G: Game<Layout = Grid>>(frame: &Frame, profile: &Profile, layout: Option<Grid>, args: &PlayArgs) -> anyhow::Result<bool> {
    let (grid, board) = find_and_read::<G>(frame, profile, layout)?;
    println!("board {}x{} read:\n{board}", grid.rows, grid.cols);
    let started = Instant::now();
    let plan = G::solve(&board, args.budget)?;
    println!(
        "plan: {} moves ({}), {:.1} ms: {}",
        plan.moves.len(),
        if plan.proven_optimal { "proven optimal" } else { "not proven optimal" },
        started.elapsed().as_secs_f64() * 1e3,
        G::describe_plan(&plan.moves)
    );
    let out = args.out.clone().unwrap_or_else(|| PathBuf::from(format!("{}-dry-run.png", G::KIND)));
    save_png(&G::annotate(frame, &grid, &board, &plan.moves), &out, args.force)?;
    println!("dry run: nothing was clicked; the board as read and the plan are drawn in {}", out.display());
    Ok(true)
}

/// `gamebot calibrate <game>`.
pub fn calibrate<G: Game<Layout = Grid>>(dirs: &Dirs, profile_name: &str, from: Option<&Path>, out: Option<&Path>, force: bool) -> anyhow::Result<()> {
    let profile = Profile::load(profile_name, &dirs.config)?;
    let mut screen = screen_for(&profile, from)?;
    let frame = screen.capture()?;
    let (grid, board) = find_and_read::<G>(&frame, &profile, None)?;
    println!(
        "found a {}x{} board at ({:.0}, {:.0}), {:.0}x{:.0} px, cells {:.1} px, in {}",
        grid.rows,
        grid.cols,
        grid.rect.x,
        grid.rect.y,
        grid.rect.width,
        grid.rect.height,
        grid.cell_width(),
        screen.describe()
    );
    let seen = G::describe(&frame, &grid, &board);
    seen.iter().for_each(|line| println!("  {line}"));
    println!("{board}");
    let calibration = Calibration {
        profile: profile.name.clone(),
        game: profile.game,
        window_width: frame.width(),
        window_height: frame.height(),
        grid: grid.clone(),
        seen,
    };
    let path = Calibration::path_for(&dirs.calibration, &profile.name);
    calibration.save(&path, force)?;
    println!("saved the layout to {}", path.display());
    let picture = out.map(Path::to_path_buf).unwrap_or_else(|| dirs.calibration.join(format!("{}.png", profile.name)));
    save_png(&G::annotate(&frame, &grid, &board, &[]), &picture, force)?;
    println!("what was found is drawn in {}", picture.display());
    Ok(())
}

/// `gamebot read <game> shot.png`: prints the `[board]` of a case file.
pub fn read_png<G: Game<Layout = Grid>>(dirs: &Dirs, profile_name: &str, png: &Path) -> anyhow::Result<()> {
    let profile = Profile::load(profile_name, &dirs.config)?;
    let frame = crate::screen::load_png(png)?;
    let (_, board) = find_and_read::<G>(&frame, &profile, None)?;
    println!("# read from {}\n[board]\n{}", png.display(), G::board_toml(&board));
    Ok(())
}
