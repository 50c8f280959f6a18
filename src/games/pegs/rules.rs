//! The rules a peg solitaire program plays by, as its profile says (`[rules]`): which way a peg
//! may jump (along rows and columns, or along diagonals too) and when the game is won (one peg
//! left anywhere, one peg left on the centre square or on a square the profile names, or as few
//! pegs as can be left). The defaults
//! are the classic rules, so a profile without `[rules]` plays as before. The board (`board.rs`)
//! knows what a jump does; this says which jumps are allowed and what ends the game.

use super::board::{Board, Cell, IllegalJump, Jump, Pos};

/// `[rules]` of a pegs profile.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    pub jumps: Jumps,
    pub goal: Goal,
    /// The square the last peg must stand on for `goal = "one-peg-on-square"`: `[row, column]`
    /// of the board as read, from 0 (a program that marks its goal hole elsewhere than the centre).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub square: Option<Pos>,
}

/// Which way a peg may jump.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Deserialize, serde::Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum Jumps {
    /// Along rows and columns only.
    #[default]
    Orthogonal,
    /// Along rows, columns and diagonals.
    Diagonal,
}

/// When the game is won.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Deserialize, serde::Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum Goal {
    /// One peg left, anywhere.
    #[default]
    OnePeg,
    /// One peg left, on the centre square.
    OnePegInCentre,
    /// One peg left, on the square the rules name (`square`).
    OnePegOnSquare,
    /// As few pegs left as can be: the game ends when no jump is left.
    FewestPegs,
}

const ORTHOGONAL: [(isize, isize); 4] = [(-2, 0), (2, 0), (0, -2), (0, 2)];
const DIAGONAL: [(isize, isize); 4] = [(-2, -2), (-2, 2), (2, -2), (2, 2)];

impl Rules {
    /// The steps a jump may take (two squares each), rows and columns first.
    pub fn steps(&self) -> Vec<(isize, isize)> {
        match self.jumps {
            Jumps::Orthogonal => ORTHOGONAL.to_vec(),
            Jumps::Diagonal => ORTHOGONAL.iter().chain(&DIAGONAL).copied().collect(),
        }
    }

    /// Why `jump` cannot be made on `board` by these rules, or None when it can.
    pub fn check(&self, board: &Board, jump: &Jump) -> Option<&'static str> {
        if jump.is_diagonal() && self.jumps == Jumps::Orthogonal {
            return Some("these rules jump along rows and columns only, not diagonally");
        }
        board.check_line(jump)
    }

    /// Makes `jump` on `board`, or says why these rules do not allow it.
    pub fn jump(&self, board: &mut Board, jump: &Jump) -> Result<(), IllegalJump> {
        match self.check(board, jump) {
            Some(why) => Err(IllegalJump { jump: *jump, why }),
            None => board.jump_line(jump),
        }
    }

    /// Every jump these rules allow on `board`.
    pub fn legal_jumps(&self, board: &Board) -> Vec<Jump> {
        board.legal_jumps_along(&self.steps())
    }

    /// The centre square, when the board has one with a hole: odd rows and columns.
    pub fn centre(board: &Board) -> Option<Pos> {
        let centre = (board.rows / 2, board.cols / 2);
        (board.rows % 2 == 1 && board.cols % 2 == 1 && board.get(centre) != Cell::Off).then_some(centre)
    }

    /// The square the last peg must stand on, when the goal names one and `board` has a hole
    /// there: the centre, or the rules' `square`.
    pub fn target(&self, board: &Board) -> Option<Pos> {
        let on_board = |p: Pos| p.0 < board.rows && p.1 < board.cols && board.get(p) != Cell::Off;
        match self.goal {
            Goal::OnePegInCentre => Rules::centre(board),
            Goal::OnePegOnSquare => self.square.filter(|&p| on_board(p)),
            Goal::OnePeg | Goal::FewestPegs => None,
        }
    }

    /// True when `board` shows the game won by these rules (for the fewest pegs: no jump is left).
    pub fn is_won(&self, board: &Board) -> bool {
        match self.goal {
            Goal::OnePeg => board.pegs() == 1,
            Goal::OnePegInCentre | Goal::OnePegOnSquare => {
                board.pegs() == 1 && self.target(board).is_some_and(|c| board.get(c) == Cell::Peg)
            }
            Goal::FewestPegs => board.pegs() >= 1 && self.legal_jumps(board).is_empty(),
        }
    }
}
