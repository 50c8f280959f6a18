//! How the real-time loop sees the well: with a hand-written profile (quadrapassel's dark well,
//! `locate` and `read`), or with a learned `[look]` (`learn`: the well found once by its learned
//! background, each cell judged against the learned empty look, the ghost left out, the previews
//! read from the boxes whose roles the calibration learned). Either way the loop gets the same
//! 10x20 grid of filled cells (settled cells and the falling piece) and the next piece. A cell
//! that stays partly drawn, unchanged, is the program's own drawing over the well, not a piece in
//! motion, and is read as what most of it shows (`covered.rs`); the eyes remember such cells over
//! the frames they read.

use std::cell::RefCell;
use std::time::Duration;

use anyhow::{Context, bail};

use super::super::Piece;
use super::super::learn::boxes;
use super::super::learn::cells::{self, Look};
use super::super::learn::read::Seen;
use super::super::learn::settings::LookSettings;
use super::super::learn::well::{self, Known, Well};
use super::config::LiveConfig;
use super::covered::{Covers, Patch};
use super::locate::{COLUMNS, Layout, ROWS, locate};
use super::read::{Grid, read_cells, read_preview};
use crate::frame::Frame;
use crate::vision::colour::Lab;

/// A well found with what a calibration learned.
#[derive(Clone, Debug)]
pub struct LearnedWell {
    pub well: Well,
    pub empty: Look,
    /// The boxes' roles: (is the hold box, area in well cells).
    pub roles: Vec<(bool, [f64; 4])>,
    /// Whether the program draws a ghost that reads as filled (the calibration saw one).
    pub ghost: bool,
}

/// Where the well is and how its cells are told.
#[derive(Clone, Debug)]
enum How {
    /// A hand-written profile: the well of the profile's dark colour.
    Profile { layout: Layout, empty_max: u8 },
    /// A learned profile's `[look]`.
    Learned(Box<LearnedWell>),
}

/// The well found in a frame, how its cells are told, and the cells found covered so far.
#[derive(Clone, Debug)]
pub struct Eyes {
    how: How,
    covers: RefCell<Covers>,
    /// How long a partly drawn cell must stay unchanged to be taken for a cover.
    hold: Duration,
}

impl Eyes {
    /// Finds the well in a frame, the way the profile says.
    pub fn find(frame: &Frame, config: &LiveConfig) -> anyhow::Result<Eyes> {
        let how = match &config.look {
            Some(look) => How::Learned(Box::new(learned_well(frame, look)?)),
            None => How::Profile { layout: locate(frame, &config.vision)?, empty_max: config.vision.empty_max },
        };
        Ok(Eyes { how, covers: RefCell::default(), hold: Duration::from_millis(config.timing.mismatch_ms) })
    }

    /// Every filled cell of the well: settled cells and the falling piece (never its ghost). An
    /// error when a frame cannot be read: a cell partly drawn, not (yet) known as a cover.
    pub fn grid(&self, frame: &Frame) -> anyhow::Result<Grid> {
        match &self.how {
            How::Profile { layout, empty_max } => {
                let (mut grid, partial) = read_cells(frame, layout, *empty_max);
                let at = |(r, c): (usize, usize)| {
                    move |fx, fy| {
                        let (x, y) = layout.point(r, c, fx, fy);
                        (f64::from(x), f64::from(y))
                    }
                };
                let empty = |p: [u8; 3]| p.iter().all(|&v| v <= *empty_max);
                self.uncover(frame, &mut grid, &partial, at, empty)?;
                Ok(grid)
            }
            How::Learned(learned) => {
                let (mut grid, partial) = learned_grid(frame, learned);
                let at = |(r, c): (usize, usize)| move |fx, fy| learned.well.point(r, c, fx, fy);
                let middle = Lab::from_rgb(learned.empty.0[0]);
                let empty = |p: [u8; 3]| Lab::from_rgb8(p).delta_e(&middle) <= cells::DIFFERENT;
                self.uncover(frame, &mut grid, &partial, at, empty)?;
                Ok(grid)
            }
        }
    }

    /// Sets the `partial` cells known as covers in `grid`; an error naming the first that is not.
    fn uncover<F: Fn(f64, f64) -> (f64, f64)>(
        &self,
        frame: &Frame,
        grid: &mut Grid,
        partial: &[(usize, usize)],
        at: impl Fn((usize, usize)) -> F,
        empty: impl Fn([u8; 3]) -> bool,
    ) -> anyhow::Result<()> {
        let mut covers = self.covers.borrow_mut();
        covers.keep_watching(partial);
        let mut unread = None;
        for &(r, c) in partial {
            let patch = Patch::of(frame, at((r, c)));
            let filled = patch.mostly_filled(&empty);
            match covers.judge((r, c), patch, filled, self.hold) {
                Some(filled) => grid[r][c] = filled,
                None => unread = unread.or(Some((r, c))),
            }
        }
        if let Some((r, c)) = unread {
            bail!("row {r} col {c} is only partly drawn: a piece in motion (or a cover, once it stays so)");
        }
        Ok(())
    }

    /// Notes on the cells found covered since the last call, for the loop's progress.
    pub fn take_notes(&self) -> Vec<String> {
        self.covers.borrow_mut().take_notes()
    }

    /// Where the well's top-left cell is and how wide a cell is, in the frame (to tell a well the
    /// page has moved).
    pub fn place(&self) -> (f64, f64, f64) {
        match &self.how {
            How::Profile { layout, .. } => (layout.x0, layout.y0, layout.pitch),
            How::Learned(learned) => (learned.well.x0, learned.well.y0, learned.well.pitch),
        }
    }

    /// The next piece, when a preview shows one.
    pub fn next(&self, frame: &Frame) -> anyhow::Result<Option<Piece>> {
        match &self.how {
            How::Profile { layout, empty_max } => read_preview(frame, layout, *empty_max),
            How::Learned(learned) => Ok(boxes::read_known(frame, &learned.well, &learned.roles).next.first().copied()),
        }
    }
}

/// The well of a learned `[look]`, found in a frame; it must be 10 x 20 (the loop's board).
pub fn learned_well(frame: &Frame, look: &LookSettings) -> anyhow::Result<LearnedWell> {
    if (look.cols, look.rows) != (COLUMNS, ROWS) {
        bail!(
            "the profile's well is {} x {} cells: live play needs a {COLUMNS} x {ROWS} well (reading other sizes works: read tetris)",
            look.cols,
            look.rows
        );
    }
    let known = Known { cols: Some(look.cols), rows: Some(look.rows), empty: Some(look.background()?) };
    let mut well = well::find(frame, &known).context("finding the learned well")?;
    well.boxes.extend(boxes::page_beside(frame, &well));
    Ok(LearnedWell { well, empty: look.empty_look()?, roles: look.box_roles(), ghost: look.ghost })
}

/// One frame read in a well found before: its cells, falling piece, ghost and boxes.
pub fn seen(frame: &Frame, learned: &LearnedWell) -> Seen {
    let looks = cells::looks(frame, &learned.well);
    let filled: Vec<Vec<bool>> =
        looks.iter().map(|row| row.iter().map(|l| l.filled_against(&learned.empty)).collect()).collect();
    let falling = cells::falling(&filled, &looks);
    let boxes = boxes::read_known(frame, &learned.well, &learned.roles);
    Seen { well: learned.well.clone(), filled, looks, empty: learned.empty, falling, boxes }
}

/// The filled cells of a learned well, its falling piece's ghost left out, and the cells only
/// partly drawn (left empty: a piece drawn sliding, or the program's own text over the well). A
/// program whose ghost the calibration did not see (none, or too faint to read as filled) has none
/// to leave out: what looks like one, a settled group of one colour shaped like the piece where
/// it would land, is settled cells.
fn learned_grid(frame: &Frame, learned: &LearnedWell) -> (Grid, Vec<(usize, usize)>) {
    let seen = seen(frame, learned);
    let mut partial = Vec::new();
    let mut grid = [[false; COLUMNS]; ROWS];
    for (r, row) in grid.iter_mut().enumerate() {
        for (c, cell) in row.iter_mut().enumerate() {
            if seen.looks[r][c].partly_drawn(&learned.empty) {
                partial.push((r, c));
                continue;
            }
            let ghost = learned.ghost && seen.falling.as_ref().is_some_and(|f| f.ghost.contains(&(r as i32, c as i32)));
            *cell = seen.filled[r][c] && !ghost;
        }
    }
    (grid, partial)
}

#[cfg(test)]
mod tests {
    use super::super::super::learn::draw::{Scene, Style, render};
    use super::super::super::learn::look;
    use super::*;

    /// invzfnc, 130 lines in: a settled group of one colour shaped like the falling piece, right
    /// where the piece would land, was left out as its ghost, though the program's ghost reads
    /// empty; the stack then lacked it and the last piece's lock was judged a misread.
    #[test]
    fn a_settled_group_where_the_piece_would_land_is_no_ghost_for_a_program_without_one() {
        let mut rows = vec![".........."; 20];
        rows[0] = ".xx.......";
        rows[1] = "xx........";
        rows[18] = ".##.......";
        rows[19] = "##.......#";
        // Settled cells grey (their colour goes by position), the falling S green.
        let mut style = Style::plain(24);
        style.colours = [[128, 128, 128]; 7];
        style.colours[Piece::S.index()] = [40, 200, 40];
        let frame = render(&style, &Scene { rows: &rows, next: &[Piece::T], hold: None });
        let mut settings = look::learn(&frame).expect("the look").settings;
        for (ghost, kept) in [(false, true), (true, false)] {
            settings.ghost = ghost;
            let (grid, partial) = learned_grid(&frame, &learned_well(&frame, &settings).expect("the well"));
            assert!(partial.is_empty(), "{partial:?}");
            let shown = [(18, 1), (18, 2), (19, 0), (19, 1)].iter().all(|&(r, c)| grid[r][c]);
            assert_eq!(shown, kept, "a ghost seen at calibration: {ghost}");
            assert!(grid[19][9] && grid[0][1] && grid[1][0], "the rest of the stack and the piece");
        }
    }
}
