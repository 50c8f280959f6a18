//! A learned profile is a proposal on a window of a size play has not confirmed it on
//! (`profile::Learned`): the play loop checks its first moves against the rules' prediction, and a
//! mismatch stops the game with what differed and a picture of the screen, instead of re-planning
//! around a misreading. Once the first moves all showed what the rules predicted, the window's
//! size is recorded in the profile as confirmed; an input style that had to replace the profile's
//! own (the first move changed nothing with it) is recorded there too.

use std::path::{Path, PathBuf};

use super::watch::Shown;
use crate::frame::Frame;
use crate::game::TurnBased;
use crate::profile::Profile;

/// How many first moves must show what the rules predicted to confirm a proposed profile.
pub const CHECKED_MOVES: usize = 3;

/// Writes a picture of the board as read (or of the screen, when it does not read) to
/// `<dir>/<profile>-mismatch-<n>.png`, the first such name not taken; returns its path.
pub fn picture<G: TurnBased>(
    dir: &Path,
    profile: &str,
    frame: &Frame,
    layout: &G::Layout,
    read: Option<&G::Board>,
) -> anyhow::Result<PathBuf> {
    let image = match read {
        Some(board) => G::annotate(frame, layout, board, &[]),
        None => frame.image.clone(),
    };
    std::fs::create_dir_all(dir).map_err(|e| anyhow::anyhow!("{}: {e}", dir.display()))?;
    let path =
        (1..).map(|n| dir.join(format!("{profile}-mismatch-{n}.png"))).find(|p| !p.exists()).expect("an unused name");
    crate::files::save_png(&image, &path, false)?;
    Ok(path)
}

/// Records in the profile's file that play confirmed it on a `width` x `height` window; a line
/// saying so (or why it could not be recorded).
pub fn confirm(profile: &Profile, width: u32, height: u32, moves: usize) -> String {
    let size = toml::Value::Array(vec![toml::Value::Integer(width.into()), toml::Value::Integer(height.into())]);
    let recorded = profile.record(|table| {
        let learned = table.entry("learned").or_insert_with(|| toml::Value::Table(toml::Table::new()));
        if let Some(learned) = learned.as_table_mut() {
            let list = learned.entry("confirmed").or_insert_with(|| toml::Value::Array(Vec::new()));
            if let Some(list) = list.as_array_mut()
                && !list.contains(&size)
            {
                list.push(size.clone());
            }
        }
    });
    match recorded {
        Ok(path) => format!(
            "the profile {} is confirmed on a {width}x{height} window: its first {moves} moves all showed what the rules predicted (recorded in {})",
            profile.name,
            path.display()
        ),
        Err(e) => format!(
            "the profile {} is confirmed on a {width}x{height} window, but it cannot be recorded: {e}",
            profile.name
        ),
    }
}

/// Records in the profile's file the input style that moved the game; a line saying so.
pub fn input_style(profile: &Profile, style: &str) -> String {
    let recorded = profile.record(|table| {
        let input = table.entry("input").or_insert_with(|| toml::Value::Table(toml::Table::new()));
        if let Some(input) = input.as_table_mut() {
            input.insert("style".into(), toml::Value::String(style.into()));
        }
    });
    match recorded {
        Ok(path) => format!("input style \"{style}\" moved the game: recorded in {}", path.display()),
        Err(e) => format!("input style \"{style}\" moved the game, but it cannot be recorded: {e}"),
    }
}

/// Stops a proposed profile's game at a mismatch: what differed, where, and a picture.
#[allow(clippy::too_many_arguments)]
pub fn stop_proposal<G: TurnBased>(
    pictures: Option<&Path>,
    profile: &Profile,
    frame: &Frame,
    layout: &G::Layout,
    config: &G::Config,
    predicted: &G::Board,
    number: usize,
    mv: &G::Move,
    shown: Shown,
    tried: &[&str],
) -> anyhow::Error {
    let read = G::read(frame, layout, config).map(|r| r.board);
    let what = match (&read, shown) {
        (_, Shown::Nothing) if tried.len() > 1 => {
            format!("nothing on the board changed, with any input style tried ({})", tried.join(", "))
        }
        (_, Shown::Nothing) => "nothing on the board changed".to_string(),
        (Ok(board), _) => G::difference(board, predicted),
        (Err(e), _) => format!("the board no longer reads: {e:#}"),
    };
    let dir = pictures.map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    let picture = match picture::<G>(&dir, &profile.name, frame, layout, read.as_ref().ok()) {
        Ok(path) => format!("the screen is drawn in {}", path.display()),
        Err(e) => format!("the screen could not be drawn: {e:#}"),
    };
    anyhow::anyhow!(
        "stopped: move {number} ({mv}) did not show what the rules predict, and the profile {} is a proposal not yet confirmed by play on a {}x{} window: {what}\n{picture}; check the profile (calibrate again, or with --board and the screenshot's true board)",
        profile.name,
        frame.width(),
        frame.height()
    )
}
