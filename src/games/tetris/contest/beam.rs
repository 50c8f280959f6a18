//! The contest's beam search run one piece at a time (`Beam`): the offline planner runs it to the
//! end (`beam`), the live player takes the landings that have become final as it goes and makes
//! the best line's next landings final when the page cannot wait. The rounds themselves (expand,
//! rank, select, prune) are `search`'s.

use std::time::Instant;

use crate::games::tetris::board::Board;

use super::eval::Weights;
use super::rules::{Pos, SequencePiece};
use super::search::{BeamConfig, Line, Links, Node, Progress, Round, expand_all, prune, select};

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
    /// Sequence index of the first piece.
    first: usize,
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
    /// A search placing `pieces` (sequence indices `first` on) in order on `board`, whose score so
    /// far is `score`.
    pub fn new(board: Board, score: u64, first: usize, pieces: Vec<SequencePiece>, config: &BeamConfig) -> Beam {
        let config = BeamConfig { width: config.width.max(1), threads: config.threads.max(1), ..*config };
        Beam {
            first,
            rounds: Vec::with_capacity(pieces.len()),
            pieces,
            cautious: config.weights.cautious(),
            config,
            nodes: vec![Node { board, score, link: 0, rushed: 0 }],
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
        let limit = self.config.rushed.and_then(|l| l.at(self.first + k));
        let round = Round { piece: self.pieces[k], remaining, weights, moves: self.config.moves, most_rushed: limit };
        let mut children = expand_all(&self.nodes, round, self.config.threads);
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
    let mut search = Beam::new(Board::default(), 0, 0, pieces.to_vec(), config);
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
