//! Fixture capture as code: each module regenerates one program's cases in `fixtures/` (with
//! `REGENERATE=1`) or checks that a fresh capture has the committed truth. The programs are not in
//! this repository; each test is ignored unless it is told where the program is (see each module).

#[path = "../common/mod.rs"]
mod common;

mod zoo;
mod zoo_buttonpad_flood;
mod zoo_buttonpad_pegs;
mod zoo_metulburr_flood;
mod zoo_phaser_flood;
mod zoo_waissi_pegs;
