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
    let options = play::Options { lines: args.lines, new_game: args.new_game, learn: false };
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

/// The line in the profile after which `calibrate tetris` writes the rotation table.
const TABLE_MARK: &str = "# --- rotation table";

/// The profile's text with everything from the table mark on replaced by `table`.
pub fn with_table(profile: &str, table: &str) -> String {
    let keep = profile.find(TABLE_MARK).map_or(profile, |at| &profile[..at]);
    format!("{}\n\n{TABLE_MARK} (written by gamebot calibrate tetris) ---\n\n{table}", keep.trim_end())
}

/// `gamebot calibrate tetris`: plays with an empty rotation table until every press is learnt (or
/// the game ends), then writes the table into the profile file in the config folder. A table
/// already there is replaced only with `force`.
pub fn calibrate(dirs: &Dirs, profile: &str, new_game: bool, force: bool) -> anyhow::Result<bool> {
    let config = LiveConfig::load(profile, &dirs.config)?;
    let path = dirs.config.join(format!("{profile}.toml"));
    let text = std::fs::read_to_string(&path).with_context(|| format!("{}: the profile file to write the table into", path.display()))?;
    anyhow::ensure!(
        force || !text.contains(TABLE_MARK),
        "{} already holds a rotation table; add --force to learn a new one and replace it",
        path.display()
    );
    let window = Display::open()?.find(&config.window).context("start quadrapassel first")?;
    let mut input = LiveInput::open_on(None)?;
    let options = play::Options { lines: None, new_game, learn: true };
    let summary = play::run(window, &mut input, &config, &options)?;
    let missing = summary.turns.missing();
    println!("{}", summary.report());
    anyhow::ensure!(missing == 0, "the game ended with {missing} presses still unknown; nothing written (start a new game and run again)");
    crate::profile::write_atomic(&path, with_table(&text, &summary.turns.to_toml()).as_bytes(), true)?;
    println!("wrote the rotation table into {}", path.display());
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_replaces_only_what_follows_the_mark() {
        let first = with_table("name = \"q\"\n# keep me\n", "[[rotation]]\ndx = 1\n");
        assert!(first.starts_with("name = \"q\"\n# keep me\n\n# --- rotation table"), "{first}");
        let second = with_table(&first, "[[rotation]]\ndx = 2\n");
        assert!(second.contains("# keep me") && second.contains("dx = 2") && !second.contains("dx = 1"), "{second}");
        assert_eq!(second.matches(TABLE_MARK).count(), 1);
    }
}
