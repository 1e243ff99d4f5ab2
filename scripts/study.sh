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
chaco() { node bin/chaco.js "$@"; }
pool=cautious,balanced,aggressive,historical,search
chaco balance boqueron villa-montes alihuata ballivian --pool "$pool" --max-games 400 --restricted-games 300 \
  --seed study --out "$out/balance" --force --progress
chaco balance campaign --pool "$pool" --max-games 100 --restricted-games 100 \
  --seed study --out "$out/balance-campaign" --force --progress
chaco ladder boqueron villa-montes --pool "$pool" --games 300 --seed study --out "$out/ladder" --force --progress
chaco history boqueron alihuata ballivian villa-montes campaign --games 200 --seed study --out "$out/history" --force
chaco sensitivity boqueron villa-montes alihuata ballivian --games 400 --seed study --out "$out/sensitivity" --force --progress
chaco sensitivity campaign --games 100 --seed study --out "$out/sensitivity-campaign" --force --progress
