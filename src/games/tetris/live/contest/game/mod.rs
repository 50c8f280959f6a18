//! The contest in play, in named steps. A piece is played in four: its landing (`Contest::landing`:
//! the plan's, held while the planner is behind if the piece can wait), the moment its keys go
//! (`Contest::moment`: at once when no tick can break them, else while none can come, else after
//! waiting for one), the keys (`Contest::send`), then the next piece watched for over the board this
//! one leaves, or sent unseen when it is rushed and the keys before it were sure (`follow`);
//! the next piece seen checks the locks before it and plans again from the screen when they are
//! not the plan's. What the loop keeps from piece to piece is `Contest`'s state.

mod follow;

use std::time::{Duration, Instant};

use anyhow::{Context, bail};

use super::gravity::{Gravity, period};
use super::lag::Lag;
use super::moves::{Drive, drive, rushed_run, waitable};
use super::plan::{PLANNED, Plan, score_of};
use super::watch::{Expect, Held, Seen, Sight, Ticks, hold, watch};
use super::{Options, Summary, dropped, fallback, first_ticks, key_of, wrong_start};
use crate::clock::Clock;
use crate::games::tetris::board::Board;
use crate::games::tetris::contest::reach::Reach;
use crate::games::tetris::contest::rules::{self, Generator, PIECES, Pos, SequencePiece, TopOut};
use crate::games::tetris::contest::search::BeamConfig;
use crate::games::tetris::live::config::{ContestTiming, LiveConfig};
use crate::games::tetris::live::locate::{Layout, locate};
use crate::games::tetris::live::play::capture_until;
use crate::games::tetris::live::read::Grid;
use crate::input::guard::Guard;
use crate::screen::Screen;

/// Pieces the planner alongside plans before the first key (the first piece falls slowly).
const START_LEAD: usize = 300;
/// Landings wanted past a piece before its keys go, when it can wait for them.
const PLAN_AHEAD: usize = 8;

/// The contest in play: the page, the plan, and what is known of both.
pub(super) struct Contest<'a> {
    clock: &'a dyn Clock,
    screen: &'a mut dyn Screen,
    config: &'a LiveConfig,
    timing: ContestTiming,
    layout: Layout,
    sequence: Vec<SequencePiece>,
    gravity: Gravity,
    lag: Lag,
    reach: Reach,
    plan: Plan,
    planner: BeamConfig,
    /// The board the landings so far leave.
    board: Board,
    /// The piece to play next, as seen (or, blind, as it must be).
    seen: Seen,
    /// The piece about to be played was not seen (see `Sight::Late`).
    blind: bool,
    /// The screens the last piece showed on its way, and those before it the screen has not shown
    /// locked (a frame still showing one is old).
    last_stale: Vec<Grid>,
    /// The first piece whose lock the screen has not shown (a run sent unseen), and the board it
    /// fell on.
    unverified: Option<(usize, Board)>,
    pub(super) limit: usize,
    pub(super) summary: Summary,
    started: Instant,
    /// When the last piece's keys went.
    sent: Instant,
    debug: bool,
    progress: &'a mut dyn FnMut(&str),
}

/// One piece in play: where it is, where it goes, and how its keys were timed.
struct Piece {
    index: usize,
    period: Duration,
    pos: Pos,
    landing: Pos,
    /// The piece was no longer seen where it was held: its keys are not sent.
    gone: bool,
    /// A tick was just seen.
    fresh: bool,
    /// The planned landing was out of reach: the piece went elsewhere, and the rest is planned
    /// again from the board it leaves.
    fell_back: bool,
    why: &'static str,
}

impl<'a> Contest<'a> {
    /// Finds the well, sees the contest's first piece over an empty well (else refuses, before any
    /// key) and starts the plan.
    pub(super) fn begin(
        clock: &'a dyn Clock,
        screen: &'a mut dyn Screen,
        config: &'a LiveConfig,
        timing: ContestTiming,
        options: Options,
        progress: &'a mut dyn FnMut(&str),
    ) -> anyhow::Result<Contest<'a>> {
        let ms = Duration::from_millis;
        let sequence: Vec<SequencePiece> = Generator::default().take(PIECES as usize + 1).collect();
        let started = clock.now();
        let first = capture_until(screen, ms(config.timing.piece_timeout_ms), |f| locate(f, &config.vision).is_ok())?;
        let layout =
            locate(&first, &config.vision).with_context(|| format!("finding the well in {}'s window", config.name))?;
        let mut gravity = Gravity::new(&timing);
        let board = Board::default();
        let plan = match options.record {
            Some(plan) => plan,
            None => Plan::search(Board::default(), 0, 0, &sequence, &options.planner),
        };
        let limit = options.pieces.map_or(PIECES as usize, |n| (n as usize).min(PIECES as usize));
        let expect = Expect { index: 0, board: &board, before: None, sequence: &sequence, stale: &[] };
        let ticks = first_ticks(clock, &mut gravity, &timing);
        let mut seen = first_sight(screen, &layout, config, &expect, ticks, started)?;
        // The first piece falls slowly: let the planner get ahead meanwhile, then see where it is.
        if matches!(plan, Plan::Stream(_)) {
            plan.warm_up(0, START_LEAD, ms(timing.gravity_ms * 2));
            let ticks = first_ticks(clock, &mut gravity, &timing);
            seen = first_sight(screen, &layout, config, &expect, ticks, started)?;
        }
        Ok(Contest {
            clock,
            screen,
            config,
            lag: Lag::new(&timing),
            timing,
            layout,
            sequence,
            gravity,
            reach: Reach::default(),
            plan,
            planner: options.planner,
            board,
            seen,
            blind: false,
            last_stale: Vec::new(),
            unverified: None,
            limit,
            summary: Summary::new(),
            started,
            sent: started,
            debug: std::env::var_os("GAMEBOT_DEBUG").is_some(),
            progress,
        })
    }

    /// Plays the piece seen last; false when the game is over (the contest's last piece, or the
    /// page topped out).
    pub(super) fn play_piece(&mut self, guard: &mut Guard) -> anyhow::Result<bool> {
        let index = self.seen.index;
        let mut piece = Piece {
            index,
            period: period(&self.timing, index as u32 + 1),
            pos: self.seen.pos,
            landing: self.seen.pos,
            gone: false,
            fresh: false,
            fell_back: false,
            why: "",
        };
        piece.landing = self.landing(&mut piece)?;
        let keys = self.moment(&mut piece)?;
        let was_blind = std::mem::take(&mut self.blind);
        let sure = self.send(guard, &piece, &keys)?;
        let before = self.board;
        self.locked(&piece);
        if index + 1 == PIECES as usize {
            return Ok(false);
        }
        if piece.fell_back {
            self.summary.replans += 1;
            self.plan_again(index + 1);
        }
        self.next(&piece, &keys, &before, was_blind, sure)
    }

    /// The landings known now from `index` on, at most `count` (waited for on a simulated clock).
    fn known(&self, index: usize, count: usize) -> Vec<Pos> {
        self.plan.known_or_wait(index, count, self.clock.simulated())
    }

    /// Plans the pieces from `index` on anew, from the board the landings so far leave.
    fn plan_again(&mut self, index: usize) {
        let score = score_of(&self.summary.landings);
        self.plan = Plan::search(self.board, score, index, &self.sequence, &self.planner);
    }

    /// The piece's landing: planned (held while the planner has not reached it, if the piece can
    /// wait), or (the last piece, which never scores) straight down.
    fn landing(&mut self, piece: &mut Piece) -> anyhow::Result<Pos> {
        let k = piece.index;
        loop {
            if k + 1 == PIECES as usize {
                return Ok(dropped(&self.board, piece.pos));
            }
            if let Some(&landing) = self.known(k, 1).first() {
                return Ok(landing);
            }
            if matches!(self.plan, Plan::Known(_)) {
                (self.progress)(&format!(
                    "the record ends before piece {}: planning the rest from the board on screen",
                    k + 1
                ));
                self.plan_again(k);
                continue;
            }
            let wait = Duration::from_millis(self.timing.plan_wait_ms);
            if !rules::can_fall(&self.board, piece.pos) {
                return self.plan.landing(k, wait)?.context("the planner gave no landing");
            }
            self.summary.held += 1;
            let (plan, simulated) = (&self.plan, self.clock.simulated());
            let ready = &mut || !plan.known_or_wait(k, 1, simulated).is_empty();
            let seen = Seen { pos: piece.pos, ..self.seen.clone() };
            let ticks =
                Ticks { clock: self.clock, gravity: &mut self.gravity, period: piece.period, lag: self.lag.display() };
            match hold(self.screen, &self.layout, self.config, &seen, ticks, piece.period * 3, ready)? {
                Held::Ready => {}
                Held::Moved(lower) => piece.pos = lower,
                Held::Gone => {
                    piece.gone = true;
                    return self.plan.landing(k, Duration::ZERO)?.context("the planner gave no landing");
                }
            }
        }
    }

    /// The keys to the landing, once no tick can break them (or it cannot be helped), waiting for
    /// a tick if the piece can take one; a piece that can wait is also held until the planner is a
    /// few pieces ahead, so that the pieces after it never wait for it.
    fn moment(&mut self, piece: &mut Piece) -> anyhow::Result<Drive> {
        let k = piece.index;
        loop {
            let Some(keys) = drive(&mut self.reach, &self.board, piece.pos, piece.landing) else {
                // Gravity took the piece past its planned landing: the best place it still reaches.
                let remaining = (PIECES as usize - k) as u32;
                piece.landing = fallback(&mut self.reach, &self.board, piece.pos, remaining)
                    .context("the falling piece can go nowhere")?;
                (self.progress)(&format!(
                    "piece {} cannot reach its planned landing any more: placing it at {:?} and planning again from there",
                    k + 1,
                    piece.landing
                ));
                piece.fell_back = true;
                continue;
            };
            if piece.gone {
                return Ok(keys);
            }
            if self.blind {
                piece.why = "blind";
                return Ok(keys);
            }
            let wanted = PLAN_AHEAD.min(PLANNED.saturating_sub(k + 1));
            let next = self.known(k + 1, wanted);
            if let Some(why) = self.go_now(piece, &keys, &next, wanted) {
                piece.why = why;
                return Ok(keys);
            }
            if waitable(&mut self.reach, &self.board, piece.pos, piece.landing) {
                if self.wait(piece, next.len() < wanted, wanted)? {
                    return Ok(keys);
                }
                continue;
            }
            let after = self.after(piece);
            if keys.tolerant && rushed_run(&mut self.reach, &after, &self.sequence[k + 1..], &next, PLAN_AHEAD) == 0 {
                piece.why = "tolerant";
                return Ok(keys);
            }
            self.summary.raced += 1;
            piece.why = "raced";
            return Ok(keys);
        }
    }

    /// The board once `piece` has locked at its landing.
    fn after(&self, piece: &Piece) -> Board {
        let mut after = self.board;
        rules::lock(&mut after, piece.landing, TopOut::Staff);
        after
    }

    /// Why the keys may go now, if they may: no tick can break them and none of the rushed pieces
    /// after it ("tolerant"), the keys (and those of the rushed pieces after it) fit before the next
    /// tick with the profile's margin to spare ("quiet"), or a tick was just seen ("fresh": waiting
    /// for another would only take the piece lower) and the keys of the rushed pieces after it,
    /// sent unseen, still fit before the next one (else the piece waits for another tick if it
    /// can: a tick seen late leaves the run no time). Never while the planner is behind.
    fn go_now(&mut self, piece: &Piece, keys: &Drive, next: &[Pos], wanted: usize) -> Option<&'static str> {
        let k = piece.index;
        let after = self.after(piece);
        let run = rushed_run(&mut self.reach, &after, &self.sequence[k + 1..], next, PLAN_AHEAD);
        let now = self.clock.now();
        let quiet = self.gravity.quiet_until(now, piece.period);
        if self.debug {
            let left = quiet.map_or(-1.0, |q| q.saturating_duration_since(now).as_secs_f64() * 1e3);
            let line = format!(
                "piece {} at row {} tolerant {} run {run} quiet {left:.1} ms ahead {}",
                k + 1,
                piece.pos.y,
                keys.tolerant,
                next.len()
            );
            (self.progress)(&line);
        }
        if next.len() < wanted {
            return None;
        }
        let need = self.lag.key() + self.lag.cycle() * run as u32 + Duration::from_millis(self.timing.margin_ms);
        if keys.tolerant && run == 0 {
            Some("tolerant")
        } else if quiet.is_some_and(|quiet| quiet >= now + need) {
            Some("quiet")
        } else if piece.fresh && (run == 0 || quiet.is_some_and(|quiet| quiet >= now + self.run_keys(run))) {
            Some("fresh")
        } else {
            None
        }
    }

    /// How long the keys of this piece and the `run` rushed pieces after it take to reach the page
    /// when the run goes unseen, with a key lag to spare.
    fn run_keys(&self, run: usize) -> Duration {
        self.lag.keys() * (run as u32 + 1) + Duration::from_millis(self.timing.key_lag_ms)
    }

    /// Holds a piece that can wait: for a tick (`behind`: for the planner to be `wanted` pieces
    /// ahead). True when the keys are to go at once (the piece is gone), false to decide again.
    fn wait(&mut self, piece: &mut Piece, behind: bool, wanted: usize) -> anyhow::Result<bool> {
        let k = piece.index;
        if behind {
            self.summary.held += 1;
        } else {
            self.summary.waits += 1;
        }
        let (plan, simulated) = (&self.plan, self.clock.simulated());
        let ready = &mut || behind && plan.known_or_wait(k + 1, wanted, simulated).len() >= wanted;
        let patience = piece.period * 2 + Duration::from_millis(self.timing.tick_delay_ms) + self.lag.display();
        let seen = Seen { pos: piece.pos, ..self.seen.clone() };
        let ticks =
            Ticks { clock: self.clock, gravity: &mut self.gravity, period: piece.period, lag: self.lag.display() };
        match hold(self.screen, &self.layout, self.config, &seen, ticks, patience, ready)? {
            Held::Ready => Ok(false),
            Held::Moved(lower) => {
                piece.pos = lower;
                piece.fresh = true;
                Ok(false)
            }
            Held::Gone => {
                piece.gone = true;
                Ok(true)
            }
        }
    }

    /// Sends the keys and the drop (none for a piece gone). True when they were sure to land as
    /// planned: no tick could break them, or they were all out a key lag before the earliest the
    /// next tick can come (only then may the next piece's keys go before the screen has shown
    /// where this one locked).
    fn send(&mut self, guard: &mut Guard, piece: &Piece, keys: &Drive) -> anyhow::Result<bool> {
        let k = piece.index;
        let decided = self.clock.now();
        if !piece.gone {
            for &step in &keys.steps {
                guard.key(key_of(self.config, step), &*self.screen).with_context(|| format!("piece {}", k + 1))?;
            }
            let drop =
                self.config.keys.hard_drop.as_deref().context("the contest page's profile names no hard drop")?;
            guard.key(drop, &*self.screen).with_context(|| format!("piece {}", k + 1))?;
            self.summary.tolerant += u32::from(keys.tolerant);
        }
        let out = self.clock.now();
        if !piece.gone {
            self.lag.sent(out - decided);
        }
        let key_lag = Duration::from_millis(self.timing.key_lag_ms);
        let sure = !piece.gone
            && (keys.tolerant || self.gravity.quiet_until(out, piece.period).is_some_and(|q| q >= out + key_lag));
        let now = self.clock.now();
        if self.debug {
            // Wall-clock milliseconds, to set beside the page's own timestamps.
            let wall = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
            let at = |t: Instant| (wall.as_secs_f64() - (now - t).as_secs_f64()) * 1e3;
            let line = format!(
                "piece {} seen {:.1} decided {:.1} sent {:.1} ({}{}) keys {:?}",
                k + 1,
                at(self.seen.at),
                at(decided),
                at(now),
                piece.why,
                if piece.gone { ", gone" } else { "" },
                keys.steps
            );
            (self.progress)(&line);
        }
        self.summary.cycle_ms.push((now - self.sent).as_secs_f64() * 1e3);
        self.sent = now;
        Ok(sure)
    }

    /// The piece's landing recorded: on the board, in the record, and every 500 pieces as progress.
    fn locked(&mut self, piece: &Piece) {
        rules::lock(&mut self.board, piece.landing, TopOut::Staff);
        self.summary.landings.push(piece.landing);
        let k = piece.index;
        if (k + 1).is_multiple_of(500) {
            let s = &self.summary;
            let line = format!(
                "piece {} score {} {:.0} s (replans {}, waits {}, raced {})",
                k + 1,
                score_of(&s.landings),
                (self.clock.now() - self.started).as_secs_f64(),
                s.replans,
                s.waits,
                s.raced
            );
            (self.progress)(&line);
        }
    }

    /// The summary, scored and timed.
    pub(super) fn finish(mut self) -> Summary {
        self.summary.score = score_of(&self.summary.landings);
        self.summary.seconds = (self.clock.now() - self.started).as_secs_f64();
        self.summary
    }
}

/// The contest's first piece seen where it must be, else the start refused.
fn first_sight(
    screen: &mut dyn Screen,
    layout: &Layout,
    config: &LiveConfig,
    expect: &Expect,
    ticks: Ticks,
    since: Instant,
) -> anyhow::Result<Seen> {
    match watch(screen, layout, config, expect, ticks, since)? {
        Sight::Expected(seen) => Ok(seen),
        _ => bail!(wrong_start(&screen.capture()?, layout, config, expect.sequence)),
    }
}
