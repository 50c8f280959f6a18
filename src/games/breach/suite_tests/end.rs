//! Issue 13, the end of a breach: pairs of captures of the browser clone (`fixtures/breach/end`),
//! one just before the last pick and one once the page shows the result, at three window sizes,
//! for optimal breaches and ones that fill the buffer and leave daemons failed. The truth, each
//! daemon's word top to bottom, was read from the page's DOM when they were captured
//! (`truth.txt`). gamebot reads the first capture with the clone's profile and the second with
//! its `[read.end]` colours, and must agree with the page on every daemon.

use std::path::{Path, PathBuf};

use gamebot::games::breach::BreachConfig;
use gamebot::games::breach::read::{self, end::Outcome};
use gamebot::profile::Profile;
use gamebot::screen::load_png;

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/breach/end")
}

/// `name: word word ...` lines (installed, failed, or - for a daemon still open).
fn truths() -> Vec<(String, Vec<Outcome>)> {
    let text = std::fs::read_to_string(fixtures().join("truth.txt")).expect("fixtures/breach/end/truth.txt");
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let (name, words) = line.split_once(':').expect("name: words");
            let outcomes = words
                .split_whitespace()
                .map(|word| match word {
                    "installed" => Outcome::Installed,
                    "failed" => Outcome::Failed,
                    "-" => Outcome::Open,
                    other => panic!("{name}: unknown word {other}"),
                })
                .collect();
            (name.to_string(), outcomes)
        })
        .collect()
}

#[test]
fn every_end_screen_reads_as_the_page_marked_it() {
    let profile = Profile::load("breach-clone", Path::new("config")).unwrap();
    let config: BreachConfig = profile.settings().unwrap();
    let hints = config.read.end.clone().expect("the clone's profile has [read.end]");
    let all = truths();
    assert!(all.len() >= 8, "at least eight end fixtures");
    let (mut failed_some, mut sizes) = (0, std::collections::BTreeSet::new());
    let mut wrong = Vec::new();
    for (name, want) in all {
        let before = load_png(&fixtures().join(format!("{name}-before.png"))).unwrap();
        let end = load_png(&fixtures().join(format!("{name}-end.png"))).unwrap();
        sizes.insert((end.width(), end.height()));
        failed_some += usize::from(want.contains(&Outcome::Failed));
        let seen = read::read_with(&before, &config.read)
            .map_err(|e| e.to_string())
            .and_then(|layout| read::end::read_end(&end, &layout, &hints).map_err(|e| e.to_string()));
        if seen.as_ref() != Ok(&want) {
            wrong.push(format!("{name}: read {seen:?}, the page marked {want:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(failed_some >= 2, "some fixtures end with failed daemons");
    assert!(sizes.len() >= 3, "three window sizes");
}
