//! user469fun's Square Peg Solitaire (user469fun/Square-Peg-Solitaire: one page, `main.html`, no
//! library): a 7x7 square of light dots on a rounded violet panel on a near-black page, the
//! holes drawn as nothing (bare panel), text and a button under the board, a clock above it.
//! Click-click: a clicked square turns a darker violet disc (selected, a hole too); a jump leaves
//! its landing peg selected. Its 48-peg start cannot end in one peg. The truth is the page's own
//! cells (their `●` and `selected` class) read through DevTools once no jump is moving; clicks
//! are DevTools mouse events on the cells' centres.

use crate::common::cdp::Cdp;
use crate::common::zoo::Session;
use crate::common::zoo_programs::click_at;

/// The page's title, and its window's.
pub const TITLE: &str = "Peg Solitaire";

/// How long a jump's moves and a selection's colour take to show (300 ms each on the page).
const SETTLE: std::time::Duration = std::time::Duration::from_millis(700);

/// Opens `main.html` of the fetched folder in a Chromium window of `size` (with `extra` options)
/// and waits for its 49 cells.
pub fn open_u469(dir: &std::path::Path, size: (u32, u32), extra: &[&str]) -> (Session, Cdp) {
    let url = format!("file://{}/main.html", dir.display());
    let (session, mut cdp) = Session::chromium_with(&url, size, TITLE, extra);
    crate::common::wait_until(
        "the page's cells",
        std::time::Duration::from_millis(200),
        || (cdp.eval("String(document.querySelectorAll('#board .cell').length==49)") == "true").then_some(()),
        String::new,
    );
    (session, cdp)
}

/// The page's board as rows of o and . (a cell showing `●` a peg, else a hole), and the square
/// of class `selected`, if any (a peg or a hole), once no cell is moving.
pub fn u469_truth(cdp: &mut Cdp) -> (Vec<String>, Option<(usize, usize)>) {
    crate::common::wait_until(
        "the page's jump to end",
        std::time::Duration::from_millis(100),
        || (cdp.eval("String(document.querySelectorAll('#board .moving').length==0)") == "true").then_some(()),
        String::new,
    );
    let text = cdp.eval(
        "(function(){var g=[];for(var r=0;r<7;r++)g.push('???????'.split(''));var sel='';\
document.querySelectorAll('#board .cell').forEach(function(d){var r=+d.dataset.row,c=+d.dataset.col;\
g[r][c]=d.innerText.trim()=='●'?'o':d.innerText.trim()==''?'.':'?';if(d.classList.contains('selected'))sel=r+','+c;});\
return g.map(function(r){return r.join('');}).join('/')+';'+sel;})()",
    );
    let (rows, selected) = text.split_once(';').unwrap();
    assert!(!rows.contains('?'), "a cell that is neither peg nor hole: {rows}");
    let selected = selected.split_once(',').map(|(r, c)| (r.parse().unwrap(), c.parse().unwrap()));
    (rows.split('/').map(String::from).collect(), selected)
}

/// A click on the page's square (row, col) through DevTools' mouse events, the pointer then moved
/// off the board, and the time the page takes to show it.
pub fn u469_click(cdp: &mut Cdp, row: usize, col: usize) {
    let at = cdp.eval(&format!(
        "(function(){{var d=document.querySelector('#board .cell[data-row=\"{row}\"][data-col=\"{col}\"]');\
var r=d.getBoundingClientRect();return (r.left+r.width/2)+','+(r.top+r.height/2);}})()"
    ));
    click_at(cdp, &at);
    std::thread::sleep(SETTLE);
}
