//! Collapse commands: read a screenshot of the game, and solve a board (best path from where the
//! player stands). Live play is not written yet.

use std::path::Path;
use std::time::Instant;

use anyhow::Context;

use crate::games::collapse::board::{Board, Mode};
use crate::games::collapse::{read, solve};

/// `gamebot read collapse shot.png`: prints the `[board]` of a case file.
pub fn read_png(png: &Path) -> anyhow::Result<()> {
    let frame = crate::screen::load_png(png)?;
    let grid = read::locate(&frame).context("cannot find the board")?;
    let board = read::read(&frame, &grid).context("cannot read the board")?;
    println!("# read from {}\n[board]\nmode = \"{}\"\nrows = [", png.display(), board.mode);
    for row in board.to_rows() {
        let cells: Vec<String> = row.iter().map(|c| format!("\"{c}\"")).collect();
        println!("  [{}],", cells.join(", "));
    }
    println!("]");
    Ok(())
}

/// `gamebot solve collapse case.toml`: the best path and what it collects.
pub fn solve_case(input: &Path) -> anyhow::Result<()> {
    let case = crate::cases::load(input)?;
    let mode_name = case.board.get("mode").and_then(|m| m.as_str()).context("[board] has no mode")?;
    let mode = Mode::from_name(mode_name).with_context(|| format!("unknown mode \"{mode_name}\""))?;
    let rows: Vec<Vec<String>> = case
        .board
        .get("rows")
        .cloned()
        .context("[board] has no rows")?
        .try_into()
        .context("rows must be arrays of strings")?;
    let board = Board::from_rows(mode, &rows).with_context(|| format!("{}: bad [board]", input.display()))?;
    let started = Instant::now();
    let solution = solve::solve(&board);
    let moves: Vec<String> = solution.moves.iter().map(|d| d.to_string()).collect();
    println!("{}", moves.join(" "));
    match mode {
        Mode::Easy => println!("collects {} (optimal), {:.2} ms", solution.score, started.elapsed().as_secs_f64() * 1e3),
        Mode::Hard => println!(
            "min(food, water) = {} with food {} and water {} (optimal), {:.2} ms",
            solution.score,
            solution.food,
            solution.water,
            started.elapsed().as_secs_f64() * 1e3
        ),
    }
    Ok(())
}
