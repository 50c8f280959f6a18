//! Writes that cannot complete: a full folder (a 64 KB tmpfs), a read-only one (the same tmpfs
//! remounted read-only: permission bits do not stop root, a read-only file system does), a file
//! where a folder should be, and a place no one may create files (/proc). Each ends in one clear
//! error line and a non-zero exit, the old file stays whole and no temporary file is left. The
//! tmpfs tests need `mount` (root, on Linux): they are ignored with that reason, and CI, which runs
//! as root, runs them (`--include-ignored`); where they run and cannot mount, they fail.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common::gamebot;

fn fixture() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/flood/sgt-5x5c6m0-01-default.png").display().to_string()
}

/// `calibrate flood` from the fixture into `dir`, replacing what is there.
fn calibrate_into(dir: &Path) -> Output {
    gamebot(&["calibrate", "flood", "--from", &fixture(), "--calibration-dir", dir.to_str().unwrap(), "--force"])
}

#[track_caller]
fn refused(out: &Output, needle: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "expected a failure: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let errors: Vec<&str> = stderr.lines().filter(|l| l.starts_with("error")).collect();
    assert_eq!(errors.len(), 1, "one error line: {stderr}");
    assert!(errors[0].contains(needle), "expected {needle:?} in {:?}", errors[0]);
}

/// A small tmpfs mounted on a fresh folder, unmounted when dropped.
struct Tmpfs {
    _parent: tempfile::TempDir,
    path: PathBuf,
}

impl Tmpfs {
    /// A fresh tmpfs of `size`; panics where mounting is not allowed (not root, or not Linux).
    fn mount(size: &str) -> Tmpfs {
        let parent = tempfile::tempdir().unwrap();
        let path = parent.path().join("mnt");
        std::fs::create_dir(&path).unwrap();
        let options = format!("size={size}");
        let ok = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &options, "tmpfs", path.to_str().unwrap()])
            .output()
            .is_ok_and(|o| o.status.success());
        assert!(ok, "cannot mount a tmpfs here: this test needs root on Linux");
        Tmpfs { _parent: parent, path }
    }

    fn remount_read_only(&self) {
        let out = Command::new("mount").args(["-o", "remount,ro", self.path.to_str().unwrap()]).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.path).output();
    }
}

/// The files in `dir`, with their contents.
fn contents(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| {
            let bytes = std::fs::read(&p).unwrap();
            (p, bytes)
        })
        .collect();
    files.sort();
    files
}

#[test]
#[ignore = "needs root on Linux to mount a tmpfs (CI runs it)"]
fn a_full_folder_gives_a_clear_error_and_keeps_the_old_files_whole() {
    let fs = Tmpfs::mount("64k");
    let first = calibrate_into(&fs.path);
    assert!(first.status.success(), "{}", String::from_utf8_lossy(&first.stderr));
    let before = contents(&fs.path);
    assert_eq!(before.len(), 2, "the calibration and its picture");
    // Fill what is left, then replace the calibration.
    let filler = tempfile::NamedTempFile::new_in(&fs.path).unwrap();
    let mut f = filler.as_file();
    let chunk = vec![0u8; 4096];
    while std::io::Write::write_all(&mut f, &chunk).is_ok() {}
    let out = calibrate_into(&fs.path);
    refused(&out, "No space left on device");
    drop(filler);
    assert_eq!(contents(&fs.path), before, "the old files are whole and no temporary file is left");
}

#[test]
#[ignore = "needs root on Linux to mount a tmpfs (CI runs it)"]
fn a_read_only_folder_gives_a_clear_error_and_keeps_the_old_files_whole() {
    let fs = Tmpfs::mount("1m");
    let first = calibrate_into(&fs.path);
    assert!(first.status.success(), "{}", String::from_utf8_lossy(&first.stderr));
    let before = contents(&fs.path);
    fs.remount_read_only();
    refused(&calibrate_into(&fs.path), "Read-only file system");
    assert_eq!(contents(&fs.path), before);
}

#[test]
fn a_file_where_the_folder_should_be_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("calibration");
    std::fs::write(&file, "not a folder").unwrap();
    refused(&calibrate_into(&file), "calibration");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "not a folder");
    let nested = file.join("deeper");
    refused(&calibrate_into(&nested), "calibration");
}

#[cfg(target_os = "linux")]
#[test]
fn a_place_no_one_may_write_is_a_clear_error() {
    refused(&calibrate_into(Path::new("/proc/self")), "/proc/self");
    let out = gamebot(&[
        "play",
        "flood",
        "--from",
        &fixture(),
        "--out",
        "/proc/self/flood.png",
        "--calibration-dir",
        "/nonexistent",
    ]);
    refused(&out, "/proc/self/flood.png");
}

/// `--force` is needed to replace a file, and without it the old one stays.
#[test]
fn no_file_is_replaced_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("plan.png");
    std::fs::write(&out, "old").unwrap();
    let run = gamebot(&[
        "play",
        "flood",
        "--from",
        &fixture(),
        "--out",
        out.to_str().unwrap(),
        "--calibration-dir",
        "/nonexistent",
    ]);
    refused(&run, "--force");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "old");
    let record = dir.path().join("record.txt");
    std::fs::write(&record, "old").unwrap();
    let run =
        gamebot(&["solve", "tetris", "--contest", "--out", record.to_str().unwrap(), "--pieces", "5", "--beam", "2"]);
    refused(&run, "--force");
    assert_eq!(std::fs::read_to_string(&record).unwrap(), "old");
}
