//! Looks compared only as far as a cap (`Look::distance_as_within`): a reader that wants the
//! nearest of a few looks, and only when it is near enough, learns that a look is too far as soon
//! as one ring is, and most comparisons are with looks of other kinds, which differ in the first
//! ring or two. A look moved towards another's surround (`Look::relative_distance`) has each
//! ring's colour turned into Lab only when that ring is compared. The figure, when within the
//! cap, is `Look::distance_as`'s to the bit.

use super::colour::Lab;
use super::looks::{Look, RINGS, off_mixes_over};

impl Look {
    /// `distance_as`, when it is at most `cap`; None as soon as one ring lies further.
    pub fn distance_as_within(&self, other: &Look, relative: bool, cap: f32) -> Option<f32> {
        if !relative {
            return self.distance_within(other, cap);
        }
        let one = self.moved_within(other, cap)?;
        let two = other.moved_within(self, cap)?;
        Some(one.max(two))
    }

    /// `distance` of this look moved towards `other`'s surround (`towards`) from `other`, when at
    /// most `cap`.
    fn moved_within(&self, other: &Look, cap: f32) -> Option<f32> {
        let Some(rgb) = self.towards_rgb(other) else { return self.distance_within(other, cap) };
        let mut most = 0f32;
        for k in 0..RINGS {
            let lab = Lab::from_rgb(rgb[k]);
            most = ring_over(most, cap, |floor| off_mixes_over(&rgb, &lab, k, other.rgb[k], &other.lab[k], floor))?;
            most = ring_over(most, cap, |floor| off_mixes_over(&other.rgb, &other.lab[k], k, rgb[k], &lab, floor))?;
        }
        Some(most)
    }

    /// `distance`, when it is at most `cap`.
    fn distance_within(&self, other: &Look, cap: f32) -> Option<f32> {
        let mut most = 0f32;
        for k in 0..RINGS {
            most = ring_over(most, cap, |floor| {
                off_mixes_over(&self.rgb, &self.lab[k], k, other.rgb[k], &other.lab[k], floor)
            })?;
            most = ring_over(most, cap, |floor| {
                off_mixes_over(&other.rgb, &other.lab[k], k, self.rgb[k], &self.lab[k], floor)
            })?;
        }
        Some(most)
    }
}

/// The largest figure so far, `most`, with one more ring's figure (`figure`, told that only a
/// figure above `most` matters); None when that one is beyond `cap`. A figure within `most` leaves
/// `most` as it is, whatever it is exactly.
fn ring_over(most: f32, cap: f32, figure: impl FnOnce(f32) -> f32) -> Option<f32> {
    let ring = figure(most);
    if ring > cap {
        return None;
    }
    Some(most.max(ring))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flat(rings: [[f32; 3]; RINGS], around: [f32; 3]) -> Look {
        Look { rgb: rings, lab: rings.map(Lab::from_rgb), around }
    }

    /// Within the cap the figure is the whole comparison's, either way of comparing; beyond it,
    /// None.
    #[test]
    fn a_comparison_within_its_cap_is_the_whole_comparison_and_none_beyond_it() {
        let hollow = flat(
            [[60.0, 40.0, 20.0], [90.0, 60.0, 30.0], [150.0, 110.0, 60.0], [200.0; 3], [200.0; 3]],
            [200.0, 150.0, 90.0],
        );
        let peg = flat(
            [[20.0, 40.0, 200.0], [25.0, 45.0, 190.0], [30.0, 50.0, 180.0], [120.0; 3], [170.0; 3]],
            [150.0, 110.0, 65.0],
        );
        let shaded = flat(
            [[50.0, 35.0, 15.0], [80.0, 50.0, 25.0], [140.0, 100.0, 50.0], [180.0; 3], [185.0; 3]],
            [180.0, 130.0, 80.0],
        );
        for (a, b) in [(&hollow, &peg), (&hollow, &shaded), (&peg, &shaded), (&peg, &peg)] {
            for relative in [false, true] {
                let whole = a.distance_as(b, relative);
                assert_eq!(a.distance_as_within(b, relative, whole), Some(whole), "{relative}");
                assert_eq!(a.distance_as_within(b, relative, f32::INFINITY), Some(whole), "{relative}");
                if whole > 0.0 {
                    assert_eq!(a.distance_as_within(b, relative, whole * 0.99), None, "{relative}");
                }
            }
        }
    }
}
