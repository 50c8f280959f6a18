//! Reads a peg solitaire board by how its squares look (`vision.find = "looks"`): the board is a
//! lattice of cells (`vision::lattice`: pegs, holes, buttons, glyphs or balls repeating across and
//! down), and each square is the peg, the hole or the square with no hole whose look
//! (`vision::looks`) is nearest. A square near none of them is an error naming it: the reader
//! never guesses. How the board is found by these looks is `locate`'s.
//!
//! A selected peg (click-click programs draw the chosen peg, or its button, in another colour) is
//! still a peg: a square that looks like none of the profile's, but stands out from its own
//! surround ring by ring as a peg does and as no other look does (`Classes::judge`; where pegs and
//! holes are discs of one size, its middle does and its colour lies nearer the peg's:
//! `selected_shape`), is read as a peg and reported as the selected one; so is a peg within the
//! limit of the peg's look that lies apart from every other square, farther than a player is sure
//! to see and than the other pegs stray among themselves, and is shaped as they are
//! (`lone_peg::drawn_selected`). A program selects one peg at a time: two such squares are
//! refused, each named. A hole whose rim is lit in another colour (the holes a chosen peg can jump
//! to) is a hole when its inside is the hole's (`Classes::lit_hole`).

use super::board::{Board, Cell, Pos};
use super::config::LooksConfig;
use super::lone_peg::{NOTICED, drawn_selected};
use super::shape::{shape, shape_against, shape_distance, shape_distance_in};
use crate::frame::Frame;
use crate::frame::Rect;
use crate::vision::colour::Lab;
use crate::vision::grid::Grid;
use crate::vision::looks::{Look, RINGS, look, look_shown};

/// How far (in shares of the strongest ring) a square's rings may stand out from its surround
/// otherwise than the peg's do and still be the peg drawn in another colour.
pub(super) const SELECTED_SHAPE: f32 = 0.25;

/// How many of a hole's outer rings must be the hole's for a mark in its middle to leave it a hole
/// (`Classes::marked_hole`): the outer two fifths of what the rings reach.
const MARK_CLEAR: usize = 2;

/// What share of its strongest ring a peg's ring must stand out from the surround by to be part
/// of the peg's body (`middle_rings`).
const BODY: f32 = 0.5;

/// The rings of `peg` that make its middle: the rings of its body (each standing out from the
/// surround by at least `BODY` of its strongest) from the centre out, but the outermost, where
/// a page may draw an outline or a halo around a chosen peg; at least one.
fn middle_rings(peg: &Look) -> usize {
    let around = Lab::from_rgb(peg.around);
    let lift = peg.lab.map(|ring| ring.delta_e(&around));
    let most = lift.iter().copied().fold(0.0, f32::max);
    let body = lift.iter().take_while(|&&v| v >= BODY * most).count();
    body.saturating_sub(1).max(1)
}

/// The largest ΔE, over the first `rings` rings, between two looks.
fn middle_distance(a: &Look, b: &Look, rings: usize) -> f32 {
    (0..rings).map(|k| a.lab[k].delta_e(&b.lab[k])).fold(0.0, f32::max)
}

/// How unlike two looks are (`Look::distance_as`, `relative` or not), and with `rim` no less than
/// the ΔE between their surrounds: a circle inscribed in its square marks only the square's rim.
pub(super) fn rim_distance(a: &Look, b: &Look, relative: bool, rim: bool) -> f32 {
    let rings = a.distance_as(b, relative);
    if rim { rings.max(Lab::from_rgb(a.around).delta_e(&Lab::from_rgb(b.around))) } else { rings }
}

/// How a square is read: its kind, how far it lies from that kind's look, and whether it is a peg
/// drawn in another colour (a selected peg).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Judged {
    pub cell: Cell,
    pub distance: f32,
    pub selected: bool,
}

/// The mean colour of the first `rings` rings of `look`.
fn middle_colour(look: &Look, rings: usize) -> Lab {
    let mut sum = [0.0f32; 3];
    for ring in &look.rgb[..rings] {
        (0..3).for_each(|i| sum[i] += ring[i] / rings as f32);
    }
    Lab::from_rgb(sum)
}

/// Whether `seen` is `peg` itself on a ground of another colour (a page marks the chosen peg by a
/// disc or square drawn behind it, the peg's own colours kept): its middle (`middle_rings`) lies
/// within `floor` of the peg's and nearer it than to the middle of any of `others`, and a ring
/// outside the middle lies farther than `floor` from the peg's there.
pub(super) fn on_a_ground<'a>(seen: &Look, peg: &Look, mut others: impl Iterator<Item = &'a Look>, floor: f32) -> bool {
    let rings = middle_rings(peg);
    let own = middle_distance(seen, peg, rings);
    let ground = (rings..RINGS).any(|k| seen.lab[k].delta_e(&peg.lab[k]) > floor);
    own <= floor && ground && others.all(|other| middle_distance(seen, other, rings) > own)
}

/// Whether `seen` is `peg` drawn in another colour (a selected peg), by how its rings stand out
/// from its surround (rings standing out by no more than `floor` make no shape). Either its whole
/// `shape` lies within `SELECTED_SHAPE` of the peg's and nearer it than any of `others`' shapes,
/// each measured against its own surround, or, where the peg's look carries none, every look
/// measured against the surround of the square seen; or, where the first of `others` (the hole) is shaped as the peg (pegs and holes drawn as discs
/// of one size), its middle (`middle_rings`: the outermost ring left out, where a page may
/// recolour a chosen peg's rim so that it hardly stands out) is shaped as the peg's, its mean
/// colour lies farther than `floor` from the peg's (another colour, not the peg at another size)
/// and nearer it than the middle of any other look shaped alike, and any other look's middle
/// lies farther from it in shape. The square seen has a middle where it stands out from its
/// surround by more than a player sees (`NOTICED`), whatever `floor`; shapes are compared with a
/// ring's mix with a neighbour allowed, in one ring (`shape::shape_distance`).
pub(super) fn selected_shape<'a>(
    seen: &Look,
    peg: &Look,
    others: impl Iterator<Item = &'a Look> + Clone,
    floor: f32,
) -> bool {
    // Shaped as the peg by `shaped`, and nearer the peg's shape than any of `others`'.
    let like_the_peg = |shaped: &dyn Fn(&Look) -> Option<[f32; RINGS]>| {
        shaped(seen).zip(shaped(peg)).is_some_and(|(mine, pegs)| {
            let own = shape_distance(&mine, &pegs);
            own <= SELECTED_SHAPE && others.clone().filter_map(shaped).all(|s| shape_distance(&mine, &s) > own)
        })
    };
    if like_the_peg(&|look| shape(look, floor)) {
        return true;
    }
    // A profile's look may carry no surround of its own (then its outermost ring stands for it):
    // every look is measured against the surround of the square seen, as if drawn there. A peg
    // drawn as a ring around a dot on a dark page then stands on its ring's grey, not the page.
    let around = Lab::from_rgb(seen.around);
    let whole_shape = |look: &Look| shape_against(look, RINGS, &around, floor);
    if peg.around == peg.rgb[RINGS - 1] && like_the_peg(&whole_shape) {
        return true;
    }
    // Only where the hole's whole shape is the peg's (discs of one size) does the middle decide.
    let alike = |hole: &Look| {
        whole_shape(peg).zip(whole_shape(hole)).is_some_and(|(p, h)| shape_distance(&h, &p) <= SELECTED_SHAPE)
    };
    if !others.clone().next().is_some_and(alike) {
        return false;
    }
    let rings = middle_rings(peg);
    let middle = |look: &Look| shape_against(look, rings, &around, floor);
    // The square seen has a middle when it stands out from its surround as a player sees
    // (`NOTICED`): a tile that fills its square (a button, a flat grid's label) leaves little but
    // itself in the square's corners, the more so at a larger zoom, and a chosen one recoloured
    // stands out from them by less than the limit within which a kind's look may stray.
    let Some((mine, pegs)) = shape_against(seen, rings, &around, NOTICED).zip(middle(peg)) else {
        return false;
    };
    let distance = |a: &[f32; RINGS], b: &[f32; RINGS]| shape_distance_in(a, b, rings);
    let own = distance(&mine, &pegs);
    let colour = middle_colour(seen, rings);
    let in_colour = colour.delta_e(&middle_colour(peg, rings));
    own <= SELECTED_SHAPE
        && in_colour > floor
        && others.filter_map(|l| middle(l).map(|s| (l, s))).all(|(other, s)| {
            if distance(&s, &pegs) > SELECTED_SHAPE {
                distance(&mine, &s) > own
            } else {
                colour.delta_e(&middle_colour(other, rings)) > in_colour
            }
        })
}

/// The looks of a profile, ready to compare with.
#[derive(Clone, Debug)]
pub struct Classes {
    pub peg: Look,
    pub hole: Look,
    pub off: Vec<Look>,
    pub limit: f32,
    /// Compared relative to each square's surround (`Look::relative_distance`).
    pub relative: bool,
    /// The surround compared as one more ring (`LooksConfig::rim`, `Classes::distance`).
    pub rim: bool,
}

/// Why a square or a board could not be read by its looks.
#[derive(Debug, thiserror::Error)]
pub enum LooksError {
    #[error("the profile's [looks] is invalid: {0}")]
    Profile(String),
    #[error(
        "row {row} col {col}: the square looks like none of the profile's (nearest: {nearest} at ΔE {distance:.1}, more than the limit {limit:.1})"
    )]
    Unknown { row: usize, col: usize, nearest: &'static str, distance: f32, limit: f32 },
    #[error(
        "rows and cols {squares} all look like a peg drawn in another colour (a selected peg, or one marked as the goal), but a program selects one peg at a time and marks one more at most"
    )]
    ManySelected { squares: String },
    #[error("row {row} col {col}: the square lies outside the picture")]
    Outside { row: usize, col: usize },
    #[error(
        "no peg solitaire board found: looked for a lattice of pegs and holes (at least 4 like things repeating across and down) whose squares all look like the profile's; found {0}"
    )]
    NotFound(String),
}

impl Classes {
    pub fn from_config(looks: &LooksConfig) -> Result<Classes, LooksError> {
        let parse = |rings: &[String], what: &str| {
            Look::from_hex(rings).map_err(|e| LooksError::Profile(format!("{what}: {e}")))
        };
        Ok(Classes {
            peg: parse(&looks.peg, "peg")?,
            hole: parse(&looks.hole, "hole")?,
            off: looks.off.iter().map(|o| parse(o, "off")).collect::<Result<_, _>>()?,
            limit: looks.max_distance,
            relative: looks.relative,
            rim: looks.rim,
        })
    }

    /// How unlike `seen` is the look `kind`: `Look::distance_as`, and with `rim` no less than how
    /// far their surrounds lie apart (the squares' rims, beyond the rings).
    pub fn distance(&self, seen: &Look, kind: &Look) -> f32 {
        rim_distance(seen, kind, self.relative, self.rim)
    }

    /// `distance`, when it is at most `cap`: None as soon as a ring or the rim lies further.
    fn distance_within(&self, seen: &Look, kind: &Look, cap: f32) -> Option<f32> {
        let rings = seen.distance_as_within(kind, self.relative, cap)?;
        if !self.rim {
            return Some(rings);
        }
        let rim = Lab::from_rgb(seen.around).delta_e(&Lab::from_rgb(kind.around));
        (rim <= cap).then_some(rings.max(rim))
    }

    /// `nearest`, when its distance is at most `cap`: each look is compared only while it may
    /// still come nearer than `cap` and than the looks before it (the first of equals is kept).
    fn nearest_within(&self, seen: &Look, cap: f32) -> Option<(Cell, f32)> {
        let kinds = [(Cell::Peg, &self.peg), (Cell::Hole, &self.hole)].into_iter();
        let mut best: Option<(Cell, f32)> = None;
        for (cell, kind) in kinds.chain(self.off.iter().map(|l| (Cell::Off, l))) {
            let within = best.map_or(cap, |(_, d)| d);
            if let Some(d) = self.distance_within(seen, kind, within)
                && best.is_none_or(|(_, b)| d < b)
            {
                best = Some((cell, d));
            }
        }
        best
    }

    /// The kind of the look nearest to `seen`, and its distance.
    pub fn nearest(&self, seen: &Look) -> (Cell, f32) {
        let mut best = (Cell::Peg, self.distance(seen, &self.peg));
        let hole = self.distance(seen, &self.hole);
        if hole < best.1 {
            best = (Cell::Hole, hole);
        }
        for off in &self.off {
            let d = self.distance(seen, off);
            if d < best.1 {
                best = (Cell::Off, d);
            }
        }
        best
    }

    /// What the square `seen` is: the nearest look within the limit; else a selected peg when its
    /// middle is the peg's (`outlined`); else a hole lit in another colour (`lit_hole`); else a
    /// selected peg when its rings stand out from its surround as the peg's do (within
    /// `SELECTED_SHAPE`) and more like the peg's than like any other look's; else a hole marked in
    /// its middle (`marked_hole`); else None. The looks matched in part by their colours come
    /// before a match by shape alone.
    pub fn judge(&self, seen: &Look) -> Option<Judged> {
        if let Some((cell, distance)) = self.nearest_within(seen, self.limit) {
            return Some(Judged { cell, distance, selected: false });
        }
        if self.outlined(seen) {
            return Some(Judged { cell: Cell::Peg, distance: self.limit, selected: true });
        }
        // A hole lit in another colour (a page rings the holes the chosen peg can jump to) is a
        // hole: its inside is the hole's own colours, a match by colour, which comes before a
        // match by shape alone (a lit ring spread past the rings into the square's corners leaves
        // every ring standing out from that surround about equally, as a disc's do).
        let hole = Judged { cell: Cell::Hole, distance: self.limit, selected: false };
        if self.lit_hole(seen) {
            return Some(hole);
        }
        if selected_shape(seen, &self.peg, std::iter::once(&self.hole).chain(&self.off), self.limit) {
            return Some(Judged { cell: Cell::Peg, distance: self.limit, selected: true });
        }
        // A hole with a mark in its middle (a page dots the holes the chosen peg can jump to).
        self.marked_hole(seen).then_some(hole)
    }

    /// Whether `seen` is the hole with a mark in its middle (a page puts a dot in the holes a
    /// chosen peg can jump to): its outer rings, from the outermost in and at least
    /// `MARK_CLEAR` of them, and with `rim` its surround, lie within the limit of the hole's and
    /// not all within it of the peg's; the rings inside them are unlike the hole's and the peg's
    /// middle both (something else drawn there).
    fn marked_hole(&self, seen: &Look) -> bool {
        let near = |a: &Lab, b: &Lab| a.delta_e(b) <= self.limit;
        let clear = (0..RINGS).rev().take_while(|&k| near(&seen.lab[k], &self.hole.lab[k])).count();
        let inner = RINGS - clear;
        let rim_is_holes = !self.rim || near(&Lab::from_rgb(seen.around), &Lab::from_rgb(self.hole.around));
        let outside_not_pegs = (inner..RINGS).any(|k| !near(&seen.lab[k], &self.peg.lab[k]));
        clear >= MARK_CLEAR
            && inner > 0
            && rim_is_holes
            && outside_not_pegs
            && middle_distance(seen, &self.hole, inner) > self.limit
            && middle_distance(seen, &self.peg, inner) > self.limit
    }

    /// The colour `look` (one of the profile's) stands on: its own surround; or, where the profile
    /// gives it none (its outermost ring stands for it: a hole drawn as a ring would seem to stand
    /// on its ring), the middle of the look of a square with no hole nearest its own middle (the
    /// bare surface), when there is one.
    fn ground(&self, look: &Look) -> Lab {
        let own = Lab::from_rgb(look.around);
        if look.around != look.rgb[RINGS - 1] {
            return own;
        }
        let middle = |l: &Look| l.lab[0].delta_e(&look.lab[0]);
        self.off.iter().min_by(|a, b| middle(a).total_cmp(&middle(b))).map_or(own, |bare| bare.lab[0])
    }

    /// Whether `seen` is the hole with its rim lit in another colour (a page rings the holes a
    /// chosen peg can jump to, often thicker than the hole's own ring): the hole's inner rings
    /// (those that do not stand out from its surround by `BODY` of its strongest, from the centre
    /// out, but the outermost of them) lie within the limit of the hole's and farther than the
    /// limit from the peg's, and something stands out from the surround beyond them.
    fn lit_hole(&self, seen: &Look) -> bool {
        let around = self.ground(&self.hole);
        let lift = self.hole.lab.map(|ring| ring.delta_e(&around));
        let most = lift.iter().copied().fold(0.0, f32::max);
        let inner = lift.iter().take_while(|&&v| v < BODY * most && v <= self.limit / 2.0).count().saturating_sub(1);
        let seen_around = Lab::from_rgb(seen.around);
        let rim_drawn = seen.lab[inner..].iter().any(|ring| ring.delta_e(&seen_around) > self.limit);
        inner > 0
            && rim_drawn
            && middle_distance(seen, &self.hole, inner) <= self.limit
            && middle_distance(seen, &self.peg, inner) > self.limit
    }

    /// Whether `seen` is the peg with an outline or a halo in another colour around its middle (a
    /// page's border around the chosen peg): its middle rings (`middle_rings`) lie within the
    /// limit of the peg's, farther than the limit from every other look's, and something stands
    /// out from the surround beyond them.
    fn outlined(&self, seen: &Look) -> bool {
        let rings = middle_rings(&self.peg);
        let around = Lab::from_rgb(seen.around);
        let rim_drawn = seen.lab[rings..].iter().any(|ring| ring.delta_e(&around) > self.limit);
        rim_drawn
            && middle_distance(seen, &self.peg, rings) <= self.limit
            && std::iter::once(&self.hole).chain(&self.off).all(|l| middle_distance(seen, l, rings) > self.limit)
    }

    /// The square `seen` is, or an error naming `(row, col)`.
    pub fn classify(&self, seen: &Look, row: usize, col: usize) -> Result<Judged, LooksError> {
        if let Some(judged) = self.judge(seen) {
            return Ok(judged);
        }
        let (cell, distance) = self.nearest(seen);
        let nearest = match cell {
            Cell::Peg => "a peg",
            Cell::Hole => "an empty hole",
            Cell::Off => "a square with no hole",
        };
        Err(LooksError::Unknown { row, col, nearest, distance, limit: self.limit })
    }
}

/// Reads every square of a known grid.
pub fn read(frame: &Frame, grid: &Grid, classes: &Classes) -> Result<Board, LooksError> {
    read_selected(frame, grid, classes).map(|(board, _)| board)
}

/// Reads every square of a known grid, and says which peg is selected, if one is. The looks are
/// compared at the scale drawn (`scale`): as learned when every square reads so, else at the scale
/// where every square reads nearest to its kind.
pub fn read_selected(frame: &Frame, grid: &Grid, classes: &Classes) -> Result<(Board, Option<Pos>), LooksError> {
    let mut seen = Vec::with_capacity(grid.rows * grid.cols);
    for row in 0..grid.rows {
        for col in 0..grid.cols {
            seen.push(look(frame, grid.cell_rect(row, col)).ok_or(LooksError::Outside { row, col })?);
        }
    }
    let learned = read_looks(&seen, grid, classes);
    if learned.is_ok() {
        return learned.map(|(board, selected, _)| (board, selected));
    }
    let best = classes.at_scales()[1..]
        .iter()
        .filter_map(|at| read_looks(&seen, grid, at).ok())
        .min_by(|a, b| a.2.total_cmp(&b.2));
    match best {
        Some((board, selected, _)) => Ok((board, selected)),
        None => learned.map(|(board, selected, _)| (board, selected)),
    }
}

/// How many pegs a program draws in another colour at once at most: the one selected, and one
/// marked for good (a ring round the peg that must be left last), which a peg's look learned
/// without it reads as selected too.
const MARKED_AT_MOST: usize = 2;

/// Reads the looks `seen` of a grid's squares: the board, the selected peg (None where two are drawn so: which is the chosen one cannot be told), and the sum of the
/// squares' distances from their kinds.
pub(super) fn read_looks(
    seen: &[Look],
    grid: &Grid,
    classes: &Classes,
) -> Result<(Board, Option<Pos>, f32), LooksError> {
    let mut cells = Vec::with_capacity(seen.len());
    let mut selected: Vec<Pos> = Vec::new();
    let mut total = 0.0;
    for (i, one) in seen.iter().enumerate() {
        let (row, col) = (i / grid.cols, i % grid.cols);
        let judged = classes.classify(one, row, col)?;
        if judged.selected {
            selected.push((row, col));
        }
        total += judged.distance;
        cells.push(judged.cell);
    }
    if selected.len() > MARKED_AT_MOST {
        let squares: Vec<String> = selected.iter().map(|(r, c)| format!("{r},{c}")).collect();
        return Err(LooksError::ManySelected { squares: squares.join(" ") });
    }
    let board = Board { rows: grid.rows, cols: grid.cols, cells };
    // Two so drawn: the chosen peg and one marked (which is which cannot be told). None so
    // drawn: a peg in another colour may still lie within the limit of the peg's look, and is the
    // selected one when it lies apart from every other square, farther than a player is sure to
    // see and than the other pegs stray among themselves, and is shaped as they are.
    let selected = match selected[..] {
        [one] => Some(one),
        [] => drawn_selected(seen, &board, classes.relative).map(|i| (i / grid.cols, i % grid.cols)),
        _ => None,
    };
    Ok((board, selected, total))
}

/// The fewest pixels a ring must show for the part of a square inside the frame to be judged by it.
const RING_SHOWN: u32 = 3;

/// Whether the part of the square `cell` inside the frame (a square cut by the window's edge)
/// reads as a peg at one of the scales `at`: the rings it shows compared with each look's (a ring
/// not shown counts as the look's own), within the limit of the peg and further than the limit
/// from the hole and every square with no hole. Only a peg: an empty hole may be drawn as plainly
/// as a menu bar or a panel beside the board is.
pub fn shows_peg(frame: &Frame, cell: Rect, at: &[Classes]) -> bool {
    let (seen, counts) = look_shown(frame, cell);
    if counts.iter().all(|&n| n < RING_SHOWN) {
        return false;
    }
    at.iter().any(|classes| {
        let distance = |kind: &Look| {
            let mut filled = seen;
            for k in (0..RINGS).filter(|&k| counts[k] < RING_SHOWN) {
                filled.rgb[k] = kind.rgb[k];
                filled.lab[k] = kind.lab[k];
            }
            classes.distance(&filled, kind)
        };
        distance(&classes.peg) <= classes.limit
            && std::iter::once(&classes.hole).chain(&classes.off).all(|other| distance(other) > classes.limit)
    })
}
