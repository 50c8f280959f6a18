//! Flood-it's benchmarks (`cargo bench`, over the list of games): the reader on the smallest and the
//! largest sgt-flood fixture (finding the board, reading its cells), and the solver on the public
//! pc19 set (the first 50 boards, and boards 0 and 519), a random 24x24 board of 8 colours within
//! 20,000 nodes, and five floodtest19 boards from the centre; and the zoo's blind calibration and
//! reading with the profile it learns (`calibrate_bench`). The public sets are read from
//! `../shared/corpus` and left out when absent. Capture is never timed.

use std::hint::black_box;
use std::path::{Path, PathBuf};

use super::Flood;
use super::bench::{Start, parse_boards};
use super::board::Board;
use super::config::FloodConfig;
use super::{read, solve};
use crate::budget::Budget;
use crate::calibrate_bench::{self, Steps};
use crate::frame::Frame;
use crate::game::Benchmarks;
use crate::game::{Benchmark, smallest_and_largest_pngs};
use crate::profile::Profile;
use crate::rng::SplitMix64;
use crate::vision::grid::Grid;

impl Benchmarks for Flood {
    fn benchmarks(root: &Path) -> Vec<Benchmark> {
        let mut all = readers(root);
        all.extend(calibration(root));
        let corpus = root.join("../shared/corpus");
        if let Some(boards) = boards_of(&corpus.join("flood-pc19/tiles.txt"), Start::TopLeft) {
            let first: Vec<Board> = boards.iter().take(50).cloned().collect();
            all.push(Benchmark::new("flood pc19 first 50 boards", move || solve_all(&first)).samples(10));
            for index in [0, 519] {
                if let Some(board) = boards.get(index).cloned() {
                    all.push(Benchmark::new(format!("flood pc19 board {index}"), move || {
                        solve_all(std::slice::from_ref(&board))
                    }));
                }
            }
        }
        let mut rng = SplitMix64(1);
        let big = Board::new(24, 24, (0..24 * 24).map(|_| rng.below(8) as u8).collect());
        all.push(Benchmark::new("flood 24x24 8 colours, 20k nodes", move || {
            black_box(solve::solve(black_box(&big), Budget::nodes(20_000)));
        }));
        if let Some(boards) = boards_of(&corpus.join("flood-colorfill/floodtest19.txt"), Start::Centre) {
            let first: Vec<Board> = boards.into_iter().take(5).collect();
            all.push(
                Benchmark::new("flood floodtest19 first 5 from the centre", move || solve_all(&first)).samples(10),
            );
        }
        all
    }
}

/// Solves every board to a proven optimum.
fn solve_all(boards: &[Board]) {
    for board in boards {
        let solution = solve::solve(black_box(board), Budget::UNLIMITED);
        assert!(solution.proven_optimal, "an unlimited solve is proven");
    }
}

fn boards_of(path: &Path, start: Start) -> Option<Vec<Board>> {
    parse_boards(&std::fs::read_to_string(path).ok()?, start).ok()
}

/// Locating and reading the smallest and the largest of the sgt-flood fixtures.
fn readers(root: &Path) -> Vec<Benchmark> {
    let Ok(profile) = Profile::load("sgt-flood", &root.join("config")) else { return Vec::new() };
    let Ok(config) = FloodConfig::from_profile(&profile) else { return Vec::new() };
    let mut all = Vec::new();
    for path in smallest_and_largest_pngs(&root.join("fixtures/flood")) {
        let Ok(frame) = crate::screen::load_png(&path) else { continue };
        let Ok(grid) = read::locate(&frame, &config.vision, config.palette.as_ref()) else { continue };
        let size = format!("{}x{}", frame.width(), frame.height());
        let (f, c) = (frame.clone(), config.clone());
        all.push(Benchmark::new(format!("flood locate {size}"), move || {
            black_box(read::locate(&f, &c.vision, c.palette.as_ref()).ok());
        }));
        let cells = format!("{}x{}", grid.rows, grid.cols);
        let c = config.clone();
        all.push(Benchmark::new(format!("flood read {size} ({cells} cells)"), move || {
            black_box(read::read(&frame, &grid, &c.vision, c.palette.as_ref()).ok());
        }));
    }
    all
}

/// How Flood-it learns, finds and reads, for `calibrate_bench`.
fn steps(frame: &Frame) -> anyhow::Result<FloodConfig> {
    Ok(super::calibrate::learn(frame, None)?.config)
}

fn locate(frame: &Frame, config: &FloodConfig) -> anyhow::Result<Grid> {
    Ok(read::locate(frame, &config.vision, config.palette.as_ref())?)
}

fn read_grid(frame: &Frame, grid: &Grid, config: &FloodConfig) -> anyhow::Result<()> {
    read::read(frame, grid, &config.vision, config.palette.as_ref())?;
    Ok(())
}

/// `gamebot bench flood --calibration DIR`: blind calibration and reading over the programs in
/// `dir` (`calibrate_bench`).
pub fn calibration_figures(dir: &Path) -> anyhow::Result<Vec<String>> {
    let programs = calibrate_bench::programs(dir)?;
    calibrate_bench::figures(&programs, &Steps { learn: &steps, locate: &locate, read: &read_grid })
}

/// The zoo's first screenshots calibrated blind (as they are, and on a 1920x1080 desktop), and
/// every screenshot read with the profile learned, finding the board and with its place known.
fn calibration(root: &Path) -> Vec<Benchmark> {
    let Ok(programs) = calibrate_bench::programs(&root.join("fixtures/flood")) else { return Vec::new() };
    let load = |p: &PathBuf| crate::screen::load_png(&p.with_extension("png")).ok();
    let firsts: Vec<Frame> = programs.iter().filter_map(|p| load(&p.cases[0])).collect();
    let desktops: Vec<Frame> = firsts.iter().map(calibrate_bench::on_desktop).collect();
    let learned: Vec<(FloodConfig, Vec<Frame>)> = programs
        .iter()
        .zip(&firsts)
        .filter_map(|(p, first)| Some((steps(first).ok()?, p.cases.iter().filter_map(load).collect())))
        .collect();
    let placed: Vec<(FloodConfig, Vec<(Frame, Grid)>)> = learned
        .iter()
        .map(|(c, frames)| (c.clone(), frames.iter().filter_map(|f| Some((f.clone(), locate(f, c).ok()?))).collect()))
        .collect();
    vec![
        Benchmark::new("flood blind calibration of the zoo's first screenshots", move || {
            firsts.iter().for_each(|f| assert!(steps(black_box(f)).is_ok()))
        })
        .samples(10),
        Benchmark::new("flood blind calibration of the zoo's first screenshots on a 1920x1080 desktop", move || {
            desktops.iter().for_each(|f| assert!(steps(black_box(f)).is_ok()))
        })
        .samples(10),
        Benchmark::new("flood the zoo's screenshots found and read with their learned profiles", move || {
            for (config, frames) in &learned {
                frames.iter().for_each(|f| assert!(locate(f, config).and_then(|g| read_grid(f, &g, config)).is_ok()));
            }
        })
        .samples(10),
        Benchmark::new(
            "flood the zoo's screenshots read with their learned profiles, the board's place known",
            move || {
                for (config, frames) in &placed {
                    frames.iter().for_each(|(f, g)| assert!(read_grid(black_box(f), g, config).is_ok()));
                }
            },
        ),
    ]
}
