//! `gamebot demo`: the embedded default. Starts the real sgt-flood (and a virtual X display with a
//! window manager when there is no display), plays one 14x14 game to the win, and saves pictures of
//! the board before and after.

use std::path::PathBuf;
#[cfg(target_os = "linux")]
use std::time::{Duration, SystemTime, UNIX_EPOCH};

#[cfg(target_os = "linux")]
use anyhow::Context;

#[cfg(target_os = "linux")]
use super::config::FloodConfig;
#[cfg(target_os = "linux")]
use super::{Flood, read, sgt_id};
#[cfg(target_os = "linux")]
use crate::commands::report;
#[cfg(target_os = "linux")]
use crate::files::save_png;
#[cfg(target_os = "linux")]
use crate::input::live::LiveInput;
use crate::invocation::Invocation;
#[cfg(target_os = "linux")]
use crate::profile::Profile;
#[cfg(target_os = "linux")]
use crate::runner::{self, PlayOptions};
#[cfg(target_os = "linux")]
use crate::screen::settled;
#[cfg(target_os = "linux")]
use crate::xsession::{self, Children};

/// Options of `demo`.
#[derive(clap::Args)]
pub struct DemoArgs {
    /// An sgt-flood game ID to play instead of a freshly generated board.
    #[arg(long)]
    pub id: Option<String>,
    /// sgt-flood parameters for the generated board.
    #[arg(long, default_value = "14x14c6m0")]
    pub params: String,
    /// Folder for the before/after pictures [default: gamebot-demo-<time>].
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Play on this X display instead of $DISPLAY or a new virtual one (Linux: a virtual one is
    /// started with Xvfb and jwm when there is none).
    #[arg(long)]
    pub display: Option<String>,
}

/// Plays the demo game; Ok(true) on a win. Linux only: it starts Xvfb and sgt-flood itself.
#[cfg(not(target_os = "linux"))]
pub fn run(_env: &mut Invocation, _args: &DemoArgs) -> anyhow::Result<bool> {
    anyhow::bail!("demo starts sgt-flood (and Xvfb) itself, which is Linux only; open a Flood-it and use play flood")
}

/// Plays the demo game; Ok(true) on a win. Linux only: it starts Xvfb and sgt-flood itself.
#[cfg(target_os = "linux")]
pub fn run(cx: &mut Invocation, args: &DemoArgs) -> anyhow::Result<bool> {
    let profile = Profile::load_for("sgt-flood", &cx.config_dir, "flood")?;
    let config = FloodConfig::from_profile(&profile)?;
    let game = xsession::find_program("sgt-flood", "sgt-puzzles")?;
    let mut children = Children::default();
    let display =
        match args.display.clone().or_else(|| std::env::var("DISPLAY").ok()).filter(|d| xsession::display_works(d)) {
            Some(display) => display,
            None => {
                cx.line("no X display: starting Xvfb and a window manager");
                xsession::start_virtual_display(&mut children)?
            }
        };
    // The input device and its failsafe watch the display named by DISPLAY: point it at the game's.
    // SAFETY: no other thread runs yet, so nothing reads the environment while it changes.
    unsafe { std::env::set_var("DISPLAY", &display) };
    let id = match &args.id {
        Some(id) => id.clone(),
        None => xsession::generate_id(&game, &args.params)?,
    };
    let limit = Some(sgt_id::parse(&id).map_err(anyhow::Error::msg)?.limit);
    cx.line(format!("starting sgt-flood on display {display} with game {id}"));
    let mut screen = xsession::launch_game(&game, &[&id], &display, &profile.window, &mut children)?;
    let out = args.out.clone().unwrap_or_else(|| {
        let stamp = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
        PathBuf::from(format!("gamebot-demo-{stamp}"))
    });
    std::fs::create_dir_all(&out).with_context(|| format!("cannot create {}", out.display()))?;
    // Give the window a moment to draw its first frame fully.
    std::thread::sleep(Duration::from_millis(300));
    let before = settled(&mut screen, &profile.timing)?;
    save_png(&before.image, &out.join("before.png"), false)?;
    let mut device = LiveInput::open()?;
    let options = PlayOptions { move_limit: limit, ..PlayOptions::default() };
    let result = runner::play::<Flood>(&mut screen, &mut device, &profile, None, &options, &mut |l: &str| cx.line(l));
    let won = report(cx, result, limit)?;
    std::thread::sleep(Duration::from_millis(500));
    let after = settled(&mut screen, &profile.timing)?;
    save_png(&after.image, &out.join("after.png"), false)?;
    let check = read::locate(&before, &config.vision, config.palette.as_ref())
        .ok()
        .and_then(|grid| read::read(&after, &grid, &config.vision, config.palette.as_ref()).ok());
    match check {
        Some(reading) if reading.board.is_won() => cx.line("a fresh capture shows the board in one colour"),
        _ => cx.line("a fresh capture does not show a one-colour board"),
    }
    cx.line(format!("pictures: {} and {}", out.join("before.png").display(), out.join("after.png").display()));
    Ok(won)
}
