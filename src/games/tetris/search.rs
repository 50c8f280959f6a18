//! Choosing where to put a piece: with only the current piece known, with the current piece and
//! the preview (the best pair of placements), and by beam search over a longer known sequence.
//!
//! A line of play scores the sum of its moves' `move_score`s plus the `board_score` of the board it
//! leaves. A first placement after which the next piece has nowhere to go scores below every other.
//! Ties go to the placement generated first, so a choice is deterministic.

use super::board::Board;
use super::eval::{Evaluator, MoveFeatures};
use super::piece::Piece;
use super::placements::{Placement, Step, placements};
use crate::beam::{self, Next, Selection};

/// Below any real score: a line of play that tops out.
const DEAD: f64 = -1e15;

/// The chosen placement, the inputs that reach it from spawn, and its score.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    pub placement: Placement,
    pub path: Vec<Step>,
    pub score: f64,
}

/// Searches with reusable scratch space (no allocation per decision after the first).
#[derive(Default)]
pub struct Planner {
    /// Also consider tucks and spins (slower).
    pub tucks: bool,
    first: Vec<Placement>,
    second: Vec<Placement>,
}

impl Planner {
    pub fn new(tucks: bool) -> Planner {
        Planner { tucks, ..Planner::default() }
    }

    /// The best placement of `piece` alone, with its score; `None` when every placement tops out.
    pub fn best_one(&mut self, board: &Board, piece: Piece, eval: &impl Evaluator) -> Option<(Placement, f64)> {
        placements(board, piece, self.tucks, &mut self.first);
        let mut best: Option<(Placement, f64)> = None;
        for p in &self.first {
            if let Some((after, placed)) = p.apply(board) {
                let score = eval.move_score(&MoveFeatures::of(p, &placed)) + eval.board_score(&after);
                if best.is_none_or(|(_, s)| score > s) {
                    best = Some((*p, score));
                }
            }
        }
        best
    }

    /// The placement of `piece` that begins the best pair of placements of `piece` then `next`.
    pub fn best_with_preview(
        &mut self,
        board: &Board,
        piece: Piece,
        next: Piece,
        eval: &impl Evaluator,
    ) -> Option<(Placement, f64)> {
        placements(board, piece, self.tucks, &mut self.first);
        let mut best: Option<(Placement, f64)> = None;
        for i in 0..self.first.len() {
            let p = self.first[i];
            let Some((after, placed)) = p.apply(board) else { continue };
            let first_score = eval.move_score(&MoveFeatures::of(&p, &placed));
            placements(&after, next, self.tucks, &mut self.second);
            let mut best_second = DEAD + eval.board_score(&after);
            for q in &self.second {
                if let Some((end, placed2)) = q.apply(&after) {
                    let s = eval.move_score(&MoveFeatures::of(q, &placed2)) + eval.board_score(&end);
                    best_second = best_second.max(s);
                }
            }
            let score = first_score + best_second;
            if best.is_none_or(|(_, s)| score > s) {
                best = Some((p, score));
            }
        }
        best
    }

    /// Beam search over the known `pieces` (the first is the one to place now), on the one beam
    /// search (`crate::beam`): keeps the `width` best lines of play after each piece, one per
    /// board, and returns the first placement of the best line.
    pub fn beam(
        &mut self,
        board: &Board,
        pieces: &[Piece],
        width: usize,
        eval: &impl Evaluator,
    ) -> Option<(Placement, f64)> {
        struct Node {
            board: Board,
            first: Option<Placement>,
            moves: f64,
            score: f64,
        }
        let root = Node { board: *board, first: None, moves: 0.0, score: 0.0 };
        let id = |n: &Node| n.board;
        let expand = |depth: usize, layer: &[Node], children: &mut Vec<Node>| {
            let Some(&piece) = pieces.get(depth) else { return Next::Stop };
            for parent in layer {
                placements(&parent.board, piece, self.tucks, &mut self.first);
                for p in &self.first {
                    let Some((after, done)) = p.apply(&parent.board) else { continue };
                    let moves = parent.moves + eval.move_score(&MoveFeatures::of(p, &done));
                    let first = parent.first.or(Some(*p));
                    children.push(Node { board: after, first, moves, score: moves + eval.board_score(&after) });
                }
            }
            Next::Continue
        };
        let how = Selection::new(width.max(1), &id);
        let layer = beam::run(vec![root], &how, expand, |a, b| beam::higher_first(a.score, b.score));
        layer.first().and_then(|n| Some((n.first?, n.score)))
    }

    /// A full choice (with the path of inputs) from `board`: the preview is used when given.
    pub fn choose(
        &mut self,
        board: &Board,
        piece: Piece,
        next: Option<Piece>,
        eval: &impl Evaluator,
    ) -> Option<Choice> {
        let (placement, score) = match next {
            Some(next) => self.best_with_preview(board, piece, next, eval)?,
            None => self.best_one(board, piece, eval)?,
        };
        Some(Choice { placement, path: placement.path(board), score })
    }
}
