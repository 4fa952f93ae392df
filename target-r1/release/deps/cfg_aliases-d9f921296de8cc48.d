/work/main/target-r1/release/deps/cfg_aliases-d9f921296de8cc48.d: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/cfg_aliases-0.2.2/src/lib.rs

/work/main/target-r1/release/deps/libcfg_aliases-d9f921296de8cc48.rlib: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/cfg_aliases-0.2.2/src/lib.rs

/work/main/target-r1/release/deps/libcfg_aliases-d9f921296de8cc48.rmeta: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/cfg_aliases-0.2.2/src/lib.rs

/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/cfg_aliases-0.2.2/src/lib.rs:
