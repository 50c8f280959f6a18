//! Calibrations from arbitrary text: the TOML parse `play` and `calibrate` use, then, when the
//! layout fits the frame (the check `play` makes before using one), the Flood-it and peg readers
//! run with that layout on a small drawn board, as `play` would.
#![no_main]

use std::path::Path;
use std::sync::LazyLock;

use gamebot::frame::Frame;
use gamebot::games::{Flood, Pegs};
use gamebot::profile::Calibration;
use gamebot::runner::TurnBased;
use libfuzzer_sys::fuzz_target;

static FRAME: LazyLock<Frame> = LazyLock::new(gamebot_fuzz::small_board_frame);
static FLOOD: LazyLock<<Flood as TurnBased>::Config> =
    LazyLock::new(|| <Flood as TurnBased>::config(&gamebot_fuzz::profile("sgt-flood")).expect("built in"));
static PEGS: LazyLock<<Pegs as TurnBased>::Config> =
    LazyLock::new(|| <Pegs as TurnBased>::config(&gamebot_fuzz::profile("sgt-pegs")).expect("built in"));

fuzz_target!(|bytes: &[u8]| {
    let Some(text) = gamebot_fuzz::text(bytes) else { return };
    let Ok(calibration) = gamebot::files::parse_toml::<Calibration>(text, Path::new("fuzz.toml")) else { return };
    if !calibration.grid.fits(&FRAME) {
        return;
    }
    if let Some(layout) = <Flood as TurnBased>::from_calibration(calibration.grid.clone()) {
        let _ = <Flood as TurnBased>::read(&FRAME, &layout, &FLOOD);
    }
    if let Some(layout) = <Pegs as TurnBased>::from_calibration(calibration.grid) {
        let _ = <Pegs as TurnBased>::read(&FRAME, &layout, &PEGS);
    }
});
