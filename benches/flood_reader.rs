//! Benchmarks of the Flood-it reader on real sgt-flood captures: finding the board (locate) and
//! reading every cell with the palette (read). Capture itself is never timed.

use std::path::{Path, PathBuf};

use criterion::{Criterion, criterion_group, criterion_main};
use gamebot::games::flood::config::FloodConfig;
use gamebot::games::flood::read;
use gamebot::profile::Profile;
use gamebot::screen::load_png;

/// The smallest and the largest capture among the fixtures.
fn captures() -> Vec<PathBuf> {
    let mut shots: Vec<(u64, PathBuf)> =
        std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/flood"))
            .expect("fixtures/flood")
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "png"))
            .map(|p| {
                let (w, h) = image::image_dimensions(&p).unwrap();
                (w as u64 * h as u64, p)
            })
            .collect();
    shots.sort();
    vec![shots.first().unwrap().1.clone(), shots.last().unwrap().1.clone()]
}

fn reader(c: &mut Criterion) {
    let profile = FloodConfig::from_profile(&Profile::load("sgt-flood", Path::new("config")).unwrap()).unwrap();
    let mut group = c.benchmark_group("flood_reader");
    for path in captures() {
        let frame = load_png(&path).unwrap();
        let name = format!("{}x{}", frame.width(), frame.height());
        let grid = read::locate(&frame, &profile.vision, profile.palette.as_ref()).unwrap();
        group.bench_function(format!("locate {name}"), |b| {
            b.iter(|| read::locate(&frame, &profile.vision, profile.palette.as_ref()).unwrap())
        });
        group.bench_function(format!("read {name} ({}x{} cells)", grid.rows, grid.cols), |b| {
            b.iter(|| read::read(&frame, &grid, &profile.vision, profile.palette.as_ref()).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, reader);
criterion_main!(benches);
