//! The looks of a frame's squares, each taken from the frame once (`vision::looks::look`): finding
//! a board looks at the same squares again and again (at each scale of the looks, each move of the
//! lattice, each candidate on one lattice), and taking a look, every pixel of the square, costs far
//! more than comparing it. A square is known by its exact rectangle, so a look kept is the look
//! that would be taken.

use std::cell::RefCell;
use std::collections::HashMap;

use crate::frame::{Frame, Rect};
use crate::vision::looks::{Look, look};

/// A frame and the looks of the squares taken from it so far.
pub struct Seen<'a> {
    pub frame: &'a Frame,
    taken: RefCell<HashMap<[u64; 4], Option<Look>>>,
}

impl<'a> Seen<'a> {
    pub fn new(frame: &'a Frame) -> Seen<'a> {
        Seen { frame, taken: RefCell::new(HashMap::new()) }
    }

    /// The look of the square `rect` (`vision::looks::look`): None when its middle lies outside the
    /// frame.
    pub fn look(&self, rect: Rect) -> Option<Look> {
        let key = [rect.x, rect.y, rect.width, rect.height].map(f64::to_bits);
        if let Some(&known) = self.taken.borrow().get(&key) {
            return known;
        }
        let fresh = look(self.frame, rect);
        self.taken.borrow_mut().insert(key, fresh);
        fresh
    }
}
