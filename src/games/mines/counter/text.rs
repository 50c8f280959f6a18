//! Numbers in text that stand alone: "Mines 008", "Mines: 10", a number at the end of its line
//! of text. The digits are the text's parts read by shape (`Part`), each one both readers are sure
//! of; a word before a number is other parts, skipped. A number is digits in a row on one line,
//! each within a quarter of a digit's height of the last, as tall as the tallest glyph near it on
//! its line (a digit stands as high as a capital; "e", "n", "s" do not), with nothing on its line
//! for a digit's height after it and at least a space (a fifth of its height) before it. A word's
//! letters stand closer than that, so a letter read as a digit is no number, nor are the 9s of
//! "9x9", the "10" of "10 mines", or a clock "00:00:19" glued to its colons.

use crate::vision::regions::Component;

use super::{Kind, Part};

/// The most digits a number read here has.
const MOST_DIGITS: usize = 6;

/// Every number standing alone among the `parts` read as digits, `all` being every part of the ink.
pub(super) fn numbers(all: &[Component], parts: &[Part]) -> Vec<i64> {
    let mut digits: Vec<(Component, u8)> = parts
        .iter()
        .filter_map(|p| match p.kind {
            Kind::Digit(d) if p.agreed => Some((p.bbox, d)),
            _ => None,
        })
        .collect();
    digits.sort_by_key(|(b, _)| (b.x0, b.y0));
    let mut used = vec![false; digits.len()];
    let mut found = Vec::new();
    for first in 0..digits.len() {
        if used[first] {
            continue;
        }
        used[first] = true;
        let mut run = vec![first];
        loop {
            let (last, line) = (digits[*run.last().expect("a digit")].0, digits[first].0);
            let next = (0..digits.len()).filter(|&k| !used[k]).find(|&k| {
                let b = digits[k].0;
                let middle = (b.y0 + b.y1) / 2;
                let like = b.height() * 4 >= line.height() * 3 && b.height() * 3 <= line.height() * 4;
                like && (line.y0..line.y1).contains(&middle) && b.x0 >= last.x1 && b.x0 - last.x1 <= line.height() / 4
            });
            match next {
                Some(k) => {
                    used[k] = true;
                    run.push(k);
                }
                None => break,
            }
        }
        let boxes: Vec<Component> = run.iter().map(|&k| digits[k].0).collect();
        if run.len() <= MOST_DIGITS && alone(all, &boxes) {
            found.push(run.iter().fold(0i64, |n, &k| n * 10 + digits[k].1 as i64));
        }
    }
    found
}

/// Whether the digits at `boxes` stand alone on their line among the parts of a glyph's size (a
/// part within a digit's box, a zero's dot, is the digit's): as
/// tall as any within four digits' heights before them, none within a digit's height after them,
/// none nearer than a fifth of their height (at least 2 px) before them.
fn alone(all: &[Component], boxes: &[Component]) -> bool {
    let (x0, x1) = (boxes[0].x0, boxes[boxes.len() - 1].x1);
    let y0 = boxes.iter().map(|b| b.y0).min().unwrap_or(0);
    let y1 = boxes.iter().map(|b| b.y1).max().unwrap_or(0);
    let h = y1 - y0;
    let shortest = boxes.iter().map(|b| b.height()).min().unwrap_or(0);
    let beside = |c: &Component| {
        let glyph = c.height() * 2 <= h * 3 && c.width() * 2 <= h * 3 && c.area >= 2;
        let on_line = c.y0 < y1 && c.y1 > y0;
        let within = boxes.iter().any(|b| b.x0 <= c.x0 && c.x1 <= b.x1 && b.y0 <= c.y0 && c.y1 <= b.y1);
        glyph && on_line && !within
    };
    if spaced_as_its_word(all.iter().filter(|c| beside(c)), x0) {
        return false;
    }
    !all.iter().any(|c| {
        if !beside(c) {
            return false;
        }
        if c.x0 >= x1 {
            c.x0 - x1 < h
        } else if c.x1 <= x0 {
            // Nearer than a space, or within a digit's reach and of a digit's size (a glyph the
            // readers were unsure of, which may belong to the number), or taller than its digits.
            let gap = x0 - c.x1;
            gap * 5 < h.max(10)
                || (gap <= h / 4 && c.height() * 4 >= h * 3)
                || (gap < 4 * h && c.height() * 10 > shortest * 11)
        } else {
            true
        }
    })
}

/// Whether the glyphs on a line (`line`) stand before `x0` as a word's letters do before its
/// next letter: the gap from the nearest of them to `x0` is no wider than half again the gap
/// between it and the one before it. A number stands a space apart from the word before it
/// ("Mines: 10"); a letter of a widely spaced word read as a digit ("M I N E S", the "n" of
/// "Radin" after its "i") stands as far from the letter before it as that one from its own.
fn spaced_as_its_word<'a>(line: impl Iterator<Item = &'a Component> + Clone, x0: u32) -> bool {
    let nearest_before = |x: u32| line.clone().filter(|c| c.x1 <= x).max_by_key(|c| c.x1);
    let Some(last) = nearest_before(x0) else { return false };
    let Some(first) = nearest_before(last.x0) else { return false };
    let (gap, letters) = (x0 - last.x1, last.x0 - first.x1);
    gap * 2 <= letters * 3
}

/// Whether a glyph read as 8 (`ink`, `w` wide, row-major) is a zero crossed by its slash: its two
/// holes (the background inside it, apart from the outside) lie side by side, sharing more than
/// half the shorter's rows, where an 8's lie one above the other.
pub(super) fn slashed_zero(ink: &[bool], w: usize) -> bool {
    let h = ink.len() / w.max(1);
    let background: Vec<bool> = ink.iter().map(|&i| !i).collect();
    let holes: Vec<Component> = crate::vision::regions::components(&background, w)
        .into_iter()
        .filter(|c| c.x0 > 0 && c.y0 > 0 && (c.x1 as usize) < w && (c.y1 as usize) < h)
        .collect();
    let [a, b] = holes.as_slice() else { return false };
    let common = a.y1.min(b.y1).saturating_sub(a.y0.max(b.y0));
    common * 2 > a.height().min(b.height())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part(x0: u32, x1: u32, d: Option<u8>) -> (Component, Option<Part>) {
        let bbox = Component { area: 30, x0, y0: 10, x1, y1: 22 };
        (bbox, d.map(|d| Part { bbox, kind: Kind::Digit(d), agreed: true }))
    }

    /// Glyphs 12 px high at `x` (from, to), read as a digit or not.
    fn line(glyphs: &[(u32, u32, Option<u8>)]) -> Vec<i64> {
        let line: Vec<(Component, Option<Part>)> = glyphs.iter().map(|&(x0, x1, d)| part(x0, x1, d)).collect();
        let all: Vec<Component> = line.iter().map(|p| p.0).collect();
        let parts: Vec<Part> = line.iter().filter_map(|p| p.1).collect();
        numbers(&all, &parts)
    }

    #[test]
    fn a_zero_crossed_by_its_slash_is_no_8() {
        let rows = [".####.", "#...##", "#..#.#", "#.#..#", "##...#", ".####."];
        let ink: Vec<bool> = rows.iter().flat_map(|r| r.chars().map(|c| c == '#')).collect();
        assert!(slashed_zero(&ink, 6));
        let rows = [".####.", "#....#", ".####.", "#....#", "#....#", ".####."];
        let ink: Vec<bool> = rows.iter().flat_map(|r| r.chars().map(|c| c == '#')).collect();
        assert!(!slashed_zero(&ink, 6), "an 8");
    }

    /// "Ab: 10" reads 10; "10 mines" and "9x9" do not, nor a letter read as a digit inside a word.
    #[test]
    fn a_number_alone_at_the_end_of_its_line_reads_and_digits_in_words_do_not() {
        let label = [(0, 7, None), (8, 15, None), (16, 18, None)];
        let ten = [(22, 29, Some(1)), (30, 37, Some(0))];
        assert_eq!(line(&[label.as_slice(), &ten].concat()), vec![10], "Ab: 10");
        assert_eq!(line(&[ten.as_slice(), &[(42, 49, None), (50, 56, None)]].concat()), Vec::<i64>::new(), "10 mi");
        assert_eq!(line(&[(0, 7, Some(9)), (8, 14, None), (15, 22, Some(9))]), Vec::<i64>::new(), "9x9");
        assert_eq!(line(&[(0, 7, None), (10, 17, Some(4)), (20, 27, None)]), Vec::<i64>::new(), "a letter as 4");
    }

    /// A widely spaced word whose last letter reads as a digit ("M I N E S": its S as a 5) is no
    /// number; the same glyphs a space wider apart from the word are one ("M I N E S   5").
    #[test]
    fn a_letter_of_a_widely_spaced_word_read_as_a_digit_is_no_number() {
        let word = [(0, 7, None), (12, 19, None), (24, 31, None)];
        assert_eq!(line(&[word.as_slice(), &[(36, 43, Some(5))]].concat()), Vec::<i64>::new(), "M I N S");
        assert_eq!(line(&[word.as_slice(), &[(46, 53, Some(5))]].concat()), vec![5], "M I N   5");
    }
}
