//! `read tetris` and `play tetris`: reading a quadrapassel screenshot into the case-file form, a dry
//! run that draws the planned placement over a capture, and live play in quadrapassel's window.

use std::path::{Path, PathBuf};

use anyhow::Context;

use super::Dirs;
use crate::games::tetris::live::config::LiveConfig;
use crate::games::tetris::live::{annotate, locate, play, read};
use crate::games::tetris::live::play::Outcome;
use crate::input::live::LiveInput;
use crate::screen::x11::Display;

/// What `play tetris` was asked to do.
pub struct TetrisPlayArgs {
    pub profile: String,
    pub dry_run: bool,
    pub from: Option<PathBuf>,
    pub out: Option<PathBuf>,
    pub lines: Option<u32>,
    pub new_game: bool,
    pub force: bool,
}

/// The `[board]` table of a case file for a reading.
pub fn board_toml(reading: &read::Reading) -> String {
    let mut text = crate::games::rows_toml(&reading.board_rows());
    if let Some((piece, _)) = &reading.piece {
        text.push_str(&format!("\npiece = \"{}\"", piece.letter()));
    }
    if let Some(next) = reading.next {
        text.push_str(&format!("\nnext = \"{}\"", next.letter()));
    }
    text
}

/// `gamebot read tetris shot.png`.
pub fn read_png(dirs: &Dirs, profile: &str, png: &Path) -> anyhow::Result<()> {
    let config = LiveConfig::load(profile, &dirs.config)?;
    let frame = crate::screen::load_png(png)?;
    let layout = locate::locate(&frame, config.vision.black_max).with_context(|| png.display().to_string())?;
    let reading = read::read(&frame, &layout, config.vision.empty_max).with_context(|| png.display().to_string())?;
    println!("# read from {} (cell {:.1} px)\n[board]\n{}", png.display(), layout.pitch, board_toml(&reading));
    Ok(())
}

/// `gamebot play tetris`: exits successfully when the asked number of lines was cleared.
pub fn play(dirs: &Dirs, args: &TetrisPlayArgs) -> anyhow::Result<bool> {
    let config = LiveConfig::load(&args.profile, &dirs.config)?;
    if args.dry_run || args.from.is_some() {
        let frame = match &args.from {
            Some(path) => crate::screen::load_png(path)?,
            None => {
                use crate::screen::Screen;
                let mut window = Display::open()?.find(&config.window).context("start quadrapassel first, or use --from shot.png")?;
                window.capture()?
            }
        };
        let out = args.out.clone().unwrap_or_else(|| PathBuf::from("tetris-dry-run.png"));
        let plan = annotate::dry_run(&frame, &config)?;
        println!("{}", plan.text);
        crate::screen::save_png(&plan.image, &out, args.force)?;
        println!("wrote {}", out.display());
        return Ok(true);
    }
    let window = Display::open()?.find(&config.window).context("start quadrapassel first")?;
    let mut input = LiveInput::open_on(None)?;
    let options = play::Options { lines: args.lines, new_game: args.new_game };
    let summary = play::run(window, &mut input, &config, &options)?;
    println!("{}", summary.report());
    match summary.outcome {
        Outcome::Reached => Ok(true),
        Outcome::ToppedOut => {
            eprintln!("error: topped out after {} lines (asked for {})", summary.lines, args.lines.map_or("-".into(), |n| n.to_string()));
            Ok(false)
        }
    }
}
