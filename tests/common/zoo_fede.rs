//! fedelopez's peg solitaire (fedelopez/peg-solitaire-web: one page of SVG circles, bundled from
//! its sources with jQuery by esbuild outside the repository): the English board on a round light
//! table, pegs brown discs with a dark rim, holes dark slate discs of the same size, a selected peg
//! a pale yellow disc with a pale pink rim (the program draws nothing on the holes it can jump
//! to). Click-click. The truth is the page's own circles (their `row`, `column` and `class`) read
//! through DevTools; clicks are DevTools mouse events on the circles' centres.

use crate::common::cdp::Cdp;
use crate::common::zoo::Session;
use crate::common::zoo_programs::click_at;

/// The page's title, and its window's.
pub const TITLE: &str = "Peg Solitaire";

/// Opens the bundled page (`index.html` of GAMEBOT_FEDE_PEGS_DIR) in a Chromium window of `size`
/// (with `extra` options) and waits for its 33 circles.
pub fn open_fede(dir: &std::path::Path, size: (u32, u32), extra: &[&str]) -> (Session, Cdp) {
    let url = format!("file://{}/index.html", dir.display());
    let (session, mut cdp) = Session::chromium_with(&url, size, TITLE, extra);
    crate::common::wait_until(
        "the page's circles",
        std::time::Duration::from_millis(200),
        || (cdp.eval("String(document.querySelectorAll('#board-canvas circle').length==33)") == "true").then_some(()),
        String::new,
    );
    (session, cdp)
}

/// The page's board as rows of o . # (a circle of class `peg` or `selected` a peg, `empty` a
/// hole, no circle off the board), and the selected peg, if any.
pub fn fede_truth(cdp: &mut Cdp) -> (Vec<String>, Option<(usize, usize)>) {
    let text = cdp.eval(
        "(function(){var g=[];for(var r=0;r<7;r++)g.push('#######'.split(''));var sel='';\
document.querySelectorAll('#board-canvas circle').forEach(function(c){var r=+c.getAttribute('row'),k=+c.getAttribute('column'),\
cl=c.getAttribute('class');g[r][k]=cl=='peg'||cl=='selected'?'o':cl=='empty'?'.':'?';if(cl=='selected')sel=r+','+k;});\
return g.map(function(r){return r.join('');}).join('/')+';'+sel;})()",
    );
    let (rows, selected) = text.split_once(';').unwrap();
    assert!(!rows.contains('?'), "a circle of no class the page knows: {rows}");
    let selected = selected.split_once(',').map(|(r, c)| (r.parse().unwrap(), c.parse().unwrap()));
    (rows.split('/').map(String::from).collect(), selected)
}

/// A click on the page's square (row, col) through DevTools' mouse events, then the pointer moved
/// off the board.
pub fn fede_click(cdp: &mut Cdp, row: usize, col: usize) {
    let at = cdp.eval(&format!(
        "(function(){{var c=document.querySelector('#board-canvas circle[row=\"{row}\"][column=\"{col}\"]');\
var r=c.getBoundingClientRect();return (r.left+r.width/2)+','+(r.top+r.height/2);}})()"
    ));
    click_at(cdp, &at);
}
