/work/main/target-r1/release/deps/chariot-c69bde58e1423523.d: engine/src/lib.rs engine/src/bench.rs engine/src/correction.rs engine/src/limits.rs engine/src/movepick.rs engine/src/protocol/mod.rs engine/src/protocol/command.rs engine/src/protocol/controller.rs engine/src/protocol/dialect.rs engine/src/protocol/input.rs engine/src/protocol/options.rs engine/src/protocol/ucci.rs engine/src/protocol/uci.rs engine/src/search.rs engine/src/threads.rs engine/src/timeman.rs engine/src/tt.rs

/work/main/target-r1/release/deps/libchariot-c69bde58e1423523.rlib: engine/src/lib.rs engine/src/bench.rs engine/src/correction.rs engine/src/limits.rs engine/src/movepick.rs engine/src/protocol/mod.rs engine/src/protocol/command.rs engine/src/protocol/controller.rs engine/src/protocol/dialect.rs engine/src/protocol/input.rs engine/src/protocol/options.rs engine/src/protocol/ucci.rs engine/src/protocol/uci.rs engine/src/search.rs engine/src/threads.rs engine/src/timeman.rs engine/src/tt.rs

/work/main/target-r1/release/deps/libchariot-c69bde58e1423523.rmeta: engine/src/lib.rs engine/src/bench.rs engine/src/correction.rs engine/src/limits.rs engine/src/movepick.rs engine/src/protocol/mod.rs engine/src/protocol/command.rs engine/src/protocol/controller.rs engine/src/protocol/dialect.rs engine/src/protocol/input.rs engine/src/protocol/options.rs engine/src/protocol/ucci.rs engine/src/protocol/uci.rs engine/src/search.rs engine/src/threads.rs engine/src/timeman.rs engine/src/tt.rs

engine/src/lib.rs:
engine/src/bench.rs:
engine/src/correction.rs:
engine/src/limits.rs:
engine/src/movepick.rs:
engine/src/protocol/mod.rs:
engine/src/protocol/command.rs:
engine/src/protocol/controller.rs:
engine/src/protocol/dialect.rs:
engine/src/protocol/input.rs:
engine/src/protocol/options.rs:
engine/src/protocol/ucci.rs:
engine/src/protocol/uci.rs:
engine/src/search.rs:
engine/src/threads.rs:
engine/src/timeman.rs:
engine/src/tt.rs:

# env-dep:CARGO_PKG_LICENSE=GPL-3.0-or-later
# env-dep:CARGO_PKG_VERSION=0.1.0
