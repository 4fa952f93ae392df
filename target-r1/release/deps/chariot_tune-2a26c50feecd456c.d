/work/main/target-r1/release/deps/chariot_tune-2a26c50feecd456c.d: tune/src/lib.rs tune/src/datagen.rs tune/src/dataset.rs tune/src/fit.rs tune/src/quiet.rs tune/src/record.rs tune/src/rng.rs

/work/main/target-r1/release/deps/libchariot_tune-2a26c50feecd456c.rlib: tune/src/lib.rs tune/src/datagen.rs tune/src/dataset.rs tune/src/fit.rs tune/src/quiet.rs tune/src/record.rs tune/src/rng.rs

/work/main/target-r1/release/deps/libchariot_tune-2a26c50feecd456c.rmeta: tune/src/lib.rs tune/src/datagen.rs tune/src/dataset.rs tune/src/fit.rs tune/src/quiet.rs tune/src/record.rs tune/src/rng.rs

tune/src/lib.rs:
tune/src/datagen.rs:
tune/src/dataset.rs:
tune/src/fit.rs:
tune/src/quiet.rs:
tune/src/record.rs:
tune/src/rng.rs:
