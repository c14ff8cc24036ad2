#!/usr/bin/env bash
# Submits the scoring array (N tasks) and the report job that waits for all of them.
#   SHARDS=4 SABENCH=… BENCH=… RUNS=… VERDICTS=… REPORT=… examples/slurm/submit.sh
# Prints the two job ids (array, report) on one line.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
shards=${SHARDS:-4}
[[ $shards =~ ^[1-9][0-9]*$ ]] || { echo "SHARDS must be a positive integer, got '$shards'" >&2; exit 2; }
array=$(sbatch --parsable --export=ALL --array="1-$shards" "$here/score-array.sbatch")
array=${array%%;*} # --parsable prints id[;cluster]
report=$(sbatch --parsable --export=ALL --dependency="afterok:$array" --kill-on-invalid-dep=yes "$here/report.sbatch")
echo "${array} ${report%%;*}"
