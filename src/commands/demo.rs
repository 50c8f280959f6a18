//! `gamebot demo`: the embedded default. Starts the real sgt-flood (and a virtual X display with a
//! window manager when there is no display), plays one 14x14 game to the win, and saves pictures of
//! the board before and after.

use std::path::PathBuf;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use anyhow::Context;

use super::play::report;
use crate::games::flood::{Flood, read, sgt_id};
use crate::input::live::LiveInput;
use crate::profile::Profile;
use crate::runner::{self, PlayOptions};
use crate::screen::{save_png, settled};
use crate::xsession::{self, Children};

pub struct DemoArgs {
    /// A game ID for sgt-flood; a new 14x14c6m0 board when None.
    pub id: Option<String>,
    pub params: String,
    pub out: Option<PathBuf>,
    /// Use this display instead of `$DISPLAY` or a new virtual one.
    pub display: Option<String>,
}

pub fn run(args: &DemoArgs) -> anyhow::Result<bool> {
    let profile = Profile::load("sgt-flood", std::path::Path::new("config"))?;
    let game = xsession::find_program("sgt-flood", "sgt-puzzles")?;
    let mut children = Children::default();
    let display = match args.display.clone().or_else(|| std::env::var("DISPLAY").ok()).filter(|d| xsession::display_works(d)) {
        Some(display) => display,
        None => {
            println!("no X display: starting Xvfb and a window manager");
            xsession::start_virtual_display(&mut children)?
        }
    };
    let id = match &args.id {
        Some(id) => id.clone(),
        None => xsession::generate_id(&game, &args.params)?,
    };
    let limit = Some(sgt_id::parse(&id).map_err(anyhow::Error::msg)?.limit);
    println!("starting sgt-flood on display {display} with game {id}");
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
    let mut device = LiveInput::open_on(Some(&display))?;
    let options = PlayOptions { move_limit: limit, ..PlayOptions::default() };
    let mut say = |line: &str| println!("{line}");
    let won = report(runner::play::<Flood>(&mut screen, &mut device, &profile, None, &options, &mut say), limit)?;
    std::thread::sleep(Duration::from_millis(500));
    let after = settled(&mut screen, &profile.timing)?;
    save_png(&after.image, &out.join("after.png"), false)?;
    let check = read::locate(&before, &profile.vision)
        .ok()
        .and_then(|grid| read::read(&after, &grid, &profile.vision, profile.palette.as_ref()).ok());
    match check {
        Some(reading) if reading.board.is_won() => println!("a fresh capture shows the board in one colour"),
        _ => println!("a fresh capture does not show a one-colour board"),
    }
    println!("pictures: {} and {}", out.join("before.png").display(), out.join("after.png").display());
    Ok(won)
}
