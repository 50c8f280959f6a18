//! The zoo's capture harness (issue 26): runs a Flood-it or peg-solitaire program gamebot has
//! never been built on (`common::zoo`), makes moves as a person would, captures the window once it
//! holds still, and writes it as a case: the PNG exactly as captured and a TOML whose truth is the
//! program's own state, never gamebot's reader.
//!
//! With `REGENERATE=1` the cases are written into `fixtures/` (over the committed ones); otherwise
//! they are written to a temporary folder and each capture's truth is checked against the
//! committed case of the same name (truth and image size, not pixels).

use std::path::{Path, PathBuf};

use gamebot::frame::Frame;

pub use crate::common::zoo::*;

/// Which peg a peg program's capture shows selected.
#[derive(Clone, Copy, PartialEq)]
pub enum Select {
    Nothing,
    /// The first peg (in reading order) that has no jump: only it is marked.
    Stuck,
    /// The peg of the first legal jump: it is marked, and on pages that do so the holes it can
    /// jump to.
    Jumping,
}

/// Where a program's cases go: `fixtures/<game>/<program>/` with `REGENERATE=1`, else a temporary
/// folder whose cases are checked against the committed ones by `Cases::check`.
pub struct Cases {
    pub game: &'static str,
    pub program: &'static str,
    committed: PathBuf,
    out: PathBuf,
    _temp: Option<tempfile::TempDir>,
    written: Vec<String>,
}

impl Cases {
    pub fn new(game: &'static str, program: &'static str) -> Cases {
        let committed = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures").join(game).join(program);
        if std::env::var("REGENERATE").is_ok_and(|v| v == "1") {
            std::fs::create_dir_all(&committed).unwrap();
            Cases { game, program, out: committed.clone(), committed, _temp: None, written: Vec::new() }
        } else {
            let temp = tempfile::tempdir().unwrap();
            let out = temp.path().to_path_buf();
            Cases { game, program, committed, out, _temp: Some(temp), written: Vec::new() }
        }
    }

    /// Writes one case: the capture and its truth. `answer` is the `[answer]` table's body, if any.
    pub fn write(&mut self, name: &str, frame: &Frame, source: &str, rows: &[String], answer: Option<&str>) {
        self.write_with(name, frame, source, rows, "", answer);
    }

    /// As `write`, with more of the `[board]` table's lines after its rows (a Minesweeper's
    /// `mines = N`).
    pub fn write_with(
        &mut self,
        name: &str,
        frame: &Frame,
        source: &str,
        rows: &[String],
        board_extra: &str,
        answer: Option<&str>,
    ) {
        let png = self.out.join(format!("{name}.png"));
        gamebot::files::save_png(&frame.image, &png, true).unwrap();
        let mut text = format!(
            "game = \"{}\"\nsource = \"{}\"\nprofile = \"{}\"\n\n[board]\nrows = [\n",
            self.game,
            source.replace('\\', "\\\\").replace('"', "\\\""),
            self.program
        );
        for row in rows {
            text.push_str(&format!("  \"{row}\",\n"));
        }
        text.push_str("]\n");
        text.push_str(board_extra);
        if let Some(answer) = answer {
            text.push_str(&format!("\n[answer]\n{answer}\n"));
        }
        gamebot::files::write_atomic(&self.out.join(format!("{name}.toml")), text.as_bytes(), true).unwrap();
        self.written.push(name.to_string());
    }

    /// Without REGENERATE: every case written matches the committed one of its name in board
    /// rows and image size (the truth, not the pixels), and no committed case was left out.
    pub fn check(&self) {
        if self._temp.is_none() {
            return;
        }
        for name in &self.written {
            let ours = read_case(&self.out, name);
            let theirs = read_case(&self.committed, name);
            assert_eq!(ours.0, theirs.0, "{name}: the program's truth differs from the committed case");
            assert_eq!(ours.1, theirs.1, "{name}: the capture's size differs from the committed case");
        }
        let committed: Vec<String> = std::fs::read_dir(&self.committed)
            .map(|d| d.filter_map(|e| e.ok()?.file_name().into_string().ok()).collect())
            .unwrap_or_default();
        for file in committed.iter().filter_map(|f| f.strip_suffix(".toml")) {
            assert!(self.written.iter().any(|w| w == file), "{file} is committed but was not captured");
        }
    }
}

/// A case's board rows and its image's size.
fn read_case(dir: &Path, name: &str) -> (Vec<String>, (u32, u32)) {
    let text = std::fs::read_to_string(dir.join(format!("{name}.toml")))
        .unwrap_or_else(|e| panic!("{}/{name}.toml: {e}", dir.display()));
    let table: toml::Table = toml::from_str(&text).unwrap();
    let rows = table["board"]["rows"].as_array().unwrap().iter().map(|r| r.as_str().unwrap().to_string()).collect();
    let size = image::image_dimensions(dir.join(format!("{name}.png"))).unwrap();
    (rows, size)
}

/// A square of a board: (row, column).
pub type Square = (usize, usize);

/// A click-click peg page driven through DevTools (`truth`: its rows and selected peg; `click`: a
/// click on a square): the first `jumps` legal jumps clicked peg then hole, each checked in the
/// page's truth, then the peg of the next jump selected when `select`, and the window captured
/// (the truth checked unchanged across the capture). Returns the frame, the rows and the peg selected.
pub fn jump_select_capture(
    session: &mut Session,
    cdp: &mut crate::common::cdp::Cdp,
    truth: impl Fn(&mut crate::common::cdp::Cdp) -> (Vec<String>, Option<Square>),
    click: impl Fn(&mut crate::common::cdp::Cdp, usize, usize),
    jumps: usize,
    select: bool,
) -> (Frame, Vec<String>, Option<Square>) {
    let (mut rows, _) = truth(cdp);
    for _ in 0..jumps {
        let (from, to) = first_jump(&rows);
        jump(&mut rows, from, to);
        click(cdp, from.0, from.1);
        click(cdp, to.0, to.1);
        assert_eq!(truth(cdp), (rows.clone(), None), "the page did not take the jump {from:?}>{to:?}");
    }
    let selected = select.then(|| first_jump(&rows).0);
    if let Some(peg) = selected {
        click(cdp, peg.0, peg.1);
    }
    assert_eq!(truth(cdp), (rows.clone(), selected), "the page did not select {selected:?}");
    let frame = session.capture();
    assert_eq!(truth(cdp), (rows.clone(), selected), "the board changed while it was captured");
    (frame, rows, selected)
}
