//! The "marked / total" counter written as text: sgt-mines' status line ("Marked: 3 / 99"),
//! gnome-mines' "3/10" under its flag. A slash is a thin stroke leaning right; the counter is
//! digits, a slash and digits on one line, close together, taken only when it agrees with the
//! board: the marked count is the flags the board shows, and the total fits the board.

use crate::vision::regions::Component;

use super::{Counter, Kind, Part};

/// The one "marked / total" counter among `parts` that agrees with the board.
pub(super) fn marked_total(parts: &[Part], flagged: usize, cells: usize) -> Option<Counter> {
    let mut found: Vec<Counter> = counters(parts)
        .into_iter()
        .filter(|c| c.marked as usize == flagged && c.total >= c.marked && (c.total as usize) < cells)
        .collect();
    found.dedup();
    (found.len() == 1).then(|| found[0])
}

/// A slash: a stroke at most a third of its height thick on every row, narrower than tall, whose
/// ink lies right at its top and left at its bottom, moving steadily.
pub(super) fn is_slash(ink: &[bool], w: usize, h: usize) -> bool {
    if w * 4 > h * 3 || w < 2 {
        return false;
    }
    let mut middles = Vec::with_capacity(h);
    for y in 0..h {
        let row: Vec<usize> = (0..w).filter(|&x| ink[y * w + x]).collect();
        let (Some(&first), Some(&last)) = (row.first(), row.last()) else { return false };
        if last - first + 1 > (h / 3).max(2) || row.len() != last - first + 1 {
            return false;
        }
        middles.push((first + last) as f64 / 2.0);
    }
    let (top, bottom) = (middles[0], middles[h - 1]);
    let steady = middles.windows(2).all(|m| m[1] <= m[0] + 0.5);
    steady && top - bottom >= 0.5 * (w as f64 - 1.0).max(1.0)
}

/// Every "digits / digits" run among the parts: digits of one number lie on one line at most half
/// a glyph's height apart; the slash lies within a glyph's height of both numbers.
fn counters(parts: &[Part]) -> Vec<Counter> {
    let mut found = Vec::new();
    for slash in parts.iter().filter(|p| p.kind == Kind::Slash) {
        let height = slash.bbox.height();
        let left = number(parts, slash.bbox, height, Side::Left);
        let right = number(parts, slash.bbox, height, Side::Right);
        if let (Some(marked), Some(total)) = (left, right) {
            found.push(Counter { marked, total });
        }
    }
    found
}

#[derive(Clone, Copy, PartialEq)]
enum Side {
    Left,
    Right,
}

/// The number written beside `from` on `side`: the digits on its line, each within reach of the
/// last, read outwards.
fn number(parts: &[Part], from: Component, height: u32, side: Side) -> Option<u32> {
    let mut digits: Vec<u8> = Vec::new();
    let mut edge = from;
    loop {
        // Beside the slash a space may stand; between digits of one number hardly any.
        let reach = if digits.is_empty() { height } else { height / 2 };
        let next = parts.iter().filter(|p| on_line(p.bbox, from)).find(|p| {
            let gap = match side {
                Side::Left => edge.x0 as i64 - p.bbox.x1 as i64,
                Side::Right => p.bbox.x0 as i64 - edge.x1 as i64,
            };
            (0..=reach as i64).contains(&gap)
        });
        match next {
            Some(Part { bbox, kind: Kind::Digit(d), .. }) if digits.len() < 6 => {
                digits.push(*d);
                edge = *bbox;
            }
            _ => break,
        }
    }
    if digits.is_empty() {
        return None;
    }
    if side == Side::Left {
        digits.reverse();
    }
    Some(digits.iter().fold(0, |n, &d| n * 10 + d as u32))
}

/// Whether a digit's box stands on the line of `slash`: its middle within the slash's height, and
/// at least half the slash's height tall.
fn on_line(digit: Component, slash: Component) -> bool {
    let middle = (digit.y0 + digit.y1) / 2;
    (slash.y0..slash.y1).contains(&middle) && digit.height() * 2 >= slash.height()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rows of `#` ink as a mask, `w` wide.
    fn mask(rows: &[&str]) -> (Vec<bool>, usize, usize) {
        let w = rows[0].len();
        (rows.iter().flat_map(|r| r.chars().map(|c| c == '#')).collect(), w, rows.len())
    }

    #[test]
    fn a_thin_leaning_stroke_is_a_slash_and_an_upright_one_is_not() {
        let (ink, w, h) = mask(&["...##", "...#.", "..##.", "..#..", ".##..", ".#...", "##...", "#...."]);
        assert!(is_slash(&ink, w, h));
        let (ink, w, h) = mask(&["##...", ".#...", ".##..", "..#..", "..##.", "...#.", "...##", "....#"]);
        assert!(!is_slash(&ink, w, h), "a backslash");
        let (ink, w, h) = mask(&[".#.", ".#.", ".#.", ".#.", ".#.", ".#.", ".#.", ".#."]);
        assert!(!is_slash(&ink, w, h), "a bar");
    }
}
