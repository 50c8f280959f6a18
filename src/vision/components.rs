//! Connected components of a pixel mask, with their bounding boxes and areas.
//!
//! The grid finder uses this to find the blocks of colour that make up a board. One pass with a
//! union-find over run starts keeps it linear in the number of pixels.

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

/// A union-find over indices, with path halving.
pub struct DisjointSets {
    parent: Vec<u32>,
}

impl DisjointSets {
    pub fn new(n: usize) -> DisjointSets {
        DisjointSets { parent: (0..n as u32).collect() }
    }

    pub fn find(&mut self, mut i: u32) -> u32 {
        while self.parent[i as usize] != i {
            let grand = self.parent[self.parent[i as usize] as usize];
            self.parent[i as usize] = grand;
            i = grand;
        }
        i
    }

    pub fn union(&mut self, a: u32, b: u32) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.parent[ra.max(rb) as usize] = ra.min(rb);
        }
    }
}

/// Finds the 4-connected components of `mask` (row-major, `width` wide).
pub fn components(mask: &[bool], width: usize) -> Vec<Component> {
    if width == 0 {
        return Vec::new();
    }
    let height = mask.len() / width;
    // Label runs of set pixels per row, then join runs that overlap a run in the row above.
    struct Run {
        y: u32,
        x0: u32,
        x1: u32,
    }
    let mut runs: Vec<Run> = Vec::new();
    let mut row_starts = Vec::with_capacity(height + 1);
    for y in 0..height {
        row_starts.push(runs.len());
        let row = &mask[y * width..(y + 1) * width];
        let mut x = 0;
        while x < width {
            if row[x] {
                let start = x;
                while x < width && row[x] {
                    x += 1;
                }
                runs.push(Run { y: y as u32, x0: start as u32, x1: x as u32 });
            } else {
                x += 1;
            }
        }
    }
    row_starts.push(runs.len());
    let mut sets = DisjointSets::new(runs.len());
    for y in 1..height {
        let (mut above, above_end) = (row_starts[y - 1], row_starts[y]);
        for i in row_starts[y]..row_starts[y + 1] {
            while above < above_end && runs[above].x1 <= runs[i].x0 {
                above += 1;
            }
            let mut j = above;
            while j < above_end && runs[j].x0 < runs[i].x1 {
                sets.union(i as u32, j as u32);
                j += 1;
            }
        }
    }
    let mut by_root: std::collections::HashMap<u32, Component> = std::collections::HashMap::new();
    for (i, run) in runs.iter().enumerate() {
        let piece = Component { area: (run.x1 - run.x0) as usize, x0: run.x0, y0: run.y, x1: run.x1, y1: run.y + 1 };
        by_root.entry(sets.find(i as u32)).and_modify(|c| c.merge(&piece)).or_insert(piece);
    }
    let mut found: Vec<Component> = by_root.into_values().collect();
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
