/work/main/target-r1/release/deps/chariot_tune-ea075b64a9029693.d: tune/src/bin/chariot-tune.rs

/work/main/target-r1/release/deps/chariot_tune-ea075b64a9029693: tune/src/bin/chariot-tune.rs

tune/src/bin/chariot-tune.rs:
