//! Marks on covered cells, blind. A program draws one flag, and a covered cell shows it or nothing;
//! but a program may also show the mines, after a loss, on cells that look covered (ripexz's Tk
//! buttons draw a mine on the covered tile's grey, as WineMine draws its mines on the covered
//! cells' colour). Blind, every mark on a covered look is taken for a flag, so a lost screenshot
//! that shows both would teach two flags, and the profile would read every mine as a flag: a wrong
//! board. Which of two marks is the flag the rules cannot tell (a flag stands where a mine is, as a
//! shown mine does), so two kinds of marks on covered cells, told apart by their colour, are
//! refused naming a cell of each; calibrate from a game in play, or give the known board.

use super::by_colour;
use super::cells::CellLook;
use super::glyph::Glyph;
use crate::vision::colour::to_hex;

/// Refuses blind kinds (`kind`, glyph) where the flags come in more than one colour: one of them
/// is a mine shown. `looks` are the board's cells in reading order, `cols` its width, to name them.
pub(super) fn one_kind_of_flag(kinds: &[(String, &Glyph)], looks: &[CellLook], cols: usize) -> anyhow::Result<()> {
    let flags: Vec<&Glyph> = kinds.iter().filter(|(k, _)| k == "flag").map(|(_, g)| *g).collect();
    let sets = by_colour(flags);
    if sets.len() < 2 {
        return Ok(());
    }
    let name = |g: &Glyph| {
        let i = looks.iter().position(|l| l.glyph.as_ref().is_some_and(|o| std::ptr::eq(o, g))).unwrap_or(0);
        format!("row {} col {} (ink {})", i / cols, i % cols, to_hex(g.colour))
    };
    anyhow::bail!(
        "covered cells carry {} kinds of marks, {}: a flag and mines shown after a loss, which one screenshot cannot \
         tell apart; calibrate from a screenshot of a game in play, or give the known board with --board",
        sets.len(),
        sets.iter().map(|s| name(s[0])).collect::<Vec<_>>().join(" and ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn glyph(colour: [u8; 3]) -> Glyph {
        Glyph {
            zones: [0.3; super::super::glyph::ZONES],
            holes: 0,
            aspect: 0.8,
            height: 0.5,
            ink: 0.2,
            colour,
            mean: colour,
        }
    }

    fn covered_with(glyph: Option<Glyph>) -> CellLook {
        CellLook { centre: [172, 170, 172], edge: [[217, 217, 217]; 4], glyph }
    }

    /// A lost board that shows the mines on covered-looking cells beside the flags (a black mine,
    /// a red flag, as ripexz's Tk Minesweeper draws them) is refused, naming a cell of each; flags
    /// of one colour are taken.
    #[test]
    fn a_flag_and_mines_shown_on_covered_cells_are_refused_blind() {
        let red = [183, 8, 10];
        let black = [4, 2, 4];
        let looks = vec![
            covered_with(Some(glyph(red))),
            covered_with(None),
            covered_with(Some(glyph(black))),
            covered_with(None),
        ];
        let kinds: Vec<(String, &Glyph)> =
            [0, 2].iter().map(|&i| ("flag".to_string(), looks[i].glyph.as_ref().unwrap())).collect();
        let refused = one_kind_of_flag(&kinds, &looks, 2).expect_err("two kinds of marks on covered cells");
        let text = refused.to_string();
        assert!(text.contains("row 0 col 0 (ink #b7080a)") && text.contains("row 1 col 0 (ink #040204)"), "{text}");
        let looks = vec![covered_with(Some(glyph(red))), covered_with(Some(glyph([190, 10, 12])))];
        let kinds: Vec<(String, &Glyph)> =
            looks.iter().map(|l| ("flag".to_string(), l.glyph.as_ref().unwrap())).collect();
        assert!(one_kind_of_flag(&kinds, &looks, 2).is_ok(), "flags of one colour are one kind");
    }
}
