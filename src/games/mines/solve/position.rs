//! The solver's view of a board: each cell unknown, opened with its number, known safe (not opened
//! yet) or a known mine; the constraints the numbers put on the unknown cells; and the exact local
//! deductions, applied until nothing changes: a number whose mines are all found clears the rest of
//! its cells, a number with as many unknown cells as missing mines fills them, and any two
//! overlapping constraints bound the mines in their common part, which may settle either side.

use super::super::board::{Board, Cell, neighbours};

/// What the solver knows of one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    Unknown,
    Open(u8),
    /// Certainly no mine, not opened yet.
    Safe,
    /// Certainly a mine.
    Mine,
}

/// The numbers on the board contradict each other (or the total of mines): a misread board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the numbers on the board contradict each other{}", at.map(|(r, c)| format!(" at row {r} col {c}")).unwrap_or_default())]
pub struct Contradiction {
    pub at: Option<(usize, usize)>,
}

/// A board as the solver sees it.
#[derive(Clone, Debug)]
pub struct Position {
    pub rows: usize,
    pub cols: usize,
    pub cells: Vec<Known>,
    pub total: Option<u32>,
    /// The neighbours of every cell, flattened: cell i's are `adj[start[i]..start[i + 1]]`.
    adj: std::rc::Rc<(Vec<u32>, Vec<u32>)>,
}

/// What a number still asks of its unknown neighbours: exactly `target` mines among `cells`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Constraint {
    pub cells: Vec<u32>,
    pub target: u8,
    /// The opened cell it comes from.
    pub from: u32,
}

impl Position {
    /// The solver's view of `board`: covered and flagged cells are unknown (flags are the player's
    /// guesses, not facts), a shown mine is a mine.
    pub fn from_board(board: &Board) -> Position {
        let cells = board
            .cells
            .iter()
            .map(|c| match c {
                Cell::Open(n) => Known::Open(*n),
                Cell::Mine => Known::Mine,
                Cell::Covered | Cell::Flagged | Cell::Opening => Known::Unknown,
            })
            .collect();
        Position::new(board.rows, board.cols, cells, board.mines)
    }

    pub fn new(rows: usize, cols: usize, cells: Vec<Known>, total: Option<u32>) -> Position {
        let mut start = Vec::with_capacity(rows * cols + 1);
        let mut list = Vec::with_capacity(rows * cols * 8);
        for i in 0..rows * cols {
            start.push(list.len() as u32);
            list.extend(neighbours(rows, cols, i).map(|j| j as u32));
        }
        start.push(list.len() as u32);
        Position { rows, cols, cells, total, adj: std::rc::Rc::new((start, list)) }
    }

    /// The neighbours of cell `i`.
    #[inline]
    pub fn around(&self, i: usize) -> &[u32] {
        let (start, list) = &*self.adj;
        &list[start[i] as usize..start[i + 1] as usize]
    }

    /// The mines not yet known, when the total is known.
    pub fn mines_left(&self) -> Option<i64> {
        self.total.map(|t| t as i64 - self.cells.iter().filter(|&&k| k == Known::Mine).count() as i64)
    }

    pub fn unknown_count(&self) -> usize {
        self.cells.iter().filter(|&&k| k == Known::Unknown).count()
    }

    fn at(&self, i: usize) -> Contradiction {
        Contradiction { at: Some((i / self.cols, i % self.cols)) }
    }

    /// The constraint of every opened cell with unknown neighbours.
    pub fn constraints(&self) -> Result<Vec<Constraint>, Contradiction> {
        let mut all = Vec::new();
        for (i, &k) in self.cells.iter().enumerate() {
            let Known::Open(n) = k else { continue };
            let mut cells = Vec::with_capacity(8);
            let mut mines = 0u8;
            for &j in self.around(i) {
                match self.cells[j as usize] {
                    Known::Unknown => cells.push(j),
                    Known::Mine => mines += 1,
                    _ => {}
                }
            }
            if mines > n || (n - mines) as usize > cells.len() {
                return Err(self.at(i));
            }
            if !cells.is_empty() {
                all.push(Constraint { cells, target: n - mines, from: i as u32 });
            }
        }
        Ok(all)
    }

    /// Applies the local deductions until nothing changes; returns how many cells they settled.
    pub fn deduce(&mut self) -> Result<usize, Contradiction> {
        let mut settled = 0;
        loop {
            let found = self.single_rules()?;
            settled += found;
            if found > 0 {
                continue;
            }
            let found = self.pair_rules()?;
            settled += found;
            if found == 0 {
                return Ok(settled);
            }
        }
    }

    /// Marks `cell` safe or a mine (when still unknown); true when it changed.
    fn settle(&mut self, cell: u32, mine: bool) -> bool {
        let k = &mut self.cells[cell as usize];
        if *k != Known::Unknown {
            return false;
        }
        *k = if mine { Known::Mine } else { Known::Safe };
        true
    }

    /// A number whose mines are all known clears its other cells; one with as many unknown cells as
    /// missing mines fills them.
    fn single_rules(&mut self) -> Result<usize, Contradiction> {
        let mut found = 0;
        for c in self.constraints()? {
            if c.target == 0 || c.target as usize == c.cells.len() {
                let mine = c.target != 0;
                for &j in &c.cells {
                    found += self.settle(j, mine) as usize;
                }
            }
        }
        // The total of mines settles the rest when it is all mines or all clear.
        if let Some(left) = self.mines_left() {
            let unknown = self.unknown_count() as i64;
            if left < 0 || left > unknown {
                return Err(Contradiction { at: None });
            }
            if unknown > 0 && (left == 0 || left == unknown) {
                for i in 0..self.cells.len() {
                    found += self.settle(i as u32, left != 0) as usize;
                }
            }
        }
        Ok(found)
    }

    /// Any two constraints that share cells: the mines in the shared part lie between
    /// `max(0, ta - |A only|, tb - |B only|)` and `min(shared, ta, tb)`, which can make either
    /// one-sided part all mines or all clear.
    fn pair_rules(&mut self) -> Result<usize, Contradiction> {
        let all = self.constraints()?;
        let mut by_cell: Vec<Vec<u32>> = vec![Vec::new(); self.cells.len()];
        for (ci, c) in all.iter().enumerate() {
            for &j in &c.cells {
                by_cell[j as usize].push(ci as u32);
            }
        }
        let mut found = 0;
        let mut seen = Vec::new();
        for (ai, a) in all.iter().enumerate() {
            seen.clear();
            for &j in &a.cells {
                for &bi in &by_cell[j as usize] {
                    if bi as usize > ai && !seen.contains(&bi) {
                        seen.push(bi);
                    }
                }
            }
            for &bi in &seen {
                let b = &all[bi as usize];
                let shared = a.cells.iter().filter(|j| b.cells.contains(j)).count() as i32;
                let (only_a, only_b) = (a.cells.len() as i32 - shared, b.cells.len() as i32 - shared);
                let (ta, tb) = (a.target as i32, b.target as i32);
                let lo = 0.max(ta - only_a).max(tb - only_b);
                let hi = shared.min(ta).min(tb);
                if lo > hi {
                    return Err(self.at(a.from as usize));
                }
                for (this, other, t, only) in [(a, b, ta, only_a), (b, a, tb, only_b)] {
                    if only == 0 {
                        continue;
                    }
                    let (fewest, most) = (t - hi, t - lo);
                    let verdict = if fewest == only {
                        Some(true)
                    } else if most == 0 {
                        Some(false)
                    } else {
                        None
                    };
                    if let Some(mine) = verdict {
                        for &j in this.cells.iter().filter(|j| !other.cells.contains(j)) {
                            found += self.settle(j, mine) as usize;
                        }
                    }
                }
            }
            if found > 0 {
                // The constraints are stale now: start again from the settled cells.
                return Ok(found);
            }
        }
        Ok(found)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(rows: &[&str], total: Option<u32>) -> Position {
        let board = Board::from_rows(rows).unwrap().with_mines(total).unwrap();
        Position::from_board(&board)
    }

    fn symbols(p: &Position) -> Vec<String> {
        p.cells
            .chunks(p.cols)
            .map(|row| {
                row.iter()
                    .map(|k| match k {
                        Known::Unknown => '#',
                        Known::Open(n) => (b'0' + n) as char,
                        Known::Safe => 's',
                        Known::Mine => 'm',
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn a_satisfied_number_clears_its_cells_and_a_full_one_fills_them() {
        let mut p = position(&["1##", "1##", "###"], None);
        p.deduce().unwrap();
        // The two 1s share (0,1) and (1,1); the lower one also sees (2,0) and (2,1): they are clear.
        assert_eq!(symbols(&p), vec!["1##", "1##", "ss#"]);
        let mut p = position(&["2#", "##"], None);
        p.deduce().unwrap();
        assert_eq!(symbols(&p)[0].chars().filter(|&c| c == 'm').count(), 0, "three cells, two mines: unsettled");
        let mut p = position(&["3#", "##"], None);
        p.deduce().unwrap();
        assert_eq!(symbols(&p), vec!["3m", "mm"]);
    }

    #[test]
    fn the_one_two_pattern_is_found() {
        // 1 2 2 1 under a row of covered cells: the 2s' extra cells are mines, the ends clear.
        let mut p = position(&["####", "1221", "...."], None);
        p.deduce().unwrap();
        assert_eq!(symbols(&p), vec!["smms", "1221", "0000"]);
    }

    #[test]
    fn the_total_settles_the_rest() {
        let mut p = position(&["1#", "##"], Some(1));
        p.deduce().unwrap();
        assert_eq!(symbols(&p), vec!["1#", "##"]);
        let mut p = position(&["..#", "..#", "###"], Some(0));
        p.deduce().unwrap();
        assert!(p.cells.iter().all(|k| !matches!(k, Known::Unknown)));
    }

    #[test]
    fn contradictions_name_the_cell() {
        let mut p = position(&["3#", "#."], None);
        assert_eq!(p.deduce(), Err(Contradiction { at: Some((0, 0)) }));
        let mut p = position(&["1#", "##"], Some(3));
        assert_eq!(p.deduce(), Err(Contradiction { at: Some((0, 0)) }));
        let mut p = position(&["*#", "##"], Some(0));
        assert_eq!(p.deduce(), Err(Contradiction { at: None }));
    }
}
