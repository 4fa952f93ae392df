//! Which games a tournament plays: a round robin over the engines (with two
//! engines, a match), each encounter of `games_per_encounter` games from one
//! opening with colours alternating, a new opening for each encounter.

/// One scheduled game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// Position in the schedule, from 0; the key of the results file.
    pub index: usize,
    /// Round, from 1.
    pub round: usize,
    pub red: usize,
    pub black: usize,
    pub fen: String,
}

/// The schedule for `engines` engines: for each round, every pair (i < j)
/// plays `games_per_encounter` games; game k of an encounter gives Red to
/// engine i when k is even and to j when odd. Openings are used in the order
/// given, cycling when there are fewer than encounters.
pub fn round_robin(
    engines: usize,
    rounds: usize,
    games_per_encounter: usize,
    openings: &[String],
) -> Vec<Pairing> {
    let mut out = Vec::new();
    let mut encounter = 0;
    for round in 1..=rounds {
        for i in 0..engines {
            for j in i + 1..engines {
                let fen = openings[encounter % openings.len()].clone();
                encounter += 1;
                for k in 0..games_per_encounter {
                    let (red, black) = if k % 2 == 0 { (i, j) } else { (j, i) };
                    out.push(Pairing {
                        index: out.len(),
                        round,
                        red,
                        black,
                        fen: fen.clone(),
                    });
                }
            }
        }
    }
    out
}
