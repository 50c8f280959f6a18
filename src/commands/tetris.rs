//! Tetris commands: `bench tetris` (simulated games with a weight set, figures on one line last)
//! and `tune tetris` (the cross-entropy tuner, writing a weights TOML file atomically).

use std::path::Path;
use std::time::Instant;

use anyhow::{Context, bail};

use crate::games::tetris::bench;
use crate::games::tetris::eval::Weights;
use crate::games::tetris::sim::GameConfig;
use crate::games::tetris::tune::{self, TuneConfig};
use crate::profile;

/// Options of `bench tetris`.
#[derive(Clone, Debug)]
pub struct BenchArgs {
    pub games: usize,
    pub pieces: u64,
    pub seed: u64,
    pub weights: String,
    pub preview: u8,
    pub height: usize,
    pub tucks: bool,
    pub threads: usize,
}

/// `gamebot bench tetris`: progress on stderr, the summary line last on stdout.
pub fn bench(args: &BenchArgs) -> anyhow::Result<bool> {
    if args.preview > 1 {
        bail!("--preview is 0 (current piece only) or 1 (also the next piece), not {}", args.preview);
    }
    let weights = Weights::resolve(&args.weights)?;
    crate::games::tetris::Board::new(args.height)?;
    let config = GameConfig { height: args.height, max_pieces: args.pieces, preview: args.preview == 1, tucks: args.tucks };
    eprintln!(
        "tetris: {} games of up to {} pieces, 10x{} board, seed {}, weights {}, preview {}{}, {} threads",
        args.games,
        args.pieces,
        args.height,
        args.seed,
        args.weights,
        args.preview,
        if args.tucks { ", tucks and spins" } else { "" },
        args.threads
    );
    let report = bench::run(&config, &weights, args.games, args.seed, args.threads, &|line| eprintln!("{line}"))?;
    eprintln!(
        "max_lines={} pieces={} seconds={:.1} us_per_piece_per_thread={:.2}",
        report.max_lines,
        report.pieces,
        report.seconds,
        1e6 * report.seconds * args.threads.clamp(1, args.games) as f64 / report.pieces.max(1) as f64
    );
    println!("{}", report.summary());
    Ok(true)
}

/// Options of `tune tetris`.
#[derive(Clone, Debug)]
pub struct TuneArgs {
    pub out: std::path::PathBuf,
    pub generations: usize,
    pub population: usize,
    pub games: usize,
    pub pieces: u64,
    pub height: usize,
    pub seed: u64,
    pub start: String,
    pub sigma: f64,
    pub threads: usize,
    pub force: bool,
}

/// `gamebot tune tetris`: refuses an existing `--out` before any work, unless `--force`.
pub fn tune(args: &TuneArgs) -> anyhow::Result<bool> {
    if args.out.exists() && !args.force {
        bail!("{}: already exists; pass --force to overwrite it", args.out.display());
    }
    let start = Weights::resolve(&args.start)?;
    let config = TuneConfig {
        generations: args.generations,
        population: args.population,
        games: args.games,
        game: GameConfig { height: args.height, max_pieces: args.pieces, preview: false, tucks: false },
        seed: args.seed,
        start,
        sigma: args.sigma,
        threads: args.threads,
    };
    let started = Instant::now();
    let weights = tune::tune(&config, &mut |g, report| {
        eprintln!(
            "generation {g}: mean weights play {:.1} lines/game, best candidate {:.1} ({:.0} s)\n  {}",
            report.mean_fitness,
            report.best_fitness,
            started.elapsed().as_secs_f64(),
            report.mean_weights.to_toml().trim().replace('\n', ", ")
        );
    })?;
    let header = format!(
        "# Written by `gamebot tune tetris`: cross-entropy method, {} generations of {}, {} games each of up to {} pieces on a 10x{} board, seed {}, from {}.\n",
        args.generations, args.population, args.games, args.pieces, args.height, args.seed, args.start
    );
    save(&args.out, &format!("{header}{}", weights.to_toml()), args.force)?;
    println!("{}", weights.to_toml());
    eprintln!("wrote {}", args.out.display());
    Ok(true)
}

fn save(path: &Path, text: &str, force: bool) -> anyhow::Result<()> {
    profile::write_atomic(path, text.as_bytes(), force).with_context(|| "saving the tuned weights")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tune_refuses_an_existing_file_before_any_work() {
        let dir = tempfile::tempdir().expect("tempdir");
        let out = dir.path().join("w.toml");
        std::fs::write(&out, "holes = -1\n").expect("write");
        let args = TuneArgs {
            out: out.clone(),
            generations: 1000,
            population: 1000,
            games: 1000,
            pieces: 1_000_000,
            height: 20,
            seed: 1,
            start: "ours".into(),
            sigma: 1.0,
            threads: 1,
            force: false,
        };
        let err = tune(&args).unwrap_err().to_string();
        assert!(err.contains("--force") && err.contains("w.toml"), "{err}");
        assert_eq!(std::fs::read_to_string(&out).expect("read"), "holes = -1\n");
    }

    #[test]
    fn bench_rejects_a_bad_preview_and_unknown_weights() {
        let args = BenchArgs { games: 1, pieces: 10, seed: 1, weights: "ours".into(), preview: 2, height: 20, tucks: false, threads: 1 };
        assert!(bench(&args).unwrap_err().to_string().contains("--preview"));
        let args = BenchArgs { preview: 0, weights: "nonesuch".into(), ..args };
        assert!(format!("{:#}", bench(&args).unwrap_err()).contains("nonesuch"));
    }
}
