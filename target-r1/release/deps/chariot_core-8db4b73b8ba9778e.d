/work/main/target-r1/release/deps/chariot_core-8db4b73b8ba9778e.d: core/src/lib.rs core/src/error.rs core/src/movegen.rs core/src/moves.rs core/src/perft.rs core/src/position.rs core/src/rules.rs core/src/see.rs core/src/zobrist.rs

/work/main/target-r1/release/deps/libchariot_core-8db4b73b8ba9778e.rlib: core/src/lib.rs core/src/error.rs core/src/movegen.rs core/src/moves.rs core/src/perft.rs core/src/position.rs core/src/rules.rs core/src/see.rs core/src/zobrist.rs

/work/main/target-r1/release/deps/libchariot_core-8db4b73b8ba9778e.rmeta: core/src/lib.rs core/src/error.rs core/src/movegen.rs core/src/moves.rs core/src/perft.rs core/src/position.rs core/src/rules.rs core/src/see.rs core/src/zobrist.rs

core/src/lib.rs:
core/src/error.rs:
core/src/movegen.rs:
core/src/moves.rs:
core/src/perft.rs:
core/src/position.rs:
core/src/rules.rs:
core/src/see.rs:
core/src/zobrist.rs:
