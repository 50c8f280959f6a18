//! The Flood-it benchmark as a library: parse a file of boards, solve them all on a few threads,
//! check every answer by replaying it on the board, and return one report.
//!
//! `gamebot bench flood FILE` is a thin wrapper that prints the report; keeping the logic here
//! lets tests and other front ends run the same benchmark. The library never prints: progress
//! goes to a callback, called on the caller's thread in board order of completion.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::board::{Board, BoardError};
use super::solve::{Solution, solve};
use crate::budget::Budget;

/// Where the flood starts on every board of a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Start {
    /// The top-left cell.
    #[default]
    TopLeft,
    /// The centre cell (row and column `side / 2`), as in the floodtest19 set.
    Centre,
    /// The cell (row, col).
    Cell(usize, usize),
}

impl Start {
    /// The (row, col) this names on a board of `rows` x `cols`.
    pub fn cell(self, rows: usize, cols: usize) -> (usize, usize) {
        match self {
            Start::TopLeft => (0, 0),
            Start::Centre => (rows / 2, cols / 2),
            Start::Cell(row, col) => (row, col),
        }
    }
}

impl std::str::FromStr for Start {
    type Err = String;

    /// `top-left`, `centre` (or `center`), or `R,C`.
    fn from_str(text: &str) -> Result<Start, String> {
        match text.trim() {
            "top-left" | "corner" => Ok(Start::TopLeft),
            "centre" | "center" => Ok(Start::Centre),
            other => {
                let bad = || format!("--start {other}: expected centre, top-left or ROW,COL");
                let (row, col) = other.split_once(',').ok_or_else(bad)?;
                let row = row.trim().parse().map_err(|_| bad())?;
                let col = col.trim().parse().map_err(|_| bad())?;
                Ok(Start::Cell(row, col))
            }
        }
    }
}

/// Why a file of boards cannot be benchmarked.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    #[error("line {line}: {cells} cells is not a square board")]
    NotSquare { line: usize, cells: usize },
    #[error("line {line}: {error}")]
    Board { line: usize, error: BoardError },
    #[error("board {board}: the solver's plan does not win it; this is a solver bug")]
    WrongPlan { board: usize },
}

/// How to run the benchmark.
#[derive(Clone, Copy, Debug)]
pub struct BenchOptions {
    /// The solver's budget for each board.
    pub budget: Budget,
    /// Boards solved at the same time (at least one).
    pub threads: usize,
}

/// One solved board.
#[derive(Clone, Debug)]
pub struct BoardResult {
    /// The board's position in the file (0-based).
    pub index: usize,
    pub solution: Solution,
    pub time: Duration,
}

/// Progress after each board: how many are done out of how many, and the time so far.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    pub done: usize,
    pub total: usize,
    pub elapsed: Duration,
}

/// The benchmark's outcome.
#[derive(Clone, Debug)]
pub struct BenchReport {
    /// Every board's result, in file order.
    pub results: Vec<BoardResult>,
    pub total_moves: usize,
    pub proven_optimal: usize,
    /// Wall-clock time for the whole file.
    pub seconds: f64,
    pub threads: usize,
    /// The process's peak resident memory in MiB (0 where it cannot be read).
    pub peak_mb: u64,
}

impl BenchReport {
    /// The last line of `gamebot bench flood`.
    pub fn summary(&self) -> String {
        format!(
            "boards={} total_moves={} proven_optimal={} seconds={:.3} threads={} peak_mb={}",
            self.results.len(),
            self.total_moves,
            self.proven_optimal,
            self.seconds,
            self.threads,
            self.peak_mb
        )
    }

    /// The sum over boards of the fewest moves each could need: its plan's length when proven
    /// optimal, else the solver's lower bound. The optimal total lies between this and `total_moves`.
    pub fn lower_bound_total(&self) -> usize {
        self.results.iter().map(|r| r.solution.lower_bound).sum()
    }

    /// Every board's plan, one line a board in file order, each colour as its board character
    /// (`0`-`9`, `a`-`f`), as a replaying checker reads them.
    pub fn solutions_text(&self) -> String {
        let mut text = String::new();
        for result in &self.results {
            text.extend(result.solution.moves.iter().map(|&m| super::board::char_of(m)));
            text.push('\n');
        }
        text
    }

    /// Per-board solving times, sorted (shortest first).
    pub fn sorted_times(&self) -> Vec<Duration> {
        let mut times: Vec<Duration> = self.results.iter().map(|r| r.time).collect();
        times.sort();
        times
    }
}

/// Parses one square board per non-empty line (`0`-`9`, `a`-`f`), each flooded from `start`.
pub fn parse_boards(text: &str, start: Start) -> Result<Vec<Board>, BenchError> {
    let mut boards = Vec::new();
    for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let line_no = n + 1;
        let chars: Vec<char> = line.trim().chars().collect();
        let side = (chars.len() as f64).sqrt().round() as usize;
        if side * side != chars.len() {
            return Err(BenchError::NotSquare { line: line_no, cells: chars.len() });
        }
        let rows: Vec<String> = chars.chunks(side).map(|row| row.iter().collect()).collect();
        let board = Board::from_rows(&rows).map_err(|error| BenchError::Board { line: line_no, error })?;
        let (row, col) = start.cell(side, side);
        boards.push(board.with_start(row, col).map_err(|error| BenchError::Board { line: line_no, error })?);
    }
    Ok(boards)
}

/// Solves every board, `options.threads` at a time, and checks each plan by replaying it.
/// `progress` is called once per finished board, on the calling thread.
pub fn run(
    boards: &[Board],
    options: BenchOptions,
    progress: &mut dyn FnMut(Progress),
) -> Result<BenchReport, BenchError> {
    let threads = options.threads.max(1);
    let started = Instant::now();
    let next = AtomicUsize::new(0);
    let mut results: Vec<Option<BoardResult>> = vec![None; boards.len()];
    std::thread::scope(|scope| {
        let (sender, receiver) = mpsc::channel();
        for _ in 0..threads {
            let (sender, next) = (sender.clone(), &next);
            scope.spawn(move || {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(board) = boards.get(index) else { break };
                    let clock = Instant::now();
                    let solution = solve(board, options.budget);
                    let result = BoardResult { index, solution, time: clock.elapsed() };
                    if sender.send(result).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        for (done, result) in receiver.iter().enumerate() {
            let index = result.index;
            results[index] = Some(result);
            progress(Progress { done: done + 1, total: boards.len(), elapsed: started.elapsed() });
        }
    });
    let seconds = started.elapsed().as_secs_f64();
    let mut checked = Vec::with_capacity(boards.len());
    for (board, result) in boards.iter().zip(results) {
        let Some(result) = result else { continue };
        if !board.wins_with(&result.solution.moves) {
            return Err(BenchError::WrongPlan { board: result.index + 1 });
        }
        checked.push(result);
    }
    let total_moves = checked.iter().map(|r| r.solution.moves.len()).sum();
    let proven_optimal = checked.iter().filter(|r| r.solution.proven_optimal).count();
    Ok(BenchReport { results: checked, total_moves, proven_optimal, seconds, threads, peak_mb: peak_mb() })
}

/// The process's peak resident memory (VmHWM) in MiB; 0 where /proc is not available.
pub fn peak_mb() -> u64 {
    let Ok(status) = std::fs::read_to_string("/proc/self/status") else { return 0 };
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or(0, |kb| kb.div_ceil(1024))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_square_boards_with_letters_and_a_start() {
        let boards = parse_boards("0123\n\nf00a\n", Start::Centre).unwrap();
        assert_eq!(boards.len(), 2);
        assert_eq!(boards[1].cells, vec![15, 0, 0, 10]);
        assert_eq!(boards[1].start_cell(), (1, 1));
        let boards = parse_boards("012345678", Start::Cell(2, 0)).unwrap();
        assert_eq!(boards[0].start_cell(), (2, 0));
        assert!(matches!(parse_boards("012", Start::TopLeft), Err(BenchError::NotSquare { line: 1, cells: 3 })));
        assert!(matches!(parse_boards("0000\n01z3", Start::TopLeft), Err(BenchError::Board { line: 2, .. })));
        assert!(matches!(parse_boards("0000", Start::Cell(0, 2)), Err(BenchError::Board { line: 1, .. })));
    }

    #[test]
    fn start_options_parse() {
        assert_eq!("centre".parse(), Ok(Start::Centre));
        assert_eq!(" 9, 9".parse(), Ok(Start::Cell(9, 9)));
        assert!("9".parse::<Start>().is_err());
        assert!("a,b".parse::<Start>().is_err());
    }

    #[test]
    fn runs_every_board_in_file_order_on_two_threads() {
        let text = "0110\n012120210\n0123456789abcdef\n0000";
        let boards = parse_boards(text, Start::TopLeft).unwrap();
        let mut calls = Vec::new();
        let options = BenchOptions { budget: Budget::UNLIMITED, threads: 2 };
        let report = run(&boards, options, &mut |p| calls.push((p.done, p.total))).unwrap();
        assert_eq!(calls, vec![(1, 4), (2, 4), (3, 4), (4, 4)]);
        let indices: Vec<usize> = report.results.iter().map(|r| r.index).collect();
        assert_eq!(indices, vec![0, 1, 2, 3]);
        let moves: Vec<usize> = report.results.iter().map(|r| r.solution.moves.len()).collect();
        // 0110: 1 then 0. The 4x4 board of 16 labels needs every other label once.
        assert_eq!(moves[0], 2);
        assert_eq!(moves[2], 15);
        assert_eq!(moves[3], 0);
        assert_eq!(report.proven_optimal, 4);
        assert_eq!(report.total_moves, moves.iter().sum::<usize>());
        assert!(report.summary().starts_with("boards=4 total_moves="));
        let text = report.solutions_text();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4);
        assert_eq!(lines[3], "");
        for (board, line) in boards.iter().zip(&lines) {
            let labels: Vec<u8> = line.chars().map(|c| c.to_digit(16).unwrap() as u8).collect();
            assert!(board.wins_with(&labels), "{line}");
        }
        assert!(report.summary().contains(" threads=2 peak_mb="));
    }
}
