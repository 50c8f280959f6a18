//! Minesweeper's benchmarks (`cargo bench`, over the list of games): the reader on the smallest and
//! the largest sgt-mines fixture (finding the board, reading its cells); the solver's decisions on
//! expert positions from simulated games (where certain cells remain, and where a guess is needed,
//! with its look-ahead); a whole simulated expert game under each first-click rule; and the
//! sgt-mines expert boards of `fixtures/mines/sgt-ids-expert.txt`. Capture is never timed.

use std::hint::black_box;
use std::path::Path;

use super::Mines;
use super::bench::play;
use super::board::{Board, FirstClick};
use super::config::MinesConfig;
use super::read;
use super::sgt_id;
use super::sim::{Game, Layout, Status};
use super::solve::{Decision, decide, first_click};
use crate::budget::Budget;
use crate::game::{Benchmark, Benchmarks, smallest_and_largest_pngs};
use crate::profile::Profile;
use crate::rng::SplitMix64;

/// Expert positions met in simulated games: those where a certain cell is left, and those that need
/// a guess (up to `each` of both).
pub fn expert_positions(each: usize, seed: u64) -> (Vec<Board>, Vec<Board>) {
    let (mut certain, mut guessing) = (Vec::new(), Vec::new());
    let mut rng = SplitMix64(seed);
    let first = first_click(16, 30, FirstClick::OpensArea);
    while certain.len() < each || guessing.len() < each {
        let Some(layout) = Layout::random(16, 30, 99, first, FirstClick::OpensArea, &mut rng) else { break };
        let mut game = Game::new(layout, FirstClick::OpensArea);
        game.open(first);
        while game.status == Status::Playing {
            let Ok(decision) = decide(&game.board, Budget::nodes(2_000_000)) else { break };
            match decision {
                Decision::Open(cells) => {
                    if certain.len() < each {
                        certain.push(game.board.clone());
                    }
                    cells.into_iter().for_each(|i| {
                        game.open(i);
                    });
                }
                Decision::Guess { cell, .. } => {
                    if guessing.len() < each {
                        guessing.push(game.board.clone());
                    }
                    game.open(cell);
                }
                Decision::Done => break,
            }
        }
    }
    (certain, guessing)
}

impl Benchmarks for Mines {
    fn benchmarks(root: &Path) -> Vec<Benchmark> {
        all(root)
    }
}

fn all(root: &Path) -> Vec<Benchmark> {
    let mut all = readers(root);
    let (certain, guessing) = expert_positions(20, 5);
    all.push(Benchmark::new("mines expert decisions, 20 with certain cells", move || {
        for board in &certain {
            black_box(decide(black_box(board), Budget::nodes(2_000_000)).ok());
        }
    }));
    all.push(
        Benchmark::new("mines expert decisions, 20 guesses with look-ahead", move || {
            for board in &guessing {
                black_box(decide(black_box(board), Budget::nodes(2_000_000)).ok());
            }
        })
        .samples(10),
    );
    for (rule, name) in [(FirstClick::OpensArea, "opens an area"), (FirstClick::Safe, "only safe")] {
        let first = first_click(16, 30, rule);
        let layout = Layout::random(16, 30, 99, first, rule, &mut SplitMix64(11)).expect("an expert layout");
        all.push(Benchmark::new(format!("mines one simulated expert game, first click {name}"), move || {
            black_box(play(layout.clone(), rule, first, 2_000_000).ok());
        }));
    }
    if let Ok(text) = std::fs::read_to_string(root.join("fixtures/mines/sgt-ids-expert.txt")) {
        let ids: Vec<_> = text.lines().take(20).filter_map(|l| sgt_id::parse(l).ok()).collect();
        all.push(
            Benchmark::new("mines 20 sgt-mines expert boards (unique solutions)", move || {
                let (totals, _) = super::bench::run_ids(black_box(&ids), 2_000_000);
                assert_eq!(totals.won, totals.games);
            })
            .samples(10),
        );
    }
    all
}

/// Locating and reading the smallest and the largest of the sgt-mines fixtures.
fn readers(root: &Path) -> Vec<Benchmark> {
    let Ok(profile) = Profile::load("sgt-mines", &root.join("config")) else { return Vec::new() };
    let Ok(config) = MinesConfig::from_profile(&profile) else { return Vec::new() };
    let mut all = Vec::new();
    for path in smallest_and_largest_pngs(&root.join("fixtures/mines")) {
        let Ok(frame) = crate::screen::load_png(&path) else { continue };
        let Ok(grid) = read::locate(&frame, &config) else { continue };
        let size = format!("{}x{}", frame.width(), frame.height());
        let (f, c) = (frame.clone(), config.clone());
        all.push(Benchmark::new(format!("mines locate {size}"), move || {
            black_box(read::locate(&f, &c).ok());
        }));
        let cells = format!("{}x{}", grid.rows, grid.cols);
        let c = config.clone();
        all.push(Benchmark::new(format!("mines read {size} ({cells} cells)"), move || {
            black_box(read::read(&frame, &grid, &c).ok());
        }));
    }
    all
}
