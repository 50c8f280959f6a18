//! How a square's look is shaped: how much each ring stands out from a surround, as a share of the
//! ring that stands out most. A peg drawn in another colour (a selected peg) keeps the peg's shape
//! though not its colours (`looks::selected_shape`). Shapes are compared much as looks are
//! (`vision::looks::Look::distance`): a ring may show any mix of what lies on either side of it,
//! since an edge falls in it at one size and beside it at another (a ring drawn a pixel or two
//! wide whatever the square's size takes another share of a larger square), so a mix is no
//! difference; a share on neither side is. One ring so, not every ring at once: a pale blur over
//! several rings (a patch of the page beside the board) is no edge of the kind's moved.

use crate::vision::colour::Lab;
use crate::vision::looks::{Look, RINGS};

/// How much each ring of `look` stands out from its surround, as a share of the ring that stands
/// out most; None when none stands out by more than `floor` (a bare square).
pub(super) fn shape(look: &Look, floor: f32) -> Option<[f32; RINGS]> {
    shape_against(look, RINGS, &Lab::from_rgb(look.around), floor)
}

/// How much each of the first `rings` rings of `look` stands out from the surround `around`, as a
/// share of the strongest of them (the others 0); None when none stands out by more than `floor`.
pub(super) fn shape_against(look: &Look, rings: usize, around: &Lab, floor: f32) -> Option<[f32; RINGS]> {
    let lift: [f32; RINGS] = std::array::from_fn(|k| if k < rings { look.lab[k].delta_e(around) } else { 0.0 });
    let most = lift.iter().copied().fold(0.0, f32::max);
    (most > floor).then(|| lift.map(|v| v / most))
}

/// How unlike the shape `seen` is the shape `kind` (a look learned): the largest difference, over
/// the rings, between `seen`'s ring and `kind`'s, one ring of them (where an edge of the kind's
/// falls elsewhere) allowed any mix of the kind's ring with a ring next to it; the least of that
/// over the rings so allowed. One way round: what is seen may show an edge of the kind's anywhere
/// in its ring, but a disc drawn a ring smaller is not the kind's (a hole's well is not a peg's
/// ball). One ring only: an edge moved shows in the ring it moves into, while a blur spread over
/// two rings and more (a patch of a page's panel, a list's bar and its scroll bar seen through a
/// square beside the board) is the shape of no edge of the kind's moved.
pub(super) fn shape_distance(seen: &[f32; RINGS], kind: &[f32; RINGS]) -> f32 {
    shape_distance_in(seen, kind, RINGS)
}

/// `shape_distance` over the first `rings` rings only (a middle: `shape_against` of as many).
pub(super) fn shape_distance_in(seen: &[f32; RINGS], kind: &[f32; RINGS], rings: usize) -> f32 {
    let rings = rings.min(RINGS);
    let plain: Vec<f32> = (0..rings).map(|k| (kind[k] - seen[k]).abs()).collect();
    (0..rings)
        .map(|mixed| {
            let others = (0..rings).filter(|&k| k != mixed).map(|k| plain[k]).fold(0.0, f32::max);
            others.max(off_mixes(kind, mixed, seen[mixed], rings))
        })
        .fold(f32::INFINITY, f32::min)
        .min(plain.iter().copied().fold(0.0, f32::max))
}

/// How far `value` lies from the nearest mix of `shape`'s ring `k` with ring `k - 1` or `k + 1`
/// (of the first `rings`).
fn off_mixes(shape: &[f32; RINGS], k: usize, value: f32, rings: usize) -> f32 {
    [k.wrapping_sub(1), k + 1]
        .into_iter()
        .filter(|&j| j < rings)
        .map(|j| {
            let (lo, hi) = (shape[k].min(shape[j]), shape[k].max(shape[j]));
            (lo - value).max(value - hi).max(0.0)
        })
        .fold((shape[k] - value).abs(), f32::min)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_edge_falling_elsewhere_in_a_ring_is_no_difference_and_a_share_on_neither_side_is() {
        // A dot over three rings and a ring line in the fifth; the line drawn thinner fills less
        // of the fifth ring, between what the fourth and the fifth show.
        let drawn = [1.0, 1.0, 0.9, 0.14, 0.59];
        let thinner = [1.0, 1.0, 0.9, 0.02, 0.24];
        assert!(shape_distance(&thinner, &drawn) < 0.15, "{}", shape_distance(&thinner, &drawn));
        // A ball a ring smaller (a hole's dark well) is not the peg's ball.
        let (ball, well) = ([1.0, 1.0, 1.0, 1.0, 0.3], [1.0, 1.0, 0.8, 0.0, 0.0]);
        assert!(shape_distance(&well, &ball) > 0.25);
        // A dot missing from the middle is a difference: no neighbour of the middle is empty.
        let ring_only = [0.2, 0.2, 0.2, 0.2, 1.0];
        assert!(shape_distance(&ring_only, &drawn) > 0.7);
        assert_eq!(shape_distance(&drawn, &drawn), 0.0);
        // A middle of four rings: its last ring is not mixed with the ring left out.
        let (middle, fuller) = ([1.0, 1.0, 1.0, 0.4, 0.0], [1.0, 1.0, 1.0, 1.0, 0.0]);
        assert!(shape_distance_in(&middle, &fuller, 4) > 0.5);
    }

    /// Debian's square 6x6 shot (`dps-06`): the square one column left of the board covers the
    /// game list's right end, its selected entry (a flat blue bar) and its scroll bar, a pale
    /// blur standing out from its corners ring by ring [0.81, 0.95, 1.0, 0.73, 0.34]. The peg's
    /// learned look, a disc with no surround of its own, is shaped [1, 1, 1, 1, 0]: with every
    /// ring allowed a mix with its neighbours the blur lay 0.19 from it (less than the 0.25 a
    /// selected peg may) and the board grew a column over the list. No one edge of the disc moved
    /// leaves two rings half filled.
    #[test]
    fn a_blur_over_two_rings_is_no_edge_moved() {
        let (blur, disc) = ([0.81, 0.95, 1.0, 0.73, 0.34], [1.0, 1.0, 1.0, 1.0, 0.0]);
        assert!(shape_distance(&blur, &disc) > 0.25, "{}", shape_distance(&blur, &disc));
        // The disc's edge moved into its last ring, or its last but one: no difference.
        assert!(shape_distance(&[1.0, 1.0, 1.0, 1.0, 0.4], &disc) < 0.01);
        assert!(shape_distance(&[1.0, 1.0, 1.0, 0.6, 0.0], &disc) < 0.01);
    }
}
