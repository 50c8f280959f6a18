//! How a cell looks, whatever draws it: the mean colour of rings around the cell's centre, from
//! the middle out to nearly its edge. A flat disc, a ring, a shaded ball, a glyph on a button and
//! an empty square each give their own rings, the same at any size (the rings scale with the cell),
//! under shading that changes across a thing (a ring averages it), and at any sub-pixel position.
//! A look is stored as one `#rrggbb` colour per ring, so a person can read it in a profile.
//!
//! A look also keeps the colour around the rings: the cell's corners, the surface the thing sits
//! on. Compared relatively (`Look::relative_distance`), each ring of one look may lie anywhere
//! between its own colour and that colour moved by how much the other look's surround differs:
//! something drawn over a surface whose shading drifts across the board (a gradient, a texture)
//! shows the drift as far as it lets the surface through, an opaque bitmap not at all.
//!
//! Looks are compared ring by ring, and by the largest difference of any one ring: a thin ring
//! drawn around an empty hole stands out in its own ring however little of the cell it covers. A
//! ring may show any mix of the colours on either side of it (an edge falls in it at one size and
//! beside it at another), so a mix is no difference; a colour on neither side is.

use super::colour::{Lab, parse_hex, to_hex};
use super::looks_rings::{Place, Rings};
use crate::frame::{Frame, Rect};

/// How many rings a look has.
pub const RINGS: usize = 5;
/// The outer edge of the outermost ring, as a share of the cell's width and height: clear of gaps
/// and lines between cells, and of the neighbours' anti-aliasing.
pub(super) const REACH: f64 = 0.45;

/// How much further than a ring's colour from its neighbour's a mix may lie and still be that ring
/// (a line drawn at a third of the thickness relative to the square shows a third of its colour).
const THINNER: f32 = 2.0;

/// The look of one cell: the mean colour of each ring, the middle first.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Look {
    pub rgb: [[f32; 3]; RINGS],
    pub lab: [Lab; RINGS],
    /// The mean colour of the cell's corners, beyond the outermost ring.
    pub around: [f32; 3],
}

impl Look {
    fn from_rgb(rgb: [[f32; 3]; RINGS], around: [f32; 3]) -> Look {
        Look { rgb, lab: rgb.map(Lab::from_rgb), around }
    }

    /// How unlike two looks are, `relative` or not (`distance`, `relative_distance`).
    pub fn distance_as(&self, other: &Look, relative: bool) -> f32 {
        if relative { self.relative_distance(other) } else { self.distance(other) }
    }

    /// How unlike two looks are when the surface under them may be shaded otherwise: each look is
    /// first moved towards the other's surround, ring by ring, by as much of the difference of the
    /// surrounds as brings it nearest (none for an opaque ring, all of it for a bare surface),
    /// then compared as by `distance`. The larger of the two ways round.
    pub fn relative_distance(&self, other: &Look) -> f32 {
        self.towards(other).distance(other).max(other.towards(self).distance(self))
    }

    /// This look with each ring moved along the difference of the surrounds, `other`'s less this
    /// one's, by the share of it (0 to 1) that brings the ring nearest to `other`'s.
    fn towards(&self, other: &Look) -> Look {
        self.towards_rgb(other).map_or(*self, |rgb| Look::from_rgb(rgb, other.around))
    }

    /// The rings' colours of `towards`; None when the surrounds are alike (the look is itself).
    pub(super) fn towards_rgb(&self, other: &Look) -> Option<[[f32; 3]; RINGS]> {
        let shift: [f32; 3] = [0, 1, 2].map(|i| other.around[i] - self.around[i]);
        let length = shift.iter().map(|v| v * v).sum::<f32>();
        if length <= f32::EPSILON {
            return None;
        }
        let mut rgb = self.rgb;
        for (ring, seen) in rgb.iter_mut().zip(&other.rgb) {
            let t = ((0..3).map(|i| (seen[i] - ring[i]) * shift[i]).sum::<f32>() / length).clamp(0.0, 1.0);
            (0..3).for_each(|i| ring[i] = (ring[i] + t * shift[i]).clamp(0.0, 255.0));
        }
        Some(rgb)
    }

    /// How unlike two looks are: the largest ΔE, over the rings of each, between the ring's colour
    /// and the nearest mix of the other look's colours of that ring and a ring next to it. An edge
    /// that falls in a ring (a peg's rim drawn at a slightly other share of the square at another
    /// size) mixes the colours on either side of it: that is no difference, a colour that is on
    /// neither side is. A line a pixel wide in a small picture is mixed with what lies beside it
    /// more than the same line drawn thicker in a large one: a ring's colour may also lie beyond
    /// the other's, away from its neighbour, by up to `THINNER` times their difference.
    pub fn distance(&self, other: &Look) -> f32 {
        (0..RINGS).map(|k| self.ring_distance(other, k)).fold(0.0, f32::max)
    }

    /// How unlike the two looks' ring `k` is, either way round (`off_mixes`).
    fn ring_distance(&self, other: &Look, k: usize) -> f32 {
        self.off_mixes(other, k).max(other.off_mixes(self, k))
    }

    /// The ΔE from `other`'s ring `k` to the nearest mix of this look's ring `k` with ring `k-1`
    /// or `k+1`.
    fn off_mixes(&self, other: &Look, k: usize) -> f32 {
        off_mixes(&self.rgb, &self.lab[k], k, other.rgb[k], &other.lab[k])
    }

    /// The largest ΔE of a ring from the surround's colour: about 0 for a bare surface.
    pub fn unlike_surround(&self) -> f32 {
        let around = Lab::from_rgb(self.around);
        self.lab.iter().map(|ring| ring.delta_e(&around)).fold(0.0, f32::max)
    }

    /// The mean of several looks (at least one).
    pub fn mean(looks: &[Look]) -> Look {
        let n = looks.len().max(1) as f32;
        let mut rgb = [[0f32; 3]; RINGS];
        let mut around = [0f32; 3];
        for look in looks {
            for (ring, sum) in look.rgb.iter().zip(rgb.iter_mut()) {
                (0..3).for_each(|k| sum[k] += ring[k] / n);
            }
            (0..3).for_each(|k| around[k] += look.around[k] / n);
        }
        Look::from_rgb(rgb, around)
    }

    /// The look as `#rrggbb` per ring, for a profile; with `around`, the surround's colour last.
    pub fn to_hex(&self, around: bool) -> Vec<String> {
        let hex = |c: &[f32; 3]| to_hex(c.map(|v| v.round().clamp(0.0, 255.0) as u8));
        let mut out: Vec<String> = self.rgb.iter().map(hex).collect();
        if around {
            out.push(hex(&self.around));
        }
        out
    }

    /// A look from `#rrggbb` per ring, and optionally the surround's colour after them (else the
    /// outermost ring's).
    pub fn from_hex(rings: &[String]) -> Result<Look, String> {
        if rings.len() != RINGS && rings.len() != RINGS + 1 {
            return Err(format!(
                "a look has {RINGS} ring colours (and optionally its surround's), not {}",
                rings.len()
            ));
        }
        let colours = rings
            .iter()
            .map(|text| {
                parse_hex(text).map(|c| c.map(f32::from)).ok_or_else(|| format!("\"{text}\" is not a #rrggbb colour"))
            })
            .collect::<Result<Vec<[f32; 3]>, String>>()?;
        let mut rgb = [[0f32; 3]; RINGS];
        rgb.copy_from_slice(&colours[..RINGS]);
        Ok(Look::from_rgb(rgb, colours[colours.len() - 1]))
    }
}

/// `Look::off_mixes` of the rings `rgb` (ring `k`'s colour in Lab `lab`) and the ring `seen`
/// (in Lab `target`).
pub(super) fn off_mixes(rgb: &[[f32; 3]; RINGS], lab: &Lab, k: usize, seen: [f32; 3], target: &Lab) -> f32 {
    off_mixes_over(rgb, lab, k, seen, target, f32::NEG_INFINITY)
}

/// `off_mixes` where only a figure above `floor` matters (a ring's figure is taken only when it is
/// the largest of the rings'): as soon as one of the mixes lies within `floor`, that one's ΔE
/// (itself within `floor`, and no less than the least) is the answer, and the mixes left are not
/// turned into Lab. Above `floor` the figure is the least, to the bit.
pub(super) fn off_mixes_over(
    rgb: &[[f32; 3]; RINGS],
    lab: &Lab,
    k: usize,
    seen: [f32; 3],
    target: &Lab,
    floor: f32,
) -> f32 {
    let mut best = lab.delta_e(target);
    if best <= floor {
        return best;
    }
    for j in [k.wrapping_sub(1), k + 1] {
        if j >= RINGS {
            continue;
        }
        let (a, b) = (rgb[k], rgb[j]);
        let ab: [f32; 3] = [0, 1, 2].map(|i| b[i] - a[i]);
        let length = ab.iter().map(|v| v * v).sum::<f32>();
        if length <= f32::EPSILON {
            continue;
        }
        let t = ((0..3).map(|i| (seen[i] - a[i]) * ab[i]).sum::<f32>() / length).clamp(-THINNER, 1.0);
        let mix = [a[0] + t * ab[0], a[1] + t * ab[1], a[2] + t * ab[2]];
        best = best.min(Lab::from_rgb(mix).delta_e(target));
        if best <= floor {
            return best;
        }
    }
    best
}

/// The look of the cell `rect`, or None when its middle lies outside the frame.
pub fn look(frame: &Frame, rect: Rect) -> Option<Look> {
    let (look, counts) = look_shown(frame, rect);
    let (cx, cy) = (rect.x + rect.width / 2.0, rect.y + rect.height / 2.0);
    let middle = cx >= 0.0 && cy >= 0.0 && cx < frame.width() as f64 && cy < frame.height() as f64;
    (counts[0] > 0 || middle).then_some(look)
}

/// The look of the part of the cell `rect` inside the frame, and how many pixels each ring had
/// there. A ring too thin to hold a pixel's centre (a tiny cell) takes the pixel nearest the
/// middle, if inside; a ring with no pixel takes the colour of the ring inside it (or, for the
/// middle, of the nearest ring shown).
pub fn look_shown(frame: &Frame, rect: Rect) -> (Look, [u32; RINGS]) {
    let (cx, cy) = (rect.x + rect.width / 2.0, rect.y + rect.height / 2.0);
    let x0 = (cx - rect.width * 0.5).floor().max(0.0) as u32;
    let y0 = (cy - rect.height * 0.5).floor().max(0.0) as u32;
    let x1 = ((cx + rect.width * 0.5).ceil().max(0.0) as u32).min(frame.width());
    let y1 = ((cy + rect.height * 0.5).ceil().max(0.0) as u32).min(frame.height());
    // Channel sums are whole numbers, kept as such (in floating point they would be the same,
    // exactly, far below 2^53).
    let mut whole = [[0u64; 3]; RINGS];
    let mut counts = [0u32; RINGS];
    let (mut around_whole, mut around_count) = ([0u64; 3], 0u32);
    // A large cell is sampled on a sparser grid of pixels: at most some 50 across are plenty for
    // rings.
    let stride = ((rect.width.max(rect.height) / 50.0).ceil() as usize).max(1);
    // Each column's offset from the middle, squared, worked out once for every row.
    let columns: Vec<(usize, f64)> = (x0..x1)
        .step_by(stride)
        .filter_map(|x| {
            let u = (x as f64 + 0.5 - cx) / rect.width;
            (u.abs() < 0.5).then_some((4 * x as usize, u * u))
        })
        .collect();
    let raw = frame.image.as_raw();
    let row_bytes = 4 * frame.width() as usize;
    // Each pixel's ring by comparing its squared offset with the rings' bounds (`looks_rings`).
    let rings = Rings::new();
    for y in (y0..y1).step_by(stride) {
        let v = (y as f64 + 0.5 - cy) / rect.height;
        if v.abs() >= 0.5 {
            continue;
        }
        let vv = v * v;
        let row = &raw[y as usize * row_bytes..(y as usize + 1) * row_bytes];
        for &(at, uu) in &columns {
            let p = &row[at..at + 3];
            match rings.place(uu + vv) {
                Place::Around => {
                    (0..3).for_each(|k| around_whole[k] += u64::from(p[k]));
                    around_count += 1;
                }
                Place::Ring(ring) => {
                    (0..3).for_each(|k| whole[ring][k] += u64::from(p[k]));
                    counts[ring] += 1;
                }
            }
        }
    }
    let mut sums = whole.map(|ring| ring.map(|s| s as f64));
    let around = around_whole.map(|s| s as f64);
    let shown = counts;
    if counts[0] == 0 {
        let (x, y) = (cx.floor(), cy.floor());
        if x >= 0.0 && y >= 0.0 && (x as u32) < frame.width() && (y as u32) < frame.height() {
            sums[0] = frame.rgb(x as u32, y as u32).map(f64::from);
            counts[0] = 1;
        } else if let Some(first) = (1..RINGS).find(|&r| counts[r] > 0) {
            sums[0] = sums[first].map(|s| s / counts[first] as f64);
            counts[0] = 1;
        } else {
            sums[0] = if around_count > 0 { around.map(|s| s / around_count as f64) } else { [0.0; 3] };
            counts[0] = 1;
        }
    }
    for ring in 1..RINGS {
        if counts[ring] == 0 {
            sums[ring] = sums[ring - 1].map(|s| s / counts[ring - 1] as f64);
            counts[ring] = 1;
        }
    }
    let mut rgb = [[0f32; 3]; RINGS];
    for ring in 0..RINGS {
        rgb[ring] = sums[ring].map(|s| (s / counts[ring] as f64) as f32);
    }
    let around = if around_count == 0 { rgb[RINGS - 1] } else { around.map(|s| (s / around_count as f64) as f32) };
    (Look::from_rgb(rgb, around), shown)
}

/// Complete linkage: the two groups whose farthest members are nearest merge first, until `stop`
/// says so (given the number of groups and the distance of the next merge). Labels follow the
/// first appearance of each group.
fn linkage(looks: &[Look], relative: bool, stop: impl Fn(usize, f32) -> bool) -> Vec<usize> {
    let n = looks.len();
    let mut groups: Vec<Vec<usize>> = (0..n).map(|i| vec![i]).collect();
    let mut between: Vec<Vec<f32>> =
        looks.iter().map(|a| looks.iter().map(|b| a.distance_as(b, relative)).collect()).collect();
    while groups.len() > 1 {
        let mut best = (f32::INFINITY, 0, 1);
        for (i, row) in between.iter().enumerate() {
            for (j, &d) in row.iter().enumerate().skip(i + 1) {
                if d < best.0 {
                    best = (d, i, j);
                }
            }
        }
        let (distance, i, j) = best;
        if stop(groups.len(), distance) {
            break;
        }
        let moved = groups.remove(j);
        groups[i].extend(moved);
        let gone = between.remove(j);
        for (other, row) in between.iter_mut().enumerate() {
            let far = row[i].max(gone[if other < j { other } else { other + 1 }]);
            row.remove(j);
            row[i] = far;
        }
        let column: Vec<f32> = between.iter().map(|row| row[i]).collect();
        between[i] = column;
        between[i][i] = 0.0;
    }
    let mut labels = vec![0; n];
    groups.sort_by_key(|g| g.iter().min().copied());
    for (label, group) in groups.iter().enumerate() {
        for &i in group {
            labels[i] = label;
        }
    }
    labels
}

/// Splits looks into `k` groups (complete linkage), compared `relative`ly or not.
pub fn split(looks: &[Look], k: usize, relative: bool) -> Vec<usize> {
    linkage(looks, relative, |groups, _| groups <= k.max(1))
}

/// Groups looks that lie within `within` of every other member of their group (complete linkage
/// stopped at that distance), compared `relative`ly or not.
pub fn group(looks: &[Look], within: f32, relative: bool) -> Vec<usize> {
    linkage(looks, relative, |_, distance| distance > within)
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Rgba, RgbaImage};

    fn drawn(size: u32, draw: impl Fn(f64) -> Option<[u8; 3]>) -> Frame {
        let mut image = RgbaImage::from_pixel(size, size, Rgba([160, 82, 45, 255]));
        let c = size as f64 / 2.0;
        for (x, y, p) in image.enumerate_pixels_mut() {
            let r = (x as f64 + 0.5 - c).hypot(y as f64 + 0.5 - c) / size as f64;
            if let Some(rgb) = draw(r) {
                *p = Rgba([rgb[0], rgb[1], rgb[2], 255]);
            }
        }
        Frame::from_image(image)
    }

    fn cell(size: u32) -> Rect {
        Rect { x: 0.0, y: 0.0, width: size as f64, height: size as f64 }
    }

    #[test]
    fn a_disc_a_ring_and_nothing_look_apart_at_any_size_and_alike_across_sizes() {
        let disc = |r: f64| (r < 0.25).then_some([0, 0, 0]);
        let ring = |r: f64| (0.2..0.25).contains(&r).then_some([0, 0, 0]);
        let none = |_: f64| None;
        let at = |size: u32| {
            [
                look(&drawn(size, disc), cell(size)).unwrap(),
                look(&drawn(size, ring), cell(size)).unwrap(),
                look(&drawn(size, none), cell(size)).unwrap(),
            ]
        };
        let (small, large) = (at(40), at(90));
        for looks in [small, large] {
            assert!(looks[0].distance(&looks[1]) > 30.0, "{looks:?}");
            assert!(looks[1].distance(&looks[2]) > 15.0, "{looks:?}");
        }
        for i in 0..3 {
            let other = (0..3).filter(|&j| j != i).map(|j| small[i].distance(&large[j])).fold(f32::INFINITY, f32::min);
            assert!(small[i].distance(&large[i]) < other / 2.0, "look {i}: {small:?} {large:?}");
        }
    }

    /// A frame of one cell on a surface of `surface`, with `draw(r, under)` over it.
    fn over(size: u32, surface: [u8; 3], draw: impl Fn(f64, [u8; 3]) -> [u8; 3]) -> Frame {
        let mut image = RgbaImage::from_pixel(size, size, Rgba([surface[0], surface[1], surface[2], 255]));
        let c = size as f64 / 2.0;
        for (x, y, p) in image.enumerate_pixels_mut() {
            let r = (x as f64 + 0.5 - c).hypot(y as f64 + 0.5 - c) / size as f64;
            let rgb = draw(r, surface);
            *p = Rgba([rgb[0], rgb[1], rgb[2], 255]);
        }
        Frame::from_image(image)
    }

    #[test]
    fn compared_relative_to_their_surrounds_looks_on_lighter_and_darker_surfaces_stay_alike() {
        let (light, dark) = ([210, 160, 100], [150, 110, 65]);
        // A hollow that darkens the surface, a bare surface, an opaque blue peg.
        let hollow = |r: f64, under: [u8; 3]| if r < 0.25 { under.map(|v| (v as f64 * 0.5) as u8) } else { under };
        let bare = |_: f64, under: [u8; 3]| under;
        let peg = |r: f64, under: [u8; 3]| if r < 0.35 { [40, 70, 190] } else { under };
        let at = |surface| {
            [hollow, bare, peg]
                .map(|draw: fn(f64, [u8; 3]) -> [u8; 3]| look(&over(40, surface, draw), cell(40)).unwrap())
        };
        let (lit, shaded) = (at(light), at(dark));
        for i in 0..3 {
            assert!(lit[i].relative_distance(&shaded[i]) < 3.0, "look {i}: {lit:?} {shaded:?}");
            for j in (0..3).filter(|&j| j != i) {
                assert!(lit[i].relative_distance(&shaded[j]) > 10.0, "looks {i} and {j}: {lit:?} {shaded:?}");
            }
        }
        // As they are, the hollow lit and the hollow shaded lie far apart: what relative comparing
        // is for.
        assert!(lit[0].distance(&shaded[0]) > 10.0);
        assert!(lit[1].unlike_surround() < 1.0 && lit[0].unlike_surround() > 20.0);
    }

    #[test]
    fn looks_round_trip_through_hex_and_group() {
        let a = look(&drawn(30, |r| (r < 0.2).then_some([10, 20, 30])), cell(30)).unwrap();
        let b = look(&drawn(30, |_| None), cell(30)).unwrap();
        let back = Look::from_hex(&a.to_hex(false)).unwrap();
        assert!(back.distance(&a) < 1.0);
        let back = Look::from_hex(&a.to_hex(true)).unwrap();
        assert!(back.relative_distance(&a) < 1.0 && (back.around[0] - a.around[0]).abs() < 1.0);
        assert_eq!(split(&[a, b, a, b, b], 2, false), vec![0, 1, 0, 1, 1]);
        assert_eq!(group(&[a, b, a], 5.0, true), vec![0, 1, 0]);
        assert!(Look::from_hex(&["#000000".to_string()]).is_err());
    }
}
