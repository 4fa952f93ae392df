//! Data generation is a function of the seed and the game numbers only: the
//! shards of a run, concatenated, are the run, whatever the thread counts.

use chariot_tune::datagen::{run, Config};
use chariot_tune::record::Record;

fn generate(cfg: &Config) -> String {
    let mut out = Vec::new();
    run(cfg, 0, &mut out, &mut |_| Ok(())).unwrap();
    String::from_utf8(out).unwrap()
}

fn small(threads: usize, shard: (u64, u64)) -> Config {
    Config {
        games: 6,
        nodes: 400,
        seed: 7,
        shard,
        threads,
        hash_mb: 1,
        max_plies: 120,
        ..Config::default()
    }
}

#[test]
fn shards_merged_equal_one_run_with_the_same_seed() {
    let whole = generate(&small(2, (0, 1)));
    assert!(whole.lines().count() > 20, "too few positions:\n{whole}");
    let first = generate(&small(1, (0, 2)));
    let second = generate(&small(2, (1, 2)));
    assert_eq!(format!("{first}{second}"), whole);
    let three: String = (0..3).map(|k| generate(&small(2, (k, 3)))).collect();
    assert_eq!(three, whole);
}

#[test]
fn another_seed_gives_other_games() {
    let a = generate(&small(2, (0, 1)));
    let mut cfg = small(2, (0, 1));
    cfg.seed = 8;
    assert_ne!(generate(&cfg), a);
}

#[test]
fn every_written_position_is_quiet_and_its_result_is_one_of_three() {
    let text = generate(&small(2, (0, 1)));
    for line in text.lines() {
        let r = Record::parse(line)
            .unwrap()
            .expect("no comments are written");
        let pos = chariot_core::Position::from_fen(&r.fen).unwrap();
        assert!(chariot_tune::quiet::is_quiet(&pos), "{line}");
        assert!([0.0, 0.5, 1.0].contains(&r.result));
    }
}
