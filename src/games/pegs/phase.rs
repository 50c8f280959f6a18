//! Where the squares' centres lie when the things that found the lattice do not mark them. The
//! lattice's pitch is the spacing of things repeating across and down; its phase is where those
//! things sit. Usually they are the pegs and holes, centred on their squares. But a page drawn
//! larger may run its pegs into each other and into the board (pale pegs on a pale board), so that
//! what repeats is something else, as small specks of the board showing between four round cells,
//! at the same pitch but a third of a square off; and a photograph of a marble with its shadow
//! puts its middle off the square's. When a lattice's squares do not all read where its things
//! put them, the phase is searched across the whole square (`PHASE_STEP` of a pitch at a time,
//! the pitch kept): the shift at which every square where something stands reads as one of the
//! profile's looks, nearest to them in sum, is where the squares are.

use super::align::sum_below;
use super::looks::Classes;
use super::seen::Seen;
use crate::vision::lattice::{Candidate, Lattice};

/// The step of the shifts tried, in pitches; they run from minus to plus half a pitch.
pub const PHASE_STEP: f64 = 0.1;

/// `candidate`'s lattice moved to where the squares of its things all read with `classes`,
/// nearest to their looks in sum; None when no shift but none reads so, or none reads at all.
pub fn realigned(seen: &Seen, candidate: &Candidate, classes: &Classes) -> Option<Lattice> {
    let steps = (0.5 / PHASE_STEP).round() as i64;
    let mut best: Option<(f32, (i64, i64))> = None;
    for dy in -steps..=steps {
        for dx in -steps..=steps {
            let lattice = shifted(&candidate.lattice, dx, dy);
            let below = best.map_or(f32::INFINITY, |(t, _)| t);
            if let Some(total) = reads_below(seen, &lattice, &candidate.cells, classes, below) {
                best = Some((total, (dx, dy)));
            }
        }
    }
    match best? {
        (_, (0, 0)) => None,
        (_, (dx, dy)) => Some(shifted(&candidate.lattice, dx, dy)),
    }
}

fn shifted(lattice: &Lattice, dx: i64, dy: i64) -> Lattice {
    Lattice {
        x0: lattice.x0 + dx as f64 * PHASE_STEP * lattice.pitch_x,
        y0: lattice.y0 + dy as f64 * PHASE_STEP * lattice.pitch_y,
        ..*lattice
    }
}

/// The sum of the distances from their looks of the squares `cells` of `lattice`, when every one
/// reads (a selected peg among them) and the sum is below `below`: a shift is given up as soon
/// as it cannot beat the best so far (`align::sum_below`).
fn reads_below(seen: &Seen, lattice: &Lattice, cells: &[(i64, i64)], classes: &Classes, below: f32) -> Option<f32> {
    let distances = cells.iter().map(|&(row, col)| {
        let grid = lattice.grid((row, row), (col, col));
        Some(classes.judge(&seen.look(grid.cell_rect(0, 0))?)?.distance)
    });
    sum_below(distances, below)
}

/// The sum of the distances from their looks of the squares `cells` of `lattice`, when every one
/// reads.
#[cfg(test)]
fn reads(frame: &crate::frame::Frame, lattice: &Lattice, cells: &[(i64, i64)], classes: &Classes) -> Option<f32> {
    reads_below(&Seen::new(frame), lattice, cells, classes, f32::INFINITY)
}

/// The moves of a lattice calibration tries when none learns where its things are, in pitches:
/// a quarter of a square each way (a square's looks still read a tenth of a square off, and a
/// quarter keeps every thing in its own square).
pub const CALIBRATION_SHIFTS: [(f64, f64); 8] =
    [(0.25, 0.0), (-0.25, 0.0), (0.0, 0.25), (0.0, -0.25), (0.25, 0.25), (0.25, -0.25), (-0.25, 0.25), (-0.25, -0.25)];

/// `candidate` with its lattice moved by (dx, dy) pitches.
pub fn moved(candidate: &Candidate, dx: f64, dy: f64) -> Candidate {
    let mut moved = candidate.clone();
    moved.lattice.x0 += dx * candidate.lattice.pitch_x;
    moved.lattice.y0 += dy * candidate.lattice.pitch_y;
    moved
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::pegs::MoveStyle;
    use crate::games::pegs::board::Cell;
    use crate::games::pegs::calibrate::learn;
    use crate::games::pegs::drawn::{Drawing, Kind, english, english_later};

    /// A lattice whose things sit a third of a square off the squares' centres (as specks of the
    /// board between round cells do, or a marble's photograph above its cup) does not read there;
    /// the phase searched across the square puts it back on the centres, the pitch kept.
    #[test]
    fn a_lattice_a_third_of_a_square_off_its_squares_is_moved_back_onto_them() {
        for kind in [Kind::Discs, Kind::Glossy] {
            let learnt = learn(&Drawing::new(kind, 40.0).draw(&english()), None, MoveStyle::Click).unwrap();
            let classes = Classes::from_config(&learnt.config.looks).unwrap();
            let frame = Drawing::new(kind, 40.0).draw(&english_later());
            let grid = &learnt.grid;
            let pitch = grid.cell_width();
            let true_x0 = grid.rect.x + pitch / 2.0;
            let true_y0 = grid.rect.y + pitch / 2.0;
            let board = english_later();
            let cells: Vec<(i64, i64)> = (0..7)
                .flat_map(|r| (0..7).map(move |c| (r, c)))
                .filter(|&(r, c)| board.get((r as usize, c as usize)) != Cell::Off)
                .collect();
            let off = Lattice { x0: true_x0 + 0.33 * pitch, y0: true_y0 - 0.3 * pitch, pitch_x: pitch, pitch_y: pitch };
            let candidate = Candidate { lattice: off, cells: cells.clone(), thing: (8.0, 8.0) };
            assert!(reads(&frame, &off, &cells, &classes).is_none(), "{kind:?}: the squares read a third off");
            let back =
                realigned(&Seen::new(&frame), &candidate, &classes).unwrap_or_else(|| panic!("{kind:?}: not moved"));
            assert!((back.x0 - true_x0).abs() <= 0.1 * pitch + 0.5, "{kind:?}: x0 {} not {true_x0}", back.x0);
            assert!((back.y0 - true_y0).abs() <= 0.1 * pitch + 0.5, "{kind:?}: y0 {} not {true_y0}", back.y0);
            assert_eq!(back.pitch_x, pitch);
            // Where the things already mark the centres, nothing moves.
            let on = Candidate { lattice: Lattice { x0: true_x0, y0: true_y0, ..off }, cells, thing: (8.0, 8.0) };
            assert!(realigned(&Seen::new(&frame), &on, &classes).is_none(), "{kind:?}");
        }
    }
}
