//! Finds a peg solitaire board by how its squares look (`vision.find = "looks"`, `looks`): the
//! best lattice candidates in turn, each grown and trimmed by its squares' looks, the looks
//! compared as learned first, then at other scales (`scale`), then with the lattice moved off its
//! things (`phase`). The lattice grows by a row or a column while it holds pegs or holes and every
//! square reads, and loses rows and columns of squares with no hole at its edges. The same squares are looked at again and again on the way (each scale, each
//! move of the lattice, each candidate on one lattice): each square's look is taken from the frame
//! once (`Seen`), and only compared anew. A candidate found again in a later cut of the frame, or
//! tried again in the phase search, often settles on a grid already aligned and read with the
//! same looks: that grid's answer is kept (`Settled`), not worked out again.

use std::cell::RefCell;
use std::collections::HashMap;

use super::align::{Hint, aligned};
use super::bare_holes;
use super::board::{Board, Cell};
use super::looks::{Classes, Judged, LooksError, read_looks};
use super::seen::Seen;
use super::things::Things;
use crate::frame::Frame;
use crate::vision::grid::Grid;
use crate::vision::halved;
use crate::vision::lattice::{Candidate, Found, Lattice, Search, first_passing};

/// How many of the best lattice candidates are tried.
const TRIED: usize = 6;
/// How many rows or columns a board may grow beyond the things that found its lattice.
const GROWTH: i64 = 3;

type Extent = ((i64, i64), (i64, i64));

/// The squares of one row or column of the lattice, read, or None when one does not read.
fn line(seen: &Seen, lattice: &Lattice, cells: &[(i64, i64)], classes: &Classes) -> Option<Vec<Judged>> {
    cells
        .iter()
        .map(|&(r, c)| {
            let one = lattice.grid((r, r), (c, c));
            classes.judge(&seen.look(one.cell_rect(0, 0))?)
        })
        .collect()
}

fn side(extent: Extent, which: usize) -> Vec<(i64, i64)> {
    let ((r0, r1), (c0, c1)) = extent;
    match which {
        0 => (c0..=c1).map(|c| (r0, c)).collect(),
        1 => (c0..=c1).map(|c| (r1, c)).collect(),
        2 => (r0..=r1).map(|r| (r, c0)).collect(),
        _ => (r0..=r1).map(|r| (r, c1)).collect(),
    }
}

fn moved(extent: Extent, which: usize, by: i64) -> Extent {
    let ((r0, r1), (c0, c1)) = extent;
    match which {
        0 => ((r0 - by, r1), (c0, c1)),
        1 => ((r0, r1 + by), (c0, c1)),
        2 => ((r0, r1), (c0 - by, c1)),
        _ => ((r0, r1), (c0, c1 + by)),
    }
}

/// Grows `extent` by every row or column next to it that holds a peg or a hole, where something
/// sits (`taken`) at every peg and hole, and reads whole; then trims rows and columns of squares
/// with no hole from its edges. Where holes are drawn as nothing (`bare_holes`), nothing sits in a
/// hole: a row of them reads whole on the board's surface and ends where the surface does. A row
/// or column whose pegs and holes all read as a peg drawn in another colour (a selected peg) does
/// not grow the board: a program draws one peg so at a time (two with one marked), and a board's
/// line beyond the things that found its lattice holds pegs or holes as drawn besides; a patch of
/// the page beside the board whose shape passes for a selected peg's (a list's chosen entry, a
/// flat bar in the pegs' colour) is no more of the board.
pub fn settle(
    seen: &Seen,
    lattice: &Lattice,
    mut extent: Extent,
    classes: &Classes,
    taken: &dyn Fn((i64, i64)) -> bool,
) -> Extent {
    let bare = bare_holes::drawn_as_nothing(&classes.hole, &classes.peg);
    let mut changed = true;
    while changed {
        changed = false;
        for which in 0..4 {
            let next = moved(extent, which, 1);
            let squares = side(next, which);
            let cells = line(seen, lattice, &squares, classes);
            let holds = |c: &Vec<Judged>| {
                let sits = |x: Cell, at| x == Cell::Off || taken(at) || (bare && x == Cell::Hole);
                c.iter().any(|j| j.cell != Cell::Off && !j.selected)
                    && c.iter().zip(&squares).all(|(j, &at)| sits(j.cell, at))
            };
            if cells.is_some_and(|c| holds(&c)) {
                extent = next;
                changed = true;
            }
        }
    }
    for which in 0..4 {
        loop {
            let ((r0, r1), (c0, c1)) = extent;
            if r1 <= r0 || c1 <= c0 {
                break;
            }
            match line(seen, lattice, &side(extent, which), classes) {
                Some(c) if c.iter().all(|j| j.cell == Cell::Off) => extent = moved(extent, which, -1),
                _ => break,
            }
        }
    }
    extent
}

/// The answers of `board_on` past settling, by the settled grid (its rectangle to the bit, rows and
/// columns) and the looks compared, known by their address: every set of looks a find compares
/// lives through the find. Aligning and reading depend on nothing else (`align::aligned`'s hint
/// only orders its tries).
#[derive(Default)]
struct Settled(RefCell<HashMap<SettledKey, Result<Grid, String>>>);

/// A settled grid's rectangle (to the bit), rows and columns, and the looks' address.
type SettledKey = ([u64; 4], usize, usize, usize);

impl Settled {
    fn answer(
        &self,
        grid: &Grid,
        classes: &Classes,
        work: impl FnOnce() -> Result<Grid, String>,
    ) -> Result<Grid, String> {
        let rect = [grid.rect.x, grid.rect.y, grid.rect.width, grid.rect.height].map(f64::to_bits);
        let key = (rect, grid.rows, grid.cols, classes as *const Classes as usize);
        if let Some(known) = self.0.borrow().get(&key) {
            return known.clone();
        }
        let fresh = work();
        self.0.borrow_mut().insert(key, fresh.clone());
        fresh
    }
}

/// `candidate`'s lattice grown and trimmed by its squares' looks, if they all read, with pegs or holes.
/// When they do not all read where the lattice's things put them and `phase` is set, the lattice
/// moved to where its squares read (`phase::realigned`), the things standing on its squares told
/// on the moved lattice (`Things::on`).
fn board_at(
    (seen, settled): (&Seen, &Settled),
    candidate: &Candidate,
    classes: &Classes,
    things: &Things,
    phase: bool,
    hint: &Hint,
) -> Result<Grid, String> {
    let taken = |at: (i64, i64)| things.taken(at);
    let first = board_on((seen, settled), &candidate.lattice, candidate.extent(), classes, &taken, hint);
    if first.is_ok() || !phase {
        return first;
    }
    match super::phase::realigned(seen, candidate, classes) {
        Some(lattice) => {
            let on = things.on(&lattice);
            let taken = |at: (i64, i64)| on.contains(&at);
            board_on((seen, settled), &lattice, candidate.extent(), classes, &taken, hint).or(first)
        }
        None => first,
    }
}

/// `lattice` grown and trimmed from `extent` by its squares' looks, if they all read.
fn board_on(
    (seen, settled): (&Seen, &Settled),
    lattice: &Lattice,
    extent: Extent,
    classes: &Classes,
    taken: &dyn Fn((i64, i64)) -> bool,
    hint: &Hint,
) -> Result<Grid, String> {
    let extent = settle(seen, lattice, extent, classes, taken);
    let grid = lattice.grid(extent.0, extent.1);
    settled.answer(&grid, classes, || {
        let grid = if classes.relative { aligned(seen, grid.clone(), classes, hint) } else { grid.clone() };
        let at = format!("{}x{} squares at ({:.0}, {:.0})", grid.rows, grid.cols, grid.rect.x, grid.rect.y);
        match read_looks_at(seen, &grid, classes) {
            Ok(board) if board.cells.iter().any(|&c| c != Cell::Off) && grid.rows >= 2 && grid.cols >= 2 => Ok(grid),
            Ok(_) => Err(format!("{at} with no peg or hole")),
            Err(e) => Err(format!("{at}, but {e}")),
        }
    })
}

/// How far (in pitches) two lattices' pitches, or their points, may lie apart and be one lattice.
const SAME_LATTICE: f64 = 0.05;

/// The board `grid` (read as learned) or, when a candidate tried before it stands on the same
/// lattice with things on more squares than `grid` has, the board that candidate reads moved onto
/// its squares (`phase`), if it holds `grid` whole and is larger. The holes and pegs of a board
/// lie on the lattice its things define: a candidate whose things are each drawn a little off
/// their squares' centres (a marble's photograph above its cup, a highlight on a ball) does not
/// read where they put the squares, and a later candidate of sparser things that do sit on the
/// centres (the cups of the middle rows) reads only the squares those stand on.
fn whole(
    (seen, settled): (&Seen, &Settled),
    grid: Grid,
    tried: &[(Candidate, Things)],
    coarse: &Found,
    learned: &Classes,
) -> Grid {
    let pitch = grid.cell_width();
    let alike = |a: f64, b: f64| (a - b).abs() <= SAME_LATTICE * pitch;
    let on_lattice = |a: f64, b: f64| {
        let off = (a - b) / pitch;
        (off - off.round()).abs() <= SAME_LATTICE
    };
    let holds = |larger: &Grid| {
        let (r, g) = (&larger.rect, &grid.rect);
        alike(larger.cell_width(), pitch)
            && alike(larger.cell_height(), grid.cell_height())
            && on_lattice(r.x, g.x)
            && on_lattice(r.y, g.y)
            && r.x <= g.x + pitch / 2.0
            && r.y <= g.y + pitch / 2.0
            && r.x + r.width >= g.x + g.width - pitch / 2.0
            && r.y + r.height >= g.y + g.height - pitch / 2.0
    };
    let squares = grid.rows * grid.cols;
    let more = |c: &Candidate| {
        c.cells.len() > squares && alike(c.lattice.pitch_x, pitch) && alike(c.lattice.pitch_y, grid.cell_height())
    };
    let halved = coarse.candidates.iter().take(TRIED).filter(|c| more(c)).map(|c| (c, Things::new(coarse, c, GROWTH)));
    tried
        .iter()
        .filter(|(c, _)| more(c))
        .map(|(c, things)| board_at((seen, settled), c, learned, things, true, &Hint::default()))
        .chain(halved.map(|(c, things)| board_at((seen, settled), c, learned, &things, true, &Hint::default())))
        .filter_map(Result::ok)
        .find(|larger| larger.rows * larger.cols > squares && holds(larger))
        .unwrap_or(grid)
}

/// Reads a grid with `classes` at their own scale only.
fn read_looks_at(seen: &Seen, grid: &Grid, classes: &Classes) -> Result<Board, LooksError> {
    let mut squares = Vec::with_capacity(grid.rows * grid.cols);
    for row in 0..grid.rows {
        for col in 0..grid.cols {
            squares.push(seen.look(grid.cell_rect(row, col)).ok_or(LooksError::Outside { row, col })?);
        }
    }
    read_looks(&squares, grid, classes).map(|(board, _, _)| board)
}

/// Finds the board: the best lattice candidates in turn, each grown and trimmed by its squares'
/// looks; the first whose squares all read, with pegs or holes, is the board. The looks are
/// compared as learned first, every candidate; only when none reads so, as drawn larger or
/// smaller (`scale`), the first candidate that reads at a scale. What missed is told as learned.
pub fn locate(frame: &Frame, classes: &Classes) -> Result<Grid, LooksError> {
    locate_at(frame, classes, &classes.at_scales()[1..])
}

/// Finds the board with its looks as learned only (calibration: the learned profile must find its
/// own screenshot's board).
pub fn locate_as_learned(frame: &Frame, classes: &Classes) -> Result<Grid, LooksError> {
    locate_at(frame, classes, &[])
}

/// Finds the board with the looks as `learned`, else at the first of `scales` that reads. One pass
/// over the lattice candidates (the frame is cut once): a candidate that does not read as learned
/// is tried at the other scales only until one candidate has read so, and that one is the board
/// when no candidate reads as learned. Only when none reads at any scale are the candidates moved
/// off their things (`phase`), with the looks as learned: a lattice moved anywhere across its
/// square can find some reading, so the ones where its things are come first. The frame halved
/// (`vision::halved`) is cut too: when its best candidate covers clearly more than the other
/// cuts' best, its candidates are tried as learned after theirs, and one of theirs that reads is
/// the board only when none of the halved cut's does.
fn locate_at(frame: &Frame, learned: &Classes, scales: &[Classes]) -> Result<Grid, LooksError> {
    let seen = Seen::new(frame);
    let settled = Settled::default();
    let mut at_a_scale: Option<Grid> = None;
    let mut tried: Vec<(Candidate, Things)> = Vec::new();
    // A board drawn larger than its edges are sharp is cut out in the frame halved (`halved`).
    // When its best candidate covers clearly more than the other cuts' best, theirs, though one
    // reads, are kept back until the halved cut's have been tried (specks between pale pegs read
    // as a small board of their own); else the halved cut is not tried.
    // Its cover is asked on every find (when one of theirs reads, and when none does), so it is
    // cut up front: no find can do without it.
    let coarse = halved::find(frame, &Search::default());
    let mut kept_back: Option<Grid> = None;
    let covered = std::cell::Cell::new(0f64);
    let mut accept = |found: &Found, candidate: &Candidate, halved_cut: bool| {
        if !halved_cut {
            let most = halved::most_covered(&found.candidates[..found.candidates.len().min(TRIED)]);
            covered.set(covered.get().max(most));
        }
        let things = Things::new(found, candidate, GROWTH);
        // The grid is aligned at every scale, best where it was best before (`align::Hint`).
        let hint = Hint::default();
        let as_learned = board_at((&seen, &settled), candidate, learned, &things, false, &hint);
        if as_learned.is_err() && at_a_scale.is_none() {
            at_a_scale =
                scales.iter().find_map(|at| board_at((&seen, &settled), candidate, at, &things, false, &hint).ok());
        }
        // A board read on part of the squares a lattice tried before holds things on is part of
        // that board (`whole`).
        let as_learned = as_learned.map(|grid| whole((&seen, &settled), grid, &tried, &coarse, learned));
        match as_learned {
            Ok(grid) if !halved_cut && halved::covers_more(&coarse, covered.get()) => {
                kept_back.get_or_insert(grid);
                Err(format!("{}: its cut covers less than the frame halved", candidate.describe()))
            }
            Ok(grid) => Ok(grid),
            Err(why) => {
                tried.push((candidate.clone(), things));
                Err(why)
            }
        }
    };
    let mut misses =
        match first_passing(frame, &Search::default(), TRIED, |found, candidate| accept(found, candidate, false)) {
            Ok(grid) => return Ok(grid),
            Err(misses) => misses,
        };
    let tried_halved = if halved::covers_more(&coarse, covered.get()) { TRIED } else { 0 };
    for candidate in coarse.candidates.iter().take(tried_halved) {
        match accept(&coarse, candidate, true) {
            Ok(grid) => return Ok(grid),
            Err(why) => misses.push(why),
        }
    }
    if let Some(grid) = kept_back {
        return Ok(grid);
    }
    if let Some(grid) = at_a_scale {
        return Ok(grid);
    }
    for (candidate, things) in &tried {
        if let Ok(grid) = board_at((&seen, &settled), candidate, learned, things, true, &Hint::default()) {
            return Ok(grid);
        }
    }
    let found = if misses.is_empty() {
        format!("no lattice in the {}x{} picture", frame.width(), frame.height())
    } else {
        misses.join("; ")
    };
    Err(LooksError::NotFound(found))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::pegs::MoveStyle;
    use crate::games::pegs::calibrate::learn;
    use crate::games::pegs::drawn::{Drawing, Kind, english, english_later};
    use crate::vision::lattice::find;

    /// An answer kept is the answer worked out afresh: every candidate of a board drawn smaller
    /// with relatively bigger pegs, at every scale of the looks and moved off its things, asked
    /// twice of one kept set of answers and each time of a set of its own.
    #[test]
    fn an_answer_kept_is_the_answer_worked_out_afresh() {
        for kind in [Kind::Discs, Kind::Glossy, Kind::Stone] {
            let learnt = learn(&Drawing::new(kind, 48.0).draw(&english()), None, MoveStyle::Click).unwrap();
            let classes = Classes::from_config(&learnt.config.looks).unwrap();
            let scales = classes.at_scales();
            let drawing = Drawing { peg: Drawing::new(kind, 48.0).peg * 1.2, ..Drawing::new(kind, 36.0) };
            let frame = drawing.draw(&english_later());
            let seen = Seen::new(&frame);
            let found = find(&frame, &Search::default());
            let kept = Settled::default();
            let mut asked = 0;
            for _ in 0..2 {
                for candidate in found.candidates.iter().take(TRIED) {
                    let things = Things::new(&found, candidate, GROWTH);
                    for at in &scales {
                        let hint = Hint::default();
                        let fresh = board_at((&seen, &Settled::default()), candidate, at, &things, true, &hint);
                        let again = board_at((&seen, &kept), candidate, at, &things, true, &Hint::default());
                        assert_eq!(fresh, again, "{kind:?}: {}", candidate.describe());
                        asked += 1;
                    }
                }
            }
            assert!(asked >= 26 && !kept.0.borrow().is_empty(), "{kind:?}: {asked} asked");
        }
    }

    /// A lattice whose things sit a third of a square off the squares' centres (as specks of a pale
    /// board between four pegs do), found on the middle three rows only: moved back onto the
    /// squares (`phase`), the board grows over the rows above and below, since the pegs and holes
    /// there stand on their squares of the moved lattice. Before, what stood on a square was told
    /// on the lattice as found, where every peg and hole lay a third of a square off its point:
    /// the board stopped at the three rows.
    #[test]
    fn a_lattice_moved_onto_its_squares_grows_over_the_things_standing_on_them() {
        for kind in [Kind::Discs, Kind::Glossy] {
            let learnt = learn(&Drawing::new(kind, 40.0).draw(&english()), None, MoveStyle::Click).unwrap();
            let classes = Classes::from_config(&learnt.config.looks).unwrap();
            let frame = Drawing::new(kind, 40.0).draw(&english_later());
            let pitch = learnt.grid.cell_width();
            let (x0, y0) = (learnt.grid.rect.x + pitch / 2.0, learnt.grid.rect.y + pitch / 2.0);
            let off = Lattice { x0: x0 + 0.33 * pitch, y0: y0 - 0.3 * pitch, pitch_x: pitch, pitch_y: pitch };
            let cells: Vec<(i64, i64)> = (2..=4).flat_map(|r| (0..7).map(move |c| (r, c))).collect();
            let candidate = Candidate { lattice: off, cells, thing: (8.0, 8.0) };
            let found = find(&frame, &Search::default());
            let things = Things::new(&found, &candidate, GROWTH);
            let (seen, settled) = (Seen::new(&frame), Settled::default());
            let grid = board_at((&seen, &settled), &candidate, &classes, &things, true, &Hint::default())
                .unwrap_or_else(|e| panic!("{kind:?}: {e}"));
            assert_eq!((grid.rows, grid.cols), (7, 7), "{kind:?}: {grid:?}");
            assert!((grid.rect.y - learnt.grid.rect.y).abs() <= 0.1 * pitch + 0.5, "{kind:?}: {grid:?}");
        }
    }

    /// Issue 40: a row or column beyond the things that found the lattice, whose only peg reads
    /// as a peg drawn in another colour, does not grow the board. Debian's square 6x6 shot
    /// (`dps-06`) grew a column over its game list: the square there covers the list's chosen
    /// entry (a flat blue bar) and its scroll bar, and, with shapes compared allowing a ring's mix
    /// with its neighbours, passed for the selected peg (the rest of that column the list's white,
    /// squares with no hole). Drawn: the English cross with one more column on the left, empty but
    /// for one peg, selected (a blue disc where the pegs are red); the lattice found on the cross.
    /// Drawn as a peg like the others, the same column grows the board.
    #[test]
    fn a_line_held_only_by_a_peg_drawn_selected_does_not_grow_the_board() {
        let learnt = learn(&Drawing::new(Kind::Discs, 40.0).draw(&english()), None, MoveStyle::Click).unwrap();
        let classes = Classes::from_config(&learnt.config.looks).unwrap();
        let rows = ["o##ooo##", "###ooo##", "#ooooooo", "#ooo.ooo", "#ooooooo", "###ooo##", "###ooo##"];
        let board = Board::from_rows(&rows).unwrap();
        let drawing = Drawing::new(Kind::Discs, 40.0);
        let lattice =
            Lattice { x0: drawing.margin + 20.0, y0: 30.0 + drawing.margin + 20.0, pitch_x: 40.0, pitch_y: 40.0 };
        let on_the_cross = ((0, 6), (1, 7));
        for (selected, grown) in [(&[(0, 0)][..], on_the_cross), (&[][..], ((0, 6), (0, 7)))] {
            let frame = Drawing { selected, ..Drawing::new(Kind::Discs, 40.0) }.draw(&board);
            let seen = Seen::new(&frame);
            let corner = seen.look(lattice.grid((0, 0), (0, 0)).cell_rect(0, 0)).unwrap();
            let judged = classes.judge(&corner).unwrap();
            assert_eq!((judged.cell, judged.selected), (Cell::Peg, !selected.is_empty()), "{selected:?}");
            assert_eq!(settle(&seen, &lattice, on_the_cross, &classes, &|_| true), grown, "{selected:?}");
        }
    }
}
