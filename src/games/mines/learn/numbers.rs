//! What the ink on a cell is by a learned profile (`[looks]`): one of the program's own glyphs
//! when one is near, else on an opened cell a number by the general digit shapes
//! (`glyph::general_digit`) held to what the program's numbers are known to look like (their size
//! and colours), and on a covered cell the flag. Whatever is none of these is refused, never guessed.

use super::glyph::{self, Glyph, general_digit, shape_distance};
use crate::games::mines::config::{GlyphLook, Looks};
use crate::vision::colour::{Lab, parse_hex, to_hex};

/// How far a glyph's colour may lie from a learned glyph's for it to count as that one.
const GLYPH_COLOUR: f32 = 30.0;

/// What a glyph is by the profile's learned glyphs: the kind of the nearest within its distance.
pub(super) fn learned_kind<'a>(glyph: &Glyph, glyphs: &'a [GlyphLook], max: f32) -> Option<&'a str> {
    glyphs
        .iter()
        .filter(|g| g.holes == glyph.holes)
        .filter(|g| in_colour(glyph, g, GLYPH_COLOUR))
        .filter_map(|g| Some((g.kind.as_str(), shape_distance(glyph, &learned_shape(g, glyph)?))))
        .filter(|&(_, d)| d <= max)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(kind, _)| kind)
}

/// The number a glyph shows on an opened cell `cell_height` px high: a learned glyph, else the
/// general digit shapes, at the size of the program's numbers (`numbers_size`) or in the colour
/// the program draws that digit in (refused when the program tells its numbers by colour and this
/// one has another number's colour and is near enough that number's shape to be it drawn
/// otherwise, unless it was `faint`, found only under the ink threshold: every learned number was
/// seen at the threshold, so a glyph too faint for it is none of them, whatever its mean colour; a
/// glyph far from that number's shape is another number the program draws in the same colour, as
/// rw-pz draws its 5 in its 1's grey, bolder).
pub(super) fn number(glyph: &Glyph, looks: &Looks, faint: bool, cell_height: f64) -> Result<Option<u8>, String> {
    if let Some(kind) = learned_kind(glyph, &looks.glyphs, looks.glyph_distance) {
        return Ok(kind.parse::<u8>().ok());
    }
    if let Err(usual) = numbers_size(glyph, looks, cell_height)
        && !general_digit(glyph).is_ok_and(|v| drawn_in_its_colour(glyph, v.digit, looks))
    {
        return Err(format!(
            "an unknown glyph (ink {}, {:.2} of the cell high, the program's numbers {usual:.2})",
            to_hex(glyph.colour),
            glyph.height
        ));
    }
    if written_zero(glyph, looks, cell_height) {
        return Ok(Some(0));
    }
    match general_digit(glyph) {
        Ok(v) => {
            let clash = looks.glyphs.iter().find(|g| {
                !faint
                    && g.kind != v.digit.to_string()
                    && g.kind.parse::<u8>().is_ok()
                    && in_colour(glyph, g, 8.0)
                    && !looks.glyphs.iter().any(|o| o.kind == v.digit.to_string())
                    && colour_coded(looks)
                    && learned_shape(g, glyph).is_some_and(|n| shape_distance(glyph, &n) <= glyph::MAX_GENERAL)
            });
            match clash {
                Some(g) => Err(format!(
                    "a glyph shaped like {} in the colour of the program's {} ({}): unknown",
                    v.digit,
                    g.kind,
                    to_hex(glyph.colour)
                )),
                None => Ok(Some(v.digit)),
            }
        }
        Err(v) if confirmed_by_colour(glyph, &v, looks) || confirmed_by_one_ink(glyph, &v, looks, cell_height) => {
            Ok(Some(v.digit))
        }
        Err(v) => Err(format!(
            "an unknown glyph (ink {}, {} holes; nearest digit {} at {:.3}, next at {:.3})",
            to_hex(glyph.colour),
            glyph.holes,
            v.digit,
            v.distance,
            v.runner_up
        )),
    }
}

/// True when a glyph on an opened cell is a 0 the program writes (`written_zero`) though the
/// profile learned none: the general digit shapes, 0 to 8, are sure it is a 0, and it is drawn at
/// the size of the program's numbers in a colour one of them has. Among 1 to 8 alone a written 0
/// lay nearest a 6 (ashishsubedi's, read as 6s by a profile learned from 1s and 2s).
fn written_zero(glyph: &Glyph, looks: &Looks, cell_height: f64) -> bool {
    let numbers = || looks.glyphs.iter().filter(|g| g.kind.parse::<u8>().is_ok());
    glyph::nearest_digit(glyph, 0..=8).is_ok_and(|v| v.digit == 0)
        && numbers().next().is_some()
        && numbers_size(glyph, looks, cell_height).is_ok()
        && numbers().any(|g| in_colour(glyph, g, GLYPH_COLOUR))
}

/// True when a glyph too far from its nearest digit's general shape to be taken on shape alone
/// is still that digit by two signs together: its shape is within `glyph::MAX_CONFIRMED` and
/// clearly nearer that digit than any other, and the program, which tells its numbers by colour,
/// drew that digit in the glyph's colour (small cells draw digits in a few pixels, off both the
/// general and the learned shapes).
fn confirmed_by_colour(glyph: &Glyph, v: &glyph::Verdict, looks: &Looks) -> bool {
    v.distance <= glyph::MAX_CONFIRMED
        && v.distance <= glyph::MARGIN * v.runner_up
        && drawn_in_its_colour(glyph, v.digit, looks)
}

/// True when a glyph too far from its nearest digit's general shape to be taken on shape alone
/// is still that digit in a program that draws every number in one ink (two numbers or more
/// learned, their colours within ΔE 8 of each other): its shape is within `glyph::MAX_CONFIRMED`
/// and clearly nearer that digit than any other, it is drawn in that ink and at the numbers' size
/// (a number of this program, no mine nor flag; Navid079's thin 3 in 8-px digits lies 0.50 from
/// a 3 and 0.63 from any other).
fn confirmed_by_one_ink(glyph: &Glyph, v: &glyph::Verdict, looks: &Looks, cell_height: f64) -> bool {
    let numbers: Vec<&GlyphLook> = looks.glyphs.iter().filter(|g| g.kind.parse::<u8>().is_ok()).collect();
    let colours = number_colours(looks);
    let digits: std::collections::BTreeSet<&str> = numbers.iter().map(|g| g.kind.as_str()).collect();
    let one_ink =
        digits.len() >= 2 && colours.len() == numbers.len() && every_pair(&colours, |a, b| a.delta_e(b) <= 8.0);
    one_ink
        && v.distance <= glyph::MAX_CONFIRMED
        && v.distance <= glyph::MARGIN * v.runner_up
        && numbers.iter().all(|g| in_colour(glyph, g, GLYPH_COLOUR))
        && numbers_size(glyph, looks, cell_height).is_ok()
}

/// True when the learned numbers all have colours of their own (ΔE over 8 apart).
fn colour_coded(looks: &Looks) -> bool {
    let colours = number_colours(looks);
    colours.len() >= 2 && every_pair(&colours, |a, b| a.delta_e(b) > 8.0)
}

/// The colours of the learned numbers (those given as a colour that parses).
fn number_colours(looks: &Looks) -> Vec<Lab> {
    looks
        .glyphs
        .iter()
        .filter(|g| g.kind.parse::<u8>().is_ok())
        .filter_map(|g| parse_hex(&g.colour).map(Lab::from_rgb8))
        .collect()
}

/// True when every pair of `colours` (each with each later one) is as `holds` asks.
fn every_pair(colours: &[Lab], holds: impl Fn(&Lab, &Lab) -> bool) -> bool {
    colours.iter().enumerate().all(|(i, a)| colours[i + 1..].iter().all(|b| holds(a, b)))
}

/// True when a mark on a covered cell is the program's flag though its shape is not near enough
/// for a learned glyph: a covered cell carries nothing but a flag, so one of the flag's colour
/// whose shape is as near as a digit's general shape must be (`glyph::MAX_GENERAL`) is it (small
/// cells draw the flag in a few pixels, off its learned shape).
pub(super) fn is_flag(glyph: &Glyph, looks: &Looks) -> bool {
    looks.glyphs.iter().filter(|g| g.kind == "flag").any(|g| {
        in_colour(glyph, g, GLYPH_COLOUR)
            && learned_shape(g, glyph).is_some_and(|flag| shape_distance(glyph, &flag) <= glyph::MAX_GENERAL)
    })
}

/// A learned glyph's shape as a glyph to compare `like` with (its size and colour `like`'s); None
/// for a profile's glyph of another number of zones.
fn learned_shape(learned: &GlyphLook, like: &Glyph) -> Option<Glyph> {
    let zones = learned.zones.as_slice().try_into().ok()?;
    Some(Glyph { zones, holes: learned.holes, aspect: learned.aspect, ..like.clone() })
}

/// Whether a glyph on a cell `cell_height` px high is drawn at the size of the program's learned
/// numbers: the same share of the cell (a program drawing its font to fit its cells), or the same
/// height in pixels (a page drawing its numbers in one font size whatever its cells' size). Err
/// with the numbers' usual share of the cell when it is neither; Ok when no size was learned.
pub(super) fn numbers_size(glyph: &Glyph, looks: &Looks, cell_height: f64) -> Result<(), f32> {
    let numbers = || looks.glyphs.iter().filter(|g| g.kind.parse::<u8>().is_ok());
    let Some(usual) = glyph::median(numbers().filter_map(|g| g.height).collect()) else { return Ok(()) };
    let pixels = glyph::median(numbers().filter_map(|g| g.pixels).collect());
    let in_pixels = pixels.is_some_and(|p| glyph::one_size(glyph.height * cell_height as f32, p));
    if glyph::one_size(glyph.height, usual) || in_pixels { Ok(()) } else { Err(usual) }
}

/// True when the program draws `digit` in the glyph's colour (a learned glyph of that number
/// within `GLYPH_COLOUR`), and the program tells its numbers by colour (`colour_coded`): a glyph
/// the general shapes take for that digit is then that digit by its shape and colour together,
/// whatever its size.
fn drawn_in_its_colour(glyph: &Glyph, digit: u8, looks: &Looks) -> bool {
    let digit = digit.to_string();
    colour_coded(looks) && looks.glyphs.iter().any(|g| g.kind == digit && in_colour(glyph, g, GLYPH_COLOUR))
}

/// True when a glyph is drawn in a learned glyph's colour, within `max` (ΔE): by its colour
/// (`glyph::ink_colour`, its solid core's where it is one colour) or by the mean of its ink, the
/// colour profiles learned before the core was taken hold.
fn in_colour(glyph: &Glyph, learned: &GlyphLook, max: f32) -> bool {
    parse_hex(&learned.colour).is_some_and(|c| {
        let c = Lab::from_rgb8(c);
        [glyph.colour, glyph.mean].iter().any(|&own| Lab::from_rgb8(own).delta_e(&c) <= max)
    })
}

#[cfg(test)]
#[path = "numbers_tests.rs"]
mod numbers_tests;
