//! Issue 40, rules as part of a profile: the jump directions and the goal a pegs profile carries
//! (`[rules]`) are honoured by the solver (`Pegs::solve`), the prediction the play loop checks the
//! screen against (`Pegs::predict`), the end of play (`Pegs::is_won`) and `replay`'s answer check.
//! A board drawn as a program shows it, read with a profile learned blind, is solved only with
//! diagonal jumps; a goal of one peg in the centre is kept, or refused where it cannot be reached.

use super::board::{Board, Jump};
use super::calibrate::learn;
use super::drawn::{Drawing, Kind, english};
use super::read::{locate_with, read_with};
use super::rules::{Goal, Jumps, Rules};
use super::{MoveStyle, Pegs, PegsConfig};
use crate::budget::Budget;
use crate::game::TurnBased;

fn with(rules: Rules) -> PegsConfig {
    PegsConfig { rules, ..PegsConfig::default() }
}

fn diagonal(goal: Goal) -> Rules {
    Rules { jumps: Jumps::Diagonal, goal, square: None }
}

/// The board `plan` leaves, each jump predicted by `config`'s rules.
fn played(board: &Board, plan: &[Jump], config: &PegsConfig) -> Board {
    plan.iter().fold(board.clone(), |now, jump| Pegs::predict(&now, jump, config))
}

#[test]
fn a_drawn_board_solvable_only_by_diagonal_jumps_is_solved_with_them_and_refused_without() {
    let shown = Board::from_rows(&["o....", ".o...", ".....", "...o.", "....."]).unwrap();
    let learnt = learn(&Drawing::new(Kind::Discs, 40.0).draw(&english()), None, MoveStyle::Click).unwrap();
    let frame = Drawing::new(Kind::Discs, 44.0).draw(&shown);
    let grid = locate_with(&frame, &learnt.config).unwrap();
    let board = read_with(&frame, &grid, &learnt.config).unwrap();
    assert_eq!(board, shown);
    let config = PegsConfig { rules: diagonal(Goal::OnePeg), ..learnt.config.clone() };
    let plan = Pegs::solve(&board, &config, Budget::CHECK).unwrap();
    let end = played(&board, &plan.moves, &config);
    assert!(Pegs::is_won(&end, &config) && end.pegs() == 1, "{plan:?} leaves\n{end}");
    assert!(plan.moves.iter().any(Jump::is_diagonal));
    let error = Pegs::solve(&board, &learnt.config, Budget::CHECK).unwrap_err().to_string();
    assert!(error.contains("proven unsolvable") && error.contains("rows and columns"), "{error}");
}

#[test]
fn the_goal_of_one_peg_in_the_centre_is_kept_or_refused_where_it_cannot_be_reached() {
    // The English board (the fast solver); a board whose centre two diagonal jumps reach (the plain search).
    let corner = Board::from_rows(&["o....", ".....", "..o..", "...o.", "....."]).unwrap();
    for (board, jumps) in [(english(), Jumps::Orthogonal), (corner, Jumps::Diagonal)] {
        let config = with(Rules { jumps, goal: Goal::OnePegInCentre, square: None });
        let plan = Pegs::solve(&board, &config, Budget::CHECK).unwrap();
        let end = played(&board, &plan.moves, &config);
        let centre = (board.rows / 2, board.cols / 2);
        assert_eq!((end.pegs(), end.get(centre)), (1, super::board::Cell::Peg), "{jumps:?}\n{end}");
        assert!(Pegs::is_won(&end, &config));
    }
    // One peg can be left here, at (1,1) or (1,4), but never on the centre square (1,2).
    let line = Board::from_rows(&[".....", "oo.o.", "....."]).unwrap();
    let (anywhere, centre) = (with(Rules::default()), with(Rules { goal: Goal::OnePegInCentre, ..Rules::default() }));
    let end = played(&line, &Pegs::solve(&line, &anywhere, Budget::CHECK).unwrap().moves, &anywhere);
    assert!(Pegs::is_won(&end, &anywhere) && !Pegs::is_won(&end, &centre), "{end}");
    assert!(Pegs::solve(&line, &centre, Budget::CHECK).unwrap_err().to_string().contains("proven unsolvable"));
    let even = Board::from_rows(&["oo.o"]).unwrap();
    assert!(Pegs::solve(&even, &centre, Budget::CHECK).unwrap_err().to_string().contains("has none"));
}

#[test]
fn predict_refuses_a_diagonal_jump_under_orthogonal_rules_and_makes_it_under_diagonal_ones() {
    let board = Board::from_rows(&["o..", ".o.", "..."]).unwrap();
    let jump = Jump::line((0, 0), (2, 2)).unwrap();
    assert_eq!(Pegs::predict(&board, &jump, &with(Rules::default())), board);
    let why = Rules::default().check(&board, &jump).unwrap();
    assert!(why.contains("not diagonally"), "{why}");
    let made = Pegs::predict(&board, &jump, &with(diagonal(Goal::OnePeg)));
    assert_eq!(made.to_rows(), ["...", "...", "..o"]);
}

#[test]
fn the_fewest_pegs_goal_ends_when_no_jump_is_left_and_replay_checks_its_count() {
    // Two pegs stay whatever is played: one by itself in a corner.
    let board = Board::from_rows(&["o...", "....", "..oo", "...."]).unwrap();
    let fewest = Rules { goal: Goal::FewestPegs, ..Rules::default() };
    let plan = Pegs::solve(&board, &with(fewest), Budget::CHECK).unwrap();
    let end = played(&board, &plan.moves, &with(fewest));
    assert_eq!(end.pegs(), 2, "{end}");
    assert!(Pegs::is_won(&end, &with(fewest)) && !Pegs::is_won(&board, &with(fewest)));
    assert!(super::case::pegs_left(&board, &fewest, 2).is_ok());
    assert!(super::case::pegs_left(&board, &fewest, 1).is_err());
    assert!(super::case::pegs_left(&board, &Rules::default(), 2).is_err());
}

#[test]
fn a_profile_without_rules_plays_the_classic_rules_and_one_with_them_reads_them() {
    let classic: PegsConfig = toml::from_str("[input]\nstyle = \"click\"\n").unwrap();
    assert_eq!(classic.rules, Rules::default());
    assert_eq!((Rules::default().jumps, Rules::default().goal), (Jumps::Orthogonal, Goal::OnePeg));
    let text = "[rules]\njumps = \"diagonal\"\ngoal = \"one-peg-in-centre\"\n";
    let config: PegsConfig = toml::from_str(text).unwrap();
    assert_eq!(config.rules, Rules { jumps: Jumps::Diagonal, goal: Goal::OnePegInCentre, square: None });
    assert!(toml::from_str::<PegsConfig>("[rules]\njumps = \"hexagonal\"\n").is_err());
    // Saved, a classic profile says nothing of rules; another says its own.
    assert!(!toml::to_string(&classic).unwrap().contains("rules"));
    assert!(toml::to_string(&config).unwrap().contains("one-peg-in-centre"));
}

/// A program may mark its goal hole elsewhere than the centre (setko-pegs rings row 3 col 4 of a
/// 7x7 lattice): `goal = "one-peg-on-square"` with `square` names it, for either solver.
#[test]
fn the_goal_of_one_peg_on_a_named_square_is_kept_or_refused_where_it_cannot_be_reached() {
    // One peg can be left here at (1,1) or (1,4), never at (1,2).
    let line = Board::from_rows(&[".....", "oo.o.", "....."]).unwrap();
    for jumps in [Jumps::Orthogonal, Jumps::Diagonal] {
        for square in [(1, 1), (1, 4)] {
            let config = with(Rules { jumps, goal: Goal::OnePegOnSquare, square: Some(square) });
            let end = played(&line, &Pegs::solve(&line, &config, Budget::CHECK).unwrap().moves, &config);
            assert_eq!((end.pegs(), end.get(square)), (1, super::board::Cell::Peg), "{jumps:?} {square:?}\n{end}");
            assert!(Pegs::is_won(&end, &config));
        }
        let never = with(Rules { jumps, goal: Goal::OnePegOnSquare, square: Some((1, 2)) });
        assert!(Pegs::solve(&line, &never, Budget::CHECK).unwrap_err().to_string().contains("proven unsolvable"));
        let outside = with(Rules { jumps, goal: Goal::OnePegOnSquare, square: Some((5, 0)) });
        assert!(Pegs::solve(&line, &outside, Budget::CHECK).unwrap_err().to_string().contains("no hole there"));
    }
    let text = "[rules]\njumps = \"diagonal\"\ngoal = \"one-peg-on-square\"\nsquare = [3, 4]\n";
    let config: PegsConfig = toml::from_str(text).unwrap();
    assert_eq!(config.rules, Rules { jumps: Jumps::Diagonal, goal: Goal::OnePegOnSquare, square: Some((3, 4)) });
    assert!(toml::to_string(&config).unwrap().contains("square = [3, 4]"));
}

#[test]
fn a_learned_board_that_the_rules_cannot_win_is_said_so_unless_the_goal_is_the_fewest_pegs() {
    use super::plan::unwinnable;
    // A 7x7 square with its centre empty cannot end in one peg; the English cross can.
    let square =
        Board::from_rows(&["ooooooo", "ooooooo", "ooooooo", "ooo.ooo", "ooooooo", "ooooooo", "ooooooo"]).unwrap();
    let note = unwinnable(&square, &Rules::default()).expect("the square is proven unwinnable by one peg");
    assert!(note.contains("--goal fewest-pegs") && note.contains("one peg left"), "{note}");
    assert_eq!(unwinnable(&square, &Rules { goal: Goal::FewestPegs, ..Rules::default() }), None);
    assert_eq!(unwinnable(&english(), &Rules::default()), None);
    assert_eq!(unwinnable(&english(), &Rules { goal: Goal::OnePegInCentre, ..Rules::default() }), None);
}
