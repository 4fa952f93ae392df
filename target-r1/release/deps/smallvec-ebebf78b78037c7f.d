/work/main/target-r1/release/deps/smallvec-ebebf78b78037c7f.d: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/smallvec-1.16.5/src/lib.rs

/work/main/target-r1/release/deps/libsmallvec-ebebf78b78037c7f.rlib: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/smallvec-1.16.5/src/lib.rs

/work/main/target-r1/release/deps/libsmallvec-ebebf78b78037c7f.rmeta: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/smallvec-1.16.5/src/lib.rs

/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/smallvec-1.16.5/src/lib.rs:
