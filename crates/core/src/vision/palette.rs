//! Colour classification of cell patches: against a known palette, or by clustering when none is known.
//!
//! A patch (the centre of a cell, many pixels) is averaged before it is classified, so a single odd
//! pixel cannot flip a reading. With a palette, a colour further than `max_delta_e` from every entry
//! is an error that names the cell, its value and the nearest entry: the reader never guesses.

use serde::{Deserialize, Serialize};

use super::colour::{Lab, parse_hex, to_hex};
use crate::frame::{Frame, Rect};

/// The mean colour of a patch of pixels, and how uneven the patch was.
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    pub rgb: [u8; 3],
    pub lab: Lab,
    /// Root-mean-square distance of the patch's pixels from its mean, in RGB units.
    pub spread: f32,
}

/// Averages the pixels of `patch` (clipped to the frame; at least one pixel is always taken).
pub fn sample(frame: &Frame, patch: Rect) -> Sample {
    let clamp = |v: f64, hi: u32| (v.max(0.0) as u32).min(hi.saturating_sub(1));
    let (x0, y0) = (clamp(patch.x.ceil(), frame.width()), clamp(patch.y.ceil(), frame.height()));
    let x1 = clamp((patch.x + patch.width).floor() - 1.0, frame.width()).max(x0);
    let y1 = clamp((patch.y + patch.height).floor() - 1.0, frame.height()).max(y0);
    let mut sum = [0f64; 3];
    let mut sum_sq = 0f64;
    let mut n = 0f64;
    for y in y0..=y1 {
        for x in x0..=x1 {
            let p = frame.rgb(x, y);
            for (s, &v) in sum.iter_mut().zip(&p) {
                *s += v as f64;
            }
            sum_sq += p.iter().map(|&v| (v as f64).powi(2)).sum::<f64>();
            n += 1.0;
        }
    }
    let mean = sum.map(|s| s / n);
    let variance = (sum_sq / n - mean.iter().map(|m| m * m).sum::<f64>()).max(0.0);
    let rgb = mean.map(|m| m.round() as u8);
    Sample { rgb, lab: Lab::from_rgb(mean.map(|m| m as f32)), spread: variance.sqrt() as f32 }
}

/// A list of known colours; an entry's index is its label. A profile writes each as `#rrggbb`; they
/// are parsed once, when the profile is read.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Palette {
    /// The colour per label, label 0 first.
    #[serde(with = "hex_colours")]
    pub colours: Vec<[u8; 3]>,
    /// The largest ΔE (CIE76) between a patch and its palette entry that still counts as a match.
    #[serde(default = "default_max_delta_e")]
    pub max_delta_e: f32,
}

fn default_max_delta_e() -> f32 {
    20.0
}

/// One classified patch: its label, how far it was from that entry, and how clear the choice was.
#[derive(Clone, Copy, Debug)]
pub struct Classified {
    pub label: u8,
    pub delta_e: f32,
    /// 0 when the nearest two entries are equally near, 1 when the patch sits exactly on one.
    pub confidence: f32,
}

/// A patch that matched no palette entry.
#[derive(Debug, thiserror::Error, PartialEq)]
#[error("colour {} is not in the palette: nearest is label {nearest} ({}) at ΔE {delta_e:.1}, more than the limit {limit:.1}", to_hex(*rgb), to_hex(*nearest_rgb))]
pub struct UnknownColour {
    pub rgb: [u8; 3],
    pub nearest: u8,
    pub nearest_rgb: [u8; 3],
    pub delta_e: f32,
    pub limit: f32,
}

impl Palette {
    /// Builds a palette from RGB values.
    pub fn from_rgb(colours: &[[u8; 3]], max_delta_e: f32) -> Palette {
        Palette { colours: colours.to_vec(), max_delta_e }
    }

    /// The colours as a profile writes them, `#rrggbb` each.
    pub fn hex(&self) -> Vec<String> {
        self.colours.iter().map(|&c| to_hex(c)).collect()
    }

    /// The colours in CIELAB, label 0 first.
    pub fn labs(&self) -> Vec<Lab> {
        self.colours.iter().map(|&c| Lab::from_rgb8(c)).collect()
    }
}

/// A palette's colours in a profile: `#rrggbb` strings, each checked as it is read.
mod hex_colours {
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serializer};

    use super::{parse_hex, to_hex};

    pub fn serialize<S: Serializer>(colours: &[[u8; 3]], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(colours.iter().map(|&c| to_hex(c)))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<[u8; 3]>, D::Error> {
        let texts = Vec::<String>::deserialize(d)?;
        texts
            .iter()
            .enumerate()
            .map(|(i, text)| {
                parse_hex(text)
                    .ok_or_else(|| D::Error::custom(format!("palette entry {i} \"{text}\" is not a #rrggbb colour")))
            })
            .collect()
    }
}

/// A palette ready to classify with: colours converted to CIELAB once.
pub struct Classifier {
    rgb: Vec<[u8; 3]>,
    lab: Vec<Lab>,
    limit: f32,
}

impl Classifier {
    pub fn new(palette: &Palette) -> Result<Classifier, String> {
        if palette.colours.is_empty() {
            return Err("the palette is empty".into());
        }
        Ok(Classifier { rgb: palette.colours.clone(), lab: palette.labs(), limit: palette.max_delta_e })
    }

    pub fn classify(&self, sample: &Sample) -> Result<Classified, UnknownColour> {
        let mut distances: Vec<(f32, usize)> = self.lab.iter().map(|l| l.delta_e(&sample.lab)).zip(0..).collect();
        distances.sort_by(|a, b| a.0.total_cmp(&b.0));
        let (d1, label) = distances[0];
        if d1 > self.limit {
            return Err(UnknownColour {
                rgb: sample.rgb,
                nearest: label as u8,
                nearest_rgb: self.rgb[label],
                delta_e: d1,
                limit: self.limit,
            });
        }
        let d2 = distances.get(1).map_or(f32::INFINITY, |d| d.0);
        let confidence = if d2.is_finite() { (d2 - d1) / (d2 + d1).max(f32::EPSILON) } else { 1.0 };
        Ok(Classified { label: label as u8, delta_e: d1, confidence })
    }
}

/// Groups samples by colour when no palette is known: each sample joins the first group whose
/// first member lies within `merge_delta_e`, else starts a new group. Labels follow first appearance.
/// Returns the labels and the groups' representative colours.
pub fn cluster(samples: &[Sample], merge_delta_e: f32) -> (Vec<u8>, Vec<[u8; 3]>) {
    let mut centres: Vec<Sample> = Vec::new();
    let labels = samples
        .iter()
        .map(|s| {
            let nearest =
                centres.iter().enumerate().map(|(i, c)| (c.lab.delta_e(&s.lab), i)).min_by(|a, b| a.0.total_cmp(&b.0));
            match nearest {
                Some((d, i)) if d <= merge_delta_e => i as u8,
                _ => {
                    centres.push(*s);
                    (centres.len() - 1) as u8
                }
            }
        })
        .collect();
    (labels, centres.iter().map(|c| c.rgb).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Rgba, RgbaImage};

    fn solid(rgb: [u8; 3]) -> Sample {
        let frame = Frame::from_image(RgbaImage::from_pixel(4, 4, Rgba([rgb[0], rgb[1], rgb[2], 255])));
        sample(&frame, Rect { x: 0.0, y: 0.0, width: 4.0, height: 4.0 })
    }

    fn palette() -> Palette {
        Palette { colours: vec![[255, 0, 0], [0, 255, 0], [0x30, 0x40, 0xff]], max_delta_e: 20.0 }
    }

    #[test]
    fn sampling_averages_and_measures_spread() {
        let mut image = RgbaImage::from_pixel(4, 4, Rgba([100, 100, 100, 255]));
        image.put_pixel(0, 0, Rgba([200, 100, 100, 255]));
        let s = sample(&Frame::from_image(image), Rect { x: 0.0, y: 0.0, width: 4.0, height: 4.0 });
        assert_eq!(s.rgb, [106, 100, 100]);
        assert!(s.spread > 10.0);
        assert_eq!(solid([10, 20, 30]).spread, 0.0);
    }

    #[test]
    fn classifies_near_colours_to_their_entry() {
        let classifier = Classifier::new(&palette()).unwrap();
        let c = classifier.classify(&solid([240, 10, 12])).unwrap();
        assert_eq!(c.label, 0);
        assert!(c.confidence > 0.5);
        assert_eq!(classifier.classify(&solid([40, 60, 250])).unwrap().label, 2);
    }

    #[test]
    fn a_colour_not_in_the_palette_is_an_error_naming_the_nearest() {
        let classifier = Classifier::new(&palette()).unwrap();
        let err = classifier.classify(&solid([255, 255, 0])).unwrap_err();
        assert_eq!(err.rgb, [255, 255, 0]);
        assert!(err.to_string().contains("#ffff00"), "{err}");
        assert!(err.to_string().contains("nearest is label"), "{err}");
    }

    #[test]
    fn bad_palette_entries_are_reported() {
        let bad = toml::from_str::<Palette>("colours = [\"#ff0000\", \"red\"]").unwrap_err().to_string();
        assert!(bad.contains("palette entry 1 \"red\" is not a #rrggbb colour"), "{bad}");
        let good: Palette = toml::from_str("colours = [\"#ff0000\", \"#3040FF\"]").unwrap();
        assert_eq!(good.colours, vec![[255, 0, 0], [0x30, 0x40, 0xff]]);
        assert_eq!(toml::from_str::<Palette>(&toml::to_string(&good).unwrap()).unwrap(), good);
        assert!(Classifier::new(&Palette { colours: Vec::new(), max_delta_e: 20.0 }).is_err());
    }

    #[test]
    fn clustering_labels_by_first_appearance() {
        let samples = [solid([250, 0, 0]), solid([0, 0, 250]), solid([245, 5, 3]), solid([0, 250, 0])];
        let (labels, centres) = cluster(&samples, 15.0);
        assert_eq!(labels, vec![0, 1, 0, 2]);
        assert_eq!(centres.len(), 3);
    }
}
