#!/usr/bin/env bash
# The published balance study (reports/study/): every scenario's policy matrix and its equilibrium,
# restricted play, the strength ladders of Boquerón and Villa Montes, the check against history and
# the sensitivity of every scenario to every reading and estimate (balanced against balanced).
# Deterministic: the same code and data give the same files. Run: npm run study (it starts afresh;
# an interrupted study resumes with the command it prints, which has no --force).
set -euo pipefail
cd "$(dirname "$0")/.."
npm run build >/dev/null
out=reports/study
# Each command's wall time goes to stderr (docs/distributed.md, Scaling: the projection of the study onto many machines).
# CHACO_QUEUE=redis://HOST:PORT puts the games of balance, ladder and sensitivity on that queue, for the
# `chaco worker`s of every machine (docs/distributed.md).
chaco() {
  local t0=$SECONDS dir="" prev="" queue=()
  for a in "$@"; do [ "$prev" = --out ] && dir=$a; prev=$a; done
  case $1 in balance|ladder|sensitivity) [ -n "${CHACO_QUEUE:-}" ] && queue=(--queue "$CHACO_QUEUE") ;; esac
  node bin/chaco.js "$@" "${queue[@]}"
  echo "study: $dir took $((SECONDS - t0)) s" >&2
}
# tuned: the scenario's policies/tuned files where they exist (Boquerón and Villa Montes); elsewhere left out.
pool=cautious,balanced,aggressive,historical,tuned,search
chaco balance boqueron villa-montes alihuata ballivian --pool "$pool" --max-games 400 --restricted-games 300 \
  --seed study --out "$out/balance" --force --progress
chaco balance campaign --pool "$pool" --max-games 100 --restricted-games 100 \
  --seed study --out "$out/balance-campaign" --force --progress
chaco ladder boqueron villa-montes --pool "$pool" --games 300 --seed study --out "$out/ladder" --force --progress
# The strength of the tuned files and the search over balanced, on more games (reports/study/README.md, Strength of the tuned files and the search).
chaco ladder boqueron villa-montes --pool balanced,tuned,search --games 500 --seed strength --out "$out/strength" --force --progress
chaco history boqueron alihuata ballivian villa-montes campaign --games 200 --seed study --out "$out/history" --force
chaco sensitivity boqueron villa-montes alihuata ballivian --games 400 --seed study --out "$out/sensitivity" --force --progress
chaco sensitivity campaign --games 100 --seed study --out "$out/sensitivity-campaign" --force --progress
