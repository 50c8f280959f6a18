//! b21phiro's peg solitaire (b21phiro/peg-solitaire-ts: TypeScript on one canvas, built with its
//! own Vite), a page that fits its board to the window: the canvas is the largest square the page's
//! middle holds, and each hole is a black circle inscribed in its square of a seventh of it, so
//! the circles touch their neighbours; a peg is a black disc inside its circle, a selected one
//! blue, and the holes it can jump to get a small blue disc. Its state lives inside the page's
//! closure (no global): the truth is read through DevTools from the scope of the canvas's own
//! click handler (`board`, `selectedPeg`, `valid`), never from the pixels. Clicks are DevTools
//! mouse events on the centres the program itself gives its holes.

use std::path::Path;

use serde_json::{Value, json};

use crate::common::cdp::Cdp;
use crate::common::file_server::{FileServer, serve};
use crate::common::zoo::Session;
use crate::common::zoo_programs::click_at;

/// The page's title, and its window's.
pub const TITLE: &str = "Peg Solitaire TS";

/// The page open in Chromium, with the server of its built folder.
pub struct B21 {
    pub session: Session,
    pub cdp: Cdp,
    _server: FileServer,
}

/// The page's board and selection as the program holds them.
#[derive(Debug, PartialEq)]
pub struct Truth {
    pub rows: Vec<String>,
    pub selected: Option<(usize, usize)>,
    /// The holes the selected peg can jump to (lit with a small blue disc).
    pub lit: Vec<(usize, usize)>,
}

/// Serves the built page (GAMEBOT_B21PHIRO_PEGS_DIR, Vite's `dist`) on 127.0.0.1 and opens it in
/// a Chromium window of `size` (with `extra` options); waits until the program's board is there.
pub fn open_b21phiro(dir: &Path, size: (u32, u32), extra: &[&str]) -> B21 {
    let server = serve(dir);
    let url = format!("http://127.0.0.1:{}/index.html", server.port);
    let (session, cdp) = Session::chromium_with(&url, size, TITLE, extra);
    let mut page = B21 { session, cdp, _server: server };
    crate::common::wait_until(
        "the page's board",
        std::time::Duration::from_millis(200),
        || (page.board_handle().is_some()).then_some(()),
        String::new,
    );
    // The page draws on the next animation frame after a resize; let it settle.
    std::thread::sleep(std::time::Duration::from_millis(700));
    page
}

/// The `result` of a DevTools reply.
fn result(reply: &str) -> Value {
    let v: Value = serde_json::from_str(reply).unwrap_or_else(|e| panic!("{e}: {reply}"));
    assert!(v.get("error").is_none() && v["result"].get("exceptionDetails").is_none(), "DevTools: {reply}");
    v["result"].clone()
}

impl B21 {
    fn call(&mut self, method: &str, params: Value) -> Value {
        result(&self.cdp.send(method, &params.to_string()))
    }

    /// The object ids of the program's `board`, `selectedPeg` and `valid`, from the scopes of the
    /// canvas's click handler (DevTools' `getEventListeners`), once the page has set it.
    fn board_handle(&mut self) -> Option<(String, Value, String)> {
        let listener = self.call(
            "Runtime.evaluate",
            json!({"expression": "(function(){var c=document.getElementById('canvas');var l=c&&getEventListeners(c).click;return l&&l[0].listener;})()",
                   "includeCommandLineAPI": true}),
        );
        let function = listener["result"]["objectId"].as_str()?.to_string();
        let props = self.call("Runtime.getProperties", json!({"objectId": function, "ownProperties": true}));
        let scopes =
            props["internalProperties"].as_array()?.iter().find(|p| p["name"] == "[[Scopes]]")?["value"]["objectId"]
                .as_str()?
                .to_string();
        let scopes = self.call("Runtime.getProperties", json!({"objectId": scopes, "ownProperties": true}));
        for scope in scopes["result"].as_array()? {
            let Some(id) = scope["value"]["objectId"].as_str() else { continue };
            let vars = self.call("Runtime.getProperties", json!({"objectId": id, "ownProperties": true}));
            let find =
                |name: &str| vars["result"].as_array()?.iter().find(|p| p["name"] == name).map(|p| p["value"].clone());
            if let (Some(board), Some(selected), Some(valid)) = (find("board"), find("selectedPeg"), find("valid")) {
                return Some((
                    board["objectId"].as_str()?.to_string(),
                    selected,
                    valid["objectId"].as_str()?.to_string(),
                ));
            }
        }
        None
    }

    /// Runs `function` (a JavaScript function of the board, the selected peg and the valid holes)
    /// on the program's own objects; its value is a string.
    fn on_board(&mut self, function: &str) -> String {
        let (board, selected, valid) = self.board_handle().expect("the program's board in its click handler's scope");
        let selected = match selected["objectId"].as_str() {
            Some(id) => json!({"objectId": id}),
            None => json!({"value": null}),
        };
        let reply = self.call(
            "Runtime.callFunctionOn",
            json!({"objectId": board, "functionDeclaration": function, "returnByValue": true,
                   "arguments": [selected, {"objectId": valid}]}),
        );
        reply["result"]["value"].as_str().unwrap_or_else(|| panic!("no string from the page: {reply}")).to_string()
    }

    /// The board as rows of o . # (a hole's `position.x` is its column, `position.y` its row; a
    /// hole the program calls not allowed is off the board), the selected peg and the lit holes.
    pub fn truth(&mut self) -> Truth {
        let text = self.on_board(
            "function(sel,valid){var g=[];for(var r=0;r<7;r++)g.push('???????'.split(''));\
this.forEach(function(h){g[h.position.y][h.position.x]=!h.allowed()?'#':h.hasPeg()?'o':'.';});\
var at=function(h){return h.position.y+','+h.position.x;};\
return g.map(function(r){return r.join('');}).join('/')+';'+(sel?at(sel):'')+';'+valid.map(at).join(' ');}",
        );
        let mut parts = text.split(';');
        let rows: Vec<String> = parts.next().unwrap().split('/').map(String::from).collect();
        assert!(!rows.iter().any(|r| r.contains('?')), "a square the program does not hold: {rows:?}");
        let square = |s: &str| s.split_once(',').map(|(r, c)| (r.parse().unwrap(), c.parse().unwrap()));
        let selected = square(parts.next().unwrap());
        let lit = parts.next().unwrap().split(' ').filter_map(square).collect();
        Truth { rows, selected, lit }
    }

    /// A click on the square (row, col) at the centre the program gives that hole, through
    /// DevTools' mouse events, then the pointer moved off; waits two frames for the page to draw.
    pub fn click(&mut self, row: usize, col: usize) {
        let at = self.on_board(&format!(
            "function(){{var h=this.find(function(h){{return h.position.y=={row}&&h.position.x=={col};}});\
var r=document.getElementById('canvas').getBoundingClientRect();\
return (r.left+h.bounding.position.x)+','+(r.top+h.bounding.position.y);}}"
        ));
        click_at(&mut self.cdp, &at);
        std::thread::sleep(std::time::Duration::from_millis(150));
    }
}
