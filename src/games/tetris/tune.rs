//! Tuning the evaluator's weights with the cross-entropy method (Szita & Lőrincz's recipe for
//! Tetris): sample weight vectors from a Gaussian, play short simulated games with each, refit the
//! Gaussian to the best fifth, and add a little decreasing noise so it does not collapse early.
//!
//! Every candidate of a generation plays the same games (common random numbers), on a board made
//! harder (fewer rows) and with a piece cap so games end. The current mean is candidate 0, so the
//! log shows how the mean itself plays. Tuned: Dellacherie's six and the BCTS three; the GA
//! features keep their starting values.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::rng::SplitMix64;

use super::eval::Weights;
use super::simulate::{self, GameConfig};

/// Settings of a tuning run.
#[derive(Clone, Debug)]
pub struct TuneConfig {
    pub generations: usize,
    pub population: usize,
    pub games: usize,
    pub game: GameConfig,
    pub seed: u64,
    pub start: Weights,
    /// Initial standard deviation of every weight.
    pub sigma: f64,
    pub threads: usize,
}

/// What a generation achieved.
#[derive(Clone, Debug)]
pub struct Generation {
    pub mean_weights: Weights,
    /// Mean lines per game of the mean weights (candidate 0).
    pub mean_fitness: f64,
    pub best_fitness: f64,
}

const DIMS: usize = 9;

fn to_vec(w: &Weights) -> [f64; DIMS] {
    [
        w.landing_height,
        w.eroded_cells,
        w.row_transitions,
        w.column_transitions,
        w.holes,
        w.wells,
        w.hole_depth,
        w.rows_with_holes,
        w.diversity,
    ]
}

fn from_vec(v: &[f64; DIMS], base: &Weights) -> Weights {
    Weights {
        landing_height: v[0],
        eroded_cells: v[1],
        row_transitions: v[2],
        column_transitions: v[3],
        holes: v[4],
        wells: v[5],
        hole_depth: v[6],
        rows_with_holes: v[7],
        diversity: v[8],
        ..base.clone()
    }
}

fn gaussian(rng: &mut SplitMix64) -> f64 {
    let u1 = ((rng.next() >> 11) as f64 + 1.0) / (1u64 << 53) as f64;
    let u2 = (rng.next() >> 11) as f64 / (1u64 << 53) as f64;
    (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
}

/// Mean lines per game of each candidate, all playing games 0..games of `seed`.
fn evaluate(config: &TuneConfig, candidates: &[Weights], seed: u64) -> anyhow::Result<Vec<f64>> {
    let jobs = candidates.len() * config.games;
    let next = AtomicUsize::new(0);
    let lines = Mutex::new(vec![0u64; candidates.len()]);
    let failure: Mutex<Option<anyhow::Error>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..config.threads.clamp(1, jobs.max(1)) {
            scope.spawn(|| {
                loop {
                    let job = next.fetch_add(1, Ordering::Relaxed);
                    if job >= jobs {
                        break;
                    }
                    let (candidate, game) = (job / config.games, job % config.games);
                    match simulate::play(&config.game, &candidates[candidate], seed, game as u64, &mut |_, _| {}) {
                        Ok(r) => {
                            if let Ok(mut l) = lines.lock() {
                                l[candidate] += r.lines;
                            }
                        }
                        Err(e) => {
                            if let Ok(mut f) = failure.lock() {
                                *f = Some(e);
                            }
                        }
                    }
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().ok().flatten() {
        return Err(e);
    }
    let lines = lines.into_inner().map_err(|_| anyhow::anyhow!("a tuning thread panicked"))?;
    Ok(lines.iter().map(|&l| l as f64 / config.games as f64).collect())
}

/// Runs the cross-entropy method; `log` is told about each generation. Returns the final mean.
pub fn tune(config: &TuneConfig, log: &mut dyn FnMut(usize, &Generation)) -> anyhow::Result<Weights> {
    anyhow::ensure!(config.population >= 5, "a population of at least 5 is needed");
    anyhow::ensure!(config.games >= 1 && config.generations >= 1, "at least one game and one generation are needed");
    let mut rng = SplitMix64(config.seed);
    let mut mean = to_vec(&config.start);
    let mut sd = [config.sigma; DIMS];
    let elite = (config.population / 5).max(2);
    for g in 0..config.generations {
        let mut vectors = vec![mean];
        while vectors.len() < config.population {
            let mut v = mean;
            for (d, value) in v.iter_mut().enumerate() {
                *value += sd[d] * gaussian(&mut rng);
            }
            vectors.push(v);
        }
        let candidates: Vec<Weights> = vectors.iter().map(|v| from_vec(v, &config.start)).collect();
        let fitness = evaluate(config, &candidates, rng.next())?;
        let mut order: Vec<usize> = (0..vectors.len()).collect();
        order.sort_by(|&a, &b| fitness[b].total_cmp(&fitness[a]));
        let report = Generation {
            mean_weights: candidates[0].clone(),
            mean_fitness: fitness[0],
            best_fitness: fitness[order[0]],
        };
        log(g, &report);
        let noise = config.sigma * config.sigma * 0.25 * (1.0 - g as f64 / config.generations as f64);
        for d in 0..DIMS {
            let m = order[..elite].iter().map(|&i| vectors[i][d]).sum::<f64>() / elite as f64;
            let var = order[..elite].iter().map(|&i| (vectors[i][d] - m).powi(2)).sum::<f64>() / elite as f64;
            mean[d] = m;
            sd[d] = (var + noise).sqrt();
        }
    }
    Ok(from_vec(&mean, &config.start))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_run_is_reproducible_and_improves_on_blind_weights() {
        let game = GameConfig { height: 8, max_pieces: 300, preview: false, tucks: false };
        let config = TuneConfig {
            generations: 4,
            population: 10,
            games: 2,
            game,
            seed: 5,
            start: Weights::ZERO,
            sigma: 1.0,
            threads: 2,
        };
        let mut logged = 0;
        let tuned = tune(&config, &mut |_, _| logged += 1).expect("tunes");
        assert_eq!(logged, 4);
        assert_eq!(tune(&config, &mut |_, _| {}).expect("tunes"), tuned, "same seed, same weights");
        let lines = |w: &Weights| {
            (0..4).map(|g| simulate::play(&game, w, 99, g, &mut |_, _| {}).expect("plays").lines).sum::<u64>()
        };
        assert!(lines(&tuned) > lines(&Weights::ZERO), "{tuned:?}");
    }
}
