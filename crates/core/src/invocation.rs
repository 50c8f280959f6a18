//! What every command gets: the folders where profiles and calibrations live, and where its output
//! goes. The library never prints: a command hands its lines to a `Report`, and the binary decides
//! where they go (results to standard output, progress to standard error).

use std::path::PathBuf;

/// Where a command's output goes.
pub trait Report: Send {
    /// A line of the command's result (the binary prints it on standard output).
    fn line(&mut self, text: &str);
    /// A progress or diagnostic line (standard error).
    fn note(&mut self, text: &str);
    /// How far a long piece of work (`task`: "boards", "pieces", "cases", ...) has come. By default a
    /// plain `task=.. done=.. total=..` note; the binary shows a progress bar on a terminal.
    fn progress(&mut self, task: &str, done: u64, total: u64) {
        self.note(&format!("progress={task} done={done} total={total}"));
    }
}

/// A report that keeps every line, for tests.
#[derive(Debug, Default)]
pub struct Collected {
    pub lines: Vec<String>,
    pub notes: Vec<String>,
}

impl Report for Collected {
    fn line(&mut self, text: &str) {
        self.lines.push(text.to_string());
    }

    fn note(&mut self, text: &str) {
        self.notes.push(text.to_string());
    }
}

/// The folders and the output of one command.
pub struct Invocation<'a> {
    /// Where profiles are looked up by name (`config/`); built-in copies are used when absent.
    pub config_dir: PathBuf,
    /// Where calibrations are read and written (`calibration/`).
    pub calibration_dir: PathBuf,
    pub report: &'a mut dyn Report,
}

impl Invocation<'_> {
    pub fn line(&mut self, text: impl AsRef<str>) {
        self.report.line(text.as_ref());
    }

    pub fn note(&mut self, text: impl AsRef<str>) {
        self.report.note(text.as_ref());
    }

    pub fn progress(&mut self, task: &str, done: u64, total: u64) {
        self.report.progress(task, done, total);
    }
}
