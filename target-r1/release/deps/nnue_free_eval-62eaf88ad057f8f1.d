/work/main/target-r1/release/deps/nnue_free_eval-62eaf88ad057f8f1.d: nnue-free-eval/src/lib.rs nnue-free-eval/src/breakdown.rs nnue-free-eval/src/coefficients.rs nnue-free-eval/src/endgame.rs nnue-free-eval/src/eval.rs nnue-free-eval/src/king.rs nnue-free-eval/src/masks.rs nnue-free-eval/src/params.rs nnue-free-eval/src/patterns.rs nnue-free-eval/src/pieces.rs nnue-free-eval/src/psq.rs nnue-free-eval/src/score.rs nnue-free-eval/src/trace.rs nnue-free-eval/src/weights.rs

/work/main/target-r1/release/deps/libnnue_free_eval-62eaf88ad057f8f1.rlib: nnue-free-eval/src/lib.rs nnue-free-eval/src/breakdown.rs nnue-free-eval/src/coefficients.rs nnue-free-eval/src/endgame.rs nnue-free-eval/src/eval.rs nnue-free-eval/src/king.rs nnue-free-eval/src/masks.rs nnue-free-eval/src/params.rs nnue-free-eval/src/patterns.rs nnue-free-eval/src/pieces.rs nnue-free-eval/src/psq.rs nnue-free-eval/src/score.rs nnue-free-eval/src/trace.rs nnue-free-eval/src/weights.rs

/work/main/target-r1/release/deps/libnnue_free_eval-62eaf88ad057f8f1.rmeta: nnue-free-eval/src/lib.rs nnue-free-eval/src/breakdown.rs nnue-free-eval/src/coefficients.rs nnue-free-eval/src/endgame.rs nnue-free-eval/src/eval.rs nnue-free-eval/src/king.rs nnue-free-eval/src/masks.rs nnue-free-eval/src/params.rs nnue-free-eval/src/patterns.rs nnue-free-eval/src/pieces.rs nnue-free-eval/src/psq.rs nnue-free-eval/src/score.rs nnue-free-eval/src/trace.rs nnue-free-eval/src/weights.rs

nnue-free-eval/src/lib.rs:
nnue-free-eval/src/breakdown.rs:
nnue-free-eval/src/coefficients.rs:
nnue-free-eval/src/endgame.rs:
nnue-free-eval/src/eval.rs:
nnue-free-eval/src/king.rs:
nnue-free-eval/src/masks.rs:
nnue-free-eval/src/params.rs:
nnue-free-eval/src/patterns.rs:
nnue-free-eval/src/pieces.rs:
nnue-free-eval/src/psq.rs:
nnue-free-eval/src/score.rs:
nnue-free-eval/src/trace.rs:
nnue-free-eval/src/weights.rs:
