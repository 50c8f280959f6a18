//! Benchmarks of Breach Protocol: the optimal solver on deterministic random 7x7 puzzles (3 or 4
//! daemons, `games::breach::random`) with buffers of 8 and 13, timed over a batch of 100 puzzles
//! (so one iteration's time / 100 is the mean per puzzle); and read + solve of a real screenshot
//! from `../shared/corpus/breach` scaled to 3840x2160 in memory. Targets: buffer 8 under 1 ms per
//! puzzle, buffer 13 under 50 ms, read + solve at 4K under 100 ms.
//! Run with `cargo bench --bench breach`.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use gamebot::frame::Frame;
use gamebot::games::breach::board::Puzzle;
use gamebot::games::breach::{random, read, solve};
use gamebot::rng::SplitMix64;

fn puzzles(buffer: usize) -> Vec<Puzzle> {
    let mut rng = SplitMix64(0xB4EAC4 + buffer as u64);
    (0..100).map(|i| random::puzzle(&mut rng, 7, 3 + i % 2, buffer)).collect()
}

fn solver(c: &mut Criterion) {
    let mut group = c.benchmark_group("breach_solve_100_puzzles_7x7");
    group.sample_size(20).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(3));
    for buffer in [8, 13] {
        let batch = puzzles(buffer);
        group.bench_function(format!("buffer{buffer}"), |b| {
            b.iter(|| batch.iter().map(|p| solve::solve(black_box(p)).value).sum::<u32>())
        });
    }
    group.finish();
}

fn read_solve_4k(c: &mut Criterion) {
    let png = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/breach/bpa-1920x1080-1.png");
    let Ok(frame) = gamebot::screen::load_png(&png) else {
        eprintln!("skipping read+solve: {} is not there", png.display());
        return;
    };
    let frame =
        Frame::from_image(image::imageops::resize(&frame.image, 3840, 2160, image::imageops::FilterType::Triangle));
    let mut group = c.benchmark_group("breach_read_solve");
    group.sample_size(20).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(3));
    group.bench_function("3840x2160", |b| {
        b.iter(|| {
            let screen = read::read(black_box(&frame)).unwrap();
            solve::solve(&screen.puzzle).value
        })
    });
    group.finish();
}

criterion_group!(benches, solver, read_solve_4k);
criterion_main!(benches);
