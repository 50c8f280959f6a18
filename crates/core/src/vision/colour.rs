//! Colour science for the readers: sRGB to CIELAB, the ΔE distance, and parsing `#rrggbb` hints.
//!
//! Classifying in CIELAB rather than RGB makes one threshold mean the same perceived difference for
//! every hue, so a palette calibrated on one screen survives gamma and brightness drift on another.

use serde::{Deserialize, Serialize};

/// A colour in CIELAB (D65 white).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Lab {
    pub l: f32,
    pub a: f32,
    pub b: f32,
}

fn srgb_to_linear(channel: f32) -> f32 {
    let c = channel / 255.0;
    if c <= 0.04045 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) }
}

fn lab_f(t: f32) -> f32 {
    const DELTA: f32 = 6.0 / 29.0;
    if t > DELTA * DELTA * DELTA { t.cbrt() } else { t / (3.0 * DELTA * DELTA) + 4.0 / 29.0 }
}

/// Every 8-bit channel's linear value, as `Lab::from_rgb` takes it (for converting many pixels).
pub fn linear_table() -> [f32; 256] {
    std::array::from_fn(|v| srgb_to_linear(v as f32))
}

/// The luminance (CIE Y) of a colour whose channels' linear values are `linear`, as
/// `Lab::from_rgb` computes it.
pub fn luminance(linear: [f32; 3]) -> f32 {
    let [r, g, b] = linear;
    0.2126 * r + 0.7152 * g + 0.0722 * b
}

/// The luminance (CIE Y) at which the lightness L* is `l`: L* is a rising function of Y alone.
pub fn luminance_of_lightness(l: f64) -> f64 {
    const DELTA: f64 = 6.0 / 29.0;
    let f = (l + 16.0) / 116.0;
    if f > DELTA { f * f * f } else { 3.0 * DELTA * DELTA * (f - 4.0 / 29.0) }
}

impl Lab {
    /// Converts an sRGB colour (each channel 0-255, may be a fractional mean) to CIELAB.
    pub fn from_rgb(rgb: [f32; 3]) -> Lab {
        let [r, g, b] = rgb.map(srgb_to_linear);
        let x = 0.4124 * r + 0.3576 * g + 0.1805 * b;
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
        let z = 0.0193 * r + 0.1192 * g + 0.9505 * b;
        let (fx, fy, fz) = (lab_f(x / 0.95047), lab_f(y), lab_f(z / 1.08883));
        Lab { l: 116.0 * fy - 16.0, a: 500.0 * (fx - fy), b: 200.0 * (fy - fz) }
    }

    pub fn from_rgb8(rgb: [u8; 3]) -> Lab {
        Lab::from_rgb(rgb.map(f32::from))
    }

    /// CIE76 ΔE: Euclidean distance in CIELAB. About 2.3 is a just-noticeable difference.
    pub fn delta_e(&self, other: &Lab) -> f32 {
        ((self.l - other.l).powi(2) + (self.a - other.a).powi(2) + (self.b - other.b).powi(2)).sqrt()
    }

    /// Chroma: how far from grey the colour is.
    pub fn chroma(&self) -> f32 {
        self.a.hypot(self.b)
    }
}

/// Parses `#rrggbb` (the `#` is optional).
pub fn parse_hex(text: &str) -> Option<[u8; 3]> {
    let hex = text.trim().trim_start_matches('#');
    if hex.len() != 6 || !hex.is_ascii() {
        return None;
    }
    let channel = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some([channel(0)?, channel(2)?, channel(4)?])
}

/// Formats an RGB value as `#rrggbb`.
pub fn to_hex(rgb: [u8; 3]) -> String {
    format!("#{:02x}{:02x}{:02x}", rgb[0], rgb[1], rgb[2])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn white_black_and_red_have_textbook_lab_values() {
        let white = Lab::from_rgb8([255, 255, 255]);
        assert!((white.l - 100.0).abs() < 0.1 && white.a.abs() < 0.1 && white.b.abs() < 0.1);
        let black = Lab::from_rgb8([0, 0, 0]);
        assert!(black.l.abs() < 0.1);
        let red = Lab::from_rgb8([255, 0, 0]);
        assert!((red.l - 53.24).abs() < 0.2 && (red.a - 80.09).abs() < 0.3 && (red.b - 67.20).abs() < 0.3);
    }

    #[test]
    fn delta_e_is_small_for_near_colours_and_large_for_different_ones() {
        let a = Lab::from_rgb8([200, 30, 30]);
        assert!(a.delta_e(&Lab::from_rgb8([203, 32, 29])) < 2.5);
        assert!(a.delta_e(&Lab::from_rgb8([30, 30, 200])) > 50.0);
    }

    #[test]
    fn hex_round_trips_and_rejects_junk() {
        assert_eq!(parse_hex("#ff8000"), Some([255, 128, 0]));
        assert_eq!(parse_hex("00ff00"), Some([0, 255, 0]));
        assert_eq!(to_hex([255, 128, 0]), "#ff8000");
        assert_eq!(parse_hex("#ff80"), None);
        assert_eq!(parse_hex("#gg0000"), None);
    }
}
