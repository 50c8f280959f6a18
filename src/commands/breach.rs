//! Breach Protocol commands: solve a puzzle from a case file. Reading screenshots is not written yet.

use std::path::Path;
use std::time::Instant;

use anyhow::Context;

use crate::games::breach::board::Puzzle;
use crate::games::breach::solve;

fn strings(table: &toml::Table, key: &str) -> anyhow::Result<Vec<String>> {
    table
        .get(key)
        .cloned()
        .with_context(|| format!("[board] has no {key}"))?
        .try_into()
        .with_context(|| format!("[board] {key} must be a list of strings"))
}

/// `gamebot solve breach case.toml`: the optimal picks, as (row, col) from 0, and what they complete.
pub fn solve_case(input: &Path) -> anyhow::Result<()> {
    let case = crate::cases::load(input)?;
    let buffer = case.board.get("buffer").and_then(|b| b.as_integer()).context("[board] has no buffer")?;
    let puzzle = Puzzle::from_case(&strings(&case.board, "grid")?, &strings(&case.board, "daemons")?, buffer.max(0) as usize)
        .with_context(|| format!("{}: bad [board]", input.display()))?;
    let started = Instant::now();
    let solution = solve::solve(&puzzle);
    let picks: Vec<String> = solution.path.iter().map(|(r, c)| format!("{r},{c}")).collect();
    println!("{}", picks.join(" "));
    println!(
        "{} picks complete daemons {:?} (value {}, optimal), {:.2} ms",
        solution.path.len(),
        solution.daemons,
        solution.value,
        started.elapsed().as_secs_f64() * 1e3
    );
    Ok(())
}
