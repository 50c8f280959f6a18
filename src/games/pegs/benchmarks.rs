//! Peg solitaire's benchmarks (`cargo bench`, over the list of games): the English board's first
//! solution and its fewest-moves solution with proof, the 70 single-vacancy starts of the English
//! and French boards, and ten random 9x9 boards from sgt-pegs: the solver's own data, so they time
//! what `gamebot bench pegs` reports once; and the zoo's blind calibration and reading with the
//! profile it learns (`calibrate_bench`).

use std::hint::black_box;
use std::path::{Path, PathBuf};

use super::Pegs;
use super::board::Board;
use super::solve::{
    ENGLISH, FRENCH, Outcome, RANDOM_9X9, Target, hole_squares, single_vacancy, solve, solve_min_moves,
};
use super::{MoveStyle, PegsConfig, read};
use crate::budget::Budget;
use crate::calibrate_bench::{self, Steps};
use crate::frame::Frame;
use crate::game::Benchmark;
use crate::game::Benchmarks;
use crate::vision::grid::Grid;

impl Benchmarks for Pegs {
    fn benchmarks(root: &Path) -> Vec<Benchmark> {
        let mut all = solver();
        all.extend(calibration(root));
        all
    }
}

fn solver() -> Vec<Benchmark> {
    let english = Board::from_rows(&ENGLISH).expect("the English board");
    let first = english.clone();
    let vacancies: Vec<Board> = [ENGLISH, FRENCH]
        .iter()
        .flat_map(|rows| hole_squares(rows).into_iter().map(|vacancy| single_vacancy(rows, vacancy)))
        .collect();
    let random: Vec<Board> = RANDOM_9X9.iter().filter_map(|rows| Board::from_rows(rows).ok()).collect();
    vec![
        Benchmark::new("pegs english first solution", move || {
            let report = solve(black_box(&first), Target::OnePegAt((3, 3)), Budget::UNLIMITED);
            assert!(matches!(report.outcome, Outcome::Solved(_)));
        })
        .samples(10),
        Benchmark::new("pegs english fewest moves with proof", move || {
            let best = solve_min_moves(black_box(&english), Target::OnePegAt((3, 3)), Budget::UNLIMITED);
            assert!(best.is_ok_and(|b| b.moves == 18 && b.proven_optimal));
        })
        .samples(10),
        Benchmark::new("pegs 70 single vacancies (english 33, french 37)", move || {
            for board in &vacancies {
                assert_ne!(solve(black_box(board), Target::OnePeg, Budget::UNLIMITED).outcome, Outcome::Unknown);
            }
        })
        .samples(10),
        Benchmark::new("pegs ten random sgt 9x9 boards", move || {
            for board in &random {
                assert!(matches!(
                    solve(black_box(board), Target::OnePeg, Budget::UNLIMITED).outcome,
                    Outcome::Solved(_)
                ));
            }
        })
        .samples(10),
    ]
}

/// How peg solitaire learns (blind, jumps by click), finds and reads, for `calibrate_bench`.
fn steps(frame: &Frame) -> anyhow::Result<PegsConfig> {
    Ok(super::calibrate::learn(frame, None, MoveStyle::Click)?.config)
}

fn locate(frame: &Frame, config: &PegsConfig) -> anyhow::Result<Grid> {
    Ok(read::locate_with(frame, config)?)
}

fn read_grid(frame: &Frame, grid: &Grid, config: &PegsConfig) -> anyhow::Result<()> {
    read::read_with(frame, grid, config)?;
    Ok(())
}

/// `gamebot bench pegs --calibration DIR`: blind calibration and reading over the programs in
/// `dir` (`calibrate_bench`).
pub fn calibration_figures(dir: &Path) -> anyhow::Result<Vec<String>> {
    let programs = calibrate_bench::programs(dir)?;
    calibrate_bench::figures(&programs, &Steps { learn: &steps, locate: &locate, read: &read_grid })
}

/// The zoo's first screenshots calibrated blind (as they are, and on a 1920x1080 desktop), and
/// every screenshot read with the profile learned, finding the board and with its place known.
fn calibration(root: &Path) -> Vec<Benchmark> {
    let Ok(programs) = calibrate_bench::programs(&root.join("fixtures/pegs")) else { return Vec::new() };
    let load = |p: &PathBuf| crate::screen::load_png(&p.with_extension("png")).ok();
    let firsts: Vec<Frame> = programs.iter().filter_map(|p| load(&p.cases[0])).collect();
    let desktops: Vec<Frame> = firsts.iter().map(calibrate_bench::on_desktop).collect();
    let learned: Vec<(PegsConfig, Vec<Frame>)> = programs
        .iter()
        .zip(&firsts)
        .filter_map(|(p, first)| Some((steps(first).ok()?, p.cases.iter().filter_map(load).collect())))
        .collect();
    let placed: Vec<(PegsConfig, Vec<(Frame, Grid)>)> = learned
        .iter()
        .map(|(c, frames)| (c.clone(), frames.iter().filter_map(|f| Some((f.clone(), locate(f, c).ok()?))).collect()))
        .collect();
    vec![
        Benchmark::new("pegs blind calibration of the zoo's first screenshots", move || {
            firsts.iter().for_each(|f| assert!(steps(black_box(f)).is_ok()))
        })
        .samples(10),
        Benchmark::new("pegs blind calibration of the zoo's first screenshots on a 1920x1080 desktop", move || {
            desktops.iter().for_each(|f| assert!(steps(black_box(f)).is_ok()))
        })
        .samples(10),
        Benchmark::new("pegs the zoo's screenshots found and read with their learned profiles", move || {
            for (config, frames) in &learned {
                frames.iter().for_each(|f| assert!(locate(f, config).and_then(|g| read_grid(f, &g, config)).is_ok()));
            }
        })
        .samples(10),
        Benchmark::new(
            "pegs the zoo's screenshots read with their learned profiles, the board's place known",
            move || {
                for (config, frames) in &placed {
                    frames.iter().for_each(|(f, g)| assert!(read_grid(black_box(f), g, config).is_ok()));
                }
            },
        ),
    ]
}
