//! The contest planner on its own thread, for live play: a beam search from a board and piece on,
//! whose landings are handed out as they become final (every line left in the beam has them), so
//! the page never waits for a whole plan. When the player needs a landing the search has not made
//! final yet, it asks for it with a patience; past that, the search makes the best line's landing
//! final at once (and drops the lines that differ) and goes on from there.
//!
//! Nothing is shared but a small state behind a mutex: the final landings, what the player waits
//! for, and a stop flag that the player's drop sets, so the thread ends with the player.

use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use anyhow::anyhow;

use crate::games::tetris::board::Board;

use super::beam::Beam;
use super::rules::{Pos, SequencePiece};
use super::search::BeamConfig;

/// Rounds between two looks for landings that have become final.
const SETTLE_EVERY: usize = 8;
/// Pieces the search runs ahead of the player at most: past that it rests a little between rounds,
/// leaving the machine to the game.
const MAX_LEAD: usize = 500;
/// Longest wait for a landing asked for now (the search makes it final within a round or two).
const FORCED_WAIT: Duration = Duration::from_secs(30);

#[derive(Default)]
struct State {
    /// Final landings of the planned pieces, from the first on.
    fixed: Vec<Pos>,
    /// Make at least this many landings final now.
    wanted: usize,
    stop: bool,
    /// The search has ended (all planned, stopped or failed).
    done: bool,
    error: Option<String>,
    /// Pieces the search has placed, and the planned piece the player last asked about.
    searched: usize,
    asked: usize,
}

struct Shared {
    state: Mutex<State>,
    changed: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic on the other side already ends the game; the state itself stays whole.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A beam search running ahead of the live player.
pub struct PlanStream {
    shared: Arc<Shared>,
    worker: Option<JoinHandle<()>>,
    /// Sequence index (0-based) of the first planned piece.
    first: usize,
    planned: usize,
}

impl PlanStream {
    /// Starts planning `pieces` (sequence indices `first`, `first + 1`, ...) on `board`, whose
    /// score so far is `score`.
    pub fn start(board: Board, score: u64, first: usize, pieces: Vec<SequencePiece>, config: BeamConfig) -> PlanStream {
        let shared = Arc::new(Shared { state: Mutex::new(State::default()), changed: Condvar::new() });
        let planned = pieces.len();
        let worker = {
            let shared = Arc::clone(&shared);
            std::thread::spawn(move || {
                let result = search(&shared, Beam::new(board, score, first, pieces, &config));
                let mut state = shared.lock();
                state.done = true;
                if let Err(e) = result {
                    state.error = Some(format!("{e:#}"));
                }
                drop(state);
                shared.changed.notify_all();
            })
        };
        PlanStream { shared, worker: Some(worker), first, planned }
    }

    /// Sequence index of the first planned piece, and how many are planned.
    pub fn span(&self) -> (usize, usize) {
        (self.first, self.planned)
    }

    /// The landing of piece `index` (sequence index): at once when it is final, else once it
    /// becomes final within `patience`, else the best line's, made final now. None past the last
    /// planned piece.
    pub fn landing(&self, index: usize, patience: Duration) -> anyhow::Result<Option<Pos>> {
        let Some(at) = index.checked_sub(self.first).filter(|&at| at < self.planned) else { return Ok(None) };
        let asked = Instant::now();
        let mut state = self.shared.lock();
        state.asked = state.asked.max(at);
        loop {
            if let Some(&pos) = state.fixed.get(at) {
                return Ok(Some(pos));
            }
            if let Some(e) = &state.error {
                return Err(anyhow!("the planner failed: {e}"));
            }
            let waited = asked.elapsed();
            if waited >= patience + FORCED_WAIT {
                return Err(anyhow!("the planner gave no landing for piece {} within {waited:.1?}", index + 1));
            }
            if waited >= patience {
                state.wanted = state.wanted.max(at + 1);
            }
            let left = if waited < patience { patience - waited } else { patience + FORCED_WAIT - waited };
            state = self.shared.changed.wait_timeout(state, left).map(|r| r.0).unwrap_or_else(|e| e.into_inner().0);
        }
    }

    /// The landings already final from `index` on, at most `count`, without waiting.
    pub fn known(&self, index: usize, count: usize) -> Vec<Pos> {
        let Some(at) = index.checked_sub(self.first) else { return Vec::new() };
        let mut state = self.shared.lock();
        state.asked = state.asked.max(at);
        state.fixed.iter().skip(at).take(count).copied().collect()
    }

    /// The landings from `index` on, at most `count`, once the search has made them final (or
    /// has ended): for a player whose time stands still while it waits (a simulated clock).
    pub fn wait_known(&self, index: usize, count: usize) -> Vec<Pos> {
        let Some(at) = index.checked_sub(self.first) else { return Vec::new() };
        let end = at.saturating_add(count).min(self.planned);
        let mut state = self.shared.lock();
        state.asked = state.asked.max(at);
        // A worker that panicked never says it is done: it is looked at now and then.
        while state.fixed.len() < end && !state.done && !self.worker.as_ref().is_none_or(|w| w.is_finished()) {
            let wait = self.shared.changed.wait_timeout(state, Duration::from_millis(50));
            state = wait.map(|r| r.0).unwrap_or_else(|e| e.into_inner().0);
        }
        state.fixed.iter().skip(at).take(count).copied().collect()
    }

    /// How many pieces past `index` the search has placed.
    pub fn lead(&self, index: usize) -> usize {
        (self.first + self.shared.lock().searched).saturating_sub(index)
    }
}

impl Drop for PlanStream {
    fn drop(&mut self) {
        self.shared.lock().stop = true;
        self.shared.changed.notify_all();
        if let Some(worker) = self.worker.take() {
            // The worker only ends on its own: a panic in it has already been reported.
            let _ = worker.join();
        }
    }
}

/// The worker: steps the search, publishing final landings, until done, stopped or failed.
fn search(shared: &Shared, mut beam: Beam) -> anyhow::Result<()> {
    let mut published = 0;
    let mut rounds = 0usize;
    loop {
        let (wanted, stop, asked) = {
            let state = shared.lock();
            (state.wanted, state.stop, state.asked)
        };
        if stop {
            return Ok(());
        }
        if (beam.progress().piece as usize).saturating_sub(asked) > MAX_LEAD {
            std::thread::sleep(Duration::from_millis(5));
            continue;
        }
        let placed = beam.progress().piece as usize;
        let forced = wanted > published && placed >= wanted;
        if forced || rounds.is_multiple_of(SETTLE_EVERY) {
            let fixed = if forced { beam.fix_through(wanted) } else { beam.settle() };
            if fixed.len() > published {
                let mut state = shared.lock();
                state.fixed.extend_from_slice(&fixed[published..]);
                published = fixed.len();
                drop(state);
                shared.changed.notify_all();
            }
        }
        if beam.done() {
            let line = beam.finish(false)?;
            let mut state = shared.lock();
            state.fixed.extend_from_slice(&line.landings[published..]);
            drop(state);
            shared.changed.notify_all();
            return Ok(());
        }
        beam.step()?;
        rounds += 1;
        shared.lock().searched = beam.progress().piece as usize;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tetris::contest::beam::beam;
    use crate::games::tetris::contest::rules::{self, Lock, TopOut};

    fn config() -> BeamConfig {
        BeamConfig::narrow(32)
    }

    #[test]
    fn a_patient_player_gets_the_offline_plan_landing_by_landing() {
        let pieces = rules::sequence()[..200].to_vec();
        let offline = beam(&pieces, &config(), &mut |_| {}).expect("a plan");
        let stream = PlanStream::start(Board::default(), 0, 0, pieces, config());
        let streamed: Vec<Pos> = (0..200)
            .map(|i| stream.landing(i, Duration::from_secs(60)).expect("a landing").expect("planned"))
            .collect();
        assert_eq!(streamed, offline.landings);
        assert_eq!(stream.landing(200, Duration::ZERO).expect("no error"), None, "past the plan");
    }

    #[test]
    fn an_impatient_player_gets_a_legal_line_from_where_it_asked() {
        // Plan from piece 51 on a board with a few cells, asking for the first landings at once
        // (the search makes them final with hardly any look ahead), then patiently.
        let sequence = rules::sequence();
        let board = Board::from_rows(&["#.........", "##.....###"], 20).expect("board");
        let stream = PlanStream::start(board, 7, 50, sequence[50..170].to_vec(), config());
        assert_eq!(stream.span(), (50, 120));
        assert_eq!(stream.landing(49, Duration::ZERO).expect("no error"), None, "before the plan");
        let mut board = board;
        for (i, piece) in sequence.iter().enumerate().take(170).skip(50) {
            let patience = Duration::from_millis(if i < 54 { 0 } else { 20_000 });
            let pos = stream.landing(i, patience).expect("a landing").expect("planned");
            assert_eq!(pos.kind, piece.kind);
            assert!(pos.is_legal(&board) && !rules::can_fall(&board, pos), "piece {}: {pos:?}", i + 1);
            assert_ne!(rules::lock(&mut board, pos, TopOut::Public), Lock::GameOver);
        }
    }
}
