//! Reading how a breach ended: once the last pick is made, the clone lays a ribbon over each
//! daemon's row, green "INSTALLED" or red "FAILED" (the colours are the profile's, `[read.end]`).
//! A daemon installed mid-game is covered at once, so the rows are found on the end screen: in a
//! strip beside the daemons' codes read before the end, runs of pixel rows of one marking colour
//! are ribbons, and those stacked with a known daemon row are read top to bottom. A known row
//! under no ribbon is still open (its codes still show).

use serde::Deserialize;

use super::BreachScreen;
use crate::frame::Frame;
use crate::vision::colour::{Lab, parse_hex};

/// The colours a screen marks a daemon's row with at the end of a breach (hex, "#rrggbb").
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EndHints {
    pub installed: String,
    pub failed: String,
}

/// What the end screen says of one daemon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Installed,
    Failed,
    /// Neither colour: the row still shows its codes (the breach has not ended for it).
    Open,
}

#[derive(Debug, thiserror::Error)]
pub enum EndError {
    #[error("the profile's end colour {0:?} is not a hex colour (#rrggbb)")]
    Colour(String),
}

/// A pixel row whose median colour is within this CIELAB distance of a marking colour is that
/// marking. Tight, so the thin border between two ribbons of one colour (a shade darker) splits
/// them.
const MATCH_DELTA_E: f32 = 8.0;

/// A run of one marking shorter than this many text heights is not a ribbon (a line, a glyph).
const RIBBON_MIN_HEIGHT: f64 = 1.5;

/// Ribbons this many text heights apart or less belong to one stack of daemon rows.
const STACK_GAP: f64 = 1.0;

/// The outcome of each daemon on an end screen, top to bottom. `before` is a reading of the same
/// screen before the end: its daemon rows say where the daemons' panel is. The clone marks a
/// daemon's row as soon as it is installed, so `before` may list only the daemons still open;
/// the rows are therefore found on the end screen itself: in a strip starting at the daemons'
/// codes, each run of pixel rows of one marking colour is a ribbon, and the ribbons stacked
/// with a known daemon row are the daemons' rows. A known row under no ribbon is still open.
pub fn read_end(frame: &Frame, before: &BreachScreen, hints: &EndHints) -> Result<Vec<Outcome>, EndError> {
    let lab = |hex: &String| parse_hex(hex).map(Lab::from_rgb8).ok_or_else(|| EndError::Colour(hex.clone()));
    let (installed, failed) = (lab(&hints.installed)?, lab(&hints.failed)?);
    let known: Vec<(f64, f64)> =
        before.daemon_codes.iter().filter_map(|codes| codes.first()).map(|c| (c.y, c.y + c.height)).collect();
    let Some(x0) = before.daemon_codes.iter().filter_map(|codes| codes.first()).map(|c| c.x).reduce(f64::min) else {
        return Ok(Vec::new());
    };
    let th = before.text_height.max(1.0);
    let strip = (x0.max(0.0) as u32, ((x0 + 20.0 * th) as u32).min(frame.width()));
    let marking = |y: u32| -> Option<Outcome> {
        let seen = Lab::from_rgb8(median_rgb(frame, y, strip)?);
        let (to_installed, to_failed) = (seen.delta_e(&installed), seen.delta_e(&failed));
        if to_installed <= MATCH_DELTA_E && to_installed <= to_failed {
            Some(Outcome::Installed)
        } else if to_failed <= MATCH_DELTA_E {
            Some(Outcome::Failed)
        } else {
            None
        }
    };
    let ribbons: Vec<Ribbon> = runs((0..frame.height()).map(marking))
        .into_iter()
        .filter(|r| (r.y1 - r.y0) as f64 >= RIBBON_MIN_HEIGHT * th)
        .collect();
    // Rows: every ribbon in a stack that reaches a known daemon row, and the known rows left open.
    let touches = |r: &Ribbon, (top, bottom): (f64, f64)| {
        r.y0 as f64 <= bottom + STACK_GAP * th && top <= r.y1 as f64 + STACK_GAP * th
    };
    let mut taken = vec![false; ribbons.len()];
    let mut grew = true;
    while grew {
        grew = false;
        for i in 0..ribbons.len() {
            let near_known = known.iter().any(|&k| touches(&ribbons[i], k));
            let near_taken = (0..ribbons.len())
                .any(|j| taken[j] && touches(&ribbons[i], (ribbons[j].y0 as f64, ribbons[j].y1 as f64)));
            if !taken[i] && (near_known || near_taken) {
                taken[i] = true;
                grew = true;
            }
        }
    }
    let mut rows: Vec<(f64, Outcome)> =
        ribbons.iter().zip(&taken).filter(|(_, t)| **t).map(|(r, _)| (r.y0 as f64, r.outcome)).collect();
    for &(top, bottom) in &known {
        let middle = (top + bottom) / 2.0;
        if !ribbons.iter().zip(&taken).any(|(r, t)| *t && r.y0 as f64 <= middle && middle <= r.y1 as f64) {
            rows.push((top, Outcome::Open));
        }
    }
    rows.sort_by(|a, b| a.0.total_cmp(&b.0));
    Ok(rows.into_iter().map(|(_, outcome)| outcome).collect())
}

/// Pixel rows `y0..y1` all of one marking.
struct Ribbon {
    y0: u32,
    y1: u32,
    outcome: Outcome,
}

/// The runs of equal markings in a column of pixel rows.
fn runs(markings: impl Iterator<Item = Option<Outcome>>) -> Vec<Ribbon> {
    let mut out: Vec<Ribbon> = Vec::new();
    let mut previous = None;
    for (y, marking) in markings.enumerate() {
        let y = y as u32;
        match marking {
            Some(outcome) if previous == Some(outcome) => out.last_mut().expect("a run is open").y1 = y + 1,
            Some(outcome) => out.push(Ribbon { y0: y, y1: y + 1, outcome }),
            None => {}
        }
        previous = marking;
    }
    out
}

/// The median of each channel over pixels `x0..x1` of row `y`; None when empty.
fn median_rgb(frame: &Frame, y: u32, (x0, x1): (u32, u32)) -> Option<[u8; 3]> {
    if x0 >= x1 || y >= frame.height() {
        return None;
    }
    let mut channels: [Vec<u8>; 3] = Default::default();
    for x in x0..x1 {
        let p = frame.image.get_pixel(x, y).0;
        for (c, channel) in channels.iter_mut().enumerate() {
            channel.push(p[c]);
        }
    }
    Some(channels.map(|mut v| {
        v.sort_unstable();
        v[v.len() / 2]
    }))
}

#[cfg(test)]
mod tests {
    use super::super::super::board::{Line, Puzzle, Start};
    use super::*;
    use crate::frame::Rect;

    /// A screen of three daemon rows painted green, red and dark, and a green block apart from
    /// them; only the dark row's codes were read before the end (the others had ribbons).
    #[test]
    fn rows_read_installed_failed_and_open_by_colour() {
        let mut image = image::RgbaImage::from_pixel(100, 140, image::Rgba([10, 10, 20, 255]));
        for (top, rgb) in [(0u32, [18, 209, 107]), (20, [255, 73, 69]), (100, [18, 209, 107])] {
            for y in top..top + 18 {
                for x in 0..100 {
                    image.put_pixel(x, y, image::Rgba([rgb[0], rgb[1], rgb[2], 255]));
                }
            }
        }
        let frame = Frame::from_image(image);
        let code = |y: f64| vec![Rect { x: 10.0, y, width: 30.0, height: 10.0 }];
        let before = BreachScreen {
            puzzle: Puzzle { grid: Vec::new(), daemons: Vec::new(), buffer: 0 },
            start: Start { picked: Vec::new(), used: Vec::new(), line: Line::Row(0) },
            cells: Vec::new(),
            codes: Vec::new(),
            daemon_codes: vec![code(44.0)],
            slots: Vec::new(),
            text_height: 10.0,
        };
        let hints = EndHints { installed: "#12d16b".into(), failed: "#ff4945".into() };
        let read = read_end(&frame, &before, &hints).unwrap();
        assert_eq!(read, vec![Outcome::Installed, Outcome::Failed, Outcome::Open]);
        let bad = EndHints { installed: "green".into(), failed: "#ff4945".into() };
        assert!(read_end(&frame, &before, &bad).is_err());
    }
}
