//! Learning by play the looks of opened cells a profile lacks. A profile learned blind from a shot
//! that showed no opened 0 (an untouched board, a lone number after the first click) lacks that
//! look, and the first click that opens an area then reads as "none of the profile's cells"; a
//! program that shades or tints each number's cell (RaderH2O's pygame game, gnome-mines) shows
//! numbers the shot did not on grounds it lacks too. What a move uncovers tells those looks where
//! one shot cannot. The cells covered before the move that now show a background no look of the
//! profile has are opened cells when the rules allow nothing else: blank ones are opened 0s, each
//! with only opened neighbours (the game opened them round it: the area flood-opened), the others
//! show a number their ink reads as (the program's glyphs, else the general digit shapes); a number
//! on a shade within the covered cells' look (RaderH2O's 1 on #ebebeb by its covered #e6e6e6, where
//! a lone 3 on #d6d6d6 widened the profile's ΔE) only where the bot clicked or beside such a 0,
//! where the game must have opened it, since a left click puts no mark on a covered cell; and the
//! board so read is what the rules allow after the move (every clicked cell opened, a covered cell
//! opened only beside a 0, every number with as many covered cells round it at least, and covered
//! cells left for the mines). Their looks are then added to the profile's as opened ones, for the
//! rest of the game, and only when the board then reads so exactly. Any other mark on such a cell
//! (an unknown glyph, a mine drawn), a cell opened before that no longer reads, or a blank cell
//! beside a covered one (a covered cell drawn otherwise, a panel over the board) learns nothing:
//! the reading's own error, naming the cell, stands.

use super::cells::{CellLook, Edge, backgrounds, describe, edge_hex, read_cell, role_of};
use super::numbers::number;
use super::{check, group_within, groups_of};
use crate::frame::Frame;
use crate::games::mines::board::{Board, Cell};
use crate::games::mines::config::{Background, MinesConfig, Role};
use crate::games::mines::read;
use crate::vision::colour::to_hex;
use crate::vision::grid::Grid;

/// After a move whose board the screen does not show as `predicted`: the looks of opened cells the
/// move showed, added to `config`'s looks (see the module's comment), and a line saying what was
/// learned; None, `config` as it was, when the screen does not show them so.
pub fn opened_looks(frame: &Frame, grid: &Grid, config: &mut MinesConfig, predicted: &Board) -> Option<String> {
    let looks = config.looks.as_ref()?;
    if (grid.rows, grid.cols) != (predicted.rows, predicted.cols) {
        return None;
    }
    let known = backgrounds(looks).ok()?;
    let mut board = predicted.clone();
    // Each cell read anew: its look, and whether that look lies within the covered cells' own.
    let mut new: Vec<(usize, CellLook, bool)> = Vec::new();
    for i in 0..board.cells.len() {
        let rect = grid.cell_rect(i / grid.cols, i % grid.cols);
        board.cells[i] = match read_cell(frame, rect, looks) {
            Ok(cell) => cell,
            Err(_) => {
                let look = describe(frame, rect, looks.ink_delta_e);
                let was_covered = matches!(predicted.cells[i], Cell::Covered | Cell::Opening);
                let role = role_of(&look, &known, looks.max_delta_e).map(|(role, _)| role);
                if !was_covered || !matches!(role, None | Some(Role::Covered)) {
                    return None;
                }
                let cell = match &look.glyph {
                    None if role.is_none() => Cell::Open(0),
                    Some(glyph) => match number(glyph, looks, false, rect.height) {
                        Ok(Some(n)) if n > 0 => Cell::Open(n),
                        _ => return None,
                    },
                    None => return None,
                };
                new.push((i, look, role.is_some()));
                cell
            }
        };
    }
    let zeros: Vec<usize> = new.iter().map(|&(i, ..)| i).filter(|&i| board.cells[i] == Cell::Open(0)).collect();
    let flood_opened = |i: usize| board.neighbours(i).all(|j| matches!(board.cells[j], Cell::Open(_)));
    // A number on a shade within the covered cells' look is an opened cell only where the game
    // must have opened it: where the bot clicked, or beside an opened 0.
    let opened_by_the_game =
        |i: usize| predicted.cells[i] == Cell::Opening || board.neighbours(i).any(|j| board.cells[j] == Cell::Open(0));
    if new.iter().any(|&(i, _, covered_like)| covered_like && !opened_by_the_game(i)) {
        return None;
    }
    // The mines are still covered (or flagged) after any click that does not lose: a screen whose
    // every cell reads otherwise (a window dimmed, an end screen) is no board opened.
    let hidden = board.cells.iter().filter(|c| c.is_covered()).count();
    let mines_hidden = hidden > 0 && board.mines.is_none_or(|m| hidden >= m as usize);
    if new.is_empty() || !zeros.iter().all(|&i| flood_opened(i)) || !mines_hidden || !predicted.allows(&board) {
        return None;
    }
    check(&board, None, &vec![false; board.cells.len()]).ok()?;
    let seen: Vec<CellLook> = new.iter().map(|(_, look, _)| look.clone()).collect();
    let added = groups_of(&seen, group_within(&seen, looks.max_delta_e)).looks;
    let mut learned = config.clone();
    let list = &mut learned.looks.as_mut()?.backgrounds;
    let opened = |(centre, edge): &([u8; 3], Edge)| Background {
        role: Role::Opened,
        centre: to_hex(*centre),
        edge: edge_hex(edge),
    };
    list.extend(added.iter().map(opened));
    let reread = read::read(frame, grid, &learned).ok()?;
    if reread.cells != board.cells {
        return None;
    }
    *config = learned;
    let shown: Vec<String> = added
        .iter()
        .map(|(centre, edge)| format!("inside {}, edge {}", to_hex(*centre), edge_hex(edge).join(" ")))
        .collect();
    Some(format!(
        "learned by play the looks of opened cells the profile lacked ({}): {} cells covered before the move in \
         looks of none of its cells, {} of them blank, each with only opened cells round it (opened 0s), the rest \
         with numbers on them, as the rules allow",
        shown.join("; "),
        new.len(),
        zeros.len()
    ))
}
