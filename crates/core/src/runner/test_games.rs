//! What every game the play loop's tests simulate needs besides its rules: a name, no commands,
//! no cases, no self-check and no benchmarks (`extras!`), and a row of lamps drawn in squares of
//! `CELL` pixels, white when lit (`Lamps`, `row_image`, `read_row`), found and read the same way
//! by every such game (`lamp_row!`).

use std::fmt;

use anyhow::bail;

use crate::frame::Frame;

/// A lamp's square, in pixels.
pub const CELL: u32 = 20;

/// A row of lamps, true where lit.
#[derive(Clone, Debug, PartialEq)]
pub struct Lamps(pub Vec<bool>);

impl fmt::Display for Lamps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.iter().map(|&lit| if lit { '1' } else { '0' }).collect::<String>())
    }
}

/// The row drawn: white where lit, black where not.
pub fn row_image(lamps: &[bool]) -> image::RgbaImage {
    image::RgbaImage::from_fn(lamps.len() as u32 * CELL, CELL, |x, _| match lamps[(x / CELL) as usize] {
        true => image::Rgba([255, 255, 255, 255]),
        false => image::Rgba([0, 0, 0, 255]),
    })
}

/// The `count` lamps of a row read from `frame`; an error where a square is neither.
pub fn read_row(frame: &Frame, count: usize) -> anyhow::Result<Lamps> {
    let mut lamps = Vec::new();
    for i in 0..count as u32 {
        lamps.push(match frame.rgb(i * CELL + CELL / 2, CELL / 2) {
            [255, 255, 255] => true,
            [0, 0, 0] => false,
            other => bail!("lamp {i}: {other:?}"),
        });
    }
    Ok(Lamps(lamps))
}

/// Implements `Game`, `Cases`, `SelfCheck` and `Benchmarks` for a test game named `$name`, with
/// nothing in them: `extras!(for Slide, "slide")`, or with generic parameters
/// `extras!(generic [const N: usize] for Row<N>, "row")`.
macro_rules! extras {
    (for $game:ty, $name:literal) => {
        crate::runner::test_games::extras!(generic [] for $game, $name);
    };
    (generic [$($generics:tt)*] for $game:ty, $name:literal) => {
        impl<$($generics)*> crate::game::Game for $game {
            const NAME: &'static str = $name;
            const ABOUT: &'static str = "a game the play loop's tests simulate";
            const DEFAULT_PROFILE: &'static str = $name;
            type Play = crate::game::Unavailable;
            type Calibrate = crate::game::Unavailable;
            type Solve = crate::game::Unavailable;
            type Bench = crate::game::Unavailable;
            type Tune = crate::game::Unavailable;
        }
        impl<$($generics)*> crate::game::Cases for $game {
            fn check_case(
                _: &crate::case::CaseFile,
                _: &crate::frame::Frame,
                _: &crate::profile::Profile,
                _: Option<&crate::vision::grid::Grid>,
            ) -> Result<crate::case::Passed, String> {
                Err("no cases".into())
            }
        }
        impl<$($generics)*> crate::game::SelfCheck for $game {
            fn check_random(_seed: u64) -> Result<String, String> {
                Ok(String::new())
            }
            fn parse_text(_text: &str) -> anyhow::Result<()> {
                Ok(())
            }
            fn text_seeds() -> Vec<String> {
                Vec::new()
            }
        }
        impl<$($generics)*> crate::game::Benchmarks for $game {
            fn benchmarks(_root: &std::path::Path) -> Vec<crate::game::Benchmark> {
                Vec::new()
            }
        }
    };
}
pub(crate) use extras;

/// The parts of `TurnBased` every row of lamps shares, inside its `impl`: no config, the row found
/// and read (`read_row`), matched whole, written and described.
macro_rules! lamp_row {
    () => {
        fn config(_profile: &crate::profile::Profile) -> anyhow::Result<()> {
            Ok(())
        }
        fn locate(frame: &Frame, _config: &()) -> anyhow::Result<usize> {
            anyhow::ensure!(frame.height() == crate::runner::test_games::CELL, "no row of lamps");
            Ok((frame.width() / crate::runner::test_games::CELL) as usize)
        }
        fn layout_fits(layout: &usize, frame: &Frame) -> bool {
            frame.width() == *layout as u32 * crate::runner::test_games::CELL
        }
        fn read(frame: &Frame, layout: &usize, _config: &()) -> anyhow::Result<crate::game::Reading<Lamps>> {
            let board = crate::runner::test_games::read_row(frame, *layout)?;
            Ok(crate::game::Reading { board, confidence: 1.0 })
        }
        fn matches(read: &Lamps, predicted: &Lamps) -> bool {
            read == predicted
        }
        fn board_toml(board: &Lamps) -> String {
            format!("lamps = \"{board}\"\n")
        }
        fn describe(_frame: &Frame, layout: &usize, _board: &Lamps) -> Vec<String> {
            vec![format!("{layout} lamps")]
        }
        fn annotate(frame: &Frame, _layout: &usize, _board: &Lamps, _plan: &[Self::Move]) -> image::RgbaImage {
            frame.image.clone()
        }
    };
}
pub(crate) use lamp_row;

/// A profile for a simulated game.
pub fn profile(name: &str) -> crate::profile::Profile {
    let text = format!("name = \"{name}\"\ngame = \"{name}\"\n[window]\ntitle = \"{name}\"\n");
    toml::from_str(&text).unwrap()
}
