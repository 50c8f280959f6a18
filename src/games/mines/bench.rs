//! `gamebot bench mines`: simulated games, played by the solver from the first click to the end, for
//! the win rate and the time a decision takes. A game's layout comes from its seed (the same seed,
//! the same game, whatever the number of threads), or from sgt-mines game IDs (its boards with a
//! unique solution, which must all be won).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::board::FirstClick;
use super::sgt_id::GameId;
use super::sim::{Game, Layout, Status};
use super::solve::{Decision, decide, first_click};
use crate::budget::Budget;
use crate::rng::SplitMix64;

/// The standard sizes: (name, rows, cols, mines).
pub const PRESETS: [(&str, usize, usize, usize); 3] =
    [("beginner", 9, 9, 10), ("intermediate", 16, 16, 40), ("expert", 16, 30, 99)];

/// What to simulate.
#[derive(Clone, Debug)]
pub struct Setup {
    pub rows: usize,
    pub cols: usize,
    pub mines: usize,
    pub rule: FirstClick,
    pub games: usize,
    pub seed: u64,
    pub threads: usize,
    /// Nodes each decision may use.
    pub nodes: u64,
    /// The first click, when not the solver's choice.
    pub first: Option<usize>,
}

/// One game's outcome.
#[derive(Clone, Debug, Default)]
pub struct Played {
    pub won: bool,
    pub guesses: usize,
    /// How long each decision took, and those that were guesses (with their look-ahead).
    pub decisions: Vec<Duration>,
    pub guess_decisions: Vec<Duration>,
}

/// The totals of a run.
#[derive(Clone, Debug, Default)]
pub struct Totals {
    pub games: usize,
    pub won: usize,
    pub guesses: usize,
    pub decisions: Vec<Duration>,
    pub guess_decisions: Vec<Duration>,
    pub wall: Duration,
    /// Games whose board could not be decided (a contradiction: a bug).
    pub errors: usize,
    /// Per game of a seeded run, in game order: won or not (None: an error).
    pub outcomes: Vec<Option<bool>>,
}

impl Totals {
    fn add(&mut self, played: Played) {
        self.games += 1;
        self.won += played.won as usize;
        self.guesses += played.guesses;
        self.decisions.extend(played.decisions);
        self.guess_decisions.extend(played.guess_decisions);
    }

    pub fn win_rate(&self) -> f64 {
        if self.games == 0 { 0.0 } else { self.won as f64 / self.games as f64 }
    }

    /// The 95% interval of the win rate (normal approximation), as a half-width.
    pub fn margin(&self) -> f64 {
        if self.games == 0 {
            return 0.0;
        }
        let p = self.win_rate();
        1.96 * (p * (1.0 - p) / self.games as f64).sqrt()
    }

    /// The decision time at quantile `q` (0..1), in milliseconds.
    pub fn decision_ms(&self, q: f64) -> f64 {
        quantile_ms(&self.decisions, q)
    }

    /// The same over the guesses alone.
    pub fn guess_ms(&self, q: f64) -> f64 {
        quantile_ms(&self.guess_decisions, q)
    }
}

/// The time at quantile `q` (0..1) of `times`, in milliseconds.
fn quantile_ms(times: &[Duration], q: f64) -> f64 {
    let mut times = times.to_vec();
    times.sort();
    times.get(((times.len() as f64 - 1.0) * q).round() as usize).map_or(0.0, |d| d.as_secs_f64() * 1e3)
}

/// Plays one game to its end from `first` (the game has opened nothing yet).
pub fn play(layout: Layout, rule: FirstClick, first: usize, nodes: u64) -> Result<Played, String> {
    let mut game = Game::new(layout, rule);
    let mut played = Played::default();
    game.open(first);
    while game.status == Status::Playing {
        let started = Instant::now();
        let decision = decide(&game.board, Budget { max_nodes: nodes, ..Budget::default() })
            .map_err(|e| format!("{e} on\n{}", game.board))?;
        played.decisions.push(started.elapsed());
        match decision {
            Decision::Open(cells) => {
                for i in cells {
                    game.open(i);
                }
            }
            Decision::Guess { cell, .. } => {
                played.guesses += 1;
                played.guess_decisions.extend(played.decisions.last().copied());
                game.open(cell);
            }
            Decision::Done => return Err(format!("the solver stopped on an unfinished board\n{}", game.board)),
        }
    }
    played.won = game.status == Status::Won;
    Ok(played)
}

/// Runs `setup.games` random games over `setup.threads` threads, counting finished games in `done`.
pub fn run(setup: &Setup, done: &AtomicUsize) -> Totals {
    let started = Instant::now();
    let threads = setup.threads.max(1);
    let mut totals = Totals::default();
    let mut outcomes = vec![None; setup.games];
    let parts: Vec<(Totals, Vec<(usize, bool)>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut part = Totals::default();
                    let mut results = Vec::new();
                    for g in (t..setup.games).step_by(threads) {
                        let mut rng = SplitMix64(setup.seed.wrapping_mul(0x9E37_79B9).wrapping_add(g as u64));
                        let first = setup.first.unwrap_or_else(|| first_click(setup.rows, setup.cols, setup.rule));
                        let Some(layout) =
                            Layout::random(setup.rows, setup.cols, setup.mines, first, setup.rule, &mut rng)
                        else {
                            part.errors += 1;
                            continue;
                        };
                        match play(layout, setup.rule, first, setup.nodes) {
                            Ok(played) => {
                                results.push((g, played.won));
                                part.add(played);
                            }
                            Err(_) => part.errors += 1,
                        }
                        done.fetch_add(1, Ordering::Relaxed);
                    }
                    (part, results)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("a bench thread")).collect()
    });
    for (part, results) in parts {
        for (g, won) in results {
            outcomes[g] = Some(won);
        }
        totals.games += part.games;
        totals.won += part.won;
        totals.guesses += part.guesses;
        totals.errors += part.errors;
        totals.decisions.extend(part.decisions);
        totals.guess_decisions.extend(part.guess_decisions);
    }
    totals.outcomes = outcomes;
    totals.wall = started.elapsed();
    totals
}

/// Two runs over the same games compared game by game: the games only the new run won, those only
/// the old one won, and the sign test's z (a normal approximation of McNemar's test: above 1.96,
/// the new run is better with 95% confidence; below -1.96, worse).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Paired {
    pub new_only: usize,
    pub old_only: usize,
    pub z: f64,
}

/// Compares `new` with `old`, outcome by outcome; games an error left out of either are skipped.
pub fn paired(new: &[Option<bool>], old: &[Option<bool>]) -> Paired {
    let (mut new_only, mut old_only) = (0, 0);
    for (n, o) in new.iter().zip(old) {
        match (n, o) {
            (Some(true), Some(false)) => new_only += 1,
            (Some(false), Some(true)) => old_only += 1,
            _ => {}
        }
    }
    let differ = (new_only + old_only) as f64;
    let z = if differ == 0.0 { 0.0 } else { (new_only as f64 - old_only as f64) / differ.sqrt() };
    Paired { new_only, old_only, z }
}

/// Plays the boards of sgt-mines game IDs from the cell each opens first.
pub fn run_ids(ids: &[GameId], nodes: u64) -> (Totals, Vec<String>) {
    let started = Instant::now();
    let mut totals = Totals::default();
    let mut lost = Vec::new();
    for (k, id) in ids.iter().enumerate() {
        let (r, c) = id.start.unwrap_or((0, 0));
        let first = r * id.layout.cols + c;
        match play(id.layout.clone(), FirstClick::OpensArea, first, nodes) {
            Ok(played) => {
                if !played.won {
                    lost.push(format!("board {k} lost after {} guesses", played.guesses));
                }
                totals.add(played);
            }
            Err(e) => {
                totals.errors += 1;
                lost.push(format!("board {k}: {e}"));
            }
        }
    }
    totals.wall = started.elapsed();
    (totals, lost)
}

#[cfg(test)]
mod sgt_boards {
    /// sgt-mines makes boards that need no guess (`fixtures/mines/sgt-ids-*.txt`, from the game's own
    /// generator): the solver wins every one without guessing. (The first 200 of each preset here;
    /// `gamebot bench mines --ids` plays all 1000.)
    #[test]
    fn sgt_mines_boards_with_unique_solutions_are_all_won_without_a_guess() {
        for preset in ["beginner", "intermediate", "expert"] {
            let path = format!("{}/fixtures/mines/sgt-ids-{preset}.txt", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(&path).unwrap();
            let ids: Vec<_> = text.lines().take(200).map(|l| super::super::sgt_id::parse(l).unwrap()).collect();
            assert_eq!(ids.len(), 200, "{path}");
            let (totals, lost) = super::run_ids(&ids, 2_000_000);
            assert!(lost.is_empty() && totals.errors == 0, "{preset}: {lost:?}");
            assert_eq!((totals.won, totals.guesses), (200, 0), "{preset}");
        }
    }
}

#[cfg(test)]
mod paired_runs {
    /// The paired comparison counts only the games the two runs disagree on, and its z has the sign
    /// of the difference: 3 games only the new run won against 1 only the old one won is
    /// (3 - 1) / sqrt(4) = 1; games either run lost to an error do not count.
    #[test]
    fn a_paired_comparison_counts_the_games_the_runs_disagree_on() {
        let (t, f) = (Some(true), Some(false));
        let new = [t, t, t, f, t, f, None, t];
        let old = [f, f, f, t, t, f, Some(false), None];
        let p = super::paired(&new, &old);
        assert_eq!((p.new_only, p.old_only), (3, 1));
        assert!((p.z - 1.0).abs() < 1e-12, "{p:?}");
        assert_eq!(super::paired(&old, &new).z, -p.z);
    }
}
