#!/bin/sh
# The SPSA values (tune/spsa/search.tuned.spsa) against the defaults at 10 s + 0.1 s,
# same tune build on both sides; SPRT elo0=0 elo1=5, at most 400 games. Resumable with -recover.
cd "$(dirname "$0")/../.."
exec target/release/chariot-league \
  -engine cmd=target/tune/release/chariot name=spsa option.RFP_MAX_DEPTH=6 option.RFP_MARGIN=27 option.RFP_IMPROVING=12 option.RAZOR_MAX_DEPTH=1 option.RAZOR_MARGIN=117 option.NULL_MIN_DEPTH=3 option.NULL_BASE_R=3 option.NULL_DEPTH_DIVISOR=5 option.NULL_EVAL_DIVISOR=75 option.NULL_EVAL_MAX=3 option.NULL_VERIFY_DEPTH=11 option.IIR_MIN_DEPTH=6 option.LMP_MAX_DEPTH=2 option.LMP_BASE=4 option.LMP_EXTRA=3 option.FUTILITY_MAX_DEPTH=6 option.FUTILITY_BASE=60 option.FUTILITY_PER_DEPTH=51 option.SEE_PRUNE_MAX_DEPTH=3 option.SEE_PRUNE_MARGIN=73 option.SINGULAR_MIN_DEPTH=8 option.SINGULAR_TT_DEPTH=2 option.SINGULAR_MARGIN=2 option.LMR_MIN_DEPTH=2 option.LMR_BASE=76 option.LMR_DIVISOR=247 option.LMR_HISTORY_DIVISOR=5839 option.HISTORY_BONUS_MUL=218 option.HISTORY_BONUS_SUB=88 option.HISTORY_BONUS_MAX=2104 option.DELTA_MARGIN=80 option.ASPIRATION_DELTA=17  \
  -engine cmd=target/tune/release/chariot name=default \
  -each proto=uci tc=10+0.1 option.Hash=64 \
  -openings file=data/openings/expanded.epd order=random -srand 61 \
  -games 2 -rounds 200 -concurrency 2 -sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 \
  -pgnout tune/clock/spsa-vs-default.pgn -results tune/clock/spsa-vs-default.tsv -recover -noprogress
