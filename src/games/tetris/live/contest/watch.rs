//! Seeing the contest's next piece on screen. A new piece is brought in at column 4 in its spawn
//! state, partly above the well, so it is matched by its known cells rather than recognised: the
//! screen must show the planned board plus exactly those cells (at whatever row gravity has taken
//! it to), and the preview the piece after it. When the board differs (a key was lost, a tick
//! locked a piece early), the board on screen is explained as the pieces since the last one seen
//! (the last piece, or a run sent unseen, and perhaps the next) having landed elsewhere: that
//! explanation, seen in two frames in a row, is what the loop plans again from. Rows a piece moves down between two frames are gravity ticks, for `Gravity`.

use std::time::{Duration, Instant};

use anyhow::bail;

use super::super::config::LiveConfig;
use super::super::locate::Layout;
use super::super::read::{Grid, read_grid, read_preview, rows_without};
use super::gravity::Gravity;
use crate::clock::Clock;
use crate::frame::Frame;
use crate::games::tetris::board::Board;
use crate::games::tetris::contest::rules::{self, Pos, SequencePiece, TopOut};
use crate::screen::Screen;

/// The pause between two captures.
fn poll(config: &LiveConfig) -> Duration {
    Duration::from_millis(config.contest.as_ref().map_or(config.timing.poll_ms, |c| c.poll_ms))
}

/// Lowest row a new piece's centre is looked for at (it falls at most a few rows before it is seen).
const DEEPEST_SPAWN: i32 = 6;

/// A piece seen on screen.
#[derive(Clone, Debug)]
pub struct Seen {
    /// Sequence index (0-based) of the falling piece.
    pub index: usize,
    /// Where it is.
    pub pos: Pos,
    /// The settled board on screen.
    pub board: Board,
    /// When the capture that showed it ended.
    pub at: Instant,
}

/// What the screen shows where piece `index` was expected.
#[derive(Debug)]
pub enum Sight {
    /// The expected piece over the planned board.
    Expected(Seen),
    /// Another board: the pieces from `from` up to the one now falling landed at `landings`.
    Differs { seen: Seen, from: usize, landings: Vec<Pos> },
    /// No piece came: the page's game is over.
    Over,
}

/// What the watcher expects: piece `index` over `board`, which the pieces from `before.1` on
/// (those whose locks the screen has not shown yet: the last piece, or a run sent unseen) made of
/// `before.0`. `stale` are the screens those pieces showed on their way (the screen lags the
/// keys): a frame showing one of them is old, even when it looks like the expected one (a regular
/// stack two rows lower can look just like it).
pub struct Expect<'a> {
    pub index: usize,
    pub board: &'a Board,
    pub before: Option<(&'a Board, usize)>,
    pub sequence: &'a [SequencePiece],
    pub stale: &'a [Grid],
}

/// How long after the last keys a frame showing the last piece on its way is taken as old.
const STALE_FOR: Duration = Duration::from_millis(300);

/// The screens of a piece at each of `path` over `board` (and a row lower: a tick may come).
pub fn stale_grids(board: &Board, path: &[Pos]) -> Vec<Grid> {
    let mut out = Vec::new();
    for &pos in path {
        for pos in [pos, Pos { y: pos.y + 1, ..pos }] {
            let mut grid = grid_of(board);
            for (r, c) in shown(pos) {
                if r < 20 && c < 10 {
                    grid[r][c] = true;
                }
            }
            out.push(grid);
        }
    }
    out
}

/// The grid of a contest board (contest row 0 at the top).
pub fn grid_of(board: &Board) -> Grid {
    let mut grid = [[false; 10]; 20];
    for (r, row) in rules::board_rows(board).iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            grid[r][c] = ch == '#';
        }
    }
    grid
}

/// The board of a grid.
pub fn board_of(grid: &Grid) -> Board {
    // Rows of '#' and '.' of the right size always make a board.
    Board::from_rows(&rows_without(grid, &[]), 20).unwrap_or_default()
}

/// The grid cells a piece at `pos` shows (the part above the well is not drawn).
fn shown(pos: Pos) -> Vec<(usize, usize)> {
    pos.cells().iter().filter(|c| c.1 >= 0).map(|&(x, y)| (y as usize, x as usize)).collect()
}

/// `grid` without the cells of a piece at `pos`, if they are all there.
fn without(grid: &Grid, pos: Pos) -> Option<Grid> {
    let mut rest = *grid;
    for (r, c) in shown(pos) {
        if r >= 20 || c >= 10 || !rest[r][c] {
            return None;
        }
        rest[r][c] = false;
    }
    Some(rest)
}

/// The new piece `piece` at column 4 and row `y`, if `grid` shows it over `board`'s cells.
fn spawned(piece: SequencePiece, y: i32) -> Pos {
    Pos { y, ..Pos::spawn(piece) }
}

/// Every legal position of `piece` where it cannot fall.
fn resting(board: &Board, piece: SequencePiece) -> Vec<Pos> {
    let mut out = Vec::new();
    for state in 0..4u8 {
        for x in -2..12 {
            for y in 0..20 {
                let pos = Pos { kind: piece.kind, state, x, y };
                if pos.is_legal(board) && !rules::can_fall(board, pos) {
                    out.push(pos);
                }
            }
        }
    }
    out
}

/// The most pieces a board on screen is explained by (a run sent unseen, then the next piece).
const MOST_EXPLAINED: usize = 3;

/// Landings of the `count` pieces from `first` (over `before`) that leave `after`.
fn explain(before: &Board, after: &Board, sequence: &[SequencePiece], first: usize, count: usize) -> Option<Vec<Pos>> {
    if count == 0 {
        return (before == after).then(Vec::new);
    }
    if count > MOST_EXPLAINED {
        return None;
    }
    let piece = *sequence.get(first)?;
    resting(before, piece).into_iter().find_map(|pos| {
        let mut board = *before;
        rules::lock(&mut board, pos, TopOut::Staff);
        let mut rest = explain(&board, after, sequence, first + 1, count - 1)?;
        rest.insert(0, pos);
        Some(rest)
    })
}

/// One frame's reading of where piece `index` (or a later one) is.
enum Reading {
    Expected(Pos),
    /// Piece `index` at `pos` over `board`, which is not the planned one.
    Other {
        index: usize,
        pos: Pos,
        board: Board,
    },
    Nothing,
}

fn read_frame(frame: &Frame, layout: &Layout, config: &LiveConfig, expect: &Expect, old: bool) -> Reading {
    let Ok(grid) = read_grid(frame, layout, config.vision.empty_max) else { return Reading::Nothing };
    if old && expect.stale.contains(&grid) {
        return Reading::Nothing;
    }
    let planned = grid_of(expect.board);
    let preview_shows = |index: usize| {
        let wanted = expect.sequence.get(index + 1).map(|p| p.kind.letter());
        let seen = read_preview(frame, layout, config.vision.empty_max).ok().flatten().map(|p| p.letter());
        wanted.is_none() || seen == wanted
    };
    let piece = |index: usize| expect.sequence.get(index).copied();
    let Some(first) = piece(expect.index) else { return Reading::Nothing };
    for y in 0..=DEEPEST_SPAWN {
        let pos = spawned(first, y);
        if without(&grid, pos) == Some(planned) && preview_shows(expect.index) {
            return Reading::Expected(pos);
        }
    }
    for index in expect.index..expect.index + 2 {
        let Some(p) = piece(index) else { break };
        for y in 0..=DEEPEST_SPAWN {
            let pos = spawned(p, y);
            if let Some(rest) = without(&grid, pos) {
                let board = board_of(&rest);
                if pos.is_legal(&board) && preview_shows(index) {
                    return Reading::Other { index, pos, board };
                }
            }
        }
    }
    Reading::Nothing
}

/// Where the ticks seen go: the gravity model, the period in force, and how late a tick may show.
pub struct Ticks<'a> {
    /// The time the page's gravity runs on.
    pub clock: &'a dyn Clock,
    pub gravity: &'a mut Gravity,
    pub period: Duration,
    pub lag: Duration,
}

/// Watches the screen until piece `expect.index` shows over the planned board, or another board is
/// explained, or nothing comes for the profile's piece timeout (`since`: when the last piece's keys
/// went, the earliest this piece came).
pub fn watch(
    screen: &mut dyn Screen,
    layout: &Layout,
    config: &LiveConfig,
    expect: &Expect,
    ticks: Ticks,
    since: Instant,
) -> anyhow::Result<Sight> {
    let timeout = Duration::from_millis(config.timing.piece_timeout_ms);
    let Ticks { clock, gravity, period, lag } = ticks;
    let started = clock.now();
    // The last frame's reading of a falling piece: (index, row, capture start), and a repeated
    // explanation of another board.
    let mut last: Option<(usize, i32, Instant)> = None;
    let mut other: Option<(usize, Pos, Board)> = None;
    let mut unexplained: Option<Instant> = None;
    while clock.now() - started < timeout {
        let start = clock.now();
        let frame = screen.capture()?;
        let at = clock.now();
        let reading = read_frame(&frame, layout, config, expect, at - since < STALE_FOR);

        let (index, pos) = match &reading {
            Reading::Expected(pos) => (expect.index, *pos),
            Reading::Other { index, pos, .. } => (*index, *pos),
            Reading::Nothing => {
                last = None;
                clock.sleep(poll(config));
                continue;
            }
        };
        // A row lower than the frame before: a tick in between. Seen first a row down: a tick
        // since the piece came, which is after `since` only when the last piece's keys brought it
        // (the first piece may have come before the bot started).
        match last {
            Some((i, y, before)) if i == index && pos.y == y + 1 => gravity.tick(before - lag, at, period),
            None if pos.y == 1 && expect.before.is_some() => gravity.tick(since, at, period),
            _ => {}
        }
        last = Some((index, pos.y, start));
        match reading {
            Reading::Expected(pos) => {
                return Ok(Sight::Expected(Seen { index, pos, board: *expect.board, at }));
            }
            Reading::Other { index, pos, board } => {
                // Believed when two frames in a row show it (one may be half drawn).
                if other.as_ref().is_some_and(|(i, _, b)| *i == index && *b == board) {
                    let seen = Seen { index, pos, board, at };
                    if let Some((before, first)) = expect.before {
                        let count = index.saturating_sub(first);
                        if let Some(landings) = explain(before, &board, expect.sequence, first, count) {
                            return Ok(Sight::Differs { seen, from: first, landings });
                        }
                        let since = *unexplained.get_or_insert(at);
                        if at - since > timeout / 4 {
                            bail!(
                                "lost track of the page: piece {} is falling over a board no landing of the last pieces explains:\n{}",
                                index + 1,
                                rules::board_rows(&board).join("\n")
                            );
                        }
                    }
                }
                other = Some((index, pos, board));
            }
            Reading::Nothing => {}
        }
        clock.sleep(poll(config));
    }
    Ok(Sight::Over)
}

/// What holding a piece (its keys not sent yet) came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Held {
    /// What was waited for is there; the piece is still where it was.
    Ready,
    /// A tick moved it down: where it is now.
    Moved(Pos),
    /// It is no longer to be seen where it was, or below (locked, or the screen shows something
    /// else), or the patience ran out.
    Gone,
}

/// Watches piece `seen` (its keys not sent yet) until `ready()` holds, a tick moves it down, it
/// is gone, or `patience` runs out.
pub fn hold(
    screen: &mut dyn Screen,
    layout: &Layout,
    config: &LiveConfig,
    seen: &Seen,
    ticks: Ticks,
    patience: Duration,
    ready: &mut dyn FnMut() -> bool,
) -> anyhow::Result<Held> {
    let Ticks { clock, gravity, period, lag } = ticks;
    let planned = grid_of(&seen.board);
    let started = clock.now();
    let mut before = started;
    while clock.now() - started < patience {
        if ready() {
            return Ok(Held::Ready);
        }
        let start = clock.now();
        let frame = screen.capture()?;
        let at = clock.now();
        if let Ok(grid) = read_grid(&frame, layout, config.vision.empty_max) {
            if without(&grid, seen.pos) == Some(planned) {
                before = start;
                clock.sleep(poll(config));
                continue;
            }
            // Moved down (a frame or two may have been missed): the last tick was since `before`.
            let lower = (1..=3).map(|d| Pos { y: seen.pos.y + d, ..seen.pos });
            return Ok(match lower.into_iter().find(|&p| without(&grid, p) == Some(planned)) {
                Some(pos) => {
                    gravity.tick(before - lag, at, period);
                    Held::Moved(pos)
                }
                None => Held::Gone,
            });
        }
        // A half-drawn frame shows nothing either way.
        clock.sleep(poll(config));
    }
    Ok(Held::Gone)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tetris::contest::rules::Kind;

    #[test]
    fn a_board_left_by_the_pieces_since_the_last_seen_is_explained_by_their_landings() {
        let sequence = rules::sequence();
        let before = Board::from_rows(&["#########."], 20).expect("board");
        // Pieces 1 and 2 are Z and I.
        assert_eq!((sequence[0].kind, sequence[1].kind), (Kind::Z, Kind::I));
        let z = Pos { kind: Kind::Z, state: 0, x: 1, y: 18 };
        let i = Pos { kind: Kind::I, state: 0, x: 9, y: 18 };
        let lock = |b: &Board, p: Pos| {
            let mut b = *b;
            rules::lock(&mut b, p, TopOut::Staff);
            b
        };
        let after_z = lock(&before, z);
        assert_eq!(explain(&before, &after_z, &sequence, 0, 1), Some(vec![z]));
        let after_both = lock(&after_z, i);
        let pair = explain(&before, &after_both, &sequence, 0, 2).expect("two landings");
        assert_eq!(lock(&lock(&before, pair[0]), pair[1]), after_both);
        assert_eq!(explain(&before, &before, &sequence, 0, 1), None, "a piece always leaves cells");
        // A run of two sent unseen, then the next piece: three landings from the run's first.
        let third = *resting(&after_both, sequence[2]).first().expect("room for a third");
        let after_three = lock(&after_both, third);
        let three = explain(&before, &after_three, &sequence, 0, 3).expect("three landings");
        assert_eq!(lock(&lock(&lock(&before, three[0]), three[1]), three[2]), after_three);
        assert_eq!(explain(&before, &after_three, &sequence, 0, 2), None, "two pieces cannot leave it");
    }

    #[test]
    fn a_new_piece_is_found_by_its_spawn_cells_above_the_planned_board() {
        let board = Board::from_rows(&["#########."], 20).expect("board");
        let mut grid = grid_of(&board);
        let piece = SequencePiece { kind: Kind::Z, state: 0 };
        // At row 0 only the lower half of the Z shows: (3, -1) and (4, -1) are above the well.
        let pos = spawned(piece, 0);
        for (r, c) in shown(pos) {
            grid[r][c] = true;
        }
        assert_eq!(shown(pos).len(), 2);
        assert_eq!(without(&grid, pos), Some(grid_of(&board)));
        assert_eq!(without(&grid, spawned(piece, 1)), None);
        assert_eq!(board_of(&grid_of(&board)), board);
    }
}
