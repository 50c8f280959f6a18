//! Learns a peg solitaire profile from one screenshot: the board is a lattice of cells
//! (`vision::lattice`: pegs, holes, buttons, glyphs or balls repeating across and down); a square
//! is taken up when a thing sits at its centre; and how a peg, an empty hole and every kind of
//! square with no hole look (`vision::looks`: the colours of rings around a square's centre,
//! whatever draws it: colour, shape, glyph or bitmap). With the known board (a case's `[board]`)
//! the truth names each square; without it the taken squares fall into two looks, and the peg is
//! the commoner one when one is at least twice as common (a board at or near its start), else the
//! one that stands out more from the squares with no hole; where squares with no hole are drawn as
//! things too, three looks (`drawn_offs`). How a jump is entered cannot be seen on
//! a still screen: it is given (and `play` tries the other style when it moves nothing).

use anyhow::{Context, bail};

use super::bare_holes;
use super::board::{Board, Cell};
use super::drawn_offs;
use super::locate::locate_as_learned;
use super::lone_peg::{drawn_selected, noticed};
use super::looks::{Classes, read, rim_distance};
use super::marked_square::marked;
use super::rules::Rules;
use super::{FindBy, LooksConfig, MoveStyle, PegsConfig, PegsInput, PegsVision};
use crate::frame::Frame;
use crate::vision::grid::Grid;
use crate::vision::halved;
use crate::vision::lattice::{Candidate, Lattice, Search, find, members};
use crate::vision::looks::{Look, group, look, split};

/// Squares with no hole whose looks lie within this ΔE of each other are one look.
pub(super) const OFF_WITHIN: f32 = 10.0;
/// A thing takes up a square when it is at least this share of the square across.
const TAKES_UP: f64 = 0.2;
/// How many of the best lattice candidates are tried.
const TRIED: usize = 6;
/// How many times the room of looks as they are relative looks must have to be kept instead.
const RELATIVE_ROOM: f32 = 2.0;

/// What calibration learned.
#[derive(Clone, Debug)]
pub struct Learnt {
    pub config: PegsConfig,
    pub grid: Grid,
    pub board: Board,
    pub notes: Vec<String>,
}

type Extent = ((i64, i64), (i64, i64));

/// A part at least this share of the pitch both ways is a square's tile, not a thing on it.
const TILE: f64 = 0.85;
/// A part at least this share of the pitch both ways, of a size found on every square, is a
/// tile's face inside a bevel or grout.
const FACE: f64 = 0.75;
/// Parts whose sizes differ by no more than this share of the pitch (and a pixel) are one size: a
/// face cut twice (by steps and by likeness) is one size, a ball on it a little narrower is not.
const SAME_SIZE: f64 = 0.02;

type Part = crate::vision::segment::Part;

/// Whether `p` is of size `(w, h)`, within `SAME_SIZE` on the lattice `l`.
fn sized(p: &Part, (w, h): (u32, u32), l: &Lattice) -> bool {
    (p.width() as f64 - w as f64).abs() <= SAME_SIZE * l.pitch_x + 1.0
        && (p.height() as f64 - h as f64).abs() <= SAME_SIZE * l.pitch_y + 1.0
}

/// The sizes of the parts every square of `squares` has one of: parts at least `FACE` of the pitch
/// both ways (a tile's face, its bevels' or grout's frames), of one size on every square.
fn face_sizes(squares: &[&Vec<&Part>], l: &Lattice) -> Vec<(u32, u32)> {
    let big = |p: &&&Part| p.width() as f64 >= FACE * l.pitch_x && p.height() as f64 >= FACE * l.pitch_y;
    let Some(first) = squares.first() else { return Vec::new() };
    first
        .iter()
        .filter(big)
        .map(|p| (p.width(), p.height()))
        .filter(|&size| squares.iter().all(|parts| parts.iter().filter(big).any(|p| sized(p, size, l))))
        .collect()
}

/// The squares of `candidate`'s lattice (within its extent) where a thing sits. When every square
/// of the extent is a tile (stone or wooden tiles everywhere, the squares with no hole plain tiles
/// too), a tile takes up nothing: what stands on it does, on its face (the bevel or grout along a
/// tile's edges, long thin parts outside the face, is the tile's). A tile is a part nearly the
/// pitch across, or a face of one size on every square (a tile bevelled a twelfth of the pitch
/// each side has a face five sixths of it across).
fn taken(found: &crate::vision::lattice::Found, candidate: &Candidate) -> Vec<(i64, i64)> {
    let l = &candidate.lattice;
    let members = members(&found.segmentations, candidate, 0, &Search::default());
    let ((r0, r1), (c0, c1)) = candidate.extent();
    let squares: Option<Vec<&Vec<&Part>>> =
        (r0..=r1).flat_map(|r| (c0..=c1).map(move |c| (r, c))).map(|at| members.get(&at)).collect();
    let faces = squares.as_deref().map(|squares| face_sizes(squares, l)).unwrap_or_default();
    let tile = |p: &Part| {
        let whole = p.width() as f64 >= TILE * l.pitch_x && p.height() as f64 >= TILE * l.pitch_y;
        let big = p.width() as f64 >= FACE * l.pitch_x && p.height() as f64 >= FACE * l.pitch_y;
        whole || big && faces.iter().any(|&size| sized(p, size, l))
    };
    let tiled = squares.is_some_and(|squares| squares.iter().all(|parts| parts.iter().any(|p| tile(p))));
    // On a tile, where its tiles lie (the thing must lie within one's box, a pixel either way).
    let on_face = |p: &Part, parts: &[&Part]| {
        parts
            .iter()
            .filter(|t| tile(t))
            .any(|t| p.x0 + 1 >= t.x0 && p.y0 + 1 >= t.y0 && p.x1 <= t.x1 + 1 && p.y1 <= t.y1 + 1)
    };
    // A small thing inside a bigger one (of a square's size at most) is a detail of it: a marble's
    // highlight, a cup's lip, a dot on a selected peg's disc.
    let big = |p: &Part| {
        let (w, h) = (p.width() as f64 / l.pitch_x, p.height() as f64 / l.pitch_y);
        w.max(h) >= TAKES_UP && w <= 1.05 && h <= 1.05
    };
    let bigger: Vec<&Part> = found.segmentations.iter().flat_map(|s| s.parts.iter()).filter(|p| big(p)).collect();
    let detail = |p: &Part| bigger.iter().any(|b| b.x0 <= p.x0 && b.y0 <= p.y0 && b.x1 >= p.x1 && b.y1 >= p.y1);
    let takes_up = |small: bool| {
        // When `small`, a thing of the size of those the lattice was found from takes up its
        // square too, however small against the pitch.
        let (tw, th) = candidate.thing;
        let of_the_lattice = move |p: &Part| small && sized(p, (tw.round() as u32, th.round() as u32), l) && !detail(p);
        let mut cells: Vec<(i64, i64)> = members
            .iter()
            .filter(|(_, parts)| {
                parts.iter().filter(|p| !(tiled && (tile(p) || !on_face(p, parts)))).any(|p| {
                    (p.width() as f64 / l.pitch_x).max(p.height() as f64 / l.pitch_y) >= TAKES_UP || of_the_lattice(p)
                })
            })
            .map(|(&cell, _)| cell)
            .collect();
        cells.sort_unstable();
        cells
    };
    // Things too small to take up a square by their size (glyph dots a sixth of the pitch across)
    // still do when the lattice is theirs and they stand alone: when by size alone fewer than half
    // the squares its own things stand on would be taken, they were too small, not specks.
    let cells = takes_up(false);
    if cells.len() * 2 < candidate.cells.len() { takes_up(true) } else { cells }
}

fn bounds(cells: &[(i64, i64)]) -> Extent {
    let rows = cells.iter().map(|c| c.0);
    let cols = cells.iter().map(|c| c.1);
    (
        (rows.clone().min().unwrap_or(0), rows.max().unwrap_or(0)),
        (cols.clone().min().unwrap_or(0), cols.max().unwrap_or(0)),
    )
}

/// The look of every square of `extent`, row-major, or None when one leaves the picture.
fn looks_of(frame: &Frame, lattice: &Lattice, extent: Extent) -> Option<Vec<Look>> {
    let grid = lattice.grid(extent.0, extent.1);
    (0..grid.rows * grid.cols).map(|i| look(frame, grid.cell_rect(i / grid.cols, i % grid.cols))).collect()
}

/// `things` less the squares that look like a square of the same board where nothing stands
/// (within `OFF_WITHIN / 2`, with their `rim`s or not): what was cut out there is an edge of the surface crossing the square
/// (a round board's rim, cut into arcs at one size and not at another), not a peg or a hole, since
/// a reader could not tell that square from a bare one either.
fn without_bare_lookalikes(frame: &Frame, lattice: &Lattice, things: Vec<(i64, i64)>, rim: bool) -> Vec<(i64, i64)> {
    let extent = bounds(&things);
    let Some(looks) = looks_of(frame, lattice, extent) else { return things };
    let ((r0, r1), (c0, c1)) = extent;
    let cols = (c1 - c0 + 1) as usize;
    let index = |&(r, c): &(i64, i64)| (r - r0) as usize * cols + (c - c0) as usize;
    let bare: Vec<&Look> = (r0..=r1)
        .flat_map(|r| (c0..=c1).map(move |c| (r, c)))
        .filter(|at| things.binary_search(at).is_err())
        .map(|at| &looks[index(&at)])
        .collect();
    let lookalike =
        |at: &(i64, i64)| bare.iter().any(|b| rim_distance(&looks[index(at)], b, false, rim) <= OFF_WITHIN / 2.0);
    things.iter().copied().filter(|at| !lookalike(at)).collect()
}

/// The looks of the squares just around `extent` (those inside the picture).
fn looks_around(frame: &Frame, lattice: &Lattice, extent: Extent) -> Vec<Look> {
    let ((r0, r1), (c0, c1)) = extent;
    let ring = (c0 - 1..=c1 + 1)
        .flat_map(|c| [(r0 - 1, c), (r1 + 1, c)])
        .chain((r0..=r1).flat_map(|r| [(r, c0 - 1), (r, c1 + 1)]));
    ring.filter_map(|(r, c)| {
        let one = lattice.grid((r, r), (c, c)).rect;
        if one.inside(frame.width(), frame.height()) { look(frame, one) } else { None }
    })
    .collect()
}

/// The squares of `extent` whose look is unlike their own surround: where something sits on the
/// surface, whether or not it has an edge to cut it out by (a softly shaded hollow has none), and
/// not where a texture's grain was cut into bits.
fn unlike_surround(looks: &[Look], extent: Extent) -> Vec<(i64, i64)> {
    let ((r0, _), (c0, c1)) = extent;
    let cols = (c1 - c0 + 1) as usize;
    let mut cells: Vec<(i64, i64)> = looks
        .iter()
        .enumerate()
        .filter(|(_, l)| l.unlike_surround() > OFF_WITHIN / 2.0)
        .map(|(i, _)| (r0 + (i / cols) as i64, c0 + (i % cols) as i64))
        .collect();
    cells.sort_unstable();
    cells.dedup();
    cells
}

/// Learns the looks of `board`'s squares (and of the plain squares `around` it when it has no
/// square with no hole), compared `relative`ly or not, with their `rim`s or not; an error when two
/// kinds look alike.
fn learn_looks(
    looks: &[Look],
    board: &Board,
    around: &[Look],
    (relative, rim): (bool, bool),
    aside: Option<usize>,
) -> Result<(Classes, f32, f32), String> {
    let kept = |i: &usize| Some(*i) != aside;
    let of = |kind: Cell| -> Vec<Look> {
        (0..looks.len()).filter(kept).filter(|&i| board.cells[i] == kind).map(|i| looks[i]).collect()
    };
    let (pegs, holes, mut offs) = (of(Cell::Peg), of(Cell::Hole), of(Cell::Off));
    // A board with no square that has no hole (a square board) shows the look of one only around it.
    if offs.is_empty() {
        offs = around.iter().copied().filter(bare_holes::plain).collect();
    }
    if pegs.is_empty() || holes.is_empty() {
        return Err(format!(
            "the board shows {} pegs and {} holes: both are needed to learn how each looks",
            pegs.len(),
            holes.len()
        ));
    }
    let (peg, hole) = (Look::mean(&pegs), Look::mean(&holes));
    let labels = group(&offs, OFF_WITHIN, relative);
    let count = labels.iter().copied().max().map_or(0, |m| m + 1);
    let off: Vec<Look> = (0..count)
        .map(|g| Look::mean(&offs.iter().zip(&labels).filter(|(_, l)| **l == g).map(|(o, _)| *o).collect::<Vec<_>>()))
        .collect();
    let classes = Classes { peg, hole, off: off.clone(), limit: 0.0, relative, rim };
    let distance = |a: &Look, b: &Look| rim_distance(a, b, relative, rim);
    // How far a square strays from its own kind's look, and how near the kinds' looks come.
    let mut widest = 0f32;
    for (seen, &kind) in looks.iter().zip(&board.cells).enumerate().filter(|(i, _)| kept(i)).map(|(_, x)| x) {
        let own = match kind {
            Cell::Peg => distance(seen, &peg),
            Cell::Hole => distance(seen, &hole),
            Cell::Off => off.iter().map(|o| distance(seen, o)).fold(f32::INFINITY, f32::min),
        };
        widest = widest.max(own);
    }
    let mut closest = distance(&peg, &hole);
    for o in &off {
        closest = closest.min(distance(o, &peg)).min(distance(o, &hole));
    }
    if closest <= 2.0 * widest + 2.0 {
        return Err(format!(
            "pegs, holes and squares with no hole do not look distinct (their looks lie ΔE {closest:.1} apart, squares stray up to {widest:.1} from their own)"
        ));
    }
    // A square is of the look nearest to it, unless it lies halfway to another kind's or further:
    // one screenshot shows each look at one size only, and other sizes draw it a little otherwise
    // (a line one pixel thinner), so no tighter limit can be learned from it.
    let limit = closest / 2.0;
    Ok((Classes { limit, ..classes }, widest, closest))
}

/// A proposed reading of the taken squares: two looks (compared `relative`ly or not), the peg the
/// commoner when one is at least twice as common, else the one that stands out more from the
/// squares with no hole.
fn propose(looks: &[Look], extent: Extent, taken: &[(i64, i64)], relative: bool) -> Result<(Board, String), String> {
    let ((r0, r1), (c0, c1)) = extent;
    let (rows, cols) = ((r1 - r0 + 1) as usize, (c1 - c0 + 1) as usize);
    let index = |&(r, c): &(i64, i64)| (r - r0) as usize * cols + (c - c0) as usize;
    let on: Vec<usize> = taken.iter().map(index).collect();
    let seen: Vec<Look> = on.iter().map(|&i| looks[i]).collect();
    let labels = split(&seen, 2, relative);
    let count = |g: usize| labels.iter().filter(|&&l| l == g).count();
    if count(1) == 0 {
        return Err(format!("the {} things on the lattice all look alike: pegs cannot be told from holes", on.len()));
    }
    let offs: Vec<Look> = (0..looks.len()).filter(|i| !on.contains(i)).map(|i| looks[i]).collect();
    let stands_out = |g: usize| {
        let mean = Look::mean(&seen.iter().zip(&labels).filter(|(_, l)| **l == g).map(|(s, _)| *s).collect::<Vec<_>>());
        let surface = Look::mean(&offs);
        let rings: f32 = mean.lab.iter().zip(&surface.lab).map(|(a, b)| a.delta_e(b)).sum();
        if offs.is_empty() { 0.0 } else { rings }
    };
    let (a, b) = (count(0), count(1));
    let (peg, why) = if a >= 2 * b {
        (0, format!("the commoner look ({a} against {b}) is the peg"))
    } else if b >= 2 * a {
        (1, format!("the commoner look ({b} against {a}) is the peg"))
    } else {
        let (ia, ib) = (stands_out(0), stands_out(1));
        (
            if ia >= ib { 0 } else { 1 },
            format!("{a} and {b} squares of two looks: the one standing out more from the empty squares is the peg"),
        )
    };
    let mut cells = vec![Cell::Off; rows * cols];
    for (&i, &l) in on.iter().zip(&labels) {
        cells[i] = if l == peg { Cell::Peg } else { Cell::Hole };
    }
    Ok((Board { rows, cols, cells }, why))
}

/// Where the known board lies on a candidate's lattice: the placement of its size, near the taken
/// squares, whose peg and hole squares are all taken and whose other squares are not, fewest
/// disagreements first. A square with no hole may be drawn as a thing of its own (a flat Tk
/// board's grey labels: `drawn_offs`), so only a peg or hole square where nothing was taken
/// rules a placement out (more than a tenth of the board's squares); a thing on a square with no
/// hole only ranks it lower.
fn placements(truth: &Board, taken: &[(i64, i64)]) -> Vec<Extent> {
    let ((r0, r1), (c0, c1)) = bounds(taken);
    let (rows, cols) = (truth.rows as i64, truth.cols as i64);
    let mut found: Vec<(usize, usize, Extent)> = Vec::new();
    for top in r0 - 1..=r1 + 2 - rows {
        for left in c0 - 1..=c1 + 2 - cols {
            let (mut missing, mut extra) = (0, 0);
            for (r, c) in (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))) {
                let on_board = truth.get((r as usize, c as usize)) != Cell::Off;
                match (on_board, taken.binary_search(&(top + r, left + c)).is_ok()) {
                    (true, false) => missing += 1,
                    (false, true) => extra += 1,
                    _ => {}
                }
            }
            found.push((missing + extra, missing, ((top, top + rows - 1), (left, left + cols - 1))));
        }
    }
    found.sort_by_key(|f| f.0);
    found.into_iter().filter(|f| f.1 * 10 <= truth.cells.len()).map(|f| f.2).collect()
}

/// Learns a profile from `frame`, whose board is `truth` when known; jumps are entered by `style`.
/// Looks are compared both as they are and relative to their surrounds (a board's surface shaded
/// across it); the way that tells the kinds apart with more room to spare is kept, relative looks
/// only with clearly more (`RELATIVE_ROOM`).
///
/// When no candidate's squares, where its things put them, tell the kinds apart, the candidates
/// are tried again moved by a quarter of a square each way (`phase::CALIBRATION_SHIFTS`): the
/// things that found the lattice need not mark the squares' centres (`phase`). The candidates of
/// the frame halved (`vision::halved`) are tried after the others, or before them when its best
/// candidate covers clearly more with its things than theirs.
pub fn learn(frame: &Frame, truth: Option<&Board>, style: MoveStyle) -> anyhow::Result<Learnt> {
    learn_by(frame, truth, style, &Rules::default())
}

/// Learns as `learn` does, for a program that plays by `rules`: of two readings that both learn,
/// one saying a lone look is a selected peg and one not, the one whose board the rules cannot win
/// gives way (`ranks_above`).
pub fn learn_by(frame: &Frame, truth: Option<&Board>, style: MoveStyle, rules: &Rules) -> anyhow::Result<Learnt> {
    let mut misses = Vec::new();
    // A board drawn larger than its edges are sharp is cut out in the frame halved (`halved`):
    // its candidates come first when its best covers clearly more than any other cut's.
    let mut finds = [find(frame, &Search::default()), halved::find(frame, &Search::default())];
    let tried = &finds[0].candidates[..finds[0].candidates.len().min(TRIED)];
    if halved::covers_more(&finds[1], halved::most_covered(tried)) {
        finds.swap(0, 1);
    }
    for found in &finds {
        if let Some(learnt) = learn_found(frame, found, truth, (style, rules), &mut misses) {
            return Ok(learnt);
        }
    }
    if misses.is_empty() {
        bail!(
            "no peg solitaire board found: looked for a lattice of pegs and holes (at least 4 like things repeating across and down) in the {}x{} picture and found none",
            frame.width(),
            frame.height()
        );
    }
    bail!(
        "no board found whose squares look like pegs, holes and squares with no hole; looked at:\n  {}",
        misses.join("\n  ")
    )
}

/// Learns from the first of `found`'s best candidates whose squares tell the kinds apart, by their
/// looks, then by their rims; each time as found, then moved a quarter of a square each way.
fn learn_found(
    frame: &Frame,
    found: &crate::vision::lattice::Found,
    truth: Option<&Board>,
    (style, rules): (MoveStyle, &Rules),
    misses: &mut Vec<String>,
) -> Option<Learnt> {
    let tried: Vec<Candidate> = found.candidates.iter().take(TRIED).cloned().collect();
    // The squares' rims are compared only when nothing else tells the kinds apart.
    for rim in [false, true] {
        if let Some(learnt) = learn_on(frame, found, &tried, truth, (style, rim, rules), misses) {
            return Some(learnt);
        }
        for (dx, dy) in super::phase::CALIBRATION_SHIFTS {
            let moved: Vec<Candidate> = tried.iter().map(|c| super::phase::moved(c, dx, dy)).collect();
            let mut ignored = Vec::new();
            if let Some(learnt) = learn_on(frame, found, &moved, truth, (style, rim, rules), &mut ignored) {
                return Some(learnt);
            }
        }
    }
    None
}

/// Learns from the first of `candidates` whose squares tell the kinds apart, with their `rim`s
/// (as they are only) or not (as they are and relative to their surrounds); what missed goes to
/// `misses`.
fn learn_on(
    frame: &Frame,
    found: &crate::vision::lattice::Found,
    candidates: &[Candidate],
    truth: Option<&Board>,
    (style, rim, rules): (MoveStyle, bool, &Rules),
    misses: &mut Vec<String>,
) -> Option<Learnt> {
    for candidate in candidates {
        let things = without_bare_lookalikes(frame, &candidate.lattice, taken(found, candidate), rim);
        let where_ = candidate.describe();
        let tries: Vec<(Extent, Option<Board>)> = match truth {
            Some(board) => placements(board, &things).into_iter().map(|e| (e, Some(board.clone()))).collect(),
            None => vec![(bounds(&things), None)],
        };
        if tries.is_empty() {
            misses.push(format!("{where_}: the things on it do not lie where the known board has pegs and holes"));
        }
        for (extent, known) in tries {
            let Some(looks) = looks_of(frame, &candidate.lattice, extent) else {
                misses.push(format!("{where_}: the board would reach outside the picture"));
                continue;
            };
            let at = At { extent, looks: &looks, things: &things };
            let mut learnt: Option<(Learnt, (bool, f32))> = None;
            let mut unmarked: Vec<(bool, Reading)> = Vec::new();
            for relative in if rim { vec![false] } else { vec![false, true] } {
                for reading in readings(&at, known.as_ref(), relative, misses, &where_) {
                    if reading.1.is_none() {
                        unmarked.push((relative, reading.clone()));
                    }
                    let setting = Setting { style, relative, rim, aside: reading.1 };
                    learnt_better(
                        &mut learnt,
                        learn_reading(frame, &candidate.lattice, &at, reading, setting, known.is_none()),
                        (misses, &where_, rules),
                    );
                }
            }
            // Only where no reading told the kinds apart: one square drawn marked set aside.
            if learnt.is_none() {
                for (relative, (board, _, how)) in unmarked {
                    let Some(i) = marked(&looks, &board, relative, rim) else { continue };
                    let cols = board.cols;
                    let square = (extent.0.0 + (i / cols) as i64, extent.1.0 + (i % cols) as i64);
                    let setting = Setting { style, relative, rim, aside: Some(square) };
                    let how = format!("{how}; row {} col {}, drawn marked, set aside", i / cols, i % cols);
                    let reading = (board, Some(square), how);
                    learnt_better(
                        &mut learnt,
                        learn_reading(frame, &candidate.lattice, &at, reading, setting, known.is_none()),
                        (misses, &where_, rules),
                    );
                }
            }
            // Squares with no hole drawn as things of their own look (`drawn_offs`): only where
            // no reading learned but one taking a lone look for a selected peg.
            if known.is_none() && learnt.as_ref().is_none_or(|(_, (aside, _))| *aside) {
                for relative in if rim { vec![false] } else { vec![false, true] } {
                    let taken = if relative { unlike_surround(&looks, extent) } else { things.clone() };
                    for (board, how) in drawn_offs::propose(&looks, extent, &taken, relative) {
                        let setting = Setting { style, relative, rim, aside: None };
                        learnt_better(
                            &mut learnt,
                            learn_reading(frame, &candidate.lattice, &at, (board, None, how), setting, true),
                            (misses, &where_, rules),
                        );
                    }
                }
            }
            if let Some((learnt, _)) = learnt {
                return Some(learnt);
            }
        }
    }
    None
}

/// Learns from one `reading` of the board `at` on `lattice`: what was learned and how it ranks
/// (`learnt_better`), or why it failed, saying how the looks were compared.
fn learn_reading(
    frame: &Frame,
    lattice: &Lattice,
    at: &At,
    (board, aside, how): Reading,
    setting: Setting,
    proposed: bool,
) -> Result<(Learnt, (bool, f32)), String> {
    let compared = match (setting.relative, setting.rim) {
        (true, _) => " (looks relative to their surrounds)",
        (_, true) => " (looks with their squares' rims)",
        _ => "",
    };
    match learn_from(frame, lattice, at.extent, at.looks, &board, setting, proposed) {
        Ok((mut found, room)) => {
            found.notes.insert(1, format!("squares told apart {how}"));
            // A lone look explained as a selected peg is the better reading; then the more room,
            // looks as they are unless relative ones have `RELATIVE_ROOM` times as much: compared
            // relative to their surrounds, looks learned at one size fit a board drawn at another
            // somewhat off its centres too (`align::aligned`).
            let room = if setting.relative { room / RELATIVE_ROOM } else { room };
            Ok((found, (aside.is_some(), room)))
        }
        Err(why) => Err(format!("{compared}: {why:#}")),
    }
}

/// Keeps in `best` the better ranked of it and `tried` (`ranks_above`); a failure goes to
/// `misses`.
fn learnt_better(
    best: &mut Option<(Learnt, (bool, f32))>,
    tried: Result<(Learnt, (bool, f32)), String>,
    (misses, where_, rules): (&mut Vec<String>, &str, &Rules),
) {
    match tried {
        Ok(tried) if best.as_ref().is_none_or(|b| ranks_above(&tried, b, rules)) => *best = Some(tried),
        Ok(_) => {}
        Err(why) => misses.push(format!("{where_}{why}")),
    }
}

/// Whether the learned reading `a` ranks above `b`: a lone look explained as a selected peg above
/// a reading without one, then the more room. But a screen shows a position of a game the program
/// plays: where one of the two says a selected peg and the other does not, and the `rules` prove
/// the board of exactly one of them unwinnable (a short search, `plan::unwinnable`), the other
/// ranks above. A flat Tk board draws its start's one hole as a button of the pegs' shape in
/// another colour, and its squares with no hole as smaller grey labels: "the grey labels are
/// holes and the white button a selected peg" reads back too, a board no jump sequence wins.
fn ranks_above(a: &(Learnt, (bool, f32)), b: &(Learnt, (bool, f32)), rules: &Rules) -> bool {
    if a.1.0 != b.1.0 {
        let lost = |l: &Learnt| super::plan::unwinnable(&l.board, rules).is_some();
        match (lost(&a.0), lost(&b.0)) {
            (true, false) => return false,
            (false, true) => return true,
            _ => {}
        }
    }
    a.1 > b.1
}

/// How a profile is being learned: how jumps are entered, and whether looks are compared
/// relative to their surrounds.
#[derive(Clone, Copy, Debug)]
struct Setting {
    style: MoveStyle,
    relative: bool,
    /// Whether the squares' rims are compared too (`LooksConfig::rim`).
    rim: bool,
    /// A square (on the lattice) taken for a selected peg, left out of the looks learned.
    aside: Option<(i64, i64)>,
}

/// One board on a lattice being learned: its extent on the lattice, its squares' looks, and the
/// squares where a thing sits.
struct At<'a> {
    extent: Extent,
    looks: &'a [Look],
    things: &'a [(i64, i64)],
}

/// How a board of holes drawn as nothing was proposed (`bare_holes`).
const BARE_HOLES: &str = "proposed: every thing looks alike, so they are pegs and the bare squares between them, or on the surface they stand on, holes drawn as nothing";

/// A board to learn from, the square it takes for a selected peg (if any), and how it was told.
type Reading = (Board, Option<(i64, i64)>, String);

/// The boards to learn from at `at`: the known one, or the one proposed (what cannot be proposed
/// goes to `misses`); then each with a square the reader would say is a peg drawn selected
/// (`lone_peg::drawn_selected`, the reader's own rule), with the square it sets aside.
fn readings(at: &At, known: Option<&Board>, relative: bool, misses: &mut Vec<String>, where_: &str) -> Vec<Reading> {
    let ((r0, _), (c0, c1)) = at.extent;
    let cols = (c1 - c0 + 1) as usize;
    // Compared relatively, a square also counts as taken where it does not look like its own
    // surround (a softly shaded hollow has no edge to cut).
    let taken = if relative { unlike_surround(at.looks, at.extent) } else { at.things.to_vec() };
    let mut tries = Vec::new();
    match known {
        Some(board) => tries.push((board.clone(), None, "from the known board".to_string())),
        None => {
            match propose(at.looks, at.extent, &taken, relative) {
                Ok((board, why)) => tries.push((board, None, format!("proposed: {why}"))),
                Err(why) => {
                    let compared = if relative { " (looks relative to their surrounds)" } else { "" };
                    misses.push(format!("{where_}{compared}: {why}"));
                }
            }
            for board in bare_holes::propose(at.looks, at.extent, &taken, relative, OFF_WITHIN) {
                tries.push((board, None, BARE_HOLES.to_string()));
            }
        }
    }
    for i in (0..at.looks.len()).filter(|&i| noticed(at.looks, relative, i)) {
        let square = (r0 + (i / cols) as i64, c0 + (i % cols) as i64);
        let boards = match known {
            Some(board) if board.cells[i] == Cell::Peg => vec![board.clone()],
            Some(_) => Vec::new(),
            None => {
                let rest: Vec<(i64, i64)> = taken.iter().copied().filter(|&t| t != square).collect();
                let mut boards: Vec<Board> =
                    propose(at.looks, at.extent, &rest, relative).ok().map(|(b, _)| b).into_iter().collect();
                boards.extend(bare_holes::propose(at.looks, at.extent, &rest, relative, OFF_WITHIN));
                boards
            }
        };
        for mut board in boards {
            board.cells[i] = Cell::Peg;
            if drawn_selected(at.looks, &board, relative) == Some(i) {
                let how = if known.is_some() { "from the known board" } else { "proposed" };
                tries.push((
                    board,
                    Some(square),
                    format!("{how}, a lone look shaped as the pegs taken for a selected peg"),
                ));
            }
        }
    }
    tries
}

/// Learns the looks of `board` laid on `extent` of `lattice`, and checks the learned profile finds
/// and reads it again.
fn learn_from(
    frame: &Frame,
    lattice: &Lattice,
    extent: Extent,
    looks: &[Look],
    board: &Board,
    setting: Setting,
    proposed: bool,
) -> anyhow::Result<(Learnt, f32)> {
    let Setting { style, relative, rim, aside } = setting;
    let around = looks_around(frame, lattice, extent);
    let ((r0, r1), (c0, c1)) = extent;
    let inside = |&(r, c): &(i64, i64)| (r0..=r1).contains(&r) && (c0..=c1).contains(&c);
    let aside = aside.filter(inside).map(|(r, c)| ((r - r0) as usize, (c - c0) as usize));
    let index = aside.map(|(r, c)| r * board.cols + c);
    let (classes, widest, closest) =
        learn_looks(looks, board, &around, (relative, rim), index).map_err(anyhow::Error::msg)?;
    let grid = lattice.grid(extent.0, extent.1);
    let config = PegsConfig {
        palette: None,
        vision: PegsVision { find: FindBy::Looks, ..PegsVision::default() },
        looks: LooksConfig {
            peg: classes.peg.to_hex(relative || rim),
            hole: classes.hole.to_hex(relative || rim),
            off: classes.off.iter().map(|o| o.to_hex(relative || rim)).collect(),
            max_distance: (classes.limit * 10.0).round() / 10.0,
            relative,
            rim,
        },
        input: PegsInput { style },
        rules: Default::default(),
    };
    let classes = Classes::from_config(&config.looks)?;
    let located = locate_as_learned(frame, &classes).context("the learned profile does not find the board again")?;
    let read_back = read(frame, &located, &classes).context("the learned profile does not read the board")?;
    if proposed
        && read_back.rows * read_back.cols > board.rows * board.cols
        && located.rows >= grid.rows
        && located.cols >= grid.cols
    {
        // A row or column of holes beyond the things first seen (a hole of another size at the
        // board's edge): learn again from the whole board as the profile reads it.
        let (r0, c0, _) =
            lattice.index_of(located.rect.x + located.cell_width() / 2.0, located.rect.y + located.cell_height() / 2.0);
        let extent = ((r0, r0 + located.rows as i64 - 1), (c0, c0 + located.cols as i64 - 1));
        let looks = looks_of(frame, lattice, extent).context("the board reaches outside the picture")?;
        return learn_from(frame, lattice, extent, &looks, &read_back, setting, false);
    }
    if read_back != *board || (located.rect.x - grid.rect.x).abs() > grid.cell_width() / 4.0 {
        bail!(
            "the learned profile reads\n{read_back}\nat ({:.0}, {:.0}), not the board learned\n{board}",
            located.rect.x,
            located.rect.y
        );
    }
    let notes = vec![
        format!(
            "board: {}x{} squares at ({:.0}, {:.0}), {:.1}x{:.1} px apart, found as a lattice of things",
            grid.rows,
            grid.cols,
            grid.rect.x,
            grid.rect.y,
            grid.cell_width(),
            grid.cell_height()
        ),
        format!(
            "looks: peg {}, hole {}, {} look(s) of a square with no hole; squares stray up to ΔE {widest:.1} from their look, looks lie ΔE {closest:.1} apart or more: limit {:.1}",
            config.looks.peg.join(" "),
            config.looks.hole.join(" "),
            config.looks.off.len(),
            config.looks.max_distance
        ),
        format!("jumps by {style:?}"),
    ];
    let mut notes = notes;
    if let Some((r, c)) = aside {
        notes.push(format!(
            "row {r} col {c}: drawn marked or in another colour (a selected peg, a goal ring), left out of the looks learned"
        ));
    }
    if rim {
        notes.push("looks compared with their squares' rims (a hole is a circle inscribed in its square)".to_string());
    }
    if relative {
        notes.push("looks compared relative to each square's surround (the board's surface is shaded)".to_string());
    }
    // How much room the looks leave: how far apart they lie for how far squares stray.
    Ok((Learnt { config, grid: located, board: read_back, notes }, closest / (widest + 1.0)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Rgba, RgbaImage};

    /// Draws a board: outlined pegs, smaller holes, on a round board in a dark window, with a title.
    fn drawn(board: &Board, pitch: u32) -> Frame {
        let size = pitch * (board.cols as u32 + 4);
        let mut image = RgbaImage::from_pixel(size, size + 40, Rgba([20, 20, 20, 255]));
        let centre = size as f64 / 2.0 + 0.5;
        let disc = |image: &mut RgbaImage, cx: f64, cy: f64, r: f64, rgb: [u8; 3], rim: [u8; 3]| {
            for y in (cy - r).floor() as u32..=(cy + r).ceil() as u32 {
                for x in (cx - r).floor() as u32..=(cx + r).ceil() as u32 {
                    let d = (x as f64 - cx).hypot(y as f64 - cy);
                    if d <= r {
                        let c = if d > r - 2.0 { rim } else { rgb };
                        image.put_pixel(x, y, Rgba([c[0], c[1], c[2], 255]));
                    }
                }
            }
        };
        disc(&mut image, centre, centre, size as f64 / 2.0 - 4.0, [200, 170, 120], [90, 60, 30]);
        for x in 10..size / 2 {
            for y in size + 10..size + 25 {
                image.put_pixel(x, y, Rgba([240, 240, 240, 255]));
            }
        }
        let origin = 2.0 * pitch as f64 + pitch as f64 / 2.0;
        for r in 0..board.rows {
            for c in 0..board.cols {
                let (x, y) = (origin + (c as u32 * pitch) as f64, origin + (r as u32 * pitch) as f64);
                match board.get((r, c)) {
                    Cell::Peg => disc(&mut image, x, y, pitch as f64 * 0.4, [40, 90, 200], [10, 20, 60]),
                    Cell::Hole => disc(&mut image, x, y, pitch as f64 * 0.2, [60, 40, 20], [30, 20, 10]),
                    Cell::Off => {}
                }
            }
        }
        Frame::from_image(image)
    }

    #[test]
    fn learns_outlined_pegs_and_small_holes_and_reads_another_board_at_another_size() {
        let truth = Board::from_rows(&["#o.#", "oo.o", ".ooo", "#o.#"]).unwrap();
        for known in [Some(&truth), None] {
            let learnt = learn(&drawn(&truth, 40), known, MoveStyle::Click).unwrap();
            assert_eq!(learnt.board, truth, "{:?}", learnt.notes);
            let other = Board::from_rows(&["#..#", "o.oo", "oo.o", "#oo#"]).unwrap();
            let frame = drawn(&other, 56);
            let config = &learnt.config;
            let grid = super::super::read::locate_with(&frame, config).unwrap();
            let read = super::super::read::read_with(&frame, &grid, config).unwrap();
            assert_eq!(read, other, "read\n{read}\nin {grid:?}, learned {:?}", learnt.notes);
        }
    }

    #[test]
    fn a_known_board_that_is_not_on_the_screen_is_refused() {
        let truth = Board::from_rows(&["#o.#", "oo.o", ".ooo", "#o.#"]).unwrap();
        let wrong = Board::from_rows(&["ooo", "o.o", "ooo"]).unwrap();
        assert!(learn(&drawn(&truth, 40), Some(&wrong), MoveStyle::Drag).is_err());
    }
}
