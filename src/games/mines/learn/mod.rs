//! Learns any Minesweeper's profile from one screenshot (`gamebot calibrate mines --from SHOT`), as
//! `calibrate flood|pegs` do: the board is a lattice of cells (`cells::locate`), the cells group by
//! the look of their background, and the groups get their roles from what lies on them and from the
//! rules. Without the known board: the groups where numbers stand (numbers are read by their shape,
//! `glyph::general_digit`) are opened cells; of the groups with nothing on them, the covered one is
//! the one that makes the reading obey the rules (a number has at least as many covered
//! neighbours as it counts, a 0 none); marks on covered cells are flags, on a background of their
//! own mines. With the known board (`--board`) every role and glyph comes from it. Either way the
//! learned profile must then read the screenshot back, by the rules (and as the known board), or
//! calibration fails saying which cell.

mod beside_zero;
pub mod by_play;
#[cfg(test)]
mod by_play_tests;
pub mod cells;
#[cfg(test)]
mod every_tests;
mod faint;
pub mod glyph;
#[cfg(test)]
mod lone_tests;
mod marks;
mod numbers;
mod outline;
pub mod pitch;
mod shade;
mod split;
#[cfg(test)]
mod tiled_tests;
#[cfg(test)]
mod unread_play_tests;
pub mod whole;
#[cfg(test)]
mod won_banner_play_tests;
mod written_zero;
mod zeros;

use std::cmp::Reverse;

use cells::{CellLook, Edge, TRIED, describe, edge_hex, settle};
use glyph::{Glyph, general_digit};
use zeros::Zeros;

use super::board::{Board, Cell, neighbours};
use super::config::{Background, GlyphLook, Looks, MinesConfig, Role};
use super::read;
use crate::frame::Frame;
use crate::vision::colour::{Lab, to_hex};
use crate::vision::grid::Grid;
use crate::vision::lattice::{Candidate, Search, first_passing};

/// Cells whose backgrounds lie within this ΔE (centre and edge) look alike.
const MERGE: f32 = 10.0;
/// Ink: pixels this far (ΔE) from a cell's background.
const INK: f32 = 20.0;
/// The smallest cell read, in pixels.
const MIN_CELL: u32 = 8;

/// What calibration learned.
#[derive(Clone, Debug)]
pub struct Learnt {
    pub config: MinesConfig,
    pub grid: Grid,
    /// The screenshot as the learned profile reads it.
    pub board: Board,
    /// What was learned, for a person.
    pub notes: Vec<String>,
}

/// Cells grouped by their backgrounds' looks: each cell's group, and each group's mean look.
struct Groups {
    of: Vec<usize>,
    looks: Vec<([u8; 3], Edge)>,
    /// The furthest a cell lies from its group's look.
    stray: f32,
}

fn mean(colours: impl Iterator<Item = [u8; 3]>) -> [u8; 3] {
    let (mut sum, mut n) = ([0u64; 3], 0u64);
    for c in colours {
        (0..3).for_each(|k| sum[k] += c[k] as u64);
        n += 1;
    }
    if n == 0 { [0; 3] } else { sum.map(|s| (s / n) as u8) }
}

/// Groups the looks: each joins the first group whose first member lies within `MERGE`.
fn group(looks: &[CellLook]) -> Groups {
    groups_of(looks, group_within(looks, MERGE))
}

/// Each look's group, each look joining the first group whose first member lies within `within`.
fn group_within(looks: &[CellLook], within: f32) -> Vec<usize> {
    let mut firsts: Vec<usize> = Vec::new();
    let mut of = Vec::with_capacity(looks.len());
    for look in looks {
        let found = firsts.iter().position(|&f| look.distance(looks[f].centre, looks[f].edge) <= within);
        of.push(found.unwrap_or_else(|| {
            firsts.push(of.len());
            firsts.len() - 1
        }));
    }
    of
}

/// The groups `of` gives the looks (numbered from 0 with none left out), with their mean looks.
fn groups_of(looks: &[CellLook], of: Vec<usize>) -> Groups {
    let count = of.iter().max().map_or(0, |&m| m + 1);
    let means: Vec<([u8; 3], Edge)> = (0..count)
        .map(|g| {
            let members = || looks.iter().zip(&of).filter(move |(_, k)| **k == g).map(|(l, _)| l);
            (mean(members().map(|l| l.centre)), std::array::from_fn(|k| mean(members().map(|l| l.edge[k]))))
        })
        .collect();
    let stray = looks.iter().zip(&of).map(|(l, &g)| l.distance(means[g].0, means[g].1)).fold(0.0, f32::max);
    Groups { of, looks: means, stray }
}

/// How unlike a grid's cells are: how many looks they fall into, then how far they stray from
/// them (calibration places the grid where this is least).
pub fn alike(cells: &[CellLook]) -> f64 {
    let groups = group(cells);
    groups.looks.len() as f64 + groups.stray as f64 / 1000.0
}

/// Finds the board blind: the first lattice candidate (the most things first) whose cells are at
/// least `MIN_CELL` px, grown over the rows and columns next to it whose cells look like cells it
/// already has (two or more of a look).
fn find_board(frame: &Frame) -> anyhow::Result<Grid> {
    let accept = |_: &crate::vision::lattice::Found, candidate: &Candidate| -> Result<Grid, String> {
        let start = candidate.grid();
        if start.cell_width().min(start.cell_height()) < MIN_CELL as f64 {
            return Err(format!("{}: cells smaller than {MIN_CELL} px", candidate.describe()));
        }
        let start = cells::shift(frame, &pitch::fit(frame, &start), &alike);
        if start.rows < 2 || start.cols < 2 {
            return Err(format!("{}: not two rows and two columns", candidate.describe()));
        }
        let looks: Vec<CellLook> = (0..start.rows * start.cols)
            .map(|i| cells::background(frame, start.cell_rect(i / start.cols, i % start.cols)))
            .collect();
        let groups = group(&looks);
        let common: Vec<([u8; 3], Edge)> = (0..groups.looks.len())
            .filter(|&g| groups.of.iter().filter(|&&k| k == g).count() >= 2)
            .map(|g| groups.looks[g])
            .collect();
        let fits = |l: &CellLook| common.iter().any(|&(c, e)| l.distance(c, e) <= MERGE && l.drawn_alike(c, e, MERGE));
        Ok(settle(frame, &start, &fits, &alike))
    };
    first_passing(frame, &Search::default(), TRIED, accept).map_err(|misses| {
        let why = if misses.is_empty() { "nothing in it repeats on a lattice".to_string() } else { misses.join("; ") };
        anyhow::anyhow!("no board of cells found: {why}")
    })
}

/// What a cell shows, as far as calibration tells: nothing, a number, or some other mark.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Mark {
    Plain,
    Digit(u8),
    Other,
}

fn mark(look: &CellLook) -> Mark {
    match &look.glyph {
        None => Mark::Plain,
        Some(g) => general_digit(g).map_or(Mark::Other, |v| Mark::Digit(v.digit)),
    }
}

/// The marks with every number drawn at the size of most (`glyph::one_size`): a mark the digit
/// shapes take for a number but drawn at another size is some other mark (a flag or a mine drawn
/// as a box, an emoji the machine has no font for, is near enough to a 6).
fn one_size(looks: &[CellLook], marks: Vec<Mark>) -> Vec<Mark> {
    let heights: Vec<f32> = looks
        .iter()
        .zip(&marks)
        .filter(|(_, m)| matches!(m, Mark::Digit(_)))
        .filter_map(|(l, _)| l.glyph.as_ref().map(|g| g.height))
        .collect();
    let Some(usual) = glyph::median(heights) else { return marks };
    marks
        .into_iter()
        .zip(looks)
        .map(|(m, l)| match (m, &l.glyph) {
            (Mark::Digit(_), Some(g)) if !glyph::one_size(g.height, usual) => Mark::Other,
            _ => m,
        })
        .collect()
}

/// How badly the reading breaks the rules if the looks `covered` are the covered cells' and the
/// looks `coloured` flags or the hit mine drawn as colours: numbers with more mines around them
/// than covered or marked cells (a mark off the covered look may be the mine that was hit), and
/// blank opened cells beside a covered one, but on the looks `zeros.free` (`zeros`).
fn violations(
    rows: usize,
    cols: usize,
    marks: &[Mark],
    groups: &Groups,
    (covered, coloured): (&[bool], &[bool]),
    zeros: &Zeros,
) -> usize {
    let is_covered = |i: usize| covered[groups.of[i]];
    let may_be_mine = |i: usize| is_covered(i) || coloured[groups.of[i]] || marks[i] == Mark::Other;
    let mut bad = 0;
    for (i, m) in marks.iter().enumerate().filter(|&(i, _)| !is_covered(i) && !coloured[groups.of[i]]) {
        match m {
            Mark::Digit(n) => {
                bad += usize::from(*n as usize > neighbours(rows, cols, i).filter(|&j| may_be_mine(j)).count())
            }
            Mark::Plain => bad += usize::from(!zeros.free(groups.of[i]) && neighbours(rows, cols, i).any(is_covered)),
            Mark::Other => {}
        }
    }
    bad
}

/// The looks that go with the covered look `g` (see `blind_roles`): which are covered, and which
/// are flags or the hit mine drawn as colours of their own. A look with nothing on any of its
/// cells is an opened 0 unless the rules say otherwise: one by one, while any does, a look that
/// read otherwise breaks the rules on fewer cells is taken so: with the covered look's inside
/// colour, covered too (its edge drawn otherwise by what lies next to it: a line shared with a
/// neighbour of another colour, the board's edge); with an inside colour of its own, a mark of a
/// mine (a flag, or the mine that was hit, on which a program may draw its count).
fn with_covered(
    rows: usize,
    cols: usize,
    marks: &[Mark],
    groups: &Groups,
    g: usize,
    zeros: &Zeros,
) -> (Vec<bool>, Vec<bool>) {
    let n = groups.looks.len();
    let members = |h: usize| (0..marks.len()).filter(move |&i| groups.of[i] == h);
    let plain = |h: usize| members(h).all(|i| marks[i] == Mark::Plain);
    let one_mark = |h: usize| members(h).all(|i| members(h).all(|j| marks[i] == marks[j]));
    let inside = |h: usize| Lab::from_rgb8(groups.looks[h].0);
    let (mut covered, mut coloured) = (vec![false; n], vec![false; n]);
    covered[g] = true;
    let mut bad = violations(rows, cols, marks, groups, (&covered, &coloured), zeros);
    while bad > 0 {
        let tried = (0..n).filter(|&h| !covered[h] && !coloured[h]).find_map(|h| {
            let (mut c, mut k) = (covered.clone(), coloured.clone());
            if inside(h).delta_e(&inside(g)) > MERGE && one_mark(h) {
                k[h] = true;
            } else if plain(h) {
                c[h] = true;
            } else {
                return None;
            }
            let v = violations(rows, cols, marks, groups, (&c, &k), zeros);
            (v < bad).then_some((c, k, v))
        });
        let Some((c, k, v)) = tried else { break };
        (covered, coloured, bad) = (c, k, v);
    }
    (covered, coloured)
}

/// The best choice of the covered look (see `blind_roles`): how many cells then break the rules,
/// how many marks the digit shapes read as numbers are then taken for marks on covered cells, how
/// many cells are taken for marks of mines, how many other looks are taken for covered too, the
/// look's size (reversed) and the look; None when no look could be the covered one. Fewest cells
/// breaking the rules first, then fewest numbers taken for flags (a reading that takes every 1 for
/// a flag on a covered cell obeys the rules as well as the one that takes them for numbers, when
/// the 1s' look is a shade off the covered one's: `split`), then fewest taken for marks of mines,
/// then fewest other looks covered (the opened 0s' look taken for the covered one obeys the rules
/// once the covered cells' look is covered too, every plain cell then covered, when both are plain
/// shades: `split`), then the larger look.
/// A reading's rank (see `least_broken`).
type Reading = (usize, usize, usize, usize, Reverse<usize>, usize);

fn least_broken(rows: usize, cols: usize, marks: &[Mark], groups: &Groups, zeros: &Zeros) -> Option<Reading> {
    let n = groups.looks.len();
    let members = |g: usize| (0..marks.len()).filter(move |&i| groups.of[i] == g);
    let one_kind = |g: usize| {
        let mut kinds: Vec<String> =
            members(g).filter(|&i| marks[i] != Mark::Plain).map(|i| format!("{:?}", marks[i])).collect();
        kinds.sort();
        kinds.dedup();
        kinds.len() <= 1
    };
    (0..n)
        .filter(|&g| one_kind(g))
        .map(|g| {
            let (covered, coloured) = with_covered(rows, cols, marks, groups, g, zeros);
            let marking = (0..n).filter(|&h| coloured[h]).map(|h| members(h).count()).sum::<usize>();
            let digits =
                (0..marks.len()).filter(|&i| covered[groups.of[i]] && matches!(marks[i], Mark::Digit(_))).count();
            let broken = violations(rows, cols, marks, groups, (&covered, &coloured), zeros);
            let added = (0..n).filter(|&h| h != g && covered[h]).count();
            (broken, digits, marking, added, Reverse(members(g).count()), g)
        })
        .min()
}

/// The roles of the groups without the known board (see the module's comment): the covered look
/// is the one that makes the reading obey the rules (the larger on a tie), of those whose cells
/// carry one kind of mark at most (a covered cell shows a flag or nothing, never numbers; so a won
/// board whose every covered cell is flagged still has one), with the looks that go with it
/// (`with_covered`); of the others, a look whose every cell carries a mark that is no number is
/// the hit mine's, and the rest are opened. A look of a colour of its own that marks a mine is
/// the flag's when it holds two cells or more, and the hit mine's when it holds one and another
/// such look is the flag's (one mine is hit in a game); one cell alone could be either, and is
/// refused. A look of marks with the covered inside is covered cells outlined, flags on them, when
/// nothing else shows a loss (`outline::flags_on_covered`).
#[cfg(test)]
fn blind_roles(rows: usize, cols: usize, marks: &[Mark], groups: &Groups) -> anyhow::Result<Vec<Role>> {
    blind_reading(rows, cols, marks, groups).map(|(roles, _)| roles)
}

/// `blind_roles`, with the rule the reading's 0s obey (`zeros`).
fn blind_reading(rows: usize, cols: usize, marks: &[Mark], groups: &Groups) -> anyhow::Result<(Vec<Role>, Zeros)> {
    let n = groups.looks.len();
    let members = |g: usize| (0..marks.len()).filter(move |&i| groups.of[i] == g);
    let marked: Vec<bool> = (0..n).map(|g| members(g).all(|i| marks[i] == Mark::Other)).collect();
    let (best, zeros) = zeros::best_reading(rows, cols, marks, groups)
        .ok_or_else(|| anyhow::anyhow!("no cells look covered: calibrate from a game in progress"))?;
    if best.0 > 0 {
        anyhow::bail!(
            "no reading of the cells obeys the rules (at best {} cells break them, taking the look {} as covered): \
             calibrate from another screenshot, or give the known board with --board",
            best.0,
            to_hex(groups.looks[best.5].0)
        );
    }
    let (covered, coloured) = with_covered(rows, cols, marks, groups, best.5, &zeros);
    // The cells of each colour of its own (its looks differ by their edges as the covered ones do).
    let inside = |h: usize| Lab::from_rgb8(groups.looks[h].0);
    let of_colour = |g: usize| {
        (0..n)
            .filter(|&h| coloured[h] && inside(h).delta_e(&inside(g)) <= MERGE)
            .map(|h| members(h).count())
            .sum::<usize>()
    };
    let flags = (0..n).any(|g| coloured[g] && of_colour(g) >= 2);
    let hit_like: Vec<bool> = (0..n).map(|g| !covered[g] && (marked[g] || coloured[g] && of_colour(g) < 2)).collect();
    (0..n)
        .map(|g| {
            if covered[g] || marked[g] && outline::flags_on_covered(groups, g, best.5, &hit_like, cols)? {
                Ok(Role::Covered)
            } else if coloured[g] && of_colour(g) >= 2 {
                Ok(Role::Flagged)
            } else if coloured[g] && !flags {
                let i = members(g).next().unwrap_or_default();
                anyhow::bail!(
                    "row {} col {} is drawn in a colour of its own ({}) with nothing on it: a flag or the mine that \
                     was hit, which one screenshot cannot tell; calibrate from one with two flags or more, or give \
                     the known board with --board",
                    i / cols,
                    i % cols,
                    to_hex(groups.looks[g].0)
                )
            } else if marked[g] || coloured[g] {
                Ok(Role::Hit)
            } else {
                Ok(Role::Opened)
            }
        })
        .collect::<anyhow::Result<Vec<Role>>>()
        .map(|roles| (roles, zeros))
}

/// Blind: the marks and the looks' roles. An unsure mark beside an opened 0 is a number
/// (`beside_zero`): first where the looks alone say which cells are opened
/// (`beside_zero::surely_opened`), so that the choice of roles rests on the numbers the rules
/// see, then by the roles chosen. With the rule the reading's 0s obey (`zeros`).
fn blind_marks_and_roles(
    (rows, cols): (usize, usize),
    looks: &[CellLook],
    marks: &[Mark],
    groups: &Groups,
) -> anyhow::Result<(Vec<Mark>, Vec<Role>, Zeros)> {
    let opened = beside_zero::surely_opened(&groups.of, groups.looks.len(), marks);
    let marks = beside_zero::numbers_beside_zeros((rows, cols), looks, marks, |i| opened[groups.of[i]]);
    let (roles, zeros) = blind_reading(rows, cols, &marks, groups)?;
    let marks = beside_zero::numbers_beside_zeros((rows, cols), looks, &marks, |i| roles[groups.of[i]] == Role::Opened);
    Ok((marks, roles, zeros))
}

/// The roles of the groups from the known board: a group holding a covered cell is covered, one
/// holding an opened cell opened, one holding only flags the flagged background's (covered when
/// the flag is a mark drawn on a look with the covered inside: `outline`), and one holding only
/// mines the hit mine's.
fn truth_roles(truth: &Board, groups: &Groups, marks: &[Mark]) -> anyhow::Result<Vec<Role>> {
    let mut roles = Vec::new();
    for g in 0..groups.looks.len() {
        let cells: Vec<Cell> = (0..truth.cells.len()).filter(|&i| groups.of[i] == g).map(|i| truth.cells[i]).collect();
        let covered = cells.iter().any(|c| c.is_covered());
        let opened = cells.iter().any(|c| matches!(c, Cell::Open(_)));
        if covered && opened {
            anyhow::bail!(
                "covered and opened cells look alike (inside {}, edge {}): the known board does not fit the picture",
                to_hex(groups.looks[g].0),
                edge_hex(&groups.looks[g].1).join(" ")
            );
        }
        let flagged = !cells.is_empty() && cells.iter().all(|&c| c == Cell::Flagged);
        roles.push(if flagged && outline::flag_drawn_on_covered(truth, groups, marks, g) {
            Role::Covered
        } else if flagged {
            Role::Flagged
        } else if covered {
            Role::Covered
        } else if opened {
            Role::Opened
        } else {
            Role::Hit
        });
    }
    Ok(roles)
}

/// The glyphs of a kind split by colour: each joins the first set whose first member's colour lies
/// within `MERGE` (a program may draw the mine that was hit in red and the others in black).
fn by_colour(members: Vec<&Glyph>) -> Vec<Vec<&Glyph>> {
    let mut sets: Vec<Vec<&Glyph>> = Vec::new();
    for g in members {
        let colour = Lab::from_rgb8(g.colour);
        match sets.iter_mut().find(|set| Lab::from_rgb8(set[0].colour).delta_e(&colour) <= MERGE) {
            Some(set) => set.push(g),
            None => sets.push(vec![g]),
        }
    }
    sets
}

/// The mean glyph of each kind, one for each colour it is drawn in, on cells `cell_height` px high.
fn glyph_looks(kinds: &[(String, &Glyph)], cell_height: f64) -> Vec<GlyphLook> {
    let mut names: Vec<&String> = kinds.iter().map(|(k, _)| k).collect();
    names.sort();
    names.dedup();
    names
        .into_iter()
        .flat_map(|name| {
            let members: Vec<&Glyph> = kinds.iter().filter(|(k, _)| k == name).map(|(_, g)| *g).collect();
            by_colour(members).into_iter().map(move |members| (name, members))
        })
        .map(move |(name, members)| {
            let n = members.len() as f32;
            let height = members.iter().map(|g| g.height).sum::<f32>() / n;
            let zones = (0..glyph::ZONES).map(|z| members.iter().map(|g| g.zones[z]).sum::<f32>() / n).collect();
            let mut holes: Vec<u8> = members.iter().map(|g| g.holes).collect();
            holes.sort_unstable();
            GlyphLook {
                kind: name.clone(),
                colour: to_hex(mean(members.iter().map(|g| g.colour))),
                zones,
                holes: holes[holes.len() / 2],
                aspect: members.iter().map(|g| g.aspect).sum::<f32>() / n,
                height: Some(height),
                pixels: Some(height * cell_height as f32),
            }
        })
        .collect()
}

/// The kind of glyph each marked cell carries, by the roles (blind) or by the known board.
fn glyph_kinds<'a>(
    looks: &'a [CellLook],
    marks: &[Mark],
    roles: &[Role],
    groups: &Groups,
    truth: Option<&Board>,
) -> Vec<(String, &'a Glyph)> {
    let mut kinds = Vec::new();
    for (i, look) in looks.iter().enumerate() {
        let Some(g) = &look.glyph else { continue };
        let kind = match truth.map(|t| t.cells[i]) {
            Some(Cell::Open(n)) if n > 0 => n.to_string(),
            Some(Cell::Open(0)) if marks[i] == Mark::Digit(0) => "0".into(),
            Some(Cell::Flagged) => "flag".into(),
            // A number on the mine that was hit is the count a program drew there, no mine's look.
            Some(Cell::Mine) if matches!(marks[i], Mark::Digit(_)) => continue,
            Some(Cell::Mine) => "mine".into(),
            Some(_) => continue,
            None => match (marks[i], roles[groups.of[i]]) {
                (Mark::Digit(n), Role::Opened) => n.to_string(),
                (Mark::Digit(_), Role::Hit) => continue,
                (_, Role::Covered) => "flag".into(),
                (Mark::Other, _) | (_, Role::Hit) => "mine".into(),
                _ => continue,
            },
        };
        kinds.push((kind, g));
    }
    kinds
}

/// The looks of the cell-sized places all round the board (those inside the frame): what the board
/// must not grow into.
fn outside(frame: &Frame, grid: &Grid) -> Vec<CellLook> {
    let mut around = grid.clone();
    around.rect.x -= grid.cell_width();
    around.rect.y -= grid.cell_height();
    around.rect.width += 2.0 * grid.cell_width();
    around.rect.height += 2.0 * grid.cell_height();
    around.rows += 2;
    around.cols += 2;
    let mut looks = Vec::new();
    for r in 0..around.rows {
        for c in 0..around.cols {
            let rect = around.cell_rect(r, c);
            let edge = r == 0 || c == 0 || r == around.rows - 1 || c == around.cols - 1;
            if edge && rect.inside(frame.width(), frame.height()) {
                looks.push(cells::background(frame, rect));
            }
        }
    }
    looks
}

/// The largest ΔE a background may stray: three times the furthest seen plus 4 (at least 8), but
/// never past halfway from the furthest seen to the nearest look of another role or of what lies
/// around the board.
fn tolerance(groups: &Groups, roles: &[Role], around: &[CellLook]) -> f32 {
    let mut closest =
        around.iter().flat_map(|o| groups.looks.iter().map(|&(c, e)| o.distance(c, e))).fold(f32::MAX, f32::min);
    for a in 0..groups.looks.len() {
        for b in a + 1..groups.looks.len() {
            if roles[a] != roles[b] {
                let d = |x: [u8; 3], y: [u8; 3]| Lab::from_rgb8(x).delta_e(&Lab::from_rgb8(y));
                let (la, lb) = (&groups.looks[a], &groups.looks[b]);
                let sides = (0..4).map(|k| d(la.1[k], lb.1[k])).fold(0.0, f32::max);
                closest = closest.min((2.0 * d(la.0, lb.0)).max(sides));
            }
        }
    }
    (3.0 * groups.stray + 4.0).max(8.0).min((groups.stray + closest) / 2.0)
}

/// Learns a profile from one screenshot, with the known board when given.
pub fn learn(frame: &Frame, truth: Option<&Board>) -> anyhow::Result<Learnt> {
    let grid = find_board(frame)?;
    if let Some(t) = truth
        && (t.rows != grid.rows || t.cols != grid.cols)
    {
        anyhow::bail!(
            "the board found at ({:.0}, {:.0}) has {}x{} cells, the known board {}x{}",
            grid.rect.x,
            grid.rect.y,
            grid.rows,
            grid.cols,
            t.rows,
            t.cols
        );
    }
    let looks: Vec<CellLook> = (0..grid.rows * grid.cols)
        .map(|i| describe(frame, grid.cell_rect(i / grid.cols, i % grid.cols), INK))
        .collect();
    let marks = one_size(&looks, looks.iter().map(mark).collect());
    let groups = match truth {
        Some(_) => group(&looks),
        None => split::where_needed(grid.rows, grid.cols, &looks, &marks, group(&looks)),
    };
    let marks = written_zero::counts(&looks, &marks, &groups.of);
    let (marks, roles, zeros) = match truth {
        Some(t) => {
            let roles = truth_roles(t, &groups, &marks)?;
            (marks, roles, Zeros::usual())
        }
        None => blind_marks_and_roles((grid.rows, grid.cols), &looks, &marks, &groups)?,
    };
    let kinds = glyph_kinds(&looks, &marks, &roles, &groups, truth);
    if truth.is_none() {
        marks::one_kind_of_flag(&kinds, &looks, grid.cols)?;
    }
    let backgrounds = (0..groups.looks.len())
        .map(|g| Background { role: roles[g], centre: to_hex(groups.looks[g].0), edge: edge_hex(&groups.looks[g].1) })
        .collect();
    let looks_config = Looks {
        max_delta_e: tolerance(&groups, &roles, &outside(frame, &grid)),
        ink_delta_e: INK,
        glyph_distance: glyph::MAX_LEARNED,
        min_cell: MIN_CELL,
        backgrounds,
        glyphs: glyph_looks(&kinds, grid.cell_height()),
    };
    let config = MinesConfig { looks: Some(looks_config), ..MinesConfig::default() };
    let board = read::read(frame, &grid, &config)?;
    // A 0 the program wrote is opened by its mark, and so is a blank cell on a look of numbers
    // where the program leaves its 0s beside covered cells (`zeros`).
    let sure: Vec<bool> = (0..marks.len()).map(|i| marks[i] == Mark::Digit(0) || zeros.free(groups.of[i])).collect();
    check(&board, truth, &sure)?;
    let mut notes = notes(&grid, &config, &groups, &roles);
    if zeros.any_free() {
        notes.push(
            "its 0s stand beside covered cells: the program opens the clicked cell's safe neighbours, not a 0's".into(),
        );
    }
    Ok(Learnt { config, grid, board, notes })
}

/// The reading must obey the rules, and be the known board when there is one. A blank opened 0
/// beside covered cells says a covered look was taken for an opened one, unless it is `sure`: a 0
/// the program wrote (`written_zero`) is opened by its mark (a program that writes its 0s may
/// open no more than the cell clicked), and so is a blank cell on a look of numbers of a program
/// that leaves its 0s beside covered cells (`zeros`).
fn check(board: &Board, truth: Option<&Board>, sure: &[bool]) -> anyhow::Result<()> {
    if let Some(t) = truth
        && let Some(i) = (0..t.cells.len()).find(|&i| t.cells[i] != board.cells[i])
    {
        anyhow::bail!(
            "the learned profile reads row {} col {} as '{}', the known board says '{}'",
            i / t.cols,
            i % t.cols,
            board.cells[i].symbol(),
            t.cells[i].symbol()
        );
    }
    for (i, cell) in board.cells.iter().enumerate() {
        let covered =
            board.neighbours(i).filter(|&j| board.cells[j].is_covered() || board.cells[j] == Cell::Mine).count();
        match cell {
            Cell::Open(n) if *n as usize > covered => anyhow::bail!(
                "the learned profile reads row {} col {} as {n}, but it has only {covered} covered neighbours",
                i / board.cols,
                i % board.cols
            ),
            Cell::Open(0) if covered > 0 && truth.is_none() && !sure[i] => anyhow::bail!(
                "the learned profile reads row {} col {} as an opened 0 beside covered cells",
                i / board.cols,
                i % board.cols
            ),
            _ => {}
        }
    }
    Ok(())
}

fn notes(grid: &Grid, config: &MinesConfig, groups: &Groups, roles: &[Role]) -> Vec<String> {
    let mut notes = vec![format!(
        "board: {}x{} cells of {:.1}x{:.1} px at ({:.0}, {:.0})",
        grid.rows,
        grid.cols,
        grid.cell_width(),
        grid.cell_height(),
        grid.rect.x,
        grid.rect.y
    )];
    for (g, role) in roles.iter().enumerate() {
        let count = groups.of.iter().filter(|&&k| k == g).count();
        notes.push(format!(
            "look {}: inside {}, edge {}: {role:?} ({count} cells)",
            g + 1,
            to_hex(groups.looks[g].0),
            edge_hex(&groups.looks[g].1).join(" ")
        ));
    }
    if let Some(looks) = &config.looks {
        let kinds: Vec<String> = looks.glyphs.iter().map(|g| format!("{} ({})", g.kind, g.colour)).collect();
        notes.push(format!("glyphs seen: {}", if kinds.is_empty() { "none".into() } else { kinds.join(", ") }));
        notes.push(format!("backgrounds match within ΔE {:.1}", looks.max_delta_e));
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board drawn as text for `blind_roles`: `looks` one character per cell naming its look
    /// (whose inside colour `insides` gives, its edge the same), `marks` a digit 1-8 for a number on
    /// the cell, 'x' for a mark that is no number, '.' for nothing.
    pub(super) fn drawn(
        looks: &[&str],
        marks: &[&str],
        insides: &[(char, [u8; 3])],
    ) -> (usize, usize, Vec<Mark>, Groups) {
        drawn_with_edges(looks, marks, insides, |_, inside| [inside; 4])
    }

    /// `drawn`, with look `k`'s edge `edge(k, its inside)`.
    pub(super) fn drawn_with_edges(
        looks: &[&str],
        marks: &[&str],
        insides: &[(char, [u8; 3])],
        edge: impl Fn(usize, [u8; 3]) -> [[u8; 3]; 4],
    ) -> (usize, usize, Vec<Mark>, Groups) {
        let (rows, cols) = (looks.len(), looks[0].len());
        let of =
            looks.iter().flat_map(|r| r.chars()).map(|c| insides.iter().position(|&(k, _)| k == c).unwrap()).collect();
        let marks = marks
            .iter()
            .flat_map(|r| r.chars())
            .map(|c| match c {
                'x' => Mark::Other,
                _ => c.to_digit(10).map_or(Mark::Plain, |d| Mark::Digit(d as u8)),
            })
            .collect();
        let looks = insides.iter().enumerate().map(|(k, &(_, inside))| (inside, edge(k, inside))).collect();
        (rows, cols, marks, Groups { of, looks, stray: 0.0 })
    }

    const WHITE: [u8; 3] = [254, 254, 254];
    const DARK: [u8; 3] = [26, 26, 26];
    const PURPLE: [u8; 3] = [128, 0, 128];
    const RED: [u8; 3] = [254, 0, 0];

    /// Navid079's canvas draws one grey line round every cell, shared with its neighbour, so a
    /// covered cell's edge shows what lies beside it (an opened cell, the board's edge): the
    /// covered cells fall into four looks of one inside colour, each of which is covered.
    #[test]
    fn covered_cells_whose_edges_show_their_neighbours_are_all_covered() {
        let (rows, cols, marks, groups) = drawn(
            &["ooob", "ooob", "ooob", "cccd"],
            &["..1.", "..1.", "111.", "...."],
            &[('o', WHITE), ('b', DARK), ('c', DARK), ('d', DARK)],
        );
        let roles = blind_roles(rows, cols, &marks, &groups).expect("a reading that obeys the rules");
        assert_eq!(roles, vec![Role::Opened, Role::Covered, Role::Covered, Role::Covered]);
    }

    /// Navid079's board after a first click (seed 142 of `tests/capture/zoo_navid_mines.rs`, as
    /// calibration saw it): every 1 a mark the digit shapes are unsure of ('x'), two sure 2s, and
    /// one covered cell drawn alone among opened ones ('c', its sides shared with them). With the
    /// 1s unsure the rules saw only the 2s, and taking that lone cell for the covered look broke
    /// them no more than taking the covered cells' look, with fewer other looks covered: the other
    /// covered cells were read as opened 0s ("reads row 1 col 0 as 1, but it has only 0 covered
    /// neighbours"). The look of the 2s and the 1s carries two kinds of mark, so it is opened
    /// before any role is chosen, and its unsure marks beside its blank cells are 1s.
    #[test]
    fn unsure_marks_beside_zeros_of_a_look_surely_opened_are_numbers_before_the_roles_are_chosen() {
        let (rows, cols, marks, groups) = drawn(
            &[
                "aaaaaaaaaa",
                "aaaaaaaaaa",
                "bbaaaaaaaa",
                "bbaaaaaaaa",
                "bbbaaaaaaa",
                "bbbaaaaaaa",
                "bbbbbbaaac",
                "bbbbbaaaaa",
                "bbbbbaaaaa",
                "dddddaaaaa",
            ],
            &[
                "..........",
                "xxx.......",
                "..x.......",
                "..2x......",
                "...x......",
                "...xxxx.xx",
                "......x.x.",
                ".....2x.xx",
                ".....x....",
                ".....x....",
            ],
            &[('a', WHITE), ('b', DARK), ('c', DARK), ('d', DARK)],
        );
        let one = beside_zero::tests::unsure_one();
        let looks: Vec<CellLook> = marks
            .iter()
            .map(|&m| CellLook { centre: WHITE, edge: [WHITE; 4], glyph: (m == Mark::Other).then(|| one.clone()) })
            .collect();
        let (made, roles, _) = blind_marks_and_roles((rows, cols), &looks, &marks, &groups).expect("a reading");
        assert_eq!(roles, vec![Role::Opened, Role::Covered, Role::Covered, Role::Covered]);
        assert!((0..marks.len()).filter(|&i| marks[i] == Mark::Other).all(|i| made[i] == Mark::Digit(1)));
    }

    /// A flag drawn as a colour of its own with nothing on it (a purple cell) is where a mine is:
    /// two such cells are flags; one alone could be the hit mine as well, and is refused.
    #[test]
    fn cells_of_a_colour_of_their_own_where_mines_must_be_are_flags() {
        let insides = [('o', WHITE), ('a', DARK), ('f', PURPLE)];
        let (rows, cols, marks, groups) = drawn(&["ooo", "faf", "aaa"], &["121", "...", "..."], &insides);
        let roles = blind_roles(rows, cols, &marks, &groups).expect("a reading that obeys the rules");
        assert_eq!(roles, vec![Role::Opened, Role::Covered, Role::Flagged]);
        let (rows, cols, marks, groups) = drawn(&["ooo", "faa", "aaa"], &["111", "...", "..."], &insides);
        let refused = blind_roles(rows, cols, &marks, &groups).expect_err("one cell alone is a flag or the hit mine");
        assert!(refused.to_string().contains("a flag or the mine that was hit"), "{refused}");
    }

    /// The mine that was hit, drawn red with its count on it beside two flags, is the hit mine.
    #[test]
    fn the_hit_mine_drawn_with_its_count_on_it_is_the_hit_mine() {
        let (rows, cols, marks, groups) = drawn(
            &["oooo", "farf", "aaaa"],
            &["1222", "..1.", "...."],
            &[('o', WHITE), ('a', DARK), ('f', PURPLE), ('r', RED)],
        );
        let roles = blind_roles(rows, cols, &marks, &groups).expect("a reading that obeys the rules");
        assert_eq!(roles, vec![Role::Opened, Role::Covered, Role::Flagged, Role::Hit]);
    }

    /// A mark the general digit shapes take for a 6 but drawn at three quarters of the numbers'
    /// height (cp-alley's flag, an emoji with no font: a box) is no number; the numbers stay.
    #[test]
    fn a_mark_drawn_smaller_than_the_numbers_is_no_number() {
        let look = |height: f32| CellLook {
            centre: [220; 3],
            edge: [[128; 3]; 4],
            glyph: Some(Glyph {
                zones: [0.5; glyph::ZONES],
                holes: 1,
                aspect: 0.6,
                height,
                ink: 0.2,
                colour: [0; 3],
                mean: [0; 3],
            }),
        };
        let looks = [look(0.62), look(0.61), look(0.63), look(0.46)];
        let marks = vec![Mark::Digit(1), Mark::Digit(2), Mark::Digit(1), Mark::Digit(6)];
        assert_eq!(one_size(&looks, marks), [Mark::Digit(1), Mark::Digit(2), Mark::Digit(1), Mark::Other]);
    }

    fn fixture(name: &str) -> (Frame, Board) {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/mines");
        let frame = crate::screen::load_png(&dir.join(format!("{name}.png"))).expect("the fixture's picture");
        let case = crate::case::load(&dir.join(format!("{name}.toml"))).expect("the fixture's case");
        (frame, super::super::case::board_of(&case).expect("its board"))
    }

    fn read_with(config: &MinesConfig, frame: &Frame) -> Board {
        let grid = read::locate(frame, config).expect("the board found by the learned looks");
        read::read(frame, &grid, config).expect("the board read by the learned looks")
    }

    /// Blind from one sgt-mines screenshot (20 px cells, numbers 1-3 and flags), then screenshots
    /// at other window sizes (17 and 36 px cells) and with numbers it did not show (4 and 5) read
    /// exactly.
    #[test]
    fn learned_blind_from_one_screenshot_reads_other_sizes_and_unseen_numbers() {
        let (frame, truth) = fixture("sgt-30x16n99-01-default-mid-flags");
        let learnt = learn(&frame, None).expect("learned blind");
        assert_eq!(learnt.board.cells, truth.cells, "the screenshot itself");
        let seen: Vec<&str> =
            learnt.config.looks.iter().flat_map(|l| l.glyphs.iter().map(|g| g.kind.as_str())).collect();
        assert!(!seen.contains(&"4") && !seen.contains(&"5"), "the shot shows no 4 or 5: {seen:?}");
        for name in ["sgt-12x8n15-01-300x250-start", "sgt-16x16n40-01-700x760-mid-flags", "sgt-9x9n35-01-default-mid"] {
            let (frame, truth) = fixture(name);
            assert_eq!(read_with(&learnt.config, &frame).cells, truth.cells, "{name}");
        }
    }

    #[test]
    fn learned_with_the_known_board_reads_it() {
        let (frame, truth) = fixture("sgt-16x16n40-01-700x760-mid-flags");
        let learnt = learn(&frame, Some(&truth)).expect("learned from the truth");
        assert_eq!(learnt.board.cells, truth.cells);
        let (other, truth) = fixture("sgt-30x16n99-01-default-mid-flags");
        assert_eq!(read_with(&learnt.config, &other).cells, truth.cells);
    }

    #[test]
    fn a_known_board_of_another_size_is_refused() {
        let (frame, _) = fixture("sgt-16x16n40-01-700x760-mid-flags");
        let (_, other) = fixture("sgt-9x9n35-01-default-mid");
        let error = learn(&frame, Some(&other)).expect_err("a 9x9 board on a 16x16 picture").to_string();
        assert!(error.contains("cells, the known board 9x9"), "{error}");
    }

    #[test]
    fn a_picture_with_no_board_is_refused_in_one_line() {
        let image = image::RgbaImage::from_pixel(300, 200, image::Rgba([240, 240, 240, 255]));
        let error = learn(&Frame::from_image(image), None).expect_err("no board").to_string();
        assert!(!error.contains('\n') && error.contains("no board"), "{error}");
    }

    #[test]
    fn a_fresh_board_has_no_numbers_to_learn_from_but_reads_as_covered() {
        let (frame, truth) = fixture("sgt-9x9n10-01-default-untouched");
        let learnt = learn(&frame, None).expect("one look: covered");
        assert_eq!(learnt.board.cells, truth.cells);
    }
}
