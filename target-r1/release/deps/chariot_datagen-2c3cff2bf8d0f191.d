/work/main/target-r1/release/deps/chariot_datagen-2c3cff2bf8d0f191.d: tune/src/bin/chariot-datagen.rs

/work/main/target-r1/release/deps/chariot_datagen-2c3cff2bf8d0f191: tune/src/bin/chariot-datagen.rs

tune/src/bin/chariot-datagen.rs:
