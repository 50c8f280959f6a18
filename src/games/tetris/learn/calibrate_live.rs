//! `gamebot calibrate tetris --learn --title T --profile NAME`: learns a Tetris program gamebot has
//! no profile for from its live window, while a game runs, and writes a proposal profile
//! (`config/NAME.toml`, never over an existing file without `--force`):
//!
//! 1. the look, from the first frame that shows a falling piece (`look::learn`: the well, the empty
//!    cell, the ghost, the boxes and their roles);
//! 2. the keys, by trying the usual ones on falling pieces (`trials.rs`): left, right, a turning key
//!    and its direction, soft drop, hard drop, hold;
//! 3. the rotation system, by playing with those keys and an empty rotation table until every
//!    turn of every piece has been seen (`live::play` in its learning mode): for each shape, the
//!    shape a press gives and where its left edge goes.
//!
//! When taps (a press and release sent together) do not find every key play needs, the keys are
//! tried again held down a while (a program that looks at its keys once a frame), and the hold is
//! written as `[realtime] key_hold_ms`.
//!
//! Before the keys, the first piece is watched untouched for a few seconds to time its gravity;
//! the keys' trials time how late the screen shows a step (`timing.rs`). Both are written in the
//! profile as seen. Once the step keys are known, bursts of them a gap apart find how close
//! together presses of one key may come (`repeat.rs`), written as `[realtime] repeat_gap_ms`.
//! What it does not learn is written there too: how the gravity grows, the lock delay, turns
//! against a wall (kicks). A program showing no falling piece is started first (`begin.rs`: a
//! click in the window's middle, on a start button seen, Return, Space); a key that started it is the profile's
//! `new_game`. So is one whose piece no key moves and which does not fall (a first piece drawn
//! before the game runs), once the keys have been tried on it tapped (before they are tried held
//! down); then the keys are tried again.

use std::time::Duration;

use anyhow::{Context, bail};

use super::super::cli::with_table;
use super::super::live::config::{Keys, LiveConfig, Realtime};
use super::super::live::eyes::learned_well;
use super::super::live::play::{self, Options};
use super::begin::{Started, begin, start_shown};
use super::keys::{Effect, USUAL, USUAL_SOFT_DROP};
use super::look::{self, LookSettings};
use super::repeat::{self, RepeatSeen, StepKeys};
use super::timing;
use super::trials::{KeysFound, learn_keys};
use crate::input::InputDevice;
use crate::input::guard::Guard;
use crate::profile::{GuardSettings, Profile};
use crate::screen::Screen;

/// How long the window is watched for a falling piece before a game is started.
const FIRST_PIECE: Duration = Duration::from_secs(5);
/// How long the window is watched for a falling piece after each way of starting a game.
const START_WATCH: Duration = Duration::from_secs(4);
/// How long the first piece is watched untouched to time its gravity, at most.
const GRAVITY_WATCH: Duration = Duration::from_secs(4);
/// How long the keys are tried.
const KEYS_PATIENCE: Duration = Duration::from_secs(90);
/// How long bursts are tried to find how close together presses of one key may come.
const REPEAT_PATIENCE: Duration = Duration::from_secs(30);
/// How long keys are held down, in turn, when taps do not find the keys play needs (ms): over a
/// frame at 40, 20 and 10 frames a second.
const HOLDS_MS: [u64; 3] = [25, 50, 100];
/// Pieces played to see every turn before giving up.
const MOST_PIECES: u32 = 150;

/// What a live calibration learned: the profile's text, and what each key was seen to do.
pub struct LearnedLive {
    pub text: String,
    pub keys: KeysFound,
    pub look: LookSettings,
}

/// Learns a program from `screen` (its live window, or a simulated one) with keys through `input`.
pub fn learn(
    screen: &mut dyn Screen,
    input: &mut dyn InputDevice,
    name: &str,
    title: &str,
    progress: &mut dyn FnMut(&str),
) -> anyhow::Result<LearnedLive> {
    let (first, mut started) = begin(screen, input, FIRST_PIECE, START_WATCH, progress)?;
    let learned = look::learn(&first).context("the well with a falling piece seen a moment ago")?;
    match &started {
        Started::Already => {}
        Started::ByClick => progress("a game started by the click"),
        Started::ByKey(key) => progress(&format!("a game started by {key}")),
        Started::ByFocusedKey(key) => progress(&format!("a game started by {key} on the control Tab reached")),
        Started::ByControl(at) => {
            progress(&format!("a game started by a click on the control at ({}, {})", at.x, at.y))
        }
    }
    let look = learned.settings;
    progress(&format!(
        "well: {}x{} cells of {:.1} px, background {}, {} preview(s), hold box {}",
        look.cols,
        look.rows,
        learned.seen.well.pitch,
        look.background,
        look.previews,
        if look.hold { "seen" } else { "not seen" }
    ));
    let well = learned_well(&first, &look)?;
    let mut gravity = timing::watch_gravity(screen, &well, GRAVITY_WATCH, Duration::from_millis(5))?;
    let (found, keys, repeat, hold_ms) = {
        let mut guard = Guard::new(input, &GuardSettings::default());
        // A piece shown that does not fall may be no game running: when no key tapped moves it
        // either, the game is started before the keys are held down (minutes of trials on a
        // piece that nothing moves).
        let still = started == Started::Already && gravity.is_empty();
        let (mut found, mut hold_ms) =
            keys_tried(screen, &mut guard, &well, still, timing::median(&gravity), progress)?;
        let mut not_started = None;
        // A piece shown that no key moves and that does not fall: the program draws its first
        // piece before its game runs (under a Start button). Start it, and try the keys again
        // (held down too, where taps do not find them).
        if keys_of(&found).is_err() && still {
            progress("no key moved the piece shown and it did not fall: its game is not running");
            match start_shown(screen, input, &well, START_WATCH, progress) {
                Ok((_, how)) => {
                    started = how;
                    gravity = timing::watch_gravity(screen, &well, GRAVITY_WATCH, Duration::from_millis(5))?;
                }
                Err(e) => not_started = Some(e),
            }
            guard = Guard::new(input, &GuardSettings::default());
            (found, hold_ms) = keys_tried(screen, &mut guard, &well, false, timing::median(&gravity), progress)?;
        }
        let keys = match (keys_of(&found), not_started) {
            (Ok(keys), _) => keys,
            (Err(_), Some(start)) => return Err(start),
            (Err(e), None) => return Err(e),
        };
        progress(&format!(
            "keys: left {}, right {}, turn {} ({}), soft drop {}, hard drop {}",
            keys.left,
            keys.right,
            keys.rotate,
            direction(&found, &keys.rotate),
            keys.soft_drop,
            keys.hard_drop.as_deref().unwrap_or("none (pieces brought down by soft drops)")
        ));
        let steps = StepKeys {
            left: &keys.left,
            right: &keys.right,
            hard_drop: keys.hard_drop.as_deref(),
            drawn_every: found.drawn_every,
        };
        let repeat = repeat::learn_repeat_gap(screen, &mut guard, &well, &steps, REPEAT_PATIENCE, progress)?;
        (found, keys, repeat, hold_ms)
    };
    let seen_timing = Timing {
        text: format!("{}; {}", timing::described(&gravity, &found.lags), repeat.described()),
        repeat,
        hold_ms,
        still_ms: timing::still_ms(&found.lags, Realtime::default().still_ms),
    };
    progress(&format!("timing: {}", seen_timing.text));
    let from = format!("the live window \"{title}\" ({}x{})", first.width(), first.height());
    let keys = Keys { new_game: started_by_key(&started), ..keys };
    let program = Program { name, title, from: &from };
    let text = profile_text(&program, &look, &keys, &found, &seen_timing, &started)?;
    let config = config_of(&text)?;
    let options = Options { lines: None, pieces: Some(MOST_PIECES), new_game: false, learn: true };
    let summary = play::run(screen, input, &config, &options, progress)?;
    let missing = summary.turns.unseen();
    if missing > 0 {
        bail!(
            "{missing} shapes still unseen after {} pieces ({:?}: {}); nothing written (start a new game and run again)",
            summary.pieces,
            summary.outcome,
            summary.turns.unseen_shapes().join(", ")
        );
    }
    let text = with_table(&text, &summary.turns.to_toml());
    config_of(&text)?;
    Ok(LearnedLive { text, keys: found, look })
}

/// The keys tried as a press and release sent together, and, when that does not find the keys
/// play needs, held down each of `HOLDS_MS` in turn (a program that looks at its keys once a
/// frame misses a key that is not down at one of its looks; one may read only some keys so, as
/// the steps, and take the others as they go down). The shortest hold that finds the keys with no
/// step moving the piece more than one column is taken (a program that steps at every look while
/// a key is down steps more the longer it is held); else the shortest that finds them; else the
/// taps' trials, for `keys_of` to say what is missing. With `taps_only_if_none`, taps that did
/// nothing at all (or found no piece to try keys on) are returned without holding keys (the game
/// may not be running). `gravity`, the program's row step as timed, bounds how long a piece must
/// hold still after a key before the key is judged (`trials::still_for`). Returns the trials and
/// the hold (0: none), which the guard keeps.
fn keys_tried(
    screen: &mut dyn Screen,
    guard: &mut Guard,
    well: &super::super::live::eyes::LearnedWell,
    taps_only_if_none: bool,
    gravity: Option<Duration>,
    progress: &mut dyn FnMut(&str),
) -> anyhow::Result<(KeysFound, u64)> {
    let tapped = learn_keys(screen, guard, well, &USUAL, KEYS_PATIENCE, gravity, progress)?;
    // Nothing done by any key, or no key tried at all (a piece too high to try keys on, which no
    // gravity brings lower).
    let nothing_done = tapped.none_did_anything() || tapped.seen.is_empty();
    if keys_of(&tapped).is_ok() || (taps_only_if_none && nothing_done) {
        return Ok((tapped, 0));
    }
    // A key that paused the game is not pressed again (mtwain-js pauses on Shift).
    let keys: Vec<&str> = USUAL.iter().copied().filter(|k| tapped.known.get(*k) != Some(&Effect::Pauses)).collect();
    let mut found_so: Option<(KeysFound, u64)> = None;
    for hold in HOLDS_MS {
        progress(&format!(
            "the keys play needs were not all seen pressed and released at once: trying each held down {hold} ms \
             (a program that looks at its keys once a frame)"
        ));
        guard.set_key_hold(Duration::from_millis(hold));
        let held = learn_keys(screen, guard, well, &keys, KEYS_PATIENCE, gravity, progress)?;
        if keys_of(&held).is_ok() {
            if held.step_columns.iter().all(|&c| c <= 1) {
                return Ok((held, hold));
            }
            progress(&format!("held down {hold} ms, a step moved the piece {:?} columns", held.step_columns));
            found_so.get_or_insert((held, hold));
        }
    }
    let (found, hold) = found_so.unwrap_or((tapped, 0));
    guard.set_key_hold(Duration::from_millis(hold));
    Ok((found, hold))
}

/// The key that started the game, where one did alone.
fn started_by_key(started: &Started) -> Option<String> {
    match started {
        Started::ByKey(key) => Some(key.clone()),
        Started::Already | Started::ByClick | Started::ByFocusedKey(_) | Started::ByControl(_) => None,
    }
}

/// The profile a text makes, checked as a tetris profile.
fn config_of(text: &str) -> anyhow::Result<LiveConfig> {
    let profile: Profile = toml::from_str(text).context("the learned profile does not parse back")?;
    LiveConfig::from_profile(&profile)
}

/// The keys the profile needs, from what the trials found; an error names what is missing.
fn keys_of(found: &KeysFound) -> anyhow::Result<Keys> {
    let holds: Vec<String> = HOLDS_MS.iter().map(|h| h.to_string()).collect();
    let hint = if found.none_did_anything() {
        format!(
            " (no key did anything to the falling piece, pressed and released at once or held down {} ms: does the \
             program take keys from a synthetic keyboard, and is the game in the window given?)",
            holds.join(" or ")
        )
    } else {
        String::new()
    };
    let pick = |wanted: &[Effect], what: &str| {
        found.key_for(&USUAL, wanted).with_context(|| {
            format!("no key was seen to {what}{hint} (tried {}): {}", USUAL.join(" "), tried_text(found).join("; "))
        })
    };
    let turns = [Effect::TurnClockwise, Effect::TurnCounterClockwise, Effect::Turn];
    let hard_drop = found.hard_drop_key(&USUAL);
    if hard_drop.is_none() {
        // No hard drop: pieces are brought down by soft drops, so one must have been seen.
        pick(&[Effect::SoftDrop], "drop the piece (no hard drop, and no soft drop)")?;
    }
    Ok(Keys {
        left: pick(&[Effect::Left], "move the piece left")?,
        right: pick(&[Effect::Right], "move the piece right")?,
        rotate: pick(&turns, "turn the piece")?,
        // Some programs move a piece down only while the key is held (quadrapassel): a tap shows
        // nothing. The loop uses it only to bring a piece lower before a turn, so the usual key
        // is written then, and the profile says it was not seen.
        soft_drop: found.key_for(&USUAL, &[Effect::SoftDrop]).unwrap_or_else(|| USUAL_SOFT_DROP.to_string()),
        hard_drop,
        new_game: None,
    })
}

/// Which way a turning key turns, in words.
fn direction(found: &KeysFound, key: &str) -> &'static str {
    match found.known.get(key) {
        Some(Effect::TurnClockwise) => "clockwise",
        Some(Effect::TurnCounterClockwise) => "counter-clockwise",
        _ => "direction not seen",
    }
}

/// Each key tried and what it did, trial by trial.
fn tried_text(found: &KeysFound) -> Vec<String> {
    USUAL
        .iter()
        .filter_map(|k| {
            let trials = found.seen.get(*k)?;
            let each: Vec<String> = trials.iter().map(|(p, e)| format!("{}:{e:?}", p.letter())).collect();
            let known = found.known.get(*k).map_or("not sure".to_string(), |e| format!("{e:?}"));
            Some(format!("{k} = {known} ({})", each.join(" ")))
        })
        .collect()
}

/// The program learned: the profile's name, its window's title and where it was learned from.
struct Program<'a> {
    name: &'a str,
    title: &'a str,
    from: &'a str,
}

/// The proposal profile's text (its rotation table is added after the table mark).
fn profile_text(
    Program { name, title, from }: &Program,
    look: &LookSettings,
    keys: &Keys,
    found: &KeysFound,
    timing: &Timing,
    started: &Started,
) -> anyhow::Result<String> {
    let repeat = &timing.repeat;
    let look_text = toml::to_string(&std::collections::BTreeMap::from([("look", look)])).context("writing [look]")?;
    let quote = |s: &str| toml::Value::String(s.to_string()).to_string();
    let tried: String = tried_text(found).iter().map(|t| format!("#   {t}\n")).collect();
    let held = found.key_for(&USUAL, &[Effect::Hold]).map_or("none seen".to_string(), |k| k.to_string());
    let soft = match found.key_for(&USUAL, &[Effect::SoftDrop]) {
        Some(k) => format!("{k}, seen"),
        None => format!("no key seen moving a piece down on a tap; {USUAL_SOFT_DROP} written, the usual key"),
    };
    Ok(format!(
        "# Learned by `gamebot calibrate tetris --learn` from {from}: a proposal until a game confirms it.\n\
         # The look from one frame, the keys by trying each on falling pieces, the rotation table by playing.\n\
         # What each key tried did (piece:effect per trial):\n{tried}\
         # Hold: {held}. The turning key turns {}. Soft drop: {soft}.\n\
         # Timing seen: {}.\n\
         # Not learned: how the gravity grows, the lock delay, turns against a wall (kicks).\n\
         # {}\n\
         name = {}\ngame = \"tetris\"\ndescription = {}\n\n\
         [window]\ntitle = {}\nexact = false\n\n\
         [timing]\npoll_ms = 5\n\n\
         {}\
         [realtime]\nrepeat_gap_ms = {}\n{}\
         # Held still this long before a piece is judged: the slowest step seen on screen and half again.\n\
         still_ms = {}\n{}\n\
         [learned]\nfrom = {}\nconfirmed = []\n\n\
         [keys]\nleft = {}\nright = {}\nrotate = {}\nsoft_drop = {}\n{}\n{look_text}",
        direction(found, &keys.rotate),
        timing.text,
        start_note(started),
        quote(name),
        quote(&format!("learned from {from}")),
        quote(title),
        repeat_note(repeat),
        repeat.gap_ms.unwrap_or(repeat::GAPS_MS[repeat::GAPS_MS.len() - 1]),
        hold_note(timing.hold_ms),
        timing.still_ms,
        drawn_note(found.drawn_every),
        quote(from),
        quote(&keys.left),
        quote(&keys.right),
        quote(&keys.rotate),
        quote(&keys.soft_drop),
        keys.hard_drop.as_deref().map_or(
            "# No hard drop seen: pieces are brought down by soft drops.\n".to_string(),
            |k| format!("hard_drop = {}\n", quote(k))
        ) + &keys.new_game.as_deref().map_or(String::new(), |k| format!("new_game = {}\n", quote(k))),
    ))
}

/// The comment on how a game starts: by the key that started one, by a click, by a key on the
/// control Tab reached, or not seen.
fn start_note(started: &Started) -> String {
    match started {
        Started::ByKey(key) => {
            format!("A game was started by {key} (new_game), after a click in the window's middle did not.")
        }
        Started::ByClick => "A game was started by a click in the window's middle.".to_string(),
        Started::ByFocusedKey(key) => format!(
            "A game was started by Tab, which gave a control (a start button) the keyboard, and {key} on it; a click \
             in the window's middle, Return and space alone did not."
        ),
        Started::ByControl(at) => format!(
            "A game was started by a click on a control seen in the window (a start button) at ({}, {}); a click in \
             the window's middle did not.",
            at.x, at.y
        ),
        Started::Already => "How a game starts was not seen: one was running when the calibration began.".to_string(),
    }
}

/// What the calibration saw of the program's timing (in words, the bursts' gap, the wait for a
/// piece to hold still, how long keys had to be held down).
struct Timing {
    text: String,
    repeat: RepeatSeen,
    still_ms: u64,
    hold_ms: u64,
}

/// The `[realtime]` line and comment for a hold, where keys had to be held down.
fn hold_note(hold_ms: u64) -> String {
    if hold_ms == 0 {
        return String::new();
    }
    format!(
        "# Pressed and released at once, the keys play needs were not all seen; held down this long, they were (a \
         program that looks at its keys once a frame).\nkey_hold_ms = {hold_ms}\n"
    )
}

/// The `[realtime]` line and comment for a program seen drawing only at its gravity steps.
fn drawn_note(drawn_every: Option<Duration>) -> String {
    drawn_every.map_or(String::new(), |step| {
        format!(
            "# Keys showed only at the next step of gravity: the well is drawn at its steps alone, this far apart.\n\
             drawn_every_ms = {}\n",
            step.as_millis()
        )
    })
}

/// The comment above `[realtime]`: where the gap between presses of one key comes from.
fn repeat_note(repeat: &RepeatSeen) -> &'static str {
    match repeat.gap_ms {
        Some(_) => "# The least gap at which bursts of one key's presses were all seen to land.\n",
        None => "# No burst of presses was seen landing whole at any gap tried: the longest gap is written.\n",
    }
}

/// What the command learns from and where it writes.
pub struct FromWindow<'a> {
    pub name: Option<&'a str>,
    pub title: Option<&'a str>,
    pub force: bool,
}

/// The command: checks the name and that nothing would be overwritten before any key, learns on
/// the live window, prints the profile and writes it. Ok(true) once written.
pub fn from_window(cx: &mut crate::invocation::Invocation, args: &FromWindow) -> anyhow::Result<bool> {
    let name = args.name.unwrap_or_default();
    if name.is_empty() || name.contains('/') || name.ends_with(".toml") {
        bail!("name the profile to learn: --profile NAME (a name, not a path; written as config/NAME.toml)");
    }
    let Some(title) = args.title else {
        bail!("learning from the live window needs its title: --title TITLE (or a part of it)")
    };
    let path = cx.config_dir.join(format!("{name}.toml"));
    if path.exists() && !args.force {
        bail!("{}: already exists; add --force to replace it (nothing was pressed)", path.display());
    }
    let wanted = crate::screen::WindowMatch { title: title.to_string(), exact: false };
    let mut window = crate::screen::open_window(&wanted, "start the program and a game in it first")?;
    if let Some(note) = window.several() {
        cx.note(note);
    }
    let mut input = crate::input::live::LiveInput::open()?;
    let learned = learn(&mut window, &mut input, name, title, &mut |l: &str| cx.note(l))?;
    cx.line(&learned.text);
    crate::files::write_atomic(&path, learned.text.as_bytes(), args.force)
        .with_context(|| format!("{}: not written (add --force to replace it)", path.display()))?;
    cx.line(format!("wrote {} (a proposal: play a game with it to confirm it)", path.display()));
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::super::super::Piece;
    use super::*;

    fn found(trials: &[(&str, Effect)]) -> KeysFound {
        let mut found = KeysFound::default();
        for (key, effect) in trials {
            found.seen.entry(key.to_string()).or_default().push((Piece::T, *effect));
        }
        found
    }

    /// A program that took no key at all gets an error saying why that may be; one that took some
    /// keys but not all gets only what is missing.
    #[test]
    fn no_key_doing_anything_is_said_with_the_held_key_hint() {
        let none = found(&[("Left", Effect::Nothing), ("Right", Effect::Nothing), ("Up", Effect::Unclear)]);
        let error = keys_of(&none).unwrap_err().to_string();
        assert!(error.contains("no key did anything to the falling piece"), "{error}");
        let mut some = found(&[("Left", Effect::Left), ("Right", Effect::Nothing)]);
        some.known.insert("Left".to_string(), Effect::Left);
        let error = keys_of(&some).unwrap_err().to_string();
        assert!(error.contains("no key was seen to") && !error.contains("held down"), "{error}");
    }

    /// Quadrapassel's Down moves a piece down while it is held: under load, held a moment too
    /// long, it took the piece all the way down on two trials in one CI run and was learned as the
    /// hard drop (before Space, in the order tried); the learning play then lost every drop and
    /// topped out. Another key seen hard-dropping is the hard drop; Down only when none is.
    #[test]
    fn a_soft_drop_key_seen_hard_dropping_is_the_hard_drop_only_when_no_other_key_is() {
        let mut both = found(&[
            ("Left", Effect::Left),
            ("Right", Effect::Right),
            ("Up", Effect::TurnClockwise),
            ("Down", Effect::HardDrop),
            ("space", Effect::HardDrop),
        ]);
        for (key, effect) in [
            ("Left", Effect::Left),
            ("Right", Effect::Right),
            ("Up", Effect::TurnClockwise),
            ("Down", Effect::HardDrop),
            ("space", Effect::HardDrop),
        ] {
            both.known.insert(key.to_string(), effect);
        }
        let keys = keys_of(&both).expect("keys");
        assert_eq!((keys.hard_drop.as_deref(), keys.soft_drop.as_str()), (Some("space"), "Down"));
        both.known.remove("space");
        assert_eq!(keys_of(&both).expect("keys").hard_drop.as_deref(), Some("Down"));
    }
}
