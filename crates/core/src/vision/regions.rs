//! Regions of a pixel mask: connected components (imageproc's region labelling) with their
//! bounding boxes and areas, which the grid finder, the disc finder and the readers build on, and
//! the conversions between the readers' boolean masks and imageproc's grey images.

use image::{GrayImage, Luma};
use imageproc::region_labelling::{Connectivity, connected_components};

/// A connected set of mask pixels (4-connectivity).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Component {
    pub area: usize,
    pub x0: u32,
    pub y0: u32,
    /// Exclusive right and bottom edges.
    pub x1: u32,
    pub y1: u32,
}

impl Component {
    pub fn width(&self) -> u32 {
        self.x1 - self.x0
    }

    pub fn height(&self) -> u32 {
        self.y1 - self.y0
    }

    /// The gap in pixels between two boxes along the axis where they are furthest apart
    /// (0 when they touch or overlap).
    pub fn gap(&self, other: &Component) -> u32 {
        let gx = other.x0.saturating_sub(self.x1).max(self.x0.saturating_sub(other.x1));
        let gy = other.y0.saturating_sub(self.y1).max(self.y0.saturating_sub(other.y1));
        gx.max(gy)
    }

    pub fn merge(&mut self, other: &Component) {
        self.area += other.area;
        self.x0 = self.x0.min(other.x0);
        self.y0 = self.y0.min(other.y0);
        self.x1 = self.x1.max(other.x1);
        self.y1 = self.y1.max(other.y1);
    }
}

/// A mask (row-major, `width` wide) as a grey image: set pixels 255, the rest 0.
pub fn mask_image(mask: &[bool], width: usize) -> GrayImage {
    let height = mask.len().checked_div(width).unwrap_or(0);
    let pixels = mask[..width * height].iter().map(|&on| if on { 255 } else { 0 }).collect();
    GrayImage::from_raw(width as u32, height as u32, pixels).unwrap_or_default()
}

/// The set pixels of a grey image (any non-zero value), row-major.
pub fn image_mask(image: &GrayImage) -> Vec<bool> {
    image.pixels().map(|p| p.0[0] != 0).collect()
}

/// Finds the 4-connected components of `mask` (row-major, `width` wide), sorted by top, left,
/// then area. The labelling is imageproc's; this adds the boxes and areas.
pub fn components(mask: &[bool], width: usize) -> Vec<Component> {
    components_with(mask, width, Connectivity::Four)
}

/// Like `components`, with pixels that touch only at a corner joined too: a thin stroke that a
/// small rendering leaves one pixel wide and stepped stays one piece.
pub fn components_8(mask: &[bool], width: usize) -> Vec<Component> {
    components_with(mask, width, Connectivity::Eight)
}

/// Clears from `mask` (row-major, `width` wide) every 8-connected part of fewer than `least`
/// pixels: specks of noise beside a glyph's strokes.
pub fn clear_specks_8(mask: &mut [bool], width: usize, least: usize) {
    if width == 0 || mask.len() < width {
        return;
    }
    let labels = connected_components(&mask_image(mask, width), Connectivity::Eight, Luma([0u8]));
    let mut areas: Vec<usize> = Vec::new();
    for &label in labels.as_raw() {
        let label = label as usize;
        if label > 0 {
            if areas.len() < label {
                areas.resize(label, 0);
            }
            areas[label - 1] += 1;
        }
    }
    for (on, &label) in mask.iter_mut().zip(labels.as_raw()) {
        if label > 0 && areas[label as usize - 1] < least {
            *on = false;
        }
    }
}

fn components_with(mask: &[bool], width: usize, connectivity: Connectivity) -> Vec<Component> {
    if width == 0 || mask.len() < width {
        return Vec::new();
    }
    let labels = connected_components(&mask_image(mask, width), connectivity, Luma([0u8]));
    let mut found: Vec<Option<Component>> = Vec::new();
    for (y, row) in labels.as_raw().chunks_exact(width).enumerate() {
        let y = y as u32;
        for (x, &label) in row.iter().enumerate() {
            if label == 0 {
                continue;
            }
            let (label, x) = (label as usize, x as u32);
            if found.len() < label {
                found.resize(label, None);
            }
            match &mut found[label - 1] {
                Some(c) => {
                    c.area += 1;
                    c.x0 = c.x0.min(x);
                    c.x1 = c.x1.max(x + 1);
                    c.y1 = y + 1;
                }
                slot => *slot = Some(Component { area: 1, x0: x, y0: y, x1: x + 1, y1: y + 1 }),
            }
        }
    }
    let mut found: Vec<Component> = found.into_iter().flatten().collect();
    found.sort_by_key(|c| (c.y0, c.x0, c.area));
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mask(rows: &[&str]) -> (Vec<bool>, usize) {
        (rows.iter().flat_map(|r| r.chars().map(|c| c == '#')).collect(), rows[0].len())
    }

    #[test]
    fn specks_go_and_a_stroke_joined_only_at_corners_stays() {
        let (mut m, w) = mask(&["#....", ".#..#", "..#..", "....."]);
        clear_specks_8(&mut m, w, 2);
        let (want, _) = mask(&["#....", ".#...", "..#..", "....."]);
        assert_eq!(m, want);
    }

    #[test]
    fn corner_neighbours_join_only_in_eight_connectivity() {
        let (m, w) = mask(&["#...", ".#..", "..#.", "...#"]);
        assert_eq!(components(&m, w).len(), 4);
        assert_eq!(components_8(&m, w), vec![Component { area: 4, x0: 0, y0: 0, x1: 4, y1: 4 }]);
    }

    #[test]
    fn finds_separate_blobs_with_boxes_and_areas() {
        let (m, w) = mask(&["##..#", "#...#", "..###", "#...."]);
        let found = components(&m, w);
        assert_eq!(found.len(), 3);
        assert_eq!(found[0], Component { area: 3, x0: 0, y0: 0, x1: 2, y1: 2 });
        assert_eq!(found[1], Component { area: 5, x0: 2, y0: 0, x1: 5, y1: 3 });
        assert_eq!(found[2], Component { area: 1, x0: 0, y0: 3, x1: 1, y1: 4 });
    }

    #[test]
    fn a_u_shape_is_one_component() {
        let (m, w) = mask(&["#.#", "#.#", "###"]);
        assert_eq!(components(&m, w).len(), 1);
    }

    #[test]
    fn gap_measures_the_space_between_boxes() {
        let a = Component { area: 1, x0: 0, y0: 0, x1: 10, y1: 10 };
        let b = Component { area: 1, x0: 12, y0: 0, x1: 20, y1: 10 };
        assert_eq!(a.gap(&b), 2);
        assert_eq!(b.gap(&a), 2);
        assert_eq!(a.gap(&a), 0);
    }
}
