//! Beam search over the known piece sequence, one round's work (`beam` runs the rounds): each round
//! takes every board in the beam, places the next piece at each of its landings, and keeps the
//! `width` best children by score so far plus the board's value (`eval`), one child per distinct
//! board. A small share of the beam is reserved
//! per stack level (cells / 10): a line that cleared early ranks below lines that hold a taller
//! stack for a while, and without the reserve the beam loses every such line before its clear pays.
//!
//! The work is split over threads by beam slices (`std::thread::scope`); children are gathered in
//! beam order and ranked by a total order (value, then parent, then landing), so the result depends
//! only on the width, never on the thread count or timing. Each round records (parent, landing)
//! links; links no survivor descends from are dropped now and then, so memory stays small.

use std::hash::{Hash, Hasher};

use super::super::board::Board;

use super::eval::{self, Weights};
use super::margin::LiveMargin;
use super::reach::{Landing, Moves, Reach};
use super::rules::{self, Lock, Pos, SequencePiece, TopOut};

/// A beam's budget and shape.
#[derive(Clone, Copy, Debug)]
pub struct BeamConfig {
    pub width: usize,
    pub threads: usize,
    pub weights: Weights,
    /// Stop (and say so) after this many seconds; `None` = no limit.
    pub time_limit: Option<f64>,
    /// Which landings a piece may take.
    pub moves: Moves,
    /// How many rushed pieces in a row a line may have, and from which piece on.
    pub rushed: Option<RushedLimit>,
}

impl BeamConfig {
    /// A single-threaded search `width` wide with the default weights, any landing, no limit:
    /// what the tests plan with.
    #[cfg(test)]
    pub fn narrow(width: usize) -> BeamConfig {
        BeamConfig { width, threads: 1, weights: Weights::default(), time_limit: None, moves: Moves::Any, rushed: None }
    }
}

/// A limit on *rushed* pieces in a row: pieces the live page's gravity leaves no time to wait
/// for, because a tick would lock them where they come in (they enter resting on the stack) or
/// take them a row down, from where their landing cannot be reached any more. Such a piece has to
/// be placed before the next tick after it comes in, and so does each rushed piece right after it:
/// at the page's fastest gravity only a few fit between two ticks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RushedLimit {
    /// From this piece on (sequence index, 0-based).
    pub from: usize,
    /// At most this many in a row.
    pub most: u8,
    /// For a plan made for live play: the page's gravity and the player's lags, which allow fewer
    /// in a row where the page is fast (see `margin`).
    pub margin: Option<LiveMargin>,
}

impl RushedLimit {
    /// At most `most` rushed pieces in a row from piece `from` on, whatever the gravity.
    pub fn flat(from: usize, most: u8) -> RushedLimit {
        RushedLimit { from, most, margin: None }
    }

    /// The limits on a run of rushed pieces that ends at piece `index`: (all rushed pieces, those
    /// resting on the stack where they come in), or None before `from`.
    pub fn at(&self, index: usize) -> Option<(u8, u8)> {
        if index < self.from {
            return None;
        }
        Some((self.most, self.margin.map_or(self.most, |m| m.most_rushed(index).min(self.most))))
    }
}

/// Where a search is, for progress reports.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// Pieces placed so far.
    pub piece: u32,
    pub pieces: u32,
    /// Best score in the beam.
    pub score: u64,
    pub beam: usize,
    pub seconds: f64,
    /// Times the search went back to a saved beam because every board topped out.
    pub retries: u32,
}

/// The best line found: the landing of each piece, in order, and its score.
#[derive(Clone, Debug)]
pub struct Line {
    pub landings: Vec<Pos>,
    pub score: u64,
    /// True when the time limit stopped the search before the last piece.
    pub cut_short: bool,
    pub retries: u32,
}

#[derive(Clone, Copy)]
pub(super) struct Node {
    pub(super) board: Board,
    pub(super) score: u64,
    /// Index of this node's link in the last round's links.
    pub(super) link: u32,
    /// Rushed pieces in a row, up to the last placed.
    pub(super) rushed: u8,
}

#[derive(Clone, Copy)]
pub(super) struct Child {
    board: Board,
    score: u64,
    rushed: u8,
    rank: f64,
    parent: u32,
    landing: u16,
    pub(super) pos: Pos,
}

/// (parent link in the round before, landing) for each node of a round.
pub(super) type Links = Vec<(u32, Pos)>;

fn board_hash(board: &Board) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    board.rows()[..rules::ROWS as usize].hash(&mut h);
    h.finish()
}

/// One round: the piece placed, the one after it, and how the children are judged.
#[derive(Clone, Copy)]
pub(super) struct Round<'a> {
    pub(super) piece: SequencePiece,
    /// Pieces still to come after this one.
    pub(super) remaining: u32,
    pub(super) weights: &'a Weights,
    pub(super) moves: Moves,
    /// At most this many rushed pieces in a row, and at most this many if the piece rests on the
    /// stack where it comes in (see `RushedLimit::at`).
    pub(super) most_rushed: Option<(u8, u8)>,
}

/// Expands `nodes` (a slice of the beam starting at index `first`) with the round's piece.
fn expand(nodes: &[Node], first: usize, round: Round) -> Vec<Child> {
    let mut reach = Reach::default();
    // Where the piece can still go after a tick (one row down from its spawn), for rushed pieces.
    let mut after_tick = Reach::default();
    let mut landings: Vec<Landing> = Vec::new();
    let mut out = Vec::with_capacity(nodes.len() * 24);
    for (i, node) in nodes.iter().enumerate() {
        reach.landings_for(&node.board, round.piece, round.moves, &mut landings);
        let can_wait = round.most_rushed.is_some()
            && rules::can_fall(&node.board, Pos::spawn(round.piece))
            && after_tick.explore(&node.board, Pos::spawn(round.piece).stepped(rules::Step::Down));
        let resting = !rules::can_fall(&node.board, Pos::spawn(round.piece));
        for (l, landing) in landings.iter().enumerate() {
            let waits = can_wait && after_tick.reached(landing.pos);
            let rushed = if waits { 0 } else { node.rushed.saturating_add(1) };
            if round.most_rushed.is_some_and(|(most, most_resting)| rushed > most || (resting && rushed > most_resting))
            {
                continue;
            }
            let mut board = node.board;
            let lock = rules::lock(&mut board, landing.pos, TopOut::Public);
            if lock == Lock::GameOver {
                continue;
            }
            let score = node.score + lock.points();
            let lines = if let Lock::Scored { lines, .. } = lock { lines } else { 0 };
            let rank = score as f64
                + eval::value(&board, round.remaining, round.weights)
                + eval::clear_shaping(lines, round.weights);
            let (parent, landing, pos) = ((first + i) as u32, l as u16, landing.pos);
            out.push(Child { board, score, rushed, rank, parent, landing, pos });
        }
    }
    out
}

fn better(a: &Child, b: &Child) -> std::cmp::Ordering {
    b.rank.total_cmp(&a.rank).then(a.parent.cmp(&b.parent)).then(a.landing.cmp(&b.landing))
}

/// Expands the beam with one piece on `threads` threads; children come back in beam order.
pub(super) fn expand_all(beam: &[Node], round: Round, threads: usize) -> Vec<Child> {
    if threads == 1 || beam.len() < 2 * threads {
        return expand(beam, 0, round);
    }
    let chunk = beam.len().div_ceil(threads);
    std::thread::scope(|s| {
        let handles: Vec<_> =
            beam.chunks(chunk).enumerate().map(|(c, nodes)| s.spawn(move || expand(nodes, c * chunk, round))).collect();
        // A worker panics only on a bug: pass the panic on rather than lose its children.
        handles.into_iter().flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).collect()
    })
}

/// The next beam: the best `width` children, one per distinct board, and their links. A share of
/// the beam (`reserve` per level) is kept for the best boards of each stack level (cells / 10), so
/// lines that cleared early are not all crowded out by lines that hold a taller stack. The choice
/// is the shared beam's (`crate::beam::select`); children come in beam order, so its ties (by
/// index) are ties by parent, then landing, as `better` breaks them.
pub(super) fn select(children: Vec<Child>, beam: &[Node], width: usize, reserve: usize) -> (Vec<Node>, Links) {
    use crate::beam::{Selection, select};
    let id = |child: &Child| board_hash(&child.board);
    let level = |child: &Child| (child.board.count_cells() / 10) as usize % 32;
    let how = Selection {
        width,
        // Only the best few children can make the beam: duplicates among them are few.
        considered: (if reserve > 0 { 4 } else { 2 }) * width,
        id: &id,
        reserve: (reserve > 0).then_some((reserve, &level as crate::beam::Class<'_, Child>)),
    };
    let chosen = select(&children, better, &how);
    let mut links: Links = Vec::with_capacity(chosen.len());
    let mut next = Vec::with_capacity(chosen.len());
    for i in chosen {
        let child = &children[i];
        links.push((beam[child.parent as usize].link, child.pos));
        next.push(Node {
            board: child.board,
            score: child.score,
            link: (links.len() - 1) as u32,
            rushed: child.rushed,
        });
    }
    (next, links)
}

/// Drops the links that no node of the beam descends from, renumbering the rest.
pub(super) fn prune(rounds: &mut [Links], beam: &mut [Node]) {
    let mut wanted: Vec<u32> = beam.iter().map(|n| n.link).collect();
    for r in (0..rounds.len()).rev() {
        wanted.sort_unstable();
        wanted.dedup();
        let mut new_index = vec![u32::MAX; rounds[r].len()];
        let kept: Links = wanted
            .iter()
            .enumerate()
            .map(|(new, &old)| {
                new_index[old as usize] = new as u32;
                rounds[r][old as usize]
            })
            .collect();
        // Whoever pointed into round r (the beam, or round r + 1) now uses the new indices.
        if r + 1 == rounds.len() {
            beam.iter_mut().for_each(|n| n.link = new_index[n.link as usize]);
        } else {
            rounds[r + 1].iter_mut().for_each(|(parent, _)| *parent = new_index[*parent as usize]);
        }
        wanted = kept.iter().map(|&(parent, _)| parent).collect();
        rounds[r] = kept;
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::board::WIDTH;
    use super::super::super::contest::rules::Kind;
    use super::*;

    /// A board with `rows` full-but-one rows (9 cells each) and a distinct top cell at `mark`.
    fn stack(rows: usize, mark: usize) -> Board {
        let mut board = Board::default();
        for y in 0..rows {
            (1..WIDTH).for_each(|x| board.set(x, y));
        }
        board.set(mark % WIDTH, rows);
        board
    }

    fn child(board: Board, rank: f64, landing: u16) -> Child {
        let pos = Pos { kind: Kind::I, state: 0, x: 0, y: 0 };
        Child { board, score: 0, rushed: 0, rank, parent: 0, landing, pos }
    }

    #[test]
    fn the_reserve_keeps_the_best_low_stack_the_ranking_alone_drops() {
        let beam = [Node { board: Board::default(), score: 0, link: 0, rushed: 0 }];
        // Eight tall boards (15 rows) rank above two low ones (11 rows).
        let mut children: Vec<Child> = (0..8).map(|i| child(stack(15, i), 100.0 - i as f64, i as u16)).collect();
        children.push(child(stack(11, 0), 50.0, 8));
        children.push(child(stack(11, 1), 40.0, 9));
        let ranked = |nodes: &[Node]| nodes.iter().map(|n| n.board.count_cells() / 10).collect::<Vec<_>>();

        let (plain, _) = select(children.clone(), &beam, 4, 0);
        assert_eq!(ranked(&plain), [13, 13, 13, 13], "without a reserve the four best are all tall");

        let (reserved, links) = select(children, &beam, 4, 1);
        assert_eq!(ranked(&reserved), [13, 13, 13, 10], "the best low board takes the last place");
        assert_eq!(reserved[3].board, stack(11, 0));
        assert_eq!(links.len(), 4);
    }
}
