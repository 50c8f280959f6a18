//! Breach Protocol commands: read a screenshot, solve a case, play (a dry run over a screenshot,
//! or live in the game's window), and the solver/reader benchmark.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};

use super::Dirs;
use super::play::{PlayArgs, open_window};
use crate::budget::Budget;
use crate::frame::Frame;
use crate::games::breach::board::Puzzle;
use crate::games::breach::read::{self, BreachScreen};
use crate::games::breach::{act, annotate, solve};
use crate::input::failsafe::Failsafe;
use crate::input::live::LiveInput;
use crate::input::{Action, InputDevice};
use crate::profile::{ClickStyle, Profile};
use crate::runner::perform_checked;
use crate::screen::{Screen, capture_after_change, save_png, settled};

fn strings(table: &toml::Table, key: &str) -> anyhow::Result<Vec<String>> {
    table
        .get(key)
        .cloned()
        .with_context(|| format!("[board] has no {key}"))?
        .try_into()
        .with_context(|| format!("[board] {key} must be a list of strings"))
}

/// The puzzle of a case file's `[board]`.
pub fn case_puzzle(board: &toml::Table) -> anyhow::Result<Puzzle> {
    let buffer = board.get("buffer").and_then(|b| b.as_integer()).context("[board] has no buffer (an integer)")?;
    Ok(Puzzle::from_case(&strings(board, "grid")?, &strings(board, "daemons")?, buffer.max(0) as usize)?)
}

/// The `[board]` table of a case file for a puzzle.
pub fn board_toml(p: &Puzzle) -> String {
    let line = |codes: &[crate::games::breach::board::Code]| codes.iter().map(|c| c.text()).collect::<Vec<_>>().join(" ");
    let list = |rows: Vec<String>| rows.iter().map(|r| format!("  \"{r}\",\n")).collect::<String>();
    format!(
        "grid = [\n{}]\ndaemons = [\n{}]\nbuffer = {}",
        list(p.grid.iter().map(|r| line(r)).collect()),
        list(p.daemons.iter().map(|d| line(d)).collect()),
        p.buffer
    )
}

/// The picks in words: "1: row 0 col 2 (1C)  2: ...".
fn describe_path(p: &Puzzle, path: &[(usize, usize)]) -> String {
    path.iter()
        .enumerate()
        .map(|(i, &(r, c))| format!("{}: row {r} col {c} ({})", i + 1, p.at(r, c)))
        .collect::<Vec<_>>()
        .join("  ")
}

/// Solves and prints the plan; returns the path.
fn plan(p: &Puzzle, budget: Budget) -> Vec<(usize, usize)> {
    let started = Instant::now();
    let (solution, proven) = solve::solve_within(p, budget);
    println!(
        "plan: {} picks complete daemons {:?} (value {}, {}), solved in {:.2} ms",
        solution.path.len(),
        solution.daemons,
        solution.value,
        if proven { "proven optimal" } else { "budget spent: not proven optimal" },
        started.elapsed().as_secs_f64() * 1e3
    );
    if !solution.path.is_empty() {
        println!("  {}", describe_path(p, &solution.path));
    }
    solution.path
}

/// `gamebot read breach shot.png`: the `[board]` of a case file.
pub fn read_png(png: &Path) -> anyhow::Result<()> {
    let frame = crate::screen::load_png(png)?;
    let screen = read::read(&frame).with_context(|| format!("{}: cannot read the breach screen", png.display()))?;
    println!("# read from {}\n[board]\n{}", png.display(), board_toml(&screen.puzzle));
    Ok(())
}

/// `gamebot solve breach case.toml`: the optimal picks, as (row, col) from 0, and what they complete.
pub fn solve_case(input: &Path, budget: Budget) -> anyhow::Result<()> {
    let case = crate::cases::load(input)?;
    let puzzle = case_puzzle(&case.board).with_context(|| format!("{}: bad [board]", input.display()))?;
    plan(&puzzle, budget);
    Ok(())
}

/// The inputs for each pick, by the profile's input style.
pub fn pick_actions(path: &[(usize, usize)], screen: &BreachScreen, profile: &Profile) -> Vec<Vec<Action>> {
    match profile.input.style {
        ClickStyle::Keys => act::keys(path, (0, 0)),
        _ => act::clicks(path, screen).into_iter().map(|a| vec![a]).collect(),
    }
}

/// `gamebot play breach`: a dry run over a screenshot, or the picks made live, each checked on
/// screen (one more buffer slot filled) before the next.
pub fn play(dirs: &Dirs, args: &PlayArgs) -> anyhow::Result<bool> {
    let profile = Profile::load(&args.profile, &dirs.config)?;
    if let Some(from) = &args.from {
        let frame = crate::screen::load_png(from)?;
        return dry_run(&frame, &profile, args);
    }
    let mut window = open_window(&profile)?;
    println!("playing breach in {}", window.describe());
    let frame = settled(&mut window, &profile.timing)?;
    if args.dry_run {
        return dry_run(&frame, &profile, args);
    }
    let screen = read::read(&frame).context("cannot read the breach screen in the window")?;
    println!("read:\n{}", board_toml(&screen.puzzle));
    let path = plan(&screen.puzzle, args.budget);
    if path.is_empty() {
        bail!("no daemon can be completed with this buffer; nothing to do");
    }
    let mut device = LiveInput::open_on(None)?;
    pick_live(&mut window, &mut device, &profile, &frame, &screen, &path)?;
    println!("done: {} picks made, each confirmed on screen", path.len());
    Ok(true)
}

/// Makes the picks, checking before each input that the failsafe allows it and that it lies in
/// the window, and after each pick that exactly one more buffer slot is filled.
fn pick_live(
    window: &mut dyn Screen,
    device: &mut dyn InputDevice,
    profile: &Profile,
    first: &Frame,
    screen: &BreachScreen,
    path: &[(usize, usize)],
) -> anyhow::Result<()> {
    let mut failsafe = Failsafe::new(3);
    let mut frame = first.clone();
    let timing = &profile.timing;
    for (i, actions) in pick_actions(path, screen, profile).iter().enumerate() {
        for action in actions {
            perform_checked(action, &frame, &*window, device, &mut failsafe)?;
        }
        std::thread::sleep(Duration::from_millis(timing.after_action_ms));
        let poll = Duration::from_millis(timing.poll_ms);
        frame = capture_after_change(window, &frame, poll, timing.stable_frames, Duration::from_millis(timing.settle_timeout_ms))?.0;
        let empty = screen.empty_slots(&frame);
        let expected = screen.slots.len() - (i + 1);
        // The last pick may end the breach and close the screen; only earlier picks can be checked.
        if i + 1 < path.len() && empty != expected {
            bail!("pick {} ({:?}): the buffer shows {empty} empty slots, expected {expected}; stopping", i + 1, path[i]);
        }
        println!("pick {}: row {} col {} confirmed", i + 1, path[i].0, path[i].1);
    }
    Ok(())
}

fn dry_run(frame: &Frame, profile: &Profile, args: &PlayArgs) -> anyhow::Result<bool> {
    let screen = read::read(frame).context("cannot read the breach screen")?;
    println!("read:\n{}", board_toml(&screen.puzzle));
    let path = plan(&screen.puzzle, args.budget);
    for (i, actions) in pick_actions(&path, &screen, profile).iter().enumerate() {
        println!("  pick {}: {}", i + 1, actions.iter().map(|a| a.to_string()).collect::<Vec<_>>().join(", "));
    }
    let out = args.out.clone().unwrap_or_else(|| PathBuf::from("breach-dry-run.png"));
    save_png(&annotate::annotate(frame, &screen, &path), &out, args.force)?;
    println!("dry run: nothing was clicked; the reading and the numbered picks are drawn in {}", out.display());
    Ok(true)
}

/// The median and the largest of some durations, in milliseconds.
fn median_max(mut times: Vec<Duration>) -> (f64, f64) {
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    (times.get(times.len() / 2).map_or(0.0, |&d| ms(d)), times.last().map_or(0.0, |&d| ms(d)))
}

/// `gamebot bench breach [DIR]`: the solver on random 7x7 puzzles (3-4 daemons) with buffers of 8
/// and 13, and, given the folder of breach screenshots, read + solve of each one scaled to
/// 3840x2160. Prints `key=value` lines.
pub fn bench(screenshots: Option<&Path>) -> anyhow::Result<()> {
    let mut rng = crate::rng::SplitMix64(0xB4EAC4);
    for buffer in [8, 13] {
        let puzzles: Vec<Puzzle> = (0..500).map(|i| crate::games::breach::random::puzzle(&mut rng, 7, 3 + i % 2, buffer)).collect();
        let times: Vec<Duration> = puzzles
            .iter()
            .map(|p| {
                let started = Instant::now();
                std::hint::black_box(solve::solve(p));
                started.elapsed()
            })
            .collect();
        let (median, max) = median_max(times);
        println!("solve_7x7_buffer{buffer}_puzzles=500");
        println!("solve_7x7_buffer{buffer}_median_ms={median:.3}");
        println!("solve_7x7_buffer{buffer}_max_ms={max:.3}");
    }
    let Some(dir) = screenshots else { return Ok(()) };
    let mut pngs: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("{}: cannot list the folder", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "png"))
        .collect();
    pngs.sort();
    let mut times = Vec::new();
    for png in &pngs {
        let frame = crate::screen::load_png(png)?;
        let image = image::imageops::resize(&frame.image, 3840, 2160, image::imageops::FilterType::Triangle);
        let frame = Frame::from_image(image);
        let started = Instant::now();
        let screen = read::read(&frame).with_context(|| format!("{} at 3840x2160", png.display()))?;
        std::hint::black_box(solve::solve(&screen.puzzle));
        times.push(started.elapsed());
    }
    let (median, max) = median_max(times);
    println!("read_solve_4k_screens={}", pngs.len());
    println!("read_solve_4k_median_ms={median:.1}");
    println!("read_solve_4k_max_ms={max:.1}");
    Ok(())
}
