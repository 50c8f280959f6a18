//! Many simulated games at once: games are handed out to worker threads (`std::thread::scope`)
//! and their results gathered into the figures `gamebot bench tetris` prints.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use super::eval::Evaluator;
use super::simulate::{self, GameConfig, GameResult};

/// The figures of a run of games.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchReport {
    pub games: usize,
    pub mean_lines: f64,
    pub min_lines: u64,
    pub max_lines: u64,
    pub topouts: usize,
    pub pieces: u64,
    pub seconds: f64,
    /// All games' pieces over the wall-clock time (all threads together).
    pub pieces_per_second: f64,
    /// Each game's result, in game order.
    pub results: Vec<GameResult>,
}

impl BenchReport {
    /// The one line `bench tetris` prints last.
    pub fn summary(&self) -> String {
        format!(
            "games={} mean_lines={:.1} min_lines={} topouts={} pieces_per_second={:.0}",
            self.games, self.mean_lines, self.min_lines, self.topouts, self.pieces_per_second
        )
    }
}

/// Plays games 0..games seeded `seed` on `threads` threads. `log` gets progress lines (it is
/// called from the worker threads, one line at a time).
pub fn run(
    config: &GameConfig,
    eval: &impl Evaluator,
    games: usize,
    seed: u64,
    threads: usize,
    log: &(dyn Fn(String) + Sync),
) -> anyhow::Result<BenchReport> {
    anyhow::ensure!(games > 0, "at least one game is needed");
    let started = Instant::now();
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<anyhow::Result<GameResult>>>> = Mutex::new((0..games).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, games) {
            scope.spawn(|| {
                loop {
                    let game = next.fetch_add(1, Ordering::Relaxed);
                    if game >= games {
                        break;
                    }
                    let mut progress = |pieces: u64, lines: u64| {
                        if pieces.is_multiple_of(1 << 18) {
                            log(format!("game {game}: {pieces} pieces, {lines} lines"));
                        }
                    };
                    let result = simulate::play(config, eval, seed, game as u64, &mut progress);
                    if let Ok(r) = &result {
                        let end = if r.topped_out { "topped out" } else { "reached the piece cap" };
                        log(format!(
                            "game {game}: {} lines, {} pieces, {end} ({:.1} s)",
                            r.lines,
                            r.pieces,
                            started.elapsed().as_secs_f64()
                        ));
                    }
                    if let Ok(mut all) = results.lock() {
                        all[game] = Some(result);
                    }
                }
            });
        }
    });
    let seconds = started.elapsed().as_secs_f64();
    let results: Vec<GameResult> = results
        .into_inner()
        .map_err(|_| anyhow::anyhow!("a game thread panicked"))?
        .into_iter()
        .map(|r| r.unwrap_or_else(|| Err(anyhow::anyhow!("a game was not played"))))
        .collect::<anyhow::Result<_>>()?;
    let pieces: u64 = results.iter().map(|r| r.pieces).sum();
    let lines: u64 = results.iter().map(|r| r.lines).sum();
    Ok(BenchReport {
        games,
        mean_lines: lines as f64 / games as f64,
        min_lines: results.iter().map(|r| r.lines).min().unwrap_or(0),
        max_lines: results.iter().map(|r| r.lines).max().unwrap_or(0),
        topouts: results.iter().filter(|r| r.topped_out).count(),
        pieces,
        seconds,
        pieces_per_second: pieces as f64 / seconds.max(1e-9),
        results,
    })
}
