//! Capturing a zoo Tetris program that has no hard drop (Down moves a row, and locks a piece that
//! rests): each piece is shifted by a fixed pattern and brought down by the program's Down until
//! its stack changes; gravity is then stopped through the program's own state and the new piece
//! moved down until it shows whole, a row below the well's top, before the capture. Shared by
//! the Manuofthebirth and Gabzmelo captures; the truth, as for every zoo case, is the program's
//! own state over DevTools.

use std::time::Duration;

use crate::common::cdp::Cdp;
use crate::common::wait_until;
use crate::zoo::Session;
use crate::zoo_tetris::{LEFT, Program, RIGHT, Truth, press, truth, write};

/// The program's Down: one row, and the lock when the piece rests on the stack.
const DOWN: (&str, &str, u32) = ("ArrowDown", "ArrowDown", 40);

/// The settled cells' count, from the program's state.
fn settled(t: &Truth) -> usize {
    t.rows.iter().map(|r| r.matches('#').count()).sum()
}

/// Places `pieces` pieces, spread by a fixed pattern of shifts, each moved down by the program's
/// Down until it locks (its stack changes: a lock adds four cells or clears rows).
fn play(cdp: &mut Cdp, program: &Program, pieces: usize) {
    for i in 0..pieces {
        let shift = [-4i32, 3, -1, 1, -3, 4, 0, -2, 2][i % 9];
        for _ in 0..shift.unsigned_abs() {
            press(cdp, if shift < 0 { LEFT } else { RIGHT });
        }
        let before = truth(cdp, program).expect("the game's state");
        for _ in 0..24 {
            press(cdp, DOWN);
            let now = truth(cdp, program).expect("the game's state");
            if settled(&now) != settled(&before) || now.lines != before.lines {
                break;
            }
        }
    }
}

/// Opens `url` at `size` and device `scale`, starts the game, plays `pieces` pieces, stops its
/// gravity, brings the new piece down until it shows whole a row in, captures, and writes the case
/// `name` into `dir` with the shared writer's words put right by `words` (from, to).
pub(crate) fn capture(
    program: &Program,
    url: &str,
    (dir, name): (&std::path::Path, &str),
    (size, scale): ((u32, u32), f64),
    pieces: usize,
    words: &[(&str, &str)],
) {
    let factor = format!("--force-device-scale-factor={scale}");
    let (mut session, mut cdp) = Session::chromium_with(url, size, program.title, &[&factor]);
    cdp.wait_loaded();
    cdp.eval(program.start);
    wait_until("the game starting", Duration::from_millis(200), || truth(&mut cdp, program), String::new);
    play(&mut cdp, program, pieces);
    cdp.eval(program.freeze);
    for _ in 0..4 {
        press(&mut cdp, DOWN);
        let now = truth(&mut cdp, program).expect("the game's state");
        if now.cells.iter().all(|&(r, _)| r >= 1) {
            break;
        }
    }
    std::thread::sleep(Duration::from_millis(300));
    let before = truth(&mut cdp, program).expect("the game's state");
    let frame = session.capture();
    let after = truth(&mut cdp, program).expect("the game's state");
    assert!(before.rows == after.rows && before.cells == after.cells, "the game moved while it was captured");
    assert_eq!(after.cells.len(), 4, "the falling piece shows whole: {:?}", after.cells);
    assert!(after.cells.iter().all(|&(r, _)| r >= 0), "the falling piece shows whole: {:?}", after.cells);
    assert!(!after.piece.contains('?') && !after.next.contains('?'), "a piece not the program's own");
    let how = format!(
        "{pieces} pieces moved down by its Down key after a fixed pattern of shifts{}",
        if scale == 1.0 { String::new() } else { format!(", device scale factor {scale}") }
    );
    write(dir, name, &frame, program, &after, &how);
    let case = dir.join(format!("{name}.toml"));
    let text = words.iter().fold(std::fs::read_to_string(&case).unwrap(), |text, (from, to)| text.replace(from, to));
    gamebot::files::write_atomic(&case, text.as_bytes(), true).unwrap();
    drop(session);
}
