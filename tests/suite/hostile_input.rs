//! Hostile files handed to every command that reads one: truncated, empty, huge-dimension and
//! non-PNG images; a folder or a missing path where a file is expected; malformed, mistyped and
//! 10 MB TOML; an unknown game; a malformed profile or calibration; 10 MB on standard input. Each
//! must end in one clear error line (or, for `replay`, one FAIL line), a non-zero exit, under 512 MB
//! of memory, and never a panic. The commands come from the list of games (every game's `read`,
//! and its `play`, `calibrate` and `solve` where they take a picture or a case file, as its command
//! line says), so a new game is fed the same. Memory is the child's own peak (`wait4`'s rusage,
//! or its `VmHWM` where that rusage is the test process's own, Linux); the slowest run is printed, not asserted (timing is a benchmark's business); the binary
//! is run without a display, so nothing here can touch a screen.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{Duration, Instant};

use clap::Subcommand;
use gamebot::games::{CalibrateCommand, GameKind, PlayCommand, SolveCommand};

const FIXTURE: &str = "fixtures/flood/sgt-5x5c6m0-01-default.png";
const LIMIT_RSS_KB: i64 = 512 * 1024;

/// The slowest run (ms) and the largest peak memory (KB) seen, printed as the tests go
/// (`--nocapture`), for the README's figures.
static WORST: AtomicI64 = AtomicI64::new(0);
static PEAK_KB: AtomicI64 = AtomicI64::new(0);

/// What one run of the binary did.
struct Run {
    success: bool,
    stdout: String,
    stderr: String,
    took: Duration,
    peak_rss_kb: i64,
}

/// Runs gamebot with `args` (and `stdin`, if given) from the repository's folder, without a display.
fn run(args: &[&str], stdin: Option<&[u8]>) -> Run {
    let started = Instant::now();
    let mut child = crate::common::bot(args, None)
        .stdin(if stdin.is_some() { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let input = stdin.map(|bytes| {
        let mut pipe = child.stdin.take().unwrap();
        let bytes = bytes.to_vec();
        std::thread::spawn(move || {
            let _ = pipe.write_all(&bytes);
        })
    });
    let mut out_pipe = child.stdout.take().unwrap();
    let mut err_pipe = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out_pipe.read_to_string(&mut s);
        s
    });
    let err = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err_pipe.read_to_string(&mut s);
        s
    });
    let (success, peak_rss_kb) = wait_with_rusage(&mut child);
    let took = started.elapsed();
    if let Some(handle) = input {
        let _ = handle.join();
    }
    Run { success, stdout: out.join().unwrap(), stderr: err.join().unwrap(), took, peak_rss_kb }
}

/// Waits for the child and returns (exited 0, its peak resident memory in KB). Linux counts in a
/// child's `ru_maxrss` the memory of the process it was spawned from, as it was when the child
/// replaced it by the binary (`exec`): the test process, which other tests of this binary may
/// have grown past the limit. So where `ru_maxrss` is no more than this process's own peak, the
/// child's own peak is taken from its `VmHWM`, read as it runs.
#[cfg(target_os = "linux")]
fn wait_with_rusage(child: &mut std::process::Child) -> (bool, i64) {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    let pid = child.id() as libc::pid_t;
    let done = Arc::new(AtomicBool::new(false));
    let watch = {
        let done = done.clone();
        std::thread::spawn(move || {
            let mut seen = 0;
            while !done.load(Ordering::Relaxed) {
                seen = seen.max(vm_hwm_kb(&format!("/proc/{pid}/status")).unwrap_or(0));
                std::thread::sleep(Duration::from_millis(2));
            }
            seen
        })
    };
    let mut status = 0;
    // SAFETY: a plain wait4 on our own child, with pointers to locals that outlive the call.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    done.store(true, Ordering::Relaxed);
    let watched = watch.join().unwrap();
    assert_eq!(waited, pid, "wait4 failed");
    let ours = vm_hwm_kb("/proc/self/status").unwrap_or(0);
    let peak = if usage.ru_maxrss <= ours { watched } else { usage.ru_maxrss };
    (libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0, peak)
}

/// The peak resident memory (`VmHWM`, KB) in a `/proc/<pid>/status` file, while it has one.
#[cfg(target_os = "linux")]
fn vm_hwm_kb(status: &str) -> Option<i64> {
    let text = std::fs::read_to_string(status).ok()?;
    let line = text.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[cfg(not(target_os = "linux"))]
fn wait_with_rusage(child: &mut std::process::Child) -> (bool, i64) {
    (child.wait().unwrap().success(), 0)
}

/// The run failed the way a user should see it: non-zero, one `error:` line naming `needle`
/// (or for replay a FAIL line), quickly, in little memory, with no panic.
#[track_caller]
fn refused(run: &Run, what: &str, needle: &str) {
    let context = format!("{what}\nstdout: {}\nstderr: {}", run.stdout, run.stderr);
    assert!(!run.success, "expected a failure: {context}");
    assert!(!run.stderr.contains("panicked") && !run.stderr.contains("RUST_BACKTRACE"), "a panic: {context}");
    assert!(run.peak_rss_kb < LIMIT_RSS_KB, "peak {} KB: {context}", run.peak_rss_kb);
    let errors: Vec<&str> = run.stderr.lines().filter(|l| l.starts_with("error")).collect();
    let fails: Vec<&str> = run.stdout.lines().filter(|l| l.starts_with("FAIL")).collect();
    let worst = WORST.fetch_max(run.took.as_millis() as i64, Ordering::Relaxed).max(run.took.as_millis() as i64);
    let peak = PEAK_KB.fetch_max(run.peak_rss_kb, Ordering::Relaxed).max(run.peak_rss_kb);
    eprintln!("worst so far: {worst} ms, {} MB peak", peak / 1024);
    let line = match (errors.as_slice(), fails.as_slice()) {
        ([line], _) | ([], [line]) => *line,
        _ => panic!("expected exactly one error or FAIL line: {context}"),
    };
    assert!(line.contains(needle), "expected {needle:?} in the error line {line:?}: {context}");
}

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(FIXTURE)
}

/// A PNG whose header claims `width`x`height` (the CRC fixed), the rest a small real image.
fn claiming(width: u32, height: u32) -> Vec<u8> {
    let mut bytes = std::fs::read(fixture()).unwrap();
    bytes[16..20].copy_from_slice(&width.to_be_bytes());
    bytes[20..24].copy_from_slice(&height.to_be_bytes());
    let mut crc = !0u32;
    for &b in &bytes[12..29] {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    bytes[29..33].copy_from_slice(&(!crc).to_be_bytes());
    bytes
}

/// The hostile pictures, by name, and a word their error line must hold.
fn bad_images(dir: &Path) -> Vec<(String, PathBuf, &'static str)> {
    let whole = std::fs::read(fixture()).unwrap();
    let files: Vec<(&str, Vec<u8>, &str)> = vec![
        ("zero-byte.png", Vec::new(), "not a readable PNG"),
        ("truncated.png", whole[..whole.len() / 2].to_vec(), "not a readable PNG"),
        ("header-only.png", whole[..33].to_vec(), "not a readable PNG"),
        ("huge-100000.png", claiming(100_000, 100_000), "not a readable PNG"),
        ("huge-6000.png", claiming(6_000, 6_000), "more than its"),
        ("text.png", b"P3\n2 2\n255\nthis is not a png\n".to_vec(), "not a readable PNG"),
    ];
    let mut out: Vec<(String, PathBuf, &str)> = files
        .into_iter()
        .map(|(name, bytes, needle)| {
            let path = dir.join(name);
            std::fs::write(&path, bytes).unwrap();
            (name.to_string(), path, needle)
        })
        .collect();
    let folder = dir.join("folder.png");
    std::fs::create_dir(&folder).unwrap();
    out.push(("a folder".into(), folder, "folder.png"));
    out.push(("a missing file".into(), dir.join("missing.png"), "missing.png"));
    out
}

/// True when `gamebot <command> <game>` takes the option (or positional argument) `id`, as the
/// command line built from the list of games says.
fn takes<S: Subcommand>(game: GameKind, id: &str) -> bool {
    let command = S::augment_subcommands(clap::Command::new("command"));
    let name = game.name();
    let sub = command.get_subcommands().find(|c| c.get_name().eq_ignore_ascii_case(name));
    sub.is_some_and(|c| c.get_arguments().any(|a| a.get_id() == id))
}

/// Every command of every game that reads a picture, with `{}` where the picture goes.
fn image_commands() -> Vec<Vec<String>> {
    let mut commands = Vec::new();
    for &game in GameKind::ALL {
        let name = game.name().to_string();
        commands.push(vec!["read".into(), name.clone(), "{}".into()]);
        if takes::<PlayCommand>(game, "from") {
            commands.push(["play", &name, "--dry-run", "--from", "{}", "--out", "{out}"].map(String::from).to_vec());
        }
        if takes::<CalibrateCommand>(game, "from") {
            commands
                .push(["calibrate", &name, "--from", "{}", "--calibration-dir", "{dir}"].map(String::from).to_vec());
            if takes::<CalibrateCommand>(game, "board") {
                let learn = ["calibrate", &name, "--from", "{}", "--profile", "new-one", "--config-dir", "{dir}"];
                let out = if takes::<CalibrateCommand>(game, "out") { &["--out", "{out}"][..] } else { &[] };
                commands.push(learn.iter().chain(out).map(|a| a.to_string()).collect());
            }
        }
    }
    commands
}

/// The games whose `solve` reads a case file given as its one positional argument.
fn case_solvers() -> Vec<GameKind> {
    GameKind::ALL
        .iter()
        .copied()
        .filter(|&g| takes::<SolveCommand>(g, "input") || takes::<SolveCommand>(g, "case"))
        .collect()
}

fn fill(command: &[String], file: &Path, dir: &Path) -> Vec<String> {
    let out = dir.join("out.png");
    command
        .iter()
        .map(|a| {
            a.replace("{}", file.to_str().unwrap())
                .replace("{out}", out.to_str().unwrap())
                .replace("{dir}", dir.to_str().unwrap())
        })
        .collect()
}

#[test]
fn every_command_refuses_every_hostile_picture() {
    let dir = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    for (name, path, needle) in bad_images(dir.path()) {
        for command in image_commands() {
            let args = fill(&command, &path, work.path());
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            refused(&run(&args, None), &format!("{name}: gamebot {}", args.join(" ")), needle);
        }
        // replay: a case whose picture is this file.
        let case_dir = tempfile::tempdir().unwrap();
        let case = case_dir.path().join("case.toml");
        std::fs::write(&case, "game = \"flood\"\n[board]\nrows = [\"01\", \"10\"]\n").unwrap();
        if path.exists() {
            if path.is_dir() {
                std::fs::create_dir(case_dir.path().join("case.png")).unwrap();
            } else {
                std::fs::copy(&path, case_dir.path().join("case.png")).unwrap();
            }
        }
        refused(&run(&["replay", case.to_str().unwrap()], None), &format!("{name}: replay"), "case");
    }
    assert!(std::fs::read_dir(work.path()).unwrap().next().is_none(), "nothing is written for a refused picture");
}

/// The hostile TOML files, by name, and a word their error line must hold.
fn bad_toml(dir: &Path) -> Vec<(&'static str, PathBuf, &'static str)> {
    let files: Vec<(&str, String, &str)> = vec![
        ("malformed.toml", "game = \"flood\"\n[board\nrows = [\"01\"]\n".into(), "line 2"),
        ("mistyped.toml", "game = \"flood\"\n[board]\nrows = 5\n".into(), "mistyped.toml"),
        ("wrong-cells.toml", "game = \"flood\"\n[board]\nrows = [\"0z\", \"10\"]\n".into(), "wrong-cells.toml"),
        ("huge.toml", "a = 1\n".repeat(1_750_000), "more than"),
        ("binary.toml", String::from_utf8_lossy(&[0xff, 0xfe, 0, 1, 2]).into_owned(), "binary.toml"),
    ];
    let mut out: Vec<(&str, PathBuf, &str)> = files
        .into_iter()
        .map(|(name, text, needle)| {
            let path = dir.join(name);
            std::fs::write(&path, text).unwrap();
            (name, path, needle)
        })
        .collect();
    let folder = dir.join("folder.toml");
    std::fs::create_dir(&folder).unwrap();
    out.push(("a folder", folder, "folder.toml"));
    out.push(("a missing file", dir.join("missing.toml"), "missing.toml"));
    out
}

#[test]
fn every_command_refuses_every_hostile_toml_file() {
    let dir = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    let png = fixture();
    let png = png.to_str().unwrap();
    for (name, path, needle) in bad_toml(dir.path()) {
        let file = path.to_str().unwrap();
        let out = work.path().join("out.png");
        let out = out.to_str().unwrap();
        let wdir = work.path().to_str().unwrap();
        // Case files.
        for game in case_solvers() {
            let game = game.name();
            refused(&run(&["solve", game, file], None), &format!("{name}: solve {game}"), needle);
        }
        refused(&run(&["replay", file], None), &format!("{name}: replay"), needle);
        // Profiles, and known boards to learn from, for every game that takes them.
        for &game in GameKind::ALL {
            let g = game.name();
            let mut runs = vec![vec!["read", g, png, "--profile", file]];
            if takes::<PlayCommand>(game, "from") {
                runs.push(vec!["play", g, "--dry-run", "--from", png, "--profile", file, "--out", out]);
            }
            if takes::<CalibrateCommand>(game, "from") {
                runs.push(vec!["calibrate", g, "--from", png, "--profile", file, "--calibration-dir", wdir]);
            }
            if takes::<CalibrateCommand>(game, "board") {
                runs.push(vec![
                    "calibrate",
                    g,
                    "--from",
                    png,
                    "--board",
                    file,
                    "--profile",
                    "new",
                    "--config-dir",
                    wdir,
                ]);
            }
            for args in runs {
                refused(&run(&args, None), &format!("{name}: {}", args.join(" ")), needle);
            }
        }
        // Tuned weights.
        let args = ["bench", "tetris", "--weights", file, "--games", "1", "--pieces", "10"];
        refused(&run(&args, None), &format!("{name}: bench tetris --weights"), needle);
    }
}

#[test]
fn a_hostile_calibration_is_refused() {
    let png = fixture();
    let png = png.to_str().unwrap();
    for (text, needle) in [
        ("profile = \"sgt-flood\"\ngame = \"flood\"\nwindow_width = 300\n", "sgt-flood.toml"),
        ("profile = \"sgt-flood\"\ngame = \"flood\"\nwindow_width = \"wide\"\n", "sgt-flood.toml"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("sgt-flood.toml"), text).unwrap();
        let out = dir.path().join("out.png");
        let args = [
            "play",
            "flood",
            "--from",
            png,
            "--calibration-dir",
            dir.path().to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ];
        refused(&run(&args, None), &format!("calibration {text:?}"), needle);
    }
}

#[test]
fn an_unknown_game_is_refused() {
    let png = fixture();
    for args in [vec!["read", "chess", png.to_str().unwrap()], vec!["solve", "chess"], vec!["play", "chess"]] {
        refused(&run(&args, None), &format!("gamebot {}", args.join(" ")), "chess");
    }
    let dir = tempfile::tempdir().unwrap();
    let case = dir.path().join("chess.toml");
    std::fs::write(&case, "game = \"chess\"\n[board]\nrows = [\"01\"]\n").unwrap();
    std::fs::copy(&png, dir.path().join("chess.png")).unwrap();
    refused(&run(&["replay", case.to_str().unwrap()], None), "replay of a chess case", "chess");
}

#[test]
fn hostile_boards_on_standard_input_are_refused() {
    let huge = "0123456789".repeat(1_000_000);
    for (game, input, needle) in [
        ("flood", b"0123\n01x3\n".to_vec(), "standard input"),
        ("flood", huge.clone().into_bytes(), "standard input"),
        ("flood", vec![0xff, 0xfe, 0x00], "standard input"),
        ("pegs", b"ooo\no.\n".to_vec(), "standard input"),
        ("pegs", huge.into_bytes(), "standard input"),
        ("flood", Vec::new(), "standard input"),
    ] {
        refused(&run(&["solve", game, "-"], Some(&input)), &format!("solve {game} of {} bytes", input.len()), needle);
    }
}

/// Regression (issue 20): a 700 KB board on standard input whose first row is 400,000 cells long
/// and whose 300,000 other rows are one cell each made `solve` reserve 400,000 x 300,001 cells
/// before finding the rows ragged: an abort. Text boards are now capped (10,000 cells) first.
#[test]
fn a_skewed_text_board_does_not_reserve_rows_times_columns() {
    let input = format!("{}\n{}", "0".repeat(400_000), "0\n".repeat(300_000));
    for game in case_solvers().into_iter().filter(|g| takes::<SolveCommand>(*g, "input")) {
        let game = game.name();
        refused(&run(&["solve", game, "-"], Some(input.as_bytes())), &format!("skewed board, {game}"), "more than");
    }
}
