//! How one contest piece is driven to its landing under the page's gravity, and what a gravity
//! tick would do to it. A tick moves the piece down a row, or locks it where it rests, between any
//! two keys. So a piece is:
//! - *tolerant* when it has a path of turns and shifts that works whether or not a tick comes
//!   while its keys go out (every position on it free to fall, at its row and the next), then a
//!   drop: its keys may go at any time;
//! - *waitable* when it can fall and still reach its landing a row lower: the bot may wait for the
//!   next tick (and learn the timer's phase from it) before sending its keys;
//! - neither, *rushed*: its keys must go while no tick can come (resting at its spawn, a tuck
//!   under an overhang, a shift along the top of a full stack).
//!
//! A piece's keys are its path's steps and the drop key; the next piece comes the moment the drop
//! lands, so the rushed pieces right after it count too (`rushed_run`).

use crate::games::tetris::board::Board;
use crate::games::tetris::contest::reach::{Reach, top_path};
use crate::games::tetris::contest::rules::{self, Pos, SequencePiece, Step, TopOut};

/// The keys for one piece: the steps from where it is, then the drop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drive {
    pub steps: Vec<Step>,
    /// True when no tick can break the steps (see the module's text).
    pub tolerant: bool,
}

/// The steps that take the piece at `from` to `landing`: a tolerant path if there is one, else
/// the shortest. None when the landing cannot be reached from there.
pub fn drive(reach: &mut Reach, board: &Board, from: Pos, landing: Pos) -> Option<Drive> {
    if let Some(steps) = top_path(board, from, landing, from.y..=from.y + 1) {
        return Some(Drive { steps, tolerant: true });
    }
    // Any state with the landing's cells will do (I, S and Z have two, O one).
    let same = (0..4u8).map(|state| Pos { state, ..landing });
    let same = same.filter(|p| p.kind.shape(p.state).canonical == landing.kind.shape(landing.state).canonical);
    let mut steps = std::iter::once(landing).chain(same).find_map(|to| reach.path_from(board, from, to))?;
    // The drop key ends the path: trailing soft drops would only add keys.
    while steps.last() == Some(&Step::Down) {
        steps.pop();
    }
    Some(Drive { steps, tolerant: false })
}

/// True when the piece at `from` can fall a row and still reach `landing` (or a state of it with
/// the same cells, as the planner counts it) from there.
pub fn waitable(reach: &mut Reach, board: &Board, from: Pos, landing: Pos) -> bool {
    rules::can_fall(board, from) && reach.explore(board, from.stepped(Step::Down)) && reach.reached(landing)
}

/// How many pieces right after the one now placed (which leaves `board`) are rushed: not waitable
/// at their spawn (tolerant ones are waitable too), given their landings `next` as far as they
/// are known, at most `max`. A piece whose landing is not known yet counts when it cannot even
/// fall at its spawn. The planner (`search::RushedLimit`) counts them the same way.
pub fn rushed_run(reach: &mut Reach, board: &Board, pieces: &[SequencePiece], next: &[Pos], max: usize) -> usize {
    let mut board = *board;
    let mut run = 0;
    for (i, &piece) in pieces.iter().enumerate().take(max) {
        let spawn = Pos::spawn(piece);
        let Some(&landing) = next.get(i) else { return run + usize::from(!rules::can_fall(&board, spawn)) };
        if waitable(reach, &board, spawn, landing) {
            break;
        }
        run += 1;
        rules::lock(&mut board, landing, TopOut::Staff);
    }
    run
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tetris::contest::rules::Kind;

    fn board(rows: &[&str]) -> Board {
        let mut all = vec![".........."; 20 - rows.len()];
        all.extend_from_slice(rows);
        Board::from_rows(&all, 20).expect("board")
    }

    #[test]
    fn on_an_open_board_a_piece_is_tolerant_and_its_keys_are_turns_and_shifts() {
        let b = board(&["#########.", "#########."]);
        let from = Pos { kind: Kind::I, state: 1, x: 4, y: 0 };
        let landing = Pos { kind: Kind::I, state: 0, x: 9, y: 18 };
        let mut reach = Reach::default();
        let d = drive(&mut reach, &b, from, landing).expect("reachable");
        assert!(d.tolerant);
        assert_eq!(d.steps.iter().filter(|s| **s == Step::Rotate).count(), 1);
        assert!(!d.steps.contains(&Step::Down));
        assert!(waitable(&mut reach, &b, from, landing));
    }

    #[test]
    fn a_piece_resting_at_its_spawn_can_neither_wait_nor_take_a_tick() {
        // The stack reaches row 1 under the spawn columns; columns 7 to 9 are open to the floor.
        let mut rows = vec!["#######..."; 19];
        rows[0] = "###.###...";
        let b = board(&rows);
        let from = Pos { kind: Kind::I, state: 1, x: 4, y: 0 };
        assert!(from.is_legal(&b) && !rules::can_fall(&b, from));
        let landing = Pos { kind: Kind::I, state: 0, x: 9, y: 18 };
        let mut reach = Reach::default();
        let d = drive(&mut reach, &b, from, landing).expect("turned up and shifted right");
        assert!(!d.tolerant);
        assert!(!waitable(&mut reach, &b, from, landing));
        let pieces = [SequencePiece { kind: Kind::I, state: 1 }, SequencePiece { kind: Kind::I, state: 1 }];
        let after = [landing, Pos { x: 8, ..landing }];
        assert_eq!(rushed_run(&mut reach, &b, &pieces, &after, 8), 2, "both spawn resting on the stack");
        assert_eq!(rushed_run(&mut reach, &b, &pieces, &after[..1], 8), 2, "resting at its spawn, landing or not");
        let open = board(&["#########."]);
        assert_eq!(rushed_run(&mut reach, &open, &pieces, &[], 8), 0, "free to fall: taken as able to wait");
    }
}
