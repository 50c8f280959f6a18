//! The total of mines from numbers shown beside the board, each of which may be the mines left, the
//! total itself, a timer or anything else: the totals they could mean are kept only when they
//! agree with the board, and one is taken only when it is the only one left.
//!
//! A number N with F flags on the board means N + F (the mines left: WineMine, rw-pz's page) or N
//! (the total: ripexz's "Mines: N"); with no flag the two are one. A total agrees with the board
//! when it is at least 1, fewer than the cells, and some layout of that many mines obeys every
//! number the board shows (the solver's deductions, then its exact count of layouts, within a
//! budget of nodes; when the count would only be estimated, the deductions alone decide). So a
//! timer at 000 beside an untouched board drops out (no game has 0 mines), and a timer at a few
//! seconds beside a started one drops out when the numbers need more mines than it shows.

use crate::budget::Budget;

use super::super::board::{Board, Cell};
use super::super::solve::position::Position;
use super::super::solve::prob::{Cache, probabilities};

/// The nodes each count of layouts may use.
const NODES: u64 = 200_000;

/// The one total the `numbers` could mean that agrees with `board`, if exactly one does.
pub(super) fn total(numbers: &[i64], board: &Board) -> Option<u32> {
    let flagged = board.cells.iter().filter(|&&c| c == Cell::Flagged).count() as i64;
    let mut totals: Vec<i64> = numbers.iter().flat_map(|&n| [n + flagged, n]).collect();
    totals.sort_unstable();
    totals.dedup();
    let unknown = Board { mines: None, ..board.clone() };
    let mut pos = Position::from_board(&unknown);
    // A board that breaks its own numbers is misread: no total agrees with it.
    pos.deduce().ok()?;
    let exact = probabilities(&pos, &mut Budget::nodes(NODES).start(), &mut Cache::default()).ok()?.exact;
    let kept: Vec<u32> = totals
        .into_iter()
        .filter(|&t| t >= 1 && (t as usize) < board.cells.len())
        .map(|t| t as u32)
        .filter(|&t| fits(board, t, exact))
        .collect();
    (kept.len() == 1).then(|| kept[0])
}

/// Whether some layout of `total` mines obeys the numbers on `board` (by the deductions alone
/// unless `exact`, when the count of layouts is exact).
fn fits(board: &Board, total: u32, exact: bool) -> bool {
    let mut pos = Position::from_board(&Board { mines: Some(total), ..board.clone() });
    if pos.deduce().is_err() {
        return false;
    }
    !exact || probabilities(&pos, &mut Budget::nodes(NODES).start(), &mut Cache::default()).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> Board {
        Board::from_rows(rows).expect("a board")
    }

    /// A counter at 10 beside a timer at 0: on an untouched board the timer means no mines at all.
    #[test]
    fn a_timer_at_zero_beside_an_untouched_board_drops_out() {
        let untouched = board(&["#####", "#####", "#####", "#####"]);
        assert_eq!(total(&[0, 10], &untouched), Some(10));
        assert_eq!(total(&[3, 10], &untouched), None, "a timer at 3 could be the counter");
    }

    /// The numbers shown need at least 3 mines (three 1s, each with its own covered cells), so a
    /// timer at 2 cannot be the counter; at 4 it could.
    #[test]
    fn a_timer_showing_too_few_mines_for_the_numbers_drops_out() {
        let started = board(&["#######", "1##1##1", "#######", "#######"]);
        assert_eq!(total(&[2, 7], &started), Some(7));
        assert_eq!(total(&[4, 7], &started), None);
    }

    /// With flags placed a number is the mines left or the total: both agree with this board.
    #[test]
    fn with_flags_a_number_alone_could_be_the_mines_left_or_the_total() {
        let flagged = board(&["F####", "#####", "#####", "#####"]);
        assert_eq!(total(&[8], &flagged), None);
        assert_eq!(total(&[8], &board(&["#####", "#####", "#####", "#####"])), Some(8));
    }
}
