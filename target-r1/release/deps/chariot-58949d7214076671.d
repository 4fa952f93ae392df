/work/main/target-r1/release/deps/chariot-58949d7214076671.d: engine/src/main.rs

/work/main/target-r1/release/deps/chariot-58949d7214076671: engine/src/main.rs

engine/src/main.rs:
