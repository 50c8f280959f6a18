//! The games gamebot can play, one folder each, and the trait the play loop drives them through.
//!
//! A game supplies its pure parts (locate, read, solve, predict, act); the runner supplies the
//! screen, the input and the verify loop. Adding a game means one folder, one `GameKind` variant and
//! one profile in `config/`; the compiler points at every `match` that must learn of it.

pub mod breach;
pub mod collapse;
pub mod flood;
pub mod pegs;
pub mod tetris;

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::budget::Budget;
use crate::frame::Frame;
use crate::input::Action;
use crate::profile::Profile;

/// The games gamebot knows, by their case-file name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    Flood,
    Pegs,
    Breach,
    Collapse,
    Tetris,
}

impl GameKind {
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Flood => "flood",
            GameKind::Pegs => "pegs",
            GameKind::Breach => "breach",
            GameKind::Collapse => "collapse",
            GameKind::Tetris => "tetris",
        }
    }

    /// The profile used when none is named.
    pub fn default_profile(self) -> &'static str {
        match self {
            GameKind::Flood => "sgt-flood",
            GameKind::Pegs => "sgt-pegs",
            GameKind::Breach => "cyberpunk-breach",
            GameKind::Collapse => "collapse",
            GameKind::Tetris => "quadrapassel",
        }
    }

    pub fn from_name(name: &str) -> Option<GameKind> {
        [GameKind::Flood, GameKind::Pegs, GameKind::Breach, GameKind::Collapse, GameKind::Tetris]
            .into_iter()
            .find(|k| k.name() == name)
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A board as read from the screen, with how sure the reader is (0..1).
#[derive(Clone, Debug)]
pub struct Reading<B> {
    pub board: B,
    pub confidence: f32,
}

/// A solver's answer: the moves, and whether they are proven to be the fewest possible.
#[derive(Clone, Debug)]
pub struct Plan<M> {
    pub moves: Vec<M>,
    pub proven_optimal: bool,
}

/// A turn-based game, as the play loop sees it. Every method is pure: no screen, no input.
pub trait Game {
    type Board: Clone + fmt::Display;
    type Move: Clone + fmt::Display;
    /// Where the board is in a frame (plain data, savable as a calibration).
    type Layout: Clone;

    const KIND: GameKind;

    /// Finds the board in a frame.
    fn locate(frame: &Frame, profile: &Profile) -> anyhow::Result<Self::Layout>;
    /// True when a layout found earlier can still be used on this frame.
    fn layout_fits(layout: &Self::Layout, frame: &Frame) -> bool;
    /// Reads the board with a known layout.
    fn read(frame: &Frame, layout: &Self::Layout, profile: &Profile) -> anyhow::Result<Reading<Self::Board>>;
    /// Plans from `board`; an error says why there is no plan (e.g. proven unsolvable).
    fn solve(board: &Self::Board, budget: Budget) -> anyhow::Result<Plan<Self::Move>>;
    /// What the rules say the board becomes after `mv`.
    fn predict(board: &Self::Board, mv: &Self::Move) -> Self::Board;
    /// True when a board read from the screen is the board the rules predicted.
    fn matches(read: &Self::Board, predicted: &Self::Board) -> bool;
    fn is_won(board: &Self::Board) -> bool;
    /// The inputs that make `mv` on `board`, frame-relative.
    fn actions(mv: &Self::Move, board: &Self::Board, layout: &Self::Layout, profile: &Profile) -> anyhow::Result<Vec<Action>>;
    /// The body of a case file's `[board]` table for this board (TOML lines).
    fn board_toml(board: &Self::Board) -> String;
    /// Lines describing what was seen besides the board (colours, counts), for `calibrate`.
    fn describe(frame: &Frame, layout: &Self::Layout, board: &Self::Board) -> Vec<String>;
    /// The plan in words, for people.
    fn describe_plan(moves: &[Self::Move]) -> String {
        moves.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" ")
    }
    /// The reading and the plan drawn over the frame, for people.
    fn annotate(frame: &Frame, layout: &Self::Layout, board: &Self::Board, plan: &[Self::Move]) -> image::RgbaImage;
}

/// Formats text rows as the TOML array `rows = [...]`.
pub fn rows_toml(rows: &[String]) -> String {
    let mut text = String::from("rows = [\n");
    for row in rows {
        text.push_str(&format!("  \"{row}\",\n"));
    }
    text.push(']');
    text
}
