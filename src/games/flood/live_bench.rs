//! `gamebot bench flood --live N`: what one move costs the bot on a live window, capture and read,
//! measured N times on the Flood-it window the profile names (e.g. sgt-flood at 1080p under Xvfb).
//! On Linux the X11 capture (x11rb, the path before xcap) is timed beside xcap's, for comparison.

use std::time::{Duration, Instant};

use anyhow::Context;

use super::config::FloodConfig;
use super::read;
use crate::invocation::Invocation;
use crate::profile::Profile;
use crate::screen::Screen;
use crate::screen::window::LiveWindow;

fn median_ms(mut times: Vec<Duration>) -> f64 {
    times.sort();
    times.get(times.len() / 2).map_or(0.0, |d| d.as_secs_f64() * 1e3)
}

/// Times `count` captures (and reads) of the live window; prints `key=value` lines.
pub fn run(cx: &mut Invocation, profile: &Profile, count: usize) -> anyhow::Result<()> {
    let config = FloodConfig::from_profile(profile)?;
    let mut window = LiveWindow::find(&profile.window).context("open the Flood-it window first")?;
    let first = window.capture()?;
    let grid =
        read::locate(&first, &config.vision, config.palette.as_ref()).context("cannot find the board in the window")?;
    let (mut capture, mut reading, mut both) = (Vec::new(), Vec::new(), Vec::new());
    for done in 0..count {
        let started = Instant::now();
        let frame = window.capture()?;
        let captured = started.elapsed();
        read::read(&frame, &grid, &config.vision, config.palette.as_ref())?;
        both.push(started.elapsed());
        reading.push(started.elapsed() - captured);
        capture.push(captured);
        cx.progress("captures", done as u64 + 1, count as u64);
    }
    cx.line(format!("window={}x{}", first.width(), first.height()));
    cx.line(format!("captures={count}"));
    cx.line(format!("capture_xcap_ms_median={:.2}", median_ms(capture)));
    cx.line(format!("read_ms_median={:.2}", median_ms(reading)));
    cx.line(format!("capture_read_ms_median={:.2}", median_ms(both)));
    #[cfg(target_os = "linux")]
    {
        let mut x11 = crate::screen::x11::Display::open()?.find(&profile.window)?;
        let mut times = Vec::new();
        for _ in 0..count {
            let started = Instant::now();
            x11.capture()?;
            times.push(started.elapsed());
        }
        cx.line(format!("capture_x11rb_ms_median={:.2}", median_ms(times)));
    }
    Ok(())
}
