//! `gamebot calibrate tetris --from SHOT.png --profile NAME`: learns a program's `[look]` from one
//! screenshot, blind, and writes a proposal profile (`config/NAME.toml`, never over an existing
//! file without `--force`). With `--board CASE.toml` (the shot's true board, from the program) it
//! refuses unless the learned profile reads the shot back exactly as the case says.

use std::path::Path;

use anyhow::{Context, bail};

use super::look;
use crate::files::write_atomic;
use crate::invocation::Invocation;
use crate::profile::Profile;

/// What to learn from and where to write.
pub struct FromShot<'a> {
    pub shot: &'a Path,
    pub name: Option<&'a str>,
    pub title: Option<&'a str>,
    pub board: Option<&'a Path>,
    pub force: bool,
}

/// Learns and writes the profile; Ok(true) once written.
pub fn from_shot(cx: &mut Invocation, args: &FromShot) -> anyhow::Result<bool> {
    let frame = crate::screen::load_png(args.shot)?;
    let name = args.name.unwrap_or_default();
    if name.contains('/') || name.ends_with(".toml") {
        // A profile file: what is wrong with it first, if anything, then that it is not a name.
        Profile::load(name, &cx.config_dir)?;
        bail!(
            "{name} is a profile file: --from learns a new profile, named with --profile NAME (written as config/NAME.toml)"
        );
    }
    if name.is_empty() {
        bail!("name the profile to learn: --profile NAME (a name, not a path; written as config/NAME.toml)");
    }
    // The true board, read before anything is learned: a bad case file is the first thing said.
    let truth = match args.board {
        Some(case_path) => {
            let case = crate::case::load(case_path)?;
            let board = super::super::case_board::case_board(&case.board)
                .map_err(|e| anyhow::anyhow!("{}: {e}", case_path.display()))?;
            Some((case_path, board))
        }
        None => None,
    };
    let learned = look::learn(&frame).with_context(|| format!("{}: learning the well", args.shot.display()))?;
    let settings = &learned.settings;
    let seen = &learned.seen;
    cx.note(format!(
        "well: {}x{} cells of {:.1} px at ({:.0}, {:.0}), background {}; ghost {}; {} preview piece(s); hold {}",
        settings.cols,
        settings.rows,
        seen.well.pitch,
        seen.well.x0,
        seen.well.y0,
        settings.background,
        if settings.ghost { "seen" } else { "not seen" },
        settings.previews,
        if settings.hold { "seen" } else { "not seen" }
    ));
    let from = args.shot.display().to_string();
    let text = look::profile_text(name, args.title.unwrap_or(name), &from, settings)?;
    let profile: Profile = toml::from_str(&text).context("the learned profile does not parse back")?;
    let config = crate::games::tetris::live::config::LiveConfig::from_profile(&profile)?;
    if let Some((case_path, board)) = truth {
        let look = config.look.as_ref().context("the learned profile has no [look]")?;
        if let Err(why) = super::case::check(&frame, look, &board) {
            bail!(
                "the learned profile does not read {} as {} says: {why}; nothing written",
                args.shot.display(),
                case_path.display()
            );
        }
        cx.note(format!("the learned profile reads {} exactly as {} says", args.shot.display(), case_path.display()));
    } else {
        cx.note("PROPOSED: check the board read below against the picture (or give --board CASE.toml)");
    }
    cx.line(seen.board_toml());
    let path = cx.config_dir.join(format!("{name}.toml"));
    write_atomic(&path, text.as_bytes(), args.force)
        .with_context(|| format!("{}: not written (add --force to replace it)", path.display()))?;
    cx.line(format!("wrote {}", path.display()));
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::invocation::Collected;

    fn run(dir: &Path, shot: &Path, name: Option<&str>, board: Option<&Path>) -> (anyhow::Result<bool>, Collected) {
        let mut report = Collected::default();
        let mut cx =
            Invocation { config_dir: dir.to_path_buf(), calibration_dir: dir.to_path_buf(), report: &mut report };
        let result = from_shot(&mut cx, &FromShot { shot, name, title: None, board, force: false });
        (result, report)
    }

    #[test]
    fn a_shot_is_learned_into_a_proposal_that_reads_it_back_and_is_not_overwritten() {
        let dir = tempfile::tempdir().expect("tempdir");
        let shot = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/tetris/q595-three.png");
        let case = shot.with_extension("toml");
        let (result, report) = run(dir.path(), &shot, Some("learned-q"), Some(&case));
        assert!(result.expect("learns"), "{report:?}");
        let written = dir.path().join("learned-q.toml");
        let config = crate::games::tetris::live::config::LiveConfig::load(written.to_str().expect("path"), dir.path())
            .expect("the written profile loads");
        assert_eq!(config.look.map(|l| (l.cols, l.rows, l.previews)), Some((10, 20, 1)));
        let (again, _) = run(dir.path(), &shot, Some("learned-q"), None);
        assert!(format!("{:#}", again.unwrap_err()).contains("--force"));
    }

    #[test]
    fn a_missing_name_a_missing_shot_and_a_wrong_board_are_one_clear_error_each() {
        let dir = tempfile::tempdir().expect("tempdir");
        let shot = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/tetris/q595-three.png");
        let (no_name, _) = run(dir.path(), &shot, None, None);
        assert!(format!("{:#}", no_name.unwrap_err()).contains("--profile NAME"));
        let (no_shot, _) = run(dir.path(), &dir.path().join("none.png"), Some("x"), None);
        assert!(format!("{:#}", no_shot.unwrap_err()).contains("none.png"));
        let other = shot.with_file_name("q595-six.toml");
        let (wrong, _) = run(dir.path(), &shot, Some("x"), Some(&other));
        let err = format!("{:#}", wrong.unwrap_err());
        assert!(err.contains("does not read") && err.contains("nothing written"), "{err}");
        assert!(!dir.path().join("x.toml").exists());
    }
}
