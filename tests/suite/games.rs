//! A game added to the list is covered by default: this module fails, naming what is missing, when a
//! game in `GameKind::ALL` has no fixtures (real captures with their truth, which `replay`, the
//! benchmarks and the fuzz targets' seeds all come from), no text seeds for its fuzz target, or no
//! benchmark. The same walk writes the fuzz targets' seed corpora when asked
//! (`GAMEBOT_FUZZ_SEEDS=fuzz/corpus`, as `scripts/fuzz.sh` does): each game's smallest captures for
//! `read` and its text seeds for `text`, prefixed with the game's place in the list, the case files
//! and profiles, and two calibrations.

use std::path::Path;

use gamebot::games::GameKind;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The case files (`*.toml` beside a `*.png`) under a folder, searched recursively.
fn cases_under(dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else { return 0 };
    entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .map(|p| match () {
            _ if p.is_dir() => cases_under(&p),
            _ if p.extension().is_some_and(|e| e == "toml") && p.with_extension("png").is_file() => 1,
            _ => 0,
        })
        .sum()
}

#[test]
fn every_game_has_fixtures_fuzz_seeds_and_benchmarks() {
    let mut missing = Vec::new();
    for &kind in GameKind::ALL {
        let name = kind.name();
        if cases_under(&root().join("fixtures").join(name)) == 0 {
            missing.push(format!("{name}: no fixtures (fixtures/{name}/*.png with a case file beside each)"));
        }
        let seeds = kind.text_seeds();
        if seeds.is_empty() {
            missing.push(format!("{name}: no text seeds for its fuzz target (Game::text_seeds)"));
        }
        for seed in &seeds {
            if let Err(e) = kind.parse_text(seed) {
                missing.push(format!("{name}: a text seed its own parser refuses ({e:#}): {seed:?}"));
            }
        }
        if kind.benchmarks(root()).is_empty() {
            missing.push(format!("{name}: no benchmark (Game::benchmarks)"));
        }
        if let Some(corpus) = std::env::var_os("GAMEBOT_FUZZ_SEEDS") {
            write_seeds(Path::new(&corpus), kind, &seeds);
        }
        if gamebot::profile::Profile::load_for(kind.default_profile(), &root().join("config"), name).is_err() {
            missing.push(format!("{name}: its default profile config/{}.toml does not load", kind.default_profile()));
        }
    }
    assert!(missing.is_empty(), "games missing what every game needs:\n{}", missing.join("\n"));
}

#[test]
fn game_names_are_distinct_and_found_by_name() {
    for &kind in GameKind::ALL {
        assert_eq!(GameKind::from_name(kind.name()), Some(kind));
    }
}

/// Writes `kind`'s fuzz seeds under `corpus/<target>/`.
fn write_seeds(corpus: &Path, kind: GameKind, texts: &[String]) {
    let index = GameKind::ALL.iter().position(|&k| k == kind).unwrap() as u8;
    let name = kind.name();
    let write = |target: &str, file: String, bytes: &[u8]| {
        let dir = corpus.join(target);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(file), bytes).unwrap();
    };
    let mut shots = files_under(&root().join("fixtures").join(name), "png");
    shots.sort_by_key(|p| std::fs::metadata(p).map(|m| m.len()).unwrap_or(u64::MAX));
    for (i, shot) in shots.iter().take(3).enumerate() {
        let bytes = [&[index][..], &std::fs::read(shot).unwrap()].concat();
        write("read", format!("{name}-{i}.png"), &bytes);
    }
    for (i, text) in texts.iter().enumerate() {
        write("text", format!("{name}-{i}"), &[&[index][..], text.as_bytes()].concat());
    }
    for (i, case) in files_under(&root().join("fixtures").join(name), "toml").iter().enumerate() {
        write("case_toml", format!("{name}-{i}.toml"), &std::fs::read(case).unwrap());
    }
    let profile = root().join("config").join(format!("{}.toml", kind.default_profile()));
    write("profile_toml", format!("{name}.toml"), &std::fs::read(profile).unwrap());
    let calibration = "profile = \"p\"\ngame = \"g\"\nwindow_width = 64\nwindow_height = 64\n\n[grid]\nrows = 6\ncols = 6\n\n[grid.rect]\nx = 8.0\ny = 8.0\nwidth = 48.0\nheight = 48.0\n";
    write("calibration_toml", "grid-6x6.toml".into(), calibration.as_bytes());
}

/// The files ending in `.ext` under a folder, searched recursively, sorted.
fn files_under(dir: &Path, ext: &str) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else { return found };
    for path in entries.filter_map(|e| e.ok().map(|e| e.path())) {
        if path.is_dir() {
            found.extend(files_under(&path, ext));
        } else if path.extension().is_some_and(|e| e == ext) {
            found.push(path);
        }
    }
    found.sort();
    found
}
