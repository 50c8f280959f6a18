//! Learning a program's keys on its live window (issue 37): the usual keys are pressed one at a
//! time, each while a piece falls whole, away from the walls and high enough to move, and what it
//! did is read from the screen before and after (`keys::effect_of`). A key is known once what it
//! did is sure:
//!
//! - a step left or right, a turn or a hold: seen once (gravity cannot make them);
//! - a hard drop: seen twice, and never a row down: a soft-drop key held a moment too long (a busy
//!   machine late to send its release, a program that drops while the key is down) can take the
//!   piece all the way down once, never one row only;
//! - a turn's direction: seen on a J, L or T (an I, S or Z turns the same shape either way, an O
//!   shows nothing), so a turning key is tried again on other pieces until one shows it;
//! - a row down (a soft drop) or nothing: seen twice on pieces other than the O, and never the
//!   other (a gravity tick between the two frames looks like a soft drop; a turn of an O like
//!   nothing). Nothing seen on an O is no trial at all: under load one slow O stayed while a
//!   turning key was tried on it six times, and the key was given up.
//!
//! A key is judged only once what it began has ended: the piece held still (the same reading for
//! a few polls and a while, shorter than a gravity step where one was timed) or the stack grew (a
//! lock). hona9/tetris lets a hard-dropped piece fall a row a frame: judged when two reads first
//! agreed, its Space was `Unclear`, and the key tried next was credited with the landing (`x`
//! learned as its hard drop). A piece that keeps falling faster than gravity after a key is the
//! key's doing, and is followed to where it ends. Where the gravity was timed, a key is pressed
//! just after the piece steps down by gravity, so that a row down before the next step is the
//! key's: jakesgordon's page (a row every 600 ms) had every other key that does nothing read as a
//! soft drop, and made so many trials that their pieces filled its well.
//!
//! A program that draws only at its gravity steps shows a key a step later: while no key has done
//! anything, each key's first trial that did nothing is looked at again at the next step, and once
//! one shows there the keys are judged at the next drawing (`at_steps.rs`).
//!
//! Between trials, a piece near a wall is moved back by the step keys once known, and one too low
//! (or one that cannot show what the key waits for) is put aside where the stack ends lowest and
//! dropped by the hard-drop key once known (`aside.rs`); otherwise the program's gravity brings
//! the next.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use anyhow::bail;

use super::super::Piece;
use super::super::live::eyes::{LearnedWell, seen};
use super::super::live::shape;
use super::aside::{AsideKeys, put_aside, shown};
use super::at_steps::{fallen_a_row, shown_at_the_next_step};
use super::keys::{Effect, USUAL_SOFT_DROP, effect_of};
use super::pause::{could_have_stopped, paused_by};
use super::read::Seen;
use crate::input::guard::Guard;
use crate::screen::Screen;

/// How long the screen is watched after a key for what it did, at most.
const WATCH: Duration = Duration::from_millis(400);
/// The screen is taken as having shown a key once this long has passed and two reads agree.
const SHOWN: Duration = Duration::from_millis(60);
/// A piece is taken as holding still once its reading has not changed for this long (or for 3/4 of
/// a gravity step timed, if shorter) ...
pub(super) const STILL: Duration = Duration::from_millis(150);
/// ... and over at least this many reads (a slow capture gives an animation's frames no chance to
/// look alike by time alone).
const STILL_READS: usize = 8;
/// How long what a key began is followed at most.
const SETTLE_MOST: Duration = Duration::from_secs(3);
/// A key not known after this many trials is given up.
const MOST_TRIALS: usize = 6;
/// No falling piece seen for this long while keys are tried: the game has ended or stopped (a
/// line clear's or a level's banner lasts a second or two).
const NO_PIECE: Duration = Duration::from_secs(10);

/// What every key tried was seen to do, and the keys learned from it.
#[derive(Clone, Debug, Default)]
pub struct KeysFound {
    /// Per key, in the order tried: the piece and what the key did, trial by trial.
    pub seen: BTreeMap<String, Vec<(Piece, Effect)>>,
    /// Per key, what it does, once sure (`Effect::Turn`: turns, direction not seen).
    pub known: BTreeMap<String, Effect>,
    /// For each step left or right seen, how long after the key the screen showed it.
    pub lags: Vec<Duration>,
    /// For each step left or right seen, how many columns it moved the piece.
    pub step_columns: Vec<i32>,
    /// The gravity step, where the program was seen to draw only at its steps (`at_steps.rs`).
    pub drawn_every: Option<Duration>,
}

impl KeysFound {
    /// The first key (in `order`) known to do `effect`.
    pub fn key_for(&self, order: &[&str], wanted: &[Effect]) -> Option<String> {
        order.iter().find(|k| self.known.get(**k).is_some_and(|e| wanted.contains(e))).map(|k| k.to_string())
    }

    /// The keys known, each with what it does ("none" when none is).
    fn known_text(&self) -> String {
        let known: Vec<String> = self.known.iter().map(|(k, e)| format!("{k} {e:?}")).collect();
        if known.is_empty() { "none".into() } else { known.join(", ") }
    }

    /// True when keys were tried and none did anything to a falling piece.
    pub fn none_did_anything(&self) -> bool {
        !self.seen.is_empty() && self.nothing_seen_yet()
    }

    /// True when no key tried (if any) has done anything to a falling piece.
    fn nothing_seen_yet(&self) -> bool {
        self.seen
            .values()
            .flatten()
            .all(|(_, effect)| matches!(effect, Effect::Nothing | Effect::Unclear | Effect::Pauses))
    }

    /// The key known to hard-drop a piece: the usual soft-drop key only when no other is (a key
    /// that moves a piece down while held, held a moment too long under load, takes it all the
    /// way down: quadrapassel's Down did so on two trials in one CI run).
    pub fn hard_drop_key(&self, order: &[&str]) -> Option<String> {
        self.hard_drop_in(order).map(str::to_string)
    }

    fn hard_drop_in<'a>(&self, order: &[&'a str]) -> Option<&'a str> {
        let drops = |k: &&str| self.known.get(*k) == Some(&Effect::HardDrop);
        let others = order.iter().copied().filter(|k| *k != USUAL_SOFT_DROP).find(drops);
        others.or_else(|| order.iter().copied().find(drops))
    }

    /// The keys known to step a piece and to drop it, for putting a piece aside.
    fn aside_keys<'a>(&self, order: &[&'a str]) -> AsideKeys<'a> {
        let first = |wanted: Effect| order.iter().copied().find(|k| self.known.get(*k) == Some(&wanted));
        AsideKeys {
            left: first(Effect::Left),
            right: first(Effect::Right),
            hard_drop: self.hard_drop_in(order),
            drawn_every: None,
        }
    }

    /// What a key does, if sure by now.
    fn decide(trials: &[(Piece, Effect)]) -> Option<Effect> {
        let count =
            |e: Effect| trials.iter().filter(|(p, x)| *x == e && !(*p == Piece::O && e == Effect::Nothing)).count();
        for strong in [Effect::Left, Effect::Right, Effect::TurnClockwise, Effect::TurnCounterClockwise, Effect::Hold] {
            if count(strong) > 0 {
                return Some(strong);
            }
        }
        let (turns, downs, nothing) = (count(Effect::Turn), count(Effect::SoftDrop), count(Effect::Nothing));
        if count(Effect::HardDrop) >= 2 && downs == 0 {
            return Some(Effect::HardDrop);
        }
        if turns > 0 {
            // Direction shown only by a J, L or T: keep trying on those.
            return (trials.len() >= MOST_TRIALS).then_some(Effect::Turn);
        }
        if nothing >= 2 && nothing > downs {
            return Some(Effect::Nothing);
        }
        if downs >= 2 && nothing == 0 {
            return Some(Effect::SoftDrop);
        }
        None
    }
}

/// The falling piece when a key may be tried on it: whole, two rows in, two columns from each
/// wall, with at least four rows to fall and room to turn: nothing settled within two columns of
/// it, down to four rows below its lowest cell. Many programs lock a piece resting on the stack
/// only at their next gravity step; until then it reads as settled, so a turn that left it
/// resting would read as a drop (xosg's vertical I, turned flat across a higher stack beside it,
/// read as a hard drop twice, and its turning key was learned as the hard drop).
fn ready(seen: &Seen) -> Result<(), Placement> {
    let Some(f) = &seen.falling else { return Err(Placement::None) };
    let (cols, rows) = (seen.well.cols as i32, seen.well.rows as i32);
    let left = f.cells.iter().map(|c| c.1).min().unwrap_or(0);
    let right = f.cells.iter().map(|c| c.1).max().unwrap_or(0);
    let top = f.cells.iter().map(|c| c.0).min().unwrap_or(0);
    if top < 2 {
        return Err(Placement::High);
    }
    // Too low before near a wall: a piece put aside is not first moved off the wall (moved back
    // and forth between the wall and where it lands lowest, Gabzmelo's Z never fell: each of its
    // steps restarts its gravity).
    let bottom = f.cells.iter().map(|c| c.0).max().unwrap_or(0);
    let near = (left - 2).max(0)..=(right + 2).min(cols - 1);
    let free = |r: i32| r < rows && near.clone().all(|c| !seen.settled(r as usize, c as usize));
    if !(top..=bottom + 4).all(free) {
        return Err(Placement::Low);
    }
    if left < 2 {
        return Err(Placement::AtLeft);
    }
    if right > cols - 3 {
        return Err(Placement::AtRight);
    }
    Ok(())
}

/// Why a piece is not ready for a trial.
#[derive(Debug, PartialEq)]
enum Placement {
    None,
    High,
    AtLeft,
    AtRight,
    Low,
}

/// The frame after a key, once it shows what the key did: two reads in a row alike, at least
/// `SHOWN` after the key, within `WATCH`; and how long after the key a frame first showed the
/// piece in other columns than `before` (a step's lag; gravity alone never shows that).
pub(super) fn after_key(
    screen: &mut dyn Screen,
    well: &LearnedWell,
    poll: Duration,
    before: &Seen,
) -> anyhow::Result<(Seen, Option<Duration>)> {
    let pressed = Instant::now();
    let key = |s: &Seen| (s.falling.as_ref().map(|f| f.cells.clone()), s.settled_rows());
    let columns = |s: &Seen| s.falling.as_ref().map(|f| f.cells.iter().map(|c| c.1).min());
    let mut shown = None;
    let mut watch = |now: &Seen| {
        if shown.is_none() && now.falling.is_some() && columns(now) != columns(before) {
            shown = Some(pressed.elapsed());
        }
    };
    let mut last = seen(&screen.capture()?, well);
    watch(&last);
    loop {
        std::thread::sleep(poll);
        let now = seen(&screen.capture()?, well);
        watch(&now);
        if (key(&now) == key(&last) && pressed.elapsed() >= SHOWN) || pressed.elapsed() >= WATCH {
            return Ok((now, shown));
        }
        last = now;
    }
}

/// The piece just after gravity moved it a row down, watched for at most a step and a half: a
/// key pressed at once has most of a step before gravity moves it again, so a row down seen
/// after it is the key's (jakesgordon's tetris, a row every 600 ms: judged at any moment, keys
/// that do nothing read as soft drops on every other trial, and its key trials filled the well).
/// `before` itself when no step came in that time (gravity paused); None when the screen changed
/// otherwise (the piece locked, turned or went: to be looked at afresh).
fn after_a_gravity_step(
    screen: &mut dyn Screen,
    well: &LearnedWell,
    poll: Duration,
    before: Seen,
    step: Duration,
) -> anyhow::Result<Option<Seen>> {
    let Some(was) = before.falling.clone() else { return Ok(Some(before)) };
    let top = |cells: &[(i32, i32)]| cells.iter().map(|c| c.0).min().unwrap_or(0);
    let started = Instant::now();
    while started.elapsed() < step * 3 / 2 {
        std::thread::sleep(poll);
        let now = seen(&screen.capture()?, well);
        let Some(f) = &now.falling else { return Ok(None) };
        let same = shape::normalise(&f.cells) == shape::normalise(&was.cells)
            && shape::left(&f.cells) == shape::left(&was.cells)
            && now.settled_rows() == before.settled_rows();
        if !same {
            return Ok(None);
        }
        if top(&f.cells) > top(&was.cells) {
            return Ok(Some(now));
        }
    }
    Ok(Some(before))
}

/// The frame once what a key began has ended, from `after` (read by `after_key`): the piece and
/// the stack read the same for `still` and `STILL_READS` reads, or the stack changed from
/// `before` (the piece locked: a drop, animated or not, ended), or `SETTLE_MOST` passed.
pub(super) fn held_still(
    screen: &mut dyn Screen,
    well: &LearnedWell,
    poll: Duration,
    before: &Seen,
    after: Seen,
    still: Duration,
) -> anyhow::Result<Seen> {
    let reading = |s: &Seen| (s.falling.as_ref().map(|f| f.cells.clone()), s.settled_rows());
    let stack = before.settled_rows();
    let started = Instant::now();
    let (mut last, mut since, mut reads) = (after, Instant::now(), 1usize);
    loop {
        let locked = last.settled_rows() != stack;
        if locked || (since.elapsed() >= still && reads >= STILL_READS) || started.elapsed() >= SETTLE_MOST {
            return Ok(last);
        }
        std::thread::sleep(poll);
        let now = seen(&screen.capture()?, well);
        if reading(&now) == reading(&last) {
            reads += 1;
        } else {
            (last, since, reads) = (now, Instant::now(), 1);
        }
    }
}

/// How long a piece must read the same to be taken as holding still, given the program's gravity
/// step as timed (if it was): `STILL`, or 3/4 of the step if shorter (gravity alone lets a piece
/// hold still a whole step).
pub fn still_for(gravity: Option<Duration>) -> Duration {
    gravity.map_or(STILL, |step| STILL.min(step * 3 / 4))
}

/// Tries `keys` on the live window until each is known (each judged once the piece holds still
/// or locks, `gravity` the program's step if timed; at the next step where it draws only then,
/// `at_steps.rs`), or `patience` runs out (what is known
/// then is returned; the caller says what is missing). Progress lines name each trial.
pub fn learn_keys(
    screen: &mut dyn Screen,
    guard: &mut Guard,
    well: &LearnedWell,
    keys: &[&str],
    patience: Duration,
    gravity: Option<Duration>,
    progress: &mut dyn FnMut(&str),
) -> anyhow::Result<KeysFound> {
    let still = still_for(gravity);
    // Whether the program draws only at its gravity steps.
    let mut drawn_at_steps = false;
    let mut found = KeysFound::default();
    let poll = Duration::from_millis(5);
    let started = Instant::now();
    let mut next = 0usize;
    let mut piece_seen = Instant::now();
    while started.elapsed() < patience {
        let open: Vec<&str> = keys
            .iter()
            .copied()
            .filter(|k| !found.known.contains_key(*k) && found.seen.get(*k).is_none_or(|t| t.len() < MOST_TRIALS))
            .collect();
        let Some(&planned) = open.get(next % open.len().max(1)) else { break };
        let before = seen(&screen.capture()?, well);
        if before.falling.is_some() {
            piece_seen = Instant::now();
        } else if piece_seen.elapsed() > NO_PIECE {
            bail!(
                "no falling piece in the well for {} s while trying keys: the game has ended or stopped \
                 (start a new game and run again); keys known so far: {}",
                NO_PIECE.as_secs(),
                found.known_text()
            );
        }
        // A whole piece too high to turn: a key seen moving a piece down brings it lower, and is
        // tried so (a program with no gravity brings nothing down by itself).
        let down = [Effect::SoftDrop];
        let lower = found.key_for(keys, &down).or_else(|| {
            keys.iter()
                .find(|k| {
                    found.seen.get(**k).is_some_and(|t| t.iter().any(|x| x.1 == Effect::SoftDrop)) && open.contains(k)
                })
                .map(|k| k.to_string())
        });
        let key = match (ready(&before), lower) {
            (Ok(()), _) => planned.to_string(),
            (Err(Placement::High), Some(k)) if before.falling.is_some() => k,
            (Err(Placement::Low), _) => {
                // Done with: dropped where the stack ends lowest, not in the middle.
                let aside = AsideKeys { drawn_every: gravity.filter(|_| drawn_at_steps), ..found.aside_keys(keys) };
                if !put_aside(screen, guard, well, &aside, poll)? {
                    std::thread::sleep(Duration::from_millis(20));
                }
                continue;
            }
            (Err(place), _) => {
                let mover = match place {
                    Placement::AtLeft => found.key_for(keys, &[Effect::Right]),
                    Placement::AtRight => found.key_for(keys, &[Effect::Left]),
                    Placement::Low | Placement::None | Placement::High => None,
                };
                if let Some(k) = mover {
                    guard.key(&k, &*screen)?;
                    let (after, _) = shown(screen, well, poll, &before, gravity.filter(|_| drawn_at_steps))?;
                    held_still(screen, well, poll, &before, after, still)?;
                } else {
                    std::thread::sleep(Duration::from_millis(20));
                }
                continue;
            }
        };
        let piece = before.piece().unwrap_or(Piece::O);
        let turning = found.seen.get(&key).is_some_and(|t| t.iter().any(|x| x.1 == Effect::Turn));
        if turning && matches!(piece, Piece::I | Piece::S | Piece::Z | Piece::O) {
            // This piece cannot show the turn's direction: on to the next piece, this one put
            // aside where the stack ends lowest.
            let aside = AsideKeys { drawn_every: gravity.filter(|_| drawn_at_steps), ..found.aside_keys(keys) };
            if aside.hard_drop.is_none() || !put_aside(screen, guard, well, &aside, poll)? {
                next += 1;
            }
            continue;
        }
        // Pressed just after a step of gravity, so that a row down before the next is the key's.
        let before = match gravity {
            Some(step) => match after_a_gravity_step(screen, well, poll, before, step)? {
                Some(stepped) if ready(&stepped).is_ok() || key != planned => stepped,
                _ => continue,
            },
            None => before,
        };
        guard.key(&key, &*screen)?;
        let (after, lag) = shown(screen, well, poll, &before, gravity.filter(|_| drawn_at_steps))?;
        // Judged, and the next key tried, only once what this one began has ended.
        let after = held_still(screen, well, poll, &before, after, still)?;
        let judged_from = if drawn_at_steps { fallen_a_row(&before) } else { before.clone() };
        let mut effect = effect_of(&judged_from, &after);
        // While no key has done anything, a key's first trial that did nothing is looked at again
        // at the next step of gravity: a program that draws only at its steps shows it there.
        let look_again =
            effect == Effect::Nothing && !drawn_at_steps && !found.seen.contains_key(&key) && found.nothing_seen_yet();
        if let Some(step) = gravity.filter(|_| look_again)
            && let Some(later) = shown_at_the_next_step(screen, well, poll, (&before, &after), step, still)?
        {
            progress(&format!(
                "key {key} showed only with the next step of gravity: the program draws at its steps, keys are \
                 judged there"
            ));
            (drawn_at_steps, effect, found.drawn_every) = (true, later, Some(step));
        }
        if !found.known.contains_key(&key)
            && could_have_stopped(effect, &after)
            && paused_by(screen, guard, well, poll, &key, (&before, &after), gravity)?
        {
            effect = Effect::Pauses;
        }
        if let (Effect::Left | Effect::Right, Some(lag)) = (effect, lag) {
            found.lags.push(lag);
        }
        if let (Effect::Left | Effect::Right, Some(was), Some(now)) = (effect, &before.falling, &after.falling) {
            found
                .step_columns
                .push((shape::left(&now.cells).unwrap_or(0) - shape::left(&was.cells).unwrap_or(0)).abs());
        }
        progress(&format!("key {key} on the {}: {effect:?}", piece.letter()));
        if found.known.contains_key(&key) {
            continue;
        }
        if piece == Piece::O && effect == Effect::Nothing {
            // A turn of an O shows nothing: no trial spent (a slow O may stay through many keys).
            if key == planned {
                next += 1;
            }
            continue;
        }
        let trials = found.seen.entry(key.clone()).or_default();
        trials.push((piece, effect));
        if effect == Effect::Pauses {
            found.known.insert(key, effect);
        } else if let Some(known) = KeysFound::decide(trials) {
            found.known.insert(key, known);
        } else if key == planned {
            next += 1;
        }
    }
    // A key seen turning pieces whose turn shows no direction still turns.
    for (key, trials) in &found.seen {
        if !found.known.contains_key(key) && trials.iter().any(|t| t.1 == Effect::Turn) {
            found.known.insert(key.clone(), Effect::Turn);
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A frame of the simulated window with a vertical I in column 4, rows 5 to 8, and settled
    /// cells in columns 2 and 3 from `stack_top` down.
    fn vertical_i_beside_a_stack(stack_top: usize) -> Seen {
        use super::super::super::live::config::Keys;
        use super::super::super::live::sim_window::SimTetris;
        use crate::screen::Screen;
        let keys = Keys {
            left: "a".into(),
            right: "d".into(),
            rotate: "x".into(),
            soft_drop: "s".into(),
            hard_drop: None,
            new_game: None,
        };
        let frame = SimTetris::new(1, &[], &keys).capture().expect("a frame");
        let mut seen = super::super::read::read(&frame, None).expect("reads");
        let cells: Vec<(i32, i32)> = (5..=8).map(|r| (r, 4)).collect();
        for row in seen.filled.iter_mut() {
            row.iter_mut().for_each(|f| *f = false);
        }
        for &(r, c) in &cells {
            seen.filled[r as usize][c as usize] = true;
        }
        for row in &mut seen.filled[stack_top..] {
            row[2] = true;
            row[3] = true;
        }
        seen.falling = Some(super::super::cells::Falling { piece: Piece::I, cells, ghost: Vec::new() });
        seen
    }

    /// xosg/blocks-drop: its vertical I, turned flat, rested on a stack beside its column and read
    /// as settled (the program locks it only at its next gravity step): the turning key read as a
    /// hard drop. A piece is tried on only with room to turn.
    #[test]
    fn a_piece_a_turn_would_leave_resting_on_the_stack_beside_it_is_not_tried_on() {
        assert_eq!(ready(&vertical_i_beside_a_stack(11)), Err(Placement::Low), "stack 3 rows below, 2 columns off");
        assert_eq!(ready(&vertical_i_beside_a_stack(13)), Ok(()), "stack 5 rows below");
    }

    /// Gabzmelo/tetris-game: a Z near the left wall and low over the stack was moved off the wall
    /// (too near it), then back towards it to be put aside, for a minute and a half, each step
    /// restarting the program's gravity. Too low comes first.
    #[test]
    fn a_piece_too_low_near_a_wall_is_too_low() {
        let mut seen = vertical_i_beside_a_stack(11);
        let at_wall: Vec<(i32, i32)> = (5..=8).map(|r| (r, 0)).collect();
        for row in seen.filled.iter_mut().take(9) {
            row[4] = false;
        }
        for &(r, c) in &at_wall {
            seen.filled[r as usize][c as usize] = true;
        }
        seen.falling = Some(super::super::cells::Falling { piece: Piece::I, cells: at_wall, ghost: Vec::new() });
        assert_eq!(ready(&seen), Err(Placement::Low));
    }

    #[test]
    fn a_row_down_is_a_soft_drop_only_when_seen_twice_and_never_nothing() {
        use Effect::*;
        assert_eq!(KeysFound::decide(&[(Piece::T, SoftDrop)]), None);
        assert_eq!(KeysFound::decide(&[(Piece::T, SoftDrop), (Piece::L, SoftDrop)]), Some(SoftDrop));
        let gravity = [(Piece::T, SoftDrop), (Piece::L, Nothing), (Piece::J, Nothing)];
        assert_eq!(KeysFound::decide(&gravity), Some(Nothing), "a gravity tick during one trial");
        assert_eq!(KeysFound::decide(&[(Piece::O, Nothing), (Piece::O, Nothing)]), None, "an O shows no turn");
        assert_eq!(KeysFound::decide(&[(Piece::O, Nothing), (Piece::T, TurnClockwise)]), Some(TurnClockwise));
        assert_eq!(KeysFound::decide(&[(Piece::I, Turn), (Piece::S, Turn)]), None, "no direction seen yet");
        assert_eq!(KeysFound::decide(&[(Piece::I, Turn); MOST_TRIALS]), Some(Turn));
    }

    /// quadrapassel's Down under load: a soft drop held a moment too long looked like a hard drop
    /// once, and was learned as one.
    #[test]
    fn a_hard_drop_is_seen_twice_and_a_key_seen_dropping_one_row_is_a_soft_drop() {
        use Effect::*;
        assert_eq!(KeysFound::decide(&[(Piece::T, HardDrop)]), None);
        assert_eq!(KeysFound::decide(&[(Piece::T, HardDrop), (Piece::I, HardDrop)]), Some(HardDrop));
        let held = [(Piece::L, HardDrop), (Piece::S, SoftDrop)];
        assert_eq!(KeysFound::decide(&held), None);
        let held = [(Piece::L, HardDrop), (Piece::S, SoftDrop), (Piece::J, SoftDrop)];
        assert_eq!(KeysFound::decide(&held), Some(SoftDrop));
        let held = [(Piece::L, HardDrop), (Piece::S, SoftDrop), (Piece::J, HardDrop)];
        assert_eq!(KeysFound::decide(&held), None, "never a hard drop once seen dropping one row");
    }
}
