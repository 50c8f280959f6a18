//! `gamebot bench tetris` and `gamebot tune tetris` on the command line: simulated games played
//! on worker threads with the evaluator's weights (a summary line last on stdout), and the
//! cross-entropy tuner of those weights, which writes its result only where nothing would be lost.

use std::time::Instant;

use anyhow::{Context, bail};

use super::bench;
use super::cli::{TetrisBench, TetrisTune};
use super::eval::Weights;
use super::simulate::GameConfig;
use super::tune::{self, TuneConfig};
use crate::files::write_atomic;
use crate::invocation::Invocation;

/// `gamebot bench tetris`: progress on stderr, the summary line last on stdout.
pub(super) fn bench_games(cx: &mut Invocation, args: &TetrisBench) -> anyhow::Result<bool> {
    if args.preview > 1 {
        bail!("--preview is 0 (current piece only) or 1 (also the next piece), not {}", args.preview);
    }
    let weights = Weights::resolve(&args.weights)?;
    super::Board::new(args.height)?;
    let config =
        GameConfig { height: args.height, max_pieces: args.pieces, preview: args.preview == 1, tucks: args.tucks };
    cx.note(format!(
        "tetris: {} games of up to {} pieces, 10x{} board, seed {}, weights {}, preview {}{}, {} threads",
        args.games,
        args.pieces,
        args.height,
        args.seed,
        args.weights,
        args.preview,
        if args.tucks { ", tucks and spins" } else { "" },
        args.threads
    ));
    // The games run on worker threads: their progress reaches the report through a lock.
    let shared = std::sync::Mutex::new(&mut *cx.report);
    let log = |line: String| {
        if let Ok(mut report) = shared.lock() {
            report.note(&line);
        }
    };
    let report = bench::run(&config, &weights, args.games, args.seed, args.threads, &log)?;
    cx.note(format!(
        "max_lines={} pieces={} seconds={:.1} us_per_piece_per_thread={:.2}",
        report.max_lines,
        report.pieces,
        report.seconds,
        1e6 * report.seconds * args.threads.clamp(1, args.games) as f64 / report.pieces.max(1) as f64
    ));
    cx.line(report.summary());
    Ok(true)
}

/// `gamebot tune tetris`: refuses an existing `--out` before any work, unless `--force`.
pub(super) fn tune_weights(cx: &mut Invocation, args: &TetrisTune) -> anyhow::Result<bool> {
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
        cx.progress("generations", g as u64, args.generations as u64);
        cx.note(format!(
            "generation {g}: mean weights play {:.1} lines/game, best candidate {:.1} ({:.0} s)\n  {}",
            report.mean_fitness,
            report.best_fitness,
            started.elapsed().as_secs_f64(),
            report.mean_weights.to_toml().trim().replace('\n', ", ")
        ));
    })?;
    let header = format!(
        "# Written by `gamebot tune tetris`: cross-entropy method, {} generations of {}, {} games each of up to {} pieces on a 10x{} board, seed {}, from {}.\n",
        args.generations, args.population, args.games, args.pieces, args.height, args.seed, args.start
    );
    save(&args.out, &format!("{header}{}", weights.to_toml()), args.force)?;
    cx.line(weights.to_toml());
    cx.note(format!("wrote {}", args.out.display()));
    Ok(true)
}

fn save(path: &std::path::Path, text: &str, force: bool) -> anyhow::Result<()> {
    write_atomic(path, text.as_bytes(), force).with_context(|| "saving the tuned weights")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::invocation::Collected;

    fn cx(report: &mut Collected) -> Invocation<'_> {
        Invocation { config_dir: "config".into(), calibration_dir: "calibration".into(), report }
    }

    #[test]
    fn tune_refuses_an_existing_file_before_any_work() {
        let dir = tempfile::tempdir().expect("tempdir");
        let out = dir.path().join("w.toml");
        std::fs::write(&out, "holes = -1\n").expect("write");
        let args = TetrisTune {
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
        let err = tune_weights(&mut cx(&mut Collected::default()), &args).unwrap_err().to_string();
        assert!(err.contains("--force") && err.contains("w.toml"), "{err}");
        assert_eq!(std::fs::read_to_string(&out).expect("read"), "holes = -1\n");
    }

    #[test]
    fn bench_rejects_a_bad_preview_and_unknown_weights() {
        let args = TetrisBench {
            games: 1,
            pieces: 10,
            seed: 1,
            weights: "ours".into(),
            preview: 2,
            height: 20,
            tucks: false,
            threads: 1,
            contest: false,
            beam: None,
            moves: super::super::cli::MovesArg::Any,
            most_rushed: None,
            live: None,
        };
        let mut report = Collected::default();
        assert!(bench_games(&mut cx(&mut report), &args).unwrap_err().to_string().contains("--preview"));
        let args = TetrisBench { preview: 0, weights: "nonesuch".into(), ..args };
        assert!(format!("{:#}", bench_games(&mut cx(&mut report), &args).unwrap_err()).contains("nonesuch"));
    }
}
