//! Beam search over the known piece sequence: each round takes every board in the beam, places the
//! next piece at each of its landings, and keeps the `width` best children by score so far plus
//! the board's value (`eval`), one child per distinct board. A small share of the beam is reserved
//! per stack level (cells / 10): a line that cleared early ranks below lines that hold a taller
//! stack for a while, and without the reserve the beam loses every such line before its clear pays.
//!
//! The work is split over threads by beam slices (`std::thread::scope`); children are gathered in
//! beam order and ranked by a total order (value, then parent, then landing), so the result depends
//! only on the width, never on the thread count or timing. Each round records (parent, landing)
//! links; links no survivor descends from are dropped now and then, so memory stays small.

use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::time::Instant;

use crate::games::tetris::board::Board;

use super::eval::{self, Weights};
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
struct Node {
    board: Board,
    score: u64,
    /// Index of this node's link in the last round's links.
    link: u32,
}

#[derive(Clone, Copy)]
struct Child {
    board: Board,
    score: u64,
    rank: f64,
    parent: u32,
    landing: u16,
    pos: Pos,
}

/// (parent link in the round before, landing) for each node of a round.
type Links = Vec<(u32, Pos)>;

fn board_hash(board: &Board) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    board.rows()[..rules::ROWS as usize].hash(&mut h);
    h.finish()
}

/// Expands `nodes` (a slice of the beam starting at index `first`) with `piece`.
fn expand(
    nodes: &[Node],
    first: usize,
    piece: SequencePiece,
    remaining: u32,
    weights: &Weights,
    moves: Moves,
) -> Vec<Child> {
    let mut reach = Reach::default();
    let mut landings: Vec<Landing> = Vec::new();
    let mut out = Vec::with_capacity(nodes.len() * 24);
    for (i, node) in nodes.iter().enumerate() {
        reach.landings_for(&node.board, piece, moves, &mut landings);
        for (l, landing) in landings.iter().enumerate() {
            let mut board = node.board;
            let lock = rules::lock(&mut board, landing.pos, TopOut::Public);
            if lock == Lock::GameOver {
                continue;
            }
            let score = node.score + lock.points();
            let lines = if let Lock::Scored { lines, .. } = lock { lines } else { 0 };
            let rank = score as f64 + eval::value(&board, remaining, weights) + eval::clear_shaping(lines, weights);
            out.push(Child { board, score, rank, parent: (first + i) as u32, landing: l as u16, pos: landing.pos });
        }
    }
    out
}

fn better(a: &Child, b: &Child) -> std::cmp::Ordering {
    b.rank.total_cmp(&a.rank).then(a.parent.cmp(&b.parent)).then(a.landing.cmp(&b.landing))
}

/// Pieces between two saved beams (the fallback when a whole beam tops out).
const CHECKPOINT_EVERY: usize = 250;
/// Pieces played with cautious weights after going back to a saved beam.
const CAUTIOUS_PIECES: usize = 300;
/// Times the search may go back before it gives up.
const MAX_RETRIES: u32 = 8;

/// A saved beam: the piece it is before, the nodes and the links.
struct Checkpoint {
    k: usize,
    beam: Vec<Node>,
    rounds: Vec<Links>,
}

/// Expands the beam with one piece on `threads` threads; children come back in beam order.
fn expand_all(
    beam: &[Node],
    piece: SequencePiece,
    remaining: u32,
    weights: &Weights,
    config: &BeamConfig,
) -> Vec<Child> {
    let (threads, moves) = (config.threads, config.moves);
    if threads == 1 || beam.len() < 2 * threads {
        return expand(beam, 0, piece, remaining, weights, moves);
    }
    let chunk = beam.len().div_ceil(threads);
    std::thread::scope(|s| {
        let handles: Vec<_> = beam
            .chunks(chunk)
            .enumerate()
            .map(|(c, nodes)| s.spawn(move || expand(nodes, c * chunk, piece, remaining, weights, moves)))
            .collect();
        // A worker panics only on a bug: pass the panic on rather than lose its children.
        handles.into_iter().flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).collect()
    })
}

/// The next beam: the best `width` children, one per distinct board, and their links. A share of
/// the beam (`reserve` per level) is kept for the best boards of each stack level (cells / 10), so
/// lines that cleared early are not all crowded out by lines that hold a taller stack.
fn select(mut children: Vec<Child>, beam: &[Node], width: usize, reserve: usize) -> (Vec<Node>, Links) {
    let keep = (if reserve > 0 { 4 } else { 2 } * width).min(children.len());
    if keep > 0 && keep < children.len() {
        children.select_nth_unstable_by(keep - 1, better);
        children.truncate(keep);
    }
    children.sort_unstable_by(better);
    let mut seen = HashSet::with_capacity(children.len());
    let mut taken = vec![false; children.len()];
    let mut order: Vec<usize> = Vec::with_capacity(width);
    if reserve > 0 {
        let mut per_level = [0usize; 32];
        for (i, child) in children.iter().enumerate() {
            let level = (child.board.count_cells() / 10) as usize % 32;
            if per_level[level] < reserve && seen.insert(board_hash(&child.board)) {
                per_level[level] += 1;
                taken[i] = true;
                order.push(i);
            }
        }
    }
    for (i, child) in children.iter().enumerate() {
        if order.len() >= width {
            break;
        }
        if !taken[i] && seen.insert(board_hash(&child.board)) {
            order.push(i);
        }
    }
    order.sort_unstable();
    order.truncate(width);
    let mut links: Links = Vec::with_capacity(width);
    let mut next = Vec::with_capacity(width);
    for i in order {
        let child = &children[i];
        links.push((beam[child.parent as usize].link, child.pos));
        next.push(Node { board: child.board, score: child.score, link: (links.len() - 1) as u32 });
    }
    (next, links)
}

/// A beam search in progress, one piece per [`Beam::step`]. The offline planner runs it to the
/// end ([`beam`]); the live player also takes the landings that have become final on the way
/// ([`Beam::settle`]: every line still in the beam has them) and can make the best line's next
/// landings final early when the page cannot wait ([`Beam::fix_through`]).
///
/// When every board of the beam tops out, the search goes back to the older of its last two saved
/// beams and plays the next pieces with cautious weights (a lower stack), at most `MAX_RETRIES`
/// times; lines that leave the final landings are not taken back.
pub struct Beam {
    pieces: Vec<SequencePiece>,
    config: BeamConfig,
    cautious: Weights,
    nodes: Vec<Node>,
    rounds: Vec<Links>,
    /// Final landings of the first pieces.
    fixed: Vec<Pos>,
    /// Pieces placed by every line of the beam.
    k: usize,
    retries: u32,
    cautious_until: usize,
    saved: [Option<Checkpoint>; 2],
    started: Instant,
}

/// True when two landings of one piece leave the same cells.
fn same_place(a: Pos, b: Pos) -> bool {
    let canonical = |p: Pos| p.kind.shape(p.state).canonical;
    (a.kind, a.x, a.y, canonical(a)) == (b.kind, b.x, b.y, canonical(b))
}

impl Beam {
    /// A search placing `pieces` in order on `board`, whose score so far is `score`.
    pub fn new(board: Board, score: u64, pieces: Vec<SequencePiece>, config: &BeamConfig) -> Beam {
        let config = BeamConfig { width: config.width.max(1), threads: config.threads.max(1), ..*config };
        Beam {
            rounds: Vec::with_capacity(pieces.len()),
            pieces,
            cautious: config.weights.cautious(),
            config,
            nodes: vec![Node { board, score, link: 0 }],
            fixed: Vec::new(),
            k: 0,
            retries: 0,
            cautious_until: 0,
            saved: [None, None],
            started: Instant::now(),
        }
    }

    /// True once every piece is placed.
    pub fn done(&self) -> bool {
        self.k == self.pieces.len()
    }

    /// Where the search is.
    pub fn progress(&self) -> Progress {
        Progress {
            piece: self.k as u32,
            pieces: self.pieces.len() as u32,
            score: self.nodes.iter().map(|n| n.score).max().unwrap_or(0),
            beam: self.nodes.len(),
            seconds: self.started.elapsed().as_secs_f64(),
            retries: self.retries,
        }
    }

    /// Places the next piece on every board of the beam and keeps the best children (or goes back
    /// to a saved beam when none is left).
    pub fn step(&mut self) -> anyhow::Result<()> {
        let k = self.k;
        if k.is_multiple_of(CHECKPOINT_EVERY) && k >= self.cautious_until {
            // saved[0] is the older beam, saved[1] the newer.
            self.saved[0] = self.saved[1].take();
            self.saved[1] = Some(Checkpoint { k, beam: self.nodes.clone(), rounds: self.rounds.clone() });
        }
        let remaining = (self.pieces.len() - k - 1) as u32;
        let weights = if k < self.cautious_until { &self.cautious } else { &self.config.weights };
        let mut children = expand_all(&self.nodes, self.pieces[k], remaining, weights, &self.config);
        if let Some(&fixed) = self.fixed.get(k) {
            children.retain(|c| same_place(c.pos, fixed));
        }
        if children.is_empty() {
            return self.go_back();
        }
        let reserve = (self.config.width as f64 * self.config.weights.reserve) as usize;
        let (next, links) = select(children, &self.nodes, self.config.width, reserve);
        self.nodes = next;
        self.rounds.push(links);
        if self.rounds.len().is_multiple_of(256) {
            prune(&mut self.rounds, &mut self.nodes);
        }
        self.k += 1;
        Ok(())
    }

    /// Every line topped out: back to a saved beam, keeping only lines with the final landings.
    fn go_back(&mut self) -> anyhow::Result<()> {
        let k = self.k;
        let (width, retries) = (self.config.width, self.retries);
        let back = self.saved[0].as_ref().or(self.saved[1].as_ref()).filter(|_| retries < MAX_RETRIES);
        let mut restored = back.map(|b| (b.k, b.beam.clone(), b.rounds.clone()));
        if let Some((at, nodes, rounds)) = &mut restored {
            let fixed = &self.fixed[..self.fixed.len().min(*at)];
            nodes.retain(|n| line_of(rounds, n.link)[..fixed.len()].iter().zip(fixed).all(|(&a, &b)| same_place(a, b)));
        }
        let Some((at, nodes, rounds)) = restored.filter(|r| !r.1.is_empty()) else {
            anyhow::bail!(
                "every line in the beam topped out at piece {} (beam width {width}, {retries} retries)",
                k + 1
            );
        };
        self.retries += 1;
        self.cautious_until = k.max(at) + CAUTIOUS_PIECES * self.retries as usize;
        (self.k, self.nodes, self.rounds) = (at, nodes, rounds);
        Ok(())
    }

    /// The landings that are final: those every line in the beam shares, from the first piece on.
    pub fn settle(&mut self) -> &[Pos] {
        prune(&mut self.rounds, &mut self.nodes);
        // After pruning, a round with one link is one every line passes through.
        while let Some(round) = self.rounds.get(self.fixed.len()).filter(|r| r.len() == 1) {
            self.fixed.push(round[0].1);
        }
        &self.fixed
    }

    /// Makes the first `n` landings final now (at most the pieces placed so far): those of the
    /// best-ranked line, dropping the lines that differ.
    pub fn fix_through(&mut self, n: usize) -> &[Pos] {
        let n = n.min(self.k);
        if n > self.fixed.len() {
            let (rounds, k) = (&self.rounds, self.k);
            // The link each node descends from in round n - 1.
            let ancestor = |link: u32| (n..k).rev().fold(link, |l, r| rounds[r][l as usize].0);
            let best = ancestor(self.nodes[0].link);
            self.nodes.retain(|node| ancestor(node.link) == best);
        }
        self.settle();
        &self.fixed
    }

    /// The best line found (by score), once the search is over or stopped.
    pub fn finish(self, cut_short: bool) -> anyhow::Result<Line> {
        let best = self.nodes.iter().enumerate().max_by_key(|(i, n)| (n.score, std::cmp::Reverse(*i))).map(|(_, n)| *n);
        let Some(best) = best else { anyhow::bail!("the beam is empty") };
        Ok(Line { landings: line_of(&self.rounds, best.link), score: best.score, cut_short, retries: self.retries })
    }
}

/// The landings of the line ending at `link` in the last of `rounds`, first piece first.
fn line_of(rounds: &[Links], mut link: u32) -> Vec<Pos> {
    let mut landings = Vec::with_capacity(rounds.len());
    for round in rounds.iter().rev() {
        let (parent, pos) = round[link as usize];
        landings.push(pos);
        link = parent;
    }
    landings.reverse();
    landings
}

/// Plays `pieces` from the empty board with a beam and returns the best line found.
pub fn beam(pieces: &[SequencePiece], config: &BeamConfig, progress: &mut dyn FnMut(Progress)) -> anyhow::Result<Line> {
    let mut search = Beam::new(Board::default(), 0, pieces.to_vec(), config);
    let mut cut_short = false;
    while !search.done() {
        if let Some(limit) = config.time_limit
            && search.started.elapsed().as_secs_f64() > limit
        {
            cut_short = true;
            break;
        }
        let before = search.k;
        search.step()?;
        if search.k > before && (search.k.is_multiple_of(100) || search.done()) {
            progress(search.progress());
        }
    }
    search.finish(cut_short)
}

/// Drops the links that no node of the beam descends from, renumbering the rest.
fn prune(rounds: &mut [Links], beam: &mut [Node]) {
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
    use super::*;
    use crate::games::tetris::board::WIDTH;
    use crate::games::tetris::contest::rules::Kind;

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
        Child { board, score: 0, rank, parent: 0, landing, pos }
    }

    #[test]
    fn the_reserve_keeps_the_best_low_stack_the_ranking_alone_drops() {
        let beam = [Node { board: Board::default(), score: 0, link: 0 }];
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
