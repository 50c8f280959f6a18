//! Scoring placements: the [`Evaluator`] trait the searches use, the features it can weigh
//! (`features.rs`) and the linear evaluator with its named weight sets (`weights.rs`).
//!
//! An evaluator splits its score in two so a search over several pieces can add the per-move
//! parts of each move and score only the final board: `move_score` (landing height, eroded cells,
//! lines) and `board_score` (everything measured on the board).

pub mod features;
pub mod weights;

#[cfg(test)]
mod tests;

pub use features::{BoardFeatures, MoveFeatures};
pub use weights::Weights;

use super::board::Board;

/// Scores placements; higher is better. `Sync` so simulated games can share one across threads.
pub trait Evaluator: Sync {
    /// The part of the score that belongs to the placement itself.
    fn move_score(&self, features: &MoveFeatures) -> f64;
    /// The part of the score that belongs to the board left behind.
    fn board_score(&self, board: &Board) -> f64;
}

impl Evaluator for Weights {
    fn move_score(&self, m: &MoveFeatures) -> f64 {
        self.landing_height * m.landing_height
            + self.eroded_cells * m.eroded_cells as f64
            + self.complete_lines * m.lines as f64
    }

    fn board_score(&self, board: &Board) -> f64 {
        let f = BoardFeatures::of(board);
        self.row_transitions * f.row_transitions as f64
            + self.column_transitions * f.column_transitions as f64
            + self.holes * f.holes as f64
            + self.wells * f.wells as f64
            + self.hole_depth * f.hole_depth as f64
            + self.rows_with_holes * f.rows_with_holes as f64
            + self.diversity * f.diversity as f64
            + self.aggregate_height * f.aggregate_height as f64
            + self.bumpiness * f.bumpiness as f64
    }
}
