//! maksverver's Setko Puzzler 67 (maksverver/setko-puzzler-67, its `gh-pages` branch: one page,
//! no library), a peg solitaire whose pegs jump along diagonals too: 25 holes on a 7x7 lattice
//! (an arrow-like shape), pegs as yellow discs with a radial shine, holes as thin grey rings on a
//! near-black page, the goal square ringed in gold, a selected peg ringed in blue (and the holes it
//! can jump to ringed in blue). It starts with every hole full: a person's first click takes one
//! peg off. The truth is the page's own cells (their classes) read through DevTools; clicks are
//! DevTools mouse events on the cells' centres.

use crate::common::cdp::Cdp;
use crate::common::zoo::Session;
use crate::common::zoo_programs::click_at;

/// The page's title, and its window's.
pub const TITLE: &str = "Setko Puzzler 67";

/// The page's cells as (row, col, classes), from their grid places.
const CELLS: &str = "Array.from(document.querySelectorAll('#grid .cell')).map(function(d){\
return [parseInt(d.style.gridRowStart)-1,parseInt(d.style.gridColumnStart)-1,d.className];})";

/// Opens the page from the fetched folder (`index.html`) in a Chromium window of `size` (with
/// `extra` options) and waits for its cells.
pub fn open_setko(dir: &std::path::Path, size: (u32, u32), extra: &[&str]) -> (Session, Cdp) {
    let url = format!("file://{}/index.html", dir.display());
    let (session, mut cdp) = Session::chromium_with(&url, size, TITLE, extra);
    crate::common::wait_until(
        "the page's cells",
        std::time::Duration::from_millis(200),
        || (cdp.eval("String(document.querySelectorAll('#grid .cell').length==25)") == "true").then_some(()),
        String::new,
    );
    (session, cdp)
}

/// The page's board as rows of o . # (a cell of class `peg` a peg, `hole` a hole, no cell off
/// the board), and the selected peg (classes `peg` and `selected`), if any. The page leaves
/// `selected` on the square a peg jumped from, where it draws nothing (its style is for pegs).
pub fn setko_truth(cdp: &mut Cdp) -> (Vec<String>, Option<(usize, usize)>) {
    let js = format!(
        "(function(){{var g=[];for(var r=0;r<7;r++)g.push('#######'.split(''));var sel='';\
{CELLS}.forEach(function(c){{var k=' '+c[2]+' ';g[c[0]][c[1]]=k.indexOf(' peg ')>=0?'o':k.indexOf(' hole ')>=0?'.':'?';\
if(k.indexOf(' peg ')>=0&&k.indexOf(' selected ')>=0)sel=c[0]+','+c[1];}});return g.map(function(r){{return r.join('');}}).join(',')+';'+sel;}})()"
    );
    let text = cdp.eval(&js);
    let (rows, selected) = text.split_once(';').unwrap();
    assert!(!rows.contains('?'), "a cell of no class the page knows: {rows}");
    let selected = selected.split_once(',').map(|(r, c)| (r.parse().unwrap(), c.parse().unwrap()));
    (rows.split(',').map(String::from).collect(), selected)
}

/// A click on the page's square (row, col) through DevTools' mouse events, then the pointer moved
/// off the board.
pub fn setko_click(cdp: &mut Cdp, row: usize, col: usize) {
    let at = cdp.eval(&format!(
        "(function(){{var d=Array.from(document.querySelectorAll('#grid .cell')).find(function(d){{\
return parseInt(d.style.gridRowStart)=={}&&parseInt(d.style.gridColumnStart)=={};}});\
var r=d.getBoundingClientRect();return (r.left+r.width/2)+','+(r.top+r.height/2);}})()",
        row + 1,
        col + 1
    ));
    click_at(cdp, &at);
}

/// The person's set-up: the page starts with every hole full, and its first click takes the peg
/// at (row, col) off. Checks that the page took it.
pub fn setko_take_first_peg(cdp: &mut Cdp, row: usize, col: usize) -> Vec<String> {
    let (full, _) = setko_truth(cdp);
    assert_eq!(full.iter().map(|r| r.matches('o').count()).sum::<usize>(), 25, "the page starts full: {full:?}");
    setko_click(cdp, row, col);
    let (rows, selected) = setko_truth(cdp);
    assert_eq!((rows[row].as_bytes()[col], selected), (b'.', None), "the page did not take the first peg off");
    rows
}
