//! How promising a contest board is, for the planner's beam: the score so far plus this value.
//!
//! The contest pays cells-on-board x {1,3,6,10} per clear, so a cell on the board is worth points
//! later: the value counts cells (that credit fades over the last pieces, when there is no later),
//! and charges for what spoils dense clears: holes and rows with holes (lines that cannot
//! complete), a rough surface apart from one well (the column left open for I pieces and
//! verticals), a well that is too shallow or a second well, and height close to the top and
//! above the spawn, where the next pieces could no longer enter or move. The hole and surface
//! counts are the engine's own board features.

use super::super::board::{Board, WIDTH};
use super::super::eval::features::BoardFeatures;

/// The value's weights (points).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Credit per cell on the board.
    pub cell: f64,
    /// Pieces before the end from which the cell credit starts to fade (linearly to 0).
    pub fade: f64,
    pub hole: f64,
    pub hole_row: f64,
    pub hole_depth: f64,
    /// Per unit of height difference between neighbouring columns, the well column left out.
    pub bump: f64,
    /// Per cell of row transitions (filled/empty changes along rows).
    pub row_transitions: f64,
    /// Per squared row of a column above `safe_height`.
    pub high: f64,
    pub safe_height: f64,
    /// Like `high`, for the spawn columns 3..=5, above `spawn_safe_height`.
    pub spawn_high: f64,
    pub spawn_safe_height: f64,
    /// Per row of the second-deepest well beyond 2 (a second well wastes a column).
    pub second_well: f64,
    /// Rank adjustment of a lock clearing 1, 2, 3 or 4 lines (shaping only: never scored).
    pub clear: [f64; 4],
    /// Share of the beam kept per stack level (search shaping, not a value).
    pub reserve: f64,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            cell: 36.0,
            fade: 100.0,
            hole: 300.0,
            hole_row: 150.0,
            hole_depth: 10.0,
            bump: 30.0,
            row_transitions: 20.0,
            high: 60.0,
            safe_height: 19.0,
            spawn_high: 200.0,
            spawn_safe_height: 19.0,
            second_well: 40.0,
            clear: [0.0; 4],
            reserve: 0.05,
        }
    }
}

impl Weights {
    /// The weights after a whole beam topped out: a lower stack, especially under the spawn, and
    /// no shaping of clears.
    pub fn cautious(&self) -> Weights {
        Weights {
            safe_height: self.safe_height.min(16.0),
            spawn_safe_height: self.spawn_safe_height.min(15.0),
            high: self.high.max(60.0),
            spawn_high: self.spawn_high.max(200.0),
            clear: [0.0; 4],
            ..*self
        }
    }

    /// The defaults with some weights replaced, from `name=value` pairs joined by commas (for
    /// tuning from the command line), e.g. `cell=40,safe_height=16`.
    pub fn with_overrides(mut self, text: &str) -> anyhow::Result<Weights> {
        for pair in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (name, value) =
                pair.split_once('=').ok_or_else(|| anyhow::anyhow!("{pair:?}: a weight is name=value"))?;
            let value: f64 = value.trim().parse().map_err(|e| anyhow::anyhow!("{pair:?}: {e}"))?;
            let slot = match name.trim() {
                "cell" => &mut self.cell,
                "fade" => &mut self.fade,
                "hole" => &mut self.hole,
                "hole_row" => &mut self.hole_row,
                "hole_depth" => &mut self.hole_depth,
                "bump" => &mut self.bump,
                "row_transitions" => &mut self.row_transitions,
                "high" => &mut self.high,
                "safe_height" => &mut self.safe_height,
                "spawn_high" => &mut self.spawn_high,
                "spawn_safe_height" => &mut self.spawn_safe_height,
                "second_well" => &mut self.second_well,
                "clear1" => &mut self.clear[0],
                "clear2" => &mut self.clear[1],
                "clear3" => &mut self.clear[2],
                "clear4" => &mut self.clear[3],
                "reserve" => &mut self.reserve,
                other => anyhow::bail!("{other:?} is not a contest weight"),
            };
            *slot = value;
        }
        Ok(self)
    }
}

/// The rank adjustment of a lock that cleared `lines`.
pub fn clear_shaping(lines: u32, w: &Weights) -> f64 {
    match lines {
        1..=4 => w.clear[lines as usize - 1],
        _ => 0.0,
    }
}

/// The value of `board` with `remaining` pieces still to come.
pub fn value(board: &Board, remaining: u32, w: &Weights) -> f64 {
    let f = BoardFeatures::of(board);
    let heights = board.column_heights();
    let cells = board.count_cells() as f64;
    let fade = (remaining as f64 / w.fade).min(1.0);
    let mut v = w.cell * fade * cells;
    v -= w.hole * f.holes as f64 + w.hole_row * f.rows_with_holes as f64 + w.hole_depth * f.hole_depth as f64;
    v -= w.row_transitions * f.row_transitions as f64;

    let well = (0..WIDTH).min_by_key(|&x| (heights[x], x)).unwrap_or(0);
    let mut bump = 0u32;
    for x in 0..WIDTH - 1 {
        if x != well && x + 1 != well {
            bump += (heights[x] as i32 - heights[x + 1] as i32).unsigned_abs();
        }
    }
    v -= w.bump * bump as f64;

    // Depth of each column below the lower of its neighbours (walls count as high).
    let depth = |x: usize| {
        let left = if x == 0 { u8::MAX } else { heights[x - 1] };
        let right = if x + 1 == WIDTH { u8::MAX } else { heights[x + 1] };
        left.min(right).saturating_sub(heights[x]) as f64
    };
    let second = (0..WIDTH).filter(|&x| x != well).map(depth).fold(0.0, f64::max);
    v -= w.second_well * (second - 2.0).max(0.0);

    for (x, &h) in heights.iter().enumerate() {
        let over = (h as f64 - w.safe_height).max(0.0);
        v -= w.high * over * over;
        if (3..=5).contains(&x) {
            let over = (h as f64 - w.spawn_safe_height).max(0.0);
            v -= w.spawn_high * over * over;
        }
    }
    v
}
