/work/main/target-r1/release/deps/core_affinity-7330e84c0ac19f4c.d: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/core_affinity-0.8.3/src/lib.rs

/work/main/target-r1/release/deps/libcore_affinity-7330e84c0ac19f4c.rlib: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/core_affinity-0.8.3/src/lib.rs

/work/main/target-r1/release/deps/libcore_affinity-7330e84c0ac19f4c.rmeta: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/core_affinity-0.8.3/src/lib.rs

/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/core_affinity-0.8.3/src/lib.rs:
