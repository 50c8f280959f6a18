//! Flood-it commands: play (live or dry run), calibrate, read, solve and bench.

use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};

use super::Dirs;
use crate::budget::Budget;
use crate::cases;
use crate::frame::Frame;
use crate::games::flood::board::Board;
use crate::games::flood::{Flood, annotate, read, solve};
use crate::input::live::LiveInput;
use crate::profile::{Calibration, Profile};
use crate::runner::{self, PlayOptions, Summary};
use crate::screen::x11::{Display, WindowScreen};
use crate::screen::{PngScreen, Screen, load_png, save_png, settled};
use crate::vision::colour::to_hex;
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

fn screen_for(profile: &Profile, from: Option<&Path>) -> anyhow::Result<Box<dyn Screen>> {
    Ok(match from {
        Some(path) => Box::new(PngScreen::open(path)?),
        None => Box::new(open_window(profile)?),
    })
}

/// Finds the profile's window on `$DISPLAY`.
pub fn open_window(profile: &Profile) -> anyhow::Result<WindowScreen> {
    let display = Display::open()?;
    Ok(display.find(&profile.window).with_context(|| format!("start {} first, or use --from shot.png", profile.name))?)
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

fn find_and_read(frame: &Frame, profile: &Profile, layout: Option<Grid>) -> anyhow::Result<(Grid, read::FloodReading)> {
    if let Some(grid) = layout
        && let Ok(reading) = read::read(frame, &grid, &profile.vision, profile.palette.as_ref())
    {
        return Ok((grid, reading));
    }
    let grid = read::locate(frame, &profile.vision).context("cannot find a Flood-it board")?;
    let reading = read::read(frame, &grid, &profile.vision, profile.palette.as_ref()).context("cannot read the board")?;
    Ok((grid, reading))
}

fn colours_seen(reading: &read::FloodReading) -> Vec<[u8; 3]> {
    let mut colours = vec![[128, 128, 128]; 10];
    for (s, &label) in reading.samples.iter().zip(&reading.board.cells) {
        colours[label as usize] = s.rgb;
    }
    colours
}

/// `gamebot play flood`.
pub fn play(dirs: &Dirs, args: &PlayArgs) -> anyhow::Result<bool> {
    let profile = Profile::load(&args.profile, &dirs.config)?;
    let mut screen = screen_for(&profile, args.from.as_deref())?;
    println!("playing Flood-it in {}", screen.describe());
    let frame = settled(screen.as_mut(), &profile.timing)?;
    let layout = saved_layout(dirs, &profile, &frame)?;
    if args.dry_run || args.from.is_some() {
        return dry_run(&frame, &profile, layout, args);
    }
    let mut device = LiveInput::open_on(None)?;
    let options = PlayOptions { budget: args.budget, move_limit: args.limit, ..PlayOptions::default() };
    let mut say = |line: &str| println!("{line}");
    let result = runner::play::<Flood>(screen.as_mut(), &mut device, &profile, layout, &options, &mut say);
    report(result, args.limit)
}

/// Prints the end-of-game summary; Ok(true) on a win.
pub fn report(result: anyhow::Result<Summary>, limit: Option<usize>) -> anyhow::Result<bool> {
    let summary = result?;
    let limit_text = limit.map_or("unknown (pass --limit N to enforce the game's limit)".to_string(), |l| l.to_string());
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
        "{}: {} moves used, limit {limit_text}; first plan {plan}; {} re-plans; {mean:.0} ms per move (slowest {slowest:.0} ms)",
        if summary.won { "won" } else { "not won" },
        summary.moves,
        summary.mismatches
    );
    Ok(summary.won)
}

fn dry_run(frame: &Frame, profile: &Profile, layout: Option<Grid>, args: &PlayArgs) -> anyhow::Result<bool> {
    let (grid, reading) = find_and_read(frame, profile, layout)?;
    println!("board {}x{} read (confidence {:.2}):\n{}", grid.rows, grid.cols, reading.confidence, reading.board);
    let started = Instant::now();
    let solution = solve::solve(&reading.board, args.budget);
    let moves: Vec<String> = solution.moves.iter().map(u8::to_string).collect();
    println!(
        "plan: {} moves ({}), {:.1} ms: {}",
        moves.len(),
        if solution.proven_optimal { "proven optimal" } else { "not proven optimal" },
        started.elapsed().as_secs_f64() * 1e3,
        moves.join(" ")
    );
    let out = args.out.clone().unwrap_or_else(|| PathBuf::from("flood-dry-run.png"));
    save_png(&annotate::draw(frame, &grid, &reading.board, &colours_seen(&reading), &solution.moves), &out, args.force)?;
    println!("dry run: nothing was clicked; the board as read and the plan are drawn in {}", out.display());
    Ok(true)
}

/// `gamebot calibrate flood`.
pub fn calibrate(dirs: &Dirs, profile_name: &str, from: Option<&Path>, out: Option<&Path>, force: bool) -> anyhow::Result<()> {
    let profile = Profile::load(profile_name, &dirs.config)?;
    let mut screen = screen_for(&profile, from)?;
    let frame = screen.capture()?;
    let grid = read::locate(&frame, &profile.vision).context("cannot find a Flood-it board")?;
    let reading = read::read(&frame, &grid, &profile.vision, profile.palette.as_ref())
        .or_else(|e| {
            println!("note: {e}; reading without the profile's palette");
            read::read(&frame, &grid, &profile.vision, None)
        })
        .context("cannot read the board")?;
    let colours = colours_seen(&reading);
    let used: Vec<u8> = (0..10).filter(|l| reading.board.cells.contains(l)).collect();
    println!("found a {}x{} board at ({:.0}, {:.0}), {:.0}x{:.0} px, cells {:.1} px, in {}", grid.rows, grid.cols, grid.rect.x, grid.rect.y, grid.rect.width, grid.rect.height, grid.cell_width(), screen.describe());
    for &label in &used {
        println!("  colour {label}: {}", to_hex(colours[label as usize]));
    }
    println!("{}", reading.board);
    let calibration = Calibration {
        profile: profile.name.clone(),
        game: profile.game,
        window_width: frame.width(),
        window_height: frame.height(),
        grid: grid.clone(),
        colours_seen: used.iter().map(|&l| to_hex(colours[l as usize])).collect(),
    };
    let path = Calibration::path_for(&dirs.calibration, &profile.name);
    calibration.save(&path, force)?;
    println!("saved the layout to {}", path.display());
    let picture = out.map(Path::to_path_buf).unwrap_or_else(|| dirs.calibration.join(format!("{}.png", profile.name)));
    save_png(&annotate::draw(&frame, &grid, &reading.board, &colours, &[]), &picture, force)?;
    println!("what was found is drawn in {}", picture.display());
    Ok(())
}

/// `gamebot read flood shot.png`: prints the `[board]` of a case file.
pub fn read_png(dirs: &Dirs, profile_name: &str, png: &Path) -> anyhow::Result<()> {
    let profile = Profile::load(profile_name, &dirs.config)?;
    let frame = load_png(png)?;
    let (_, reading) = find_and_read(&frame, &profile, None)?;
    println!("# read from {} (confidence {:.2})", png.display(), reading.confidence);
    println!("[board]\nrows = [");
    for row in reading.board.to_rows() {
        println!("  \"{row}\",");
    }
    println!("]");
    Ok(())
}

/// The board to solve: a case file's `[board]`, or rows of digits on standard input.
fn board_from(input: Option<&Path>) -> anyhow::Result<Board> {
    match input {
        Some(path) if path.as_os_str() != "-" => {
            let case = cases::load(path)?;
            let rows: Vec<String> = case
                .board
                .get("rows")
                .and_then(|r| r.as_array())
                .context(format!("{}: [board] has no rows", path.display()))?
                .iter()
                .map(|v| v.as_str().map(String::from).context("rows must be strings"))
                .collect::<anyhow::Result<_>>()?;
            Board::from_rows(&rows).with_context(|| format!("{}: bad [board]", path.display()))
        }
        _ => {
            let mut text = String::new();
            std::io::stdin().read_to_string(&mut text)?;
            let rows: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).collect();
            Board::from_rows(&rows).context("standard input: expected rows of digits, one row per line")
        }
    }
}

/// `gamebot solve flood`.
pub fn solve_board(input: Option<&Path>, budget: Budget) -> anyhow::Result<()> {
    let board = board_from(input)?;
    let started = Instant::now();
    let solution = solve::solve(&board, budget);
    let moves: Vec<String> = solution.moves.iter().map(u8::to_string).collect();
    println!("{}", moves.join(" "));
    println!(
        "{} moves, {} ({} nodes, {:.1} ms)",
        moves.len(),
        if solution.proven_optimal { "proven optimal" } else { "NOT proven optimal: the budget ran out" },
        solution.nodes,
        started.elapsed().as_secs_f64() * 1e3
    );
    Ok(())
}

/// `gamebot bench flood tiles.txt`: solves every board of a file (one per line, N*N digits; the
/// digits 1-6 of the pc19 set, or 0-9).
pub fn bench(path: &Path, budget: Budget) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut boards = Vec::new();
    for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let line = line.trim();
        let side = (line.len() as f64).sqrt().round() as usize;
        if side * side != line.len() {
            bail!("{}:{}: {} digits is not a square board", path.display(), n + 1, line.len());
        }
        let rows: Vec<&str> = (0..side).map(|r| &line[r * side..(r + 1) * side]).collect();
        boards.push(Board::from_rows(&rows).with_context(|| format!("{}:{}", path.display(), n + 1))?);
    }
    let (mut total, mut proven, mut times) = (0usize, 0usize, Vec::with_capacity(boards.len()));
    let started = Instant::now();
    for (i, board) in boards.iter().enumerate() {
        let t = Instant::now();
        let solution = solve::solve(board, budget);
        times.push(t.elapsed());
        if !board.wins_with(&solution.moves) {
            bail!("board {}: the solution does not win; this is a solver bug", i + 1);
        }
        total += solution.moves.len();
        proven += solution.proven_optimal as usize;
        if (i + 1) % 100 == 0 {
            eprintln!("{} boards, {:.2} s", i + 1, started.elapsed().as_secs_f64());
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    times.sort();
    if let (Some(median), Some(worst)) = (times.get(times.len() / 2), times.last()) {
        eprintln!("per board: median {:.2} ms, worst {:.1} ms", median.as_secs_f64() * 1e3, worst.as_secs_f64() * 1e3);
    }
    println!("boards={} total_moves={total} proven_optimal={proven} seconds={seconds:.3}", boards.len());
    Ok(())
}
