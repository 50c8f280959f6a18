//! Headline measurements of the solver, and the boards they use.
//!
//! [`bench_report`] runs each measurement once and returns `key=value` pairs for
//! `gamebot bench pegs`: the English board's first solution, its fewest-moves solution with the
//! proof, the classification of every single-vacancy start of the English (33-hole) and French
//! (37-hole) boards, and random 9x9 boards as sgt-pegs makes them. The criterion benchmark in
//! `benches/pegs_solver.rs` times the same things repeatedly.
//!
//! [`RANDOM_9X9`] are ten boards from `sgt-pegs --generate 200 9x9random` (the game ID above each):
//! the two that took this solver longest, and eight at even steps of the rest.

use std::time::Instant;

use super::super::board::{Board, Pos};
use super::{Outcome, Target, problem_facts, solve, solve_min_moves};
use crate::budget::Budget;

/// The English 33-hole board, centre empty.
pub const ENGLISH: [&str; 7] = ["##ooo##", "##ooo##", "ooooooo", "ooo.ooo", "ooooooo", "##ooo##", "##ooo##"];
/// The French 37-hole board, full (take one peg away to start).
pub const FRENCH: [&str; 7] = ["##ooo##", "#ooooo#", "ooooooo", "ooooooo", "ooooooo", "#ooooo#", "##ooo##"];

/// Random boards from sgt-pegs, 9x9 (`o` peg, `.` hole, `#` no hole).
pub const RANDOM_9X9: [[&str; 9]; 10] = [
    // 9x9:OOOPHPPOOOOPPPPOPOPPPOPPPPOOPHPPPPPPOOPPPPPPOOOPPPHPOPOOOOPPPPHOOOOOOPPPOOOOPPHPH
    [
        "###o.oo##",
        "##oooo#o#",
        "ooo#oooo#",
        "#o.oooooo",
        "##oooooo#",
        "##ooo.o#o",
        "####oooo.",
        "######ooo",
        "####oo.o.",
    ],
    // 9x9:OPPPPPPPPOOOPPPHPPOPPHPPPOPOOOPPPHPPOOOOPHPPPOPPOPPPPPOPPPPPOOOPPHPPOOOOPPPPPOOOO
    [
        "#oooooooo",
        "###ooo.oo",
        "#oo.ooo#o",
        "###ooo.oo",
        "####o.ooo",
        "#oo#ooooo",
        "#ooooo###",
        "oo.oo####",
        "ooooo####",
    ],
    // 9x9:OOOOOOPOOOOOOOOPOOOOPOOPHPOOOPPPPPPOPPPPPPPPPHPPPPHPPOPPPPPPPOOPOOPHPPPPOOOPPOOOO
    [
        "######o##",
        "######o##",
        "##o##o.o#",
        "##oooooo#",
        "ooooooooo",
        ".oooo.oo#",
        "ooooooo##",
        "o##o.oooo",
        "###oo####",
    ],
    // 9x9:OOPHPPOOOOOPPPPPOOPPHPPHPPOPPPPPPPOOPPPPPPPPPPOPPHPOOOOOPPPPOOOPPHPPOOOOOOPOOOOOO
    [
        "##o.oo###",
        "##ooooo##",
        "oo.oo.oo#",
        "ooooooo##",
        "ooooooooo",
        "o#oo.o###",
        "##oooo###",
        "oo.oo####",
        "##o######",
    ],
    // 9x9:OPOOOOPPOPHPPOOPPPOPPPPPHPOOPPPOPPPPOPPPPPPPPOPHPPPPPOOPPOPOPOOOHOOOOOOOOPOOOOOOO
    [
        "#o####oo#",
        "o.oo##ooo",
        "#ooooo.o#",
        "#ooo#oooo",
        "#oooooooo",
        "#o.ooooo#",
        "#oo#o#o##",
        "#.#######",
        "#o#######",
    ],
    // 9x9:OPOOOOOOOPHPPOOOOOOPPHPPOOOOPPPPPPOOPPPPPPPPPOPPPPPPPOOPPPHPPPPOOOOPPHPPOOOOPOPOO
    [
        "#o#######",
        "o.oo#####",
        "#oo.oo###",
        "#oooooo##",
        "ooooooooo",
        "#ooooooo#",
        "#ooo.oooo",
        "####oo.oo",
        "####o#o##",
    ],
    // 9x9:OOOPPOOOOOOOPPOOPOOOOPHPPPOOOPPPPHPPPHPPPPPOOOOPPPHPPPOOPHPPPPPOOPPPOPPHOOPOOOOPP
    [
        "###oo####",
        "###oo##o#",
        "###o.ooo#",
        "##oooo.oo",
        "o.ooooo##",
        "##ooo.ooo",
        "##o.ooooo",
        "##ooo#oo.",
        "##o####oo",
    ],
    // 9x9:OOOOPOOOOOOOOPPPOOOOPPHPPOOOPHPPPPPPPPPPHPPPPPPPPPPHPPOOPHPPPOPOOPPPPPPOOOPPOPOOO
    [
        "####o####",
        "####ooo##",
        "##oo.oo##",
        "#o.oooooo",
        "oooo.oooo",
        "oooooo.oo",
        "##o.ooo#o",
        "##oooooo#",
        "##oo#o###",
    ],
    // 9x9:OOPPPPHPPPPPPPPOOOPPHPPPOOOOPPHPOOOOOPPPPPOOOPPPPPOOOOPHPPPPOOOPPPPPPOOOPPPPPOOOO
    [
        "##oooo.oo",
        "oooooo###",
        "oo.ooo###",
        "#oo.o####",
        "#ooooo###",
        "ooooo####",
        "o.oooo###",
        "oooooo###",
        "ooooo####",
    ],
    // 9x9:PPPPPPHPOPOPOOPPPOPPHPPPPOOHPPPPPPPPPPHPHPPPPOOPPPOPPOOPPHPOOOOOOOPOOOOOOOOPOOOOO
    [
        "oooooo.o#",
        "o#o##ooo#",
        "oo.oooo##",
        ".oooooooo",
        "oo.o.oooo",
        "##ooo#oo#",
        "#oo.o####",
        "###o#####",
        "###o#####",
    ],
];

/// The board with every hole of `rows` filled except `vacancy`.
pub fn single_vacancy(rows: &[&str], vacancy: Pos) -> Board {
    let rows: Vec<String> = rows
        .iter()
        .enumerate()
        .map(|(r, row)| {
            row.chars()
                .enumerate()
                .map(|(c, ch)| match ch {
                    '#' => '#',
                    _ if (r, c) == vacancy => '.',
                    _ => 'o',
                })
                .collect()
        })
        .collect();
    // The rows are ours and well formed.
    Board::from_rows(&rows).expect("a board built from a valid one")
}

/// The holes of a board given as rows.
pub fn hole_squares(rows: &[&str]) -> Vec<Pos> {
    rows.iter()
        .enumerate()
        .flat_map(|(r, row)| row.chars().enumerate().filter(|&(_, ch)| ch != '#').map(move |(c, _)| (r, c)))
        .collect()
}

/// Runs the headline measurements once.
pub fn bench_report() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut put = |key: &str, value: String| out.push((key.to_string(), value));
    let ms = |t: Instant| format!("{:.2}", t.elapsed().as_secs_f64() * 1000.0);

    let english = Board::from_rows(&ENGLISH).expect("the English board");
    let t = Instant::now();
    let first = solve(&english, Target::OnePegAt((3, 3)), Budget::default());
    put("english_first_ms", ms(t));
    put("english_first_solved", matches!(first.outcome, Outcome::Solved(_)).to_string());
    put("english_first_nodes", first.nodes.to_string());

    if let Some((symmetries, bound)) = problem_facts(&english, Target::OnePegAt((3, 3))) {
        put("english_symmetries", symmetries.to_string());
        put("english_start_lower_bound", bound.to_string());
    }
    let t = Instant::now();
    let fewest = solve_min_moves(&english, Target::OnePegAt((3, 3)), Budget::default());
    put("english_min_s", format!("{:.2}", t.elapsed().as_secs_f64()));
    match fewest {
        Ok(m) => {
            put("english_min_moves", m.moves.to_string());
            put("english_min_proven", m.proven_optimal.to_string());
            put("english_min_nodes", m.nodes.to_string());
        }
        Err(outcome) => put("english_min_moves", format!("{outcome:?}")),
    }

    let t = Instant::now();
    for (name, rows) in [("english", ENGLISH), ("french", FRENCH)] {
        let (mut solvable, mut unsolvable, mut unknown) = (Vec::new(), 0, 0);
        for vacancy in hole_squares(&rows) {
            match solve(&single_vacancy(&rows, vacancy), Target::OnePeg, Budget::default()).outcome {
                Outcome::Solved(_) => solvable.push(vacancy),
                Outcome::Unsolvable => unsolvable += 1,
                Outcome::Unknown => unknown += 1,
            }
        }
        put(&format!("{name}_vacancies_solvable"), solvable.len().to_string());
        put(&format!("{name}_vacancies_unsolvable"), unsolvable.to_string());
        put(&format!("{name}_vacancies_unknown"), unknown.to_string());
        if name == "french" {
            let list: Vec<String> = solvable.iter().map(|(r, c)| format!("{r},{c}")).collect();
            put("french_solvable_squares", list.join(" "));
        }
    }
    put("vacancies_70_s", format!("{:.2}", t.elapsed().as_secs_f64()));

    let (mut worst, mut solved) = (0.0f64, 0);
    for rows in &RANDOM_9X9 {
        let board = Board::from_rows(rows).expect("a random board");
        let t = Instant::now();
        let report = solve(&board, Target::OnePeg, Budget::default());
        worst = worst.max(t.elapsed().as_secs_f64() * 1000.0);
        solved += usize::from(matches!(report.outcome, Outcome::Solved(_)));
    }
    put("random9x9_boards", RANDOM_9X9.len().to_string());
    put("random9x9_solved", solved.to_string());
    put("random9x9_max_ms", format!("{worst:.2}"));
    out
}
