//! The benchmarks of every game in the list (`Game::benchmarks`: solving and reading, never
//! capture), timed by criterion: `cargo bench --bench games`, or `cargo bench --bench games -- flood`
//! for one game's. A game added to the list is benchmarked with no edit here.

use std::path::Path;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use gamebot::games::GameKind;

fn games(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for &kind in GameKind::ALL {
        let mut group = c.benchmark_group(kind.name());
        group.warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(3));
        for mut benchmark in kind.benchmarks(root) {
            group.sample_size(benchmark.samples);
            group.bench_function(&benchmark.name, |b| b.iter(|| (benchmark.run)()));
        }
        group.finish();
    }
}

criterion_group!(benches, games);
criterion_main!(benches);
