//! Why a Minesweeper board does not read: no board, no cells, a board only part of which shows (cut
//! off by the picture or covered), a cell that reads as nothing, or a
//! profile's colours that are no colours. Below both readers (the hand-made profile's and the
//! learned looks'), which both return it.

use crate::vision::edge::{CutOff, Edge};

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum ReadError {
    #[error("no board: nothing in the window has the colours of cell edges ({0})")]
    NoFrame(String),
    #[error("no board: no lattice of cells with the profile's looks ({0})")]
    NoLattice(String),
    #[error(
        "the board found at ({x}, {y}), {width}x{height} px, cannot be cut into cells of {min} px or more whose edges all show; is it covered, or are the cells too small?"
    )]
    NoCells { x: u32, y: u32, width: u32, height: u32, min: u32 },
    #[error("row {row} col {col}: {what}")]
    Cell { row: usize, col: usize, what: String },
    #[error("{0}")]
    CutOff(CutOff),
    #[error(
        "the board seems covered: past the board found, on its {edge} side, cells like the board's show again {further}; is a window or a dialog over the board?"
    )]
    Covered { edge: Edge, further: String },
    #[error("the profile's colours: {0}")]
    Colours(String),
}
