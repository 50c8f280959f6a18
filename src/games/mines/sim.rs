//! A simulated game of Minesweeper: the hidden layout of mines and the game that opens cells over it
//! (a 0 opens its neighbours), for the benchmark, the tests and the property check. A random layout
//! honours the first-click rule the way the games do: the mines are placed uniformly at random once
//! the first cell is chosen, away from it (`Safe`) or from it and its neighbours (`OpensArea`).

use super::board::{Board, Cell, FirstClick, neighbours};
use crate::rng::SplitMix64;

/// Where the mines are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub rows: usize,
    pub cols: usize,
    pub mine: Vec<bool>,
}

impl Layout {
    /// `mines` mines placed uniformly at random on a `rows x cols` board, none where the rule keeps
    /// the first click `first` clear (they are placed after it, as the games do). None when they do
    /// not fit.
    pub fn random(
        rows: usize,
        cols: usize,
        mines: usize,
        first: usize,
        rule: FirstClick,
        rng: &mut SplitMix64,
    ) -> Option<Layout> {
        let mut kept = vec![false; rows * cols];
        kept[first] = rule != FirstClick::Unsafe;
        if rule == FirstClick::OpensArea {
            neighbours(rows, cols, first).for_each(|j| kept[j] = true);
        }
        let mut free: Vec<usize> = (0..rows * cols).filter(|&i| !kept[i]).collect();
        if mines > free.len() {
            return None;
        }
        let mut mine = vec![false; rows * cols];
        for k in 0..mines {
            let pick = k + rng.index(free.len() - k);
            free.swap(k, pick);
            mine[free[k]] = true;
        }
        Some(Layout { rows, cols, mine })
    }

    pub fn mines(&self) -> usize {
        self.mine.iter().filter(|&&m| m).count()
    }

    /// The number an opened cell `i` shows.
    pub fn number(&self, i: usize) -> u8 {
        neighbours(self.rows, self.cols, i).filter(|&j| self.mine[j]).count() as u8
    }
}

/// How a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Playing,
    Won,
    Lost,
}

/// A game in play: the layout, and the board the player sees.
#[derive(Clone, Debug)]
pub struct Game {
    pub layout: Layout,
    pub board: Board,
    safe_left: usize,
    pub status: Status,
}

impl Game {
    /// A game over `layout`, nothing opened yet; the board knows the total of mines.
    pub fn new(layout: Layout, first_click: FirstClick) -> Game {
        let mines = layout.mines();
        let board = Board::covered(layout.rows, layout.cols, Some(mines as u32), first_click);
        let safe_left = layout.rows * layout.cols - mines;
        Game { layout, board, safe_left, status: Status::Playing }
    }

    /// Opens cell `i` as a left click does: a mine loses the game (and is shown), a 0 opens its
    /// neighbours, and once every cell without a mine is open the game is won. Flagged cells and
    /// open ones are left alone, as are all cells once the game has ended.
    pub fn open(&mut self, i: usize) -> Status {
        if self.status != Status::Playing || self.board.cells[i] != Cell::Covered {
            return self.status;
        }
        if self.layout.mine[i] {
            self.board.cells[i] = Cell::Mine;
            self.status = Status::Lost;
            return self.status;
        }
        let mut stack = vec![i];
        while let Some(j) = stack.pop() {
            if !self.board.cells[j].is_covered() {
                continue;
            }
            let n = self.layout.number(j);
            self.board.cells[j] = Cell::Open(n);
            self.safe_left -= 1;
            if n == 0 {
                stack.extend(
                    neighbours(self.layout.rows, self.layout.cols, j).filter(|&k| self.board.cells[k].is_covered()),
                );
            }
        }
        if self.safe_left == 0 {
            self.status = Status::Won;
            for cell in self.board.cells.iter_mut().filter(|c| **c == Cell::Covered) {
                *cell = Cell::Flagged;
            }
        }
        self.status
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_layouts_keep_the_first_click_clear() {
        let mut rng = SplitMix64(7);
        for _ in 0..50 {
            let layout = Layout::random(9, 9, 10, 40, FirstClick::OpensArea, &mut rng).unwrap();
            assert_eq!(layout.mines(), 10);
            assert_eq!(layout.number(40), 0);
            assert!(!layout.mine[40]);
            let safe = Layout::random(3, 3, 8, 4, FirstClick::Safe, &mut rng).unwrap();
            assert!(!safe.mine[4] && safe.mines() == 8);
        }
        assert!(Layout::random(3, 3, 1, 4, FirstClick::OpensArea, &mut rng).is_none());
    }

    #[test]
    fn a_zero_opens_its_area_and_the_last_safe_cell_wins() {
        let layout =
            Layout { rows: 3, cols: 3, mine: vec![false, false, false, false, false, false, false, false, true] };
        let mut game = Game::new(layout, FirstClick::Safe);
        assert_eq!(game.open(0), Status::Won);
        assert_eq!(game.board.to_rows(), vec!["...", ".11", ".1F"]);
        let layout = Layout { rows: 1, cols: 3, mine: vec![true, false, false] };
        let mut game = Game::new(layout, FirstClick::Safe);
        assert_eq!(game.open(1), Status::Playing);
        assert_eq!(game.open(0), Status::Lost);
        assert_eq!(game.board.to_rows(), vec!["*1#"]);
    }
}
