//! The match runner: games between UCCI/UCI engines under the computer-league
//! rules, with Elo, SPRT, PGN and the league's rating list.

pub mod adjudication;
pub mod cli;
pub mod clock;
pub mod engine;
pub mod game;
pub mod openings;
pub mod pgn;
pub mod plot;
pub mod ratings;
pub mod report;
pub mod results;
pub mod runner;
pub mod schedule;
pub mod screen;
pub mod spsa;
pub mod spsa_run;
pub mod stats;
