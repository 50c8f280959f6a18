//! The Breach Protocol action plan against the real screenshots in `../shared/corpus/breach`:
//! every planned click lands on the code of the intended cell as read (and nearer to it than to
//! any other code), and the keyboard route moves only along the row or column the rules allow
//! and presses Enter exactly on each planned cell.

use crate::common;

use std::path::PathBuf;

use gamebot::frame::Point;
use gamebot::games::breach::{act, read, solve};
use gamebot::input::Action;

fn corpus() -> Vec<PathBuf> {
    common::files_in("../shared/corpus/breach", "png")
}

fn distance(p: Point, r: &gamebot::frame::Rect) -> f64 {
    let c = r.centre();
    (((p.x - c.x) as f64).powi(2) + ((p.y - c.y) as f64).powi(2)).sqrt()
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn every_planned_click_lands_on_the_intended_code() {
    let pngs = corpus();
    assert!(pngs.len() >= 6);
    for png in pngs {
        let frame = gamebot::screen::load_png(&png).unwrap();
        let screen = read::read(&frame).unwrap();
        let path = solve::solve(&screen.puzzle).path;
        assert!(!path.is_empty(), "{}", png.display());
        let clicks = act::clicks(&path, &screen);
        assert_eq!(clicks.len(), path.len());
        for (&(r, c), click) in path.iter().zip(&clicks) {
            let Action::Click(p) = click else { panic!("not a click: {click}") };
            let code = &screen.codes[r][c];
            assert!(code.contains(*p), "{}: click {p:?} misses the code of row {r} col {c} at {code:?}", png.display());
            assert!(frame.contains(*p));
            let mine = distance(*p, code);
            for (r2, row) in screen.codes.iter().enumerate() {
                for (c2, other) in row.iter().enumerate() {
                    assert!(
                        (r2, c2) == (r, c) || distance(*p, other) > mine,
                        "{}: click for {r},{c} is nearer {r2},{c2}",
                        png.display()
                    );
                }
            }
        }
    }
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn the_keyboard_route_follows_the_rules_and_enters_each_planned_cell() {
    for png in corpus() {
        let frame = gamebot::screen::load_png(&png).unwrap();
        let screen = read::read(&frame).unwrap();
        let path = solve::solve(&screen.puzzle).path;
        let side = screen.puzzle.rows() as i64;
        let mut at = (0i64, 0i64);
        let mut entered = Vec::new();
        for (i, group) in act::keys(&path, (0, 0)).iter().enumerate() {
            // Pick 1 is chosen along the top row, then column, row, column...
            let along_row = i % 2 == 0;
            for key in group {
                let Action::Key(name) = key else { panic!("not a key: {key}") };
                match name.as_str() {
                    "Left" | "Right" => {
                        assert!(along_row, "{}: pick {} moves sideways in column mode", png.display(), i + 1)
                    }
                    "Up" | "Down" => assert!(!along_row, "{}: pick {} moves up/down in row mode", png.display(), i + 1),
                    _ => {}
                }
                match name.as_str() {
                    "Left" => at.1 -= 1,
                    "Right" => at.1 += 1,
                    "Up" => at.0 -= 1,
                    "Down" => at.0 += 1,
                    "Return" => entered.push((at.0 as usize, at.1 as usize)),
                    other => panic!("unexpected key {other}"),
                }
                assert!((0..side).contains(&at.0) && (0..side).contains(&at.1), "the cursor left the matrix");
            }
        }
        assert_eq!(entered, path, "{}", png.display());
    }
}
