//! How soon the bot stops after a fault during live play: the real sgt-flood under Xvfb, the bot
//! slowed to 400 ms a move so each fault lands mid-game, then the window covered, minimised or
//! closed, the mouse moved by the user, or Esc pressed (the failsafe's two stops, which end any
//! rest at once: the issue-34 goal is a median under 0.5 s and a worst under 1 s). The time runs from just before the fault to the bot's
//! exit (so it includes xdotool's own work, and the trap window's opening for `covered`). Prints `key=value` lines:
//! `fault=... runs=... stop_ms_min=... stop_ms_median=... stop_ms_max=...`.
//!
//! `cargo bench --bench stop_latency` (`-- --runs N`, 3 by default). Needs xvfb, jwm, sgt-puzzles
//! and xdotool; Linux only. The live fault tests check that the bot stops, with the right message
//! and no stray input; this measures how soon.

#[cfg(target_os = "linux")]
#[path = "../tests/common/mod.rs"]
#[allow(unused_imports)]
mod common;

/// A fault made to a running session; the trap window it opened, if any, lives as long as it is kept.
#[cfg(target_os = "linux")]
type Fault = fn(&common::faults::Session) -> Option<common::faults::Trap>;

#[cfg(target_os = "linux")]
fn main() {
    use std::time::{Duration, Instant};

    use common::faults::{Session, Trap};

    let runs: usize = std::env::args().skip_while(|a| a != "--runs").nth(1).and_then(|n| n.parse().ok()).unwrap_or(3);
    let faults: [(&str, Fault); 5] = [
        ("covered", |s| {
            let (x, y, w, h) = s.geometry();
            Some(Trap::open(&s.game.display, (x, y), (w, h)))
        }),
        ("minimised", |s| {
            s.xdotool(&["windowminimize", &s.window]);
            None
        }),
        ("closed", |s| {
            s.xdotool(&["windowkill", &s.window]);
            None
        }),
        ("mouse_moved", |s| {
            let (x, y, w, _) = s.geometry();
            s.xdotool(&["mousemove", &(x + w as i32 + 60).to_string(), &(y + 40).to_string()]);
            None
        }),
        ("escape", |s| {
            s.xdotool(&["key", "Escape"]);
            None
        }),
    ];
    for (name, fault) in faults {
        let mut times = Vec::new();
        for _ in 0..runs {
            let session = Session::start(400);
            let started = Instant::now();
            let _trap = fault(&session);
            let waiting = Instant::now();
            // `finish` times the bot's exit from its own start; the game is torn down after that.
            let (success, _, _, took) = session.finish(Duration::from_secs(30));
            if !success {
                times.push((waiting + took - started).as_secs_f64() * 1e3);
            }
        }
        times.sort_by(f64::total_cmp);
        let pick = |i: usize| times.get(i).map_or("none".to_string(), |t| format!("{t:.0}"));
        println!(
            "fault={name} runs={} stop_ms_min={} stop_ms_median={} stop_ms_max={}",
            times.len(),
            pick(0),
            pick(times.len() / 2),
            pick(times.len().saturating_sub(1))
        );
    }
}

#[cfg(not(target_os = "linux"))]
fn main() {
    println!("stop_latency: Linux only (X11, xdotool)");
}
