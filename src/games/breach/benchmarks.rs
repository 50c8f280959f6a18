//! Breach Protocol's benchmarks (`cargo bench`, over the list of games): the solver on 100 random
//! 7x7 puzzles (3 or 4 daemons) with buffers of 8 and 13, and a real screenshot from
//! `../shared/corpus/breach` scaled to 3840x2160, read and solved (left out when absent).

use std::hint::black_box;
use std::path::Path;

use super::Breach;
use super::board::Puzzle;
use super::{random, read, solve};
use crate::frame::Frame;
use crate::game::Benchmark;
use crate::game::Benchmarks;
use crate::rng::SplitMix64;

impl Benchmarks for Breach {
    fn benchmarks(root: &Path) -> Vec<Benchmark> {
        let mut all = Vec::new();
        for buffer in [8, 13] {
            let mut rng = SplitMix64(0xB4EAC4 + buffer as u64);
            let batch: Vec<Puzzle> = (0..100).map(|i| random::puzzle(&mut rng, 7, 3 + i % 2, buffer)).collect();
            all.push(Benchmark::new(format!("breach solve 100 puzzles 7x7 buffer {buffer}"), move || {
                black_box(batch.iter().map(|p| solve::solve(black_box(p)).value).sum::<u32>());
            }));
        }
        let shot = root.join("../shared/corpus/breach/bpa-1920x1080-1.png");
        if let Ok(frame) = crate::screen::load_png(&shot) {
            let filter = image::imageops::FilterType::Triangle;
            let frame = Frame::from_image(image::imageops::resize(&frame.image, 3840, 2160, filter));
            all.push(Benchmark::new("breach read and solve 3840x2160", move || {
                if let Ok(screen) = read::read(black_box(&frame)) {
                    black_box(solve::solve(&screen.puzzle).value);
                }
            }));
        }
        all
    }
}
