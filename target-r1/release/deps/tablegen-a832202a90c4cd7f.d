/work/main/target-r1/release/deps/tablegen-a832202a90c4cd7f.d: tablegen/src/lib.rs tablegen/src/attacks.rs tablegen/src/bitboard.rs tablegen/src/generate.rs tablegen/src/reference.rs tablegen/src/types.rs /work/main/target-r1/release/build/tablegen-c724ebb9a09b2bb6/out/tables.rs

/work/main/target-r1/release/deps/libtablegen-a832202a90c4cd7f.rlib: tablegen/src/lib.rs tablegen/src/attacks.rs tablegen/src/bitboard.rs tablegen/src/generate.rs tablegen/src/reference.rs tablegen/src/types.rs /work/main/target-r1/release/build/tablegen-c724ebb9a09b2bb6/out/tables.rs

/work/main/target-r1/release/deps/libtablegen-a832202a90c4cd7f.rmeta: tablegen/src/lib.rs tablegen/src/attacks.rs tablegen/src/bitboard.rs tablegen/src/generate.rs tablegen/src/reference.rs tablegen/src/types.rs /work/main/target-r1/release/build/tablegen-c724ebb9a09b2bb6/out/tables.rs

tablegen/src/lib.rs:
tablegen/src/attacks.rs:
tablegen/src/bitboard.rs:
tablegen/src/generate.rs:
tablegen/src/reference.rs:
tablegen/src/types.rs:
/work/main/target-r1/release/build/tablegen-c724ebb9a09b2bb6/out/tables.rs:

# env-dep:OUT_DIR=/work/main/target-r1/release/build/tablegen-c724ebb9a09b2bb6/out
