#!/usr/bin/env bash
# Scale-out shown end to end on a real Slurm: brings up a one-node cluster on this machine
# (munge and Slurm from Debian's munge and slurm-wlm packages, installed with apt-get when
# missing; every daemon listens on the loopback address only and lives in a temporary
# directory), writes a synthetic release, scores it as a job array of SHARDS tasks
# (score-array.sbatch: score --shard I/N into one verdict dataset), runs the report as a job
# that depends on the array (report.sbatch: report --verdicts), waits for both (at most
# TIMEOUT seconds), and checks
#   1. the report is byte-identical to one process's (score without --shard, then report
#      --verdicts, with the same relative paths, so that the notes name the same inputs) but
#      for the dataset's own files in its provenance (each input file's path, size and
#      SHA-256: the shards write a part each, one process one), compared with those entries
#      taken out of index.md and the JSON files (jq), and
#   2. every table from the shards' dataset is byte-identical to tables scored in one process
#      straight from the episodes (no dataset at all).
# It stops the daemons it started (by their pid files) and removes its directory on exit
# (KEEP=1 keeps it). Needs root for apt-get and for the daemons.
#
#   examples/slurm/local-cluster.sh                 # 4 shards of the scale-1 release (34,147 episodes)
#   SHARDS=8 SCALE=5 TIMEOUT=3600 examples/slurm/local-cluster.sh
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
here=$repo/examples/slurm
shards=${SHARDS:-4}
scale=${SCALE:-1}
timeout=${TIMEOUT:-1200}
ctld_port=${SLURMCTLD_PORT:-16817}
slurmd_port=${SLURMD_PORT:-16818}
policies=${POLICIES:-safeact near-miss toolsandbox tau-bench appworld}
for v in shards scale timeout ctld_port slurmd_port; do
  [[ ${!v} =~ ^[1-9][0-9]*$ ]] || { echo "$v must be a positive integer, got '${!v}'" >&2; exit 2; }
done

say() { printf '== %s\n' "$*"; }
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v sbatch >/dev/null || ! command -v munged >/dev/null; then
  say "installing slurm-wlm and munge (apt-get)"
  [[ $(id -u) == 0 ]] || { echo "slurm-wlm and munge are missing and installing them needs root" >&2; exit 1; }
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null
fi
if ! command -v jq >/dev/null; then
  say "installing jq (apt-get)"
  [[ $(id -u) == 0 ]] || { echo "jq is missing and installing it needs root" >&2; exit 1; }
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq jq >/dev/null
fi
[[ $(id -u) == 0 ]] || { echo "the local cluster runs its daemons as root; run this as root" >&2; exit 1; }

work=$(mktemp -d /tmp/sabench-slurm.XXXXXX)
state=$work/state
mkdir -p "$state/munge" "$state/ctld" "$state/d"
chmod 700 "$state/munge"
stop_daemon() { # stop_daemon PIDFILE: the daemon this script started, by its pid
  local f=$1 pid
  [[ -s $f ]] || return 0
  pid=$(cat "$f")
  kill "$pid" 2>/dev/null || return 0
  for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.1; done
  kill -9 "$pid" 2>/dev/null || true
}
cleanup() {
  local rc=$?
  stop_daemon "$state/slurmd.pid"
  stop_daemon "$state/slurmctld.pid"
  stop_daemon "$state/munged.pid"
  if [[ $rc != 0 ]]; then
    for f in "$state"/slurmctld.log "$state"/slurmd.log "$work"/slurm/*.log; do
      [[ -f $f ]] && { echo "-- last lines of $f"; tail -n 15 "$f"; }
    done
  fi
  if [[ ${KEEP:-0} == 1 ]]; then echo "kept $work"; else rm -rf "$work"; fi
  exit "$rc"
}
trap cleanup EXIT

say "munge (socket $state/munge/socket)"
head -c 1024 /dev/urandom >"$state/munge/munge.key"
chmod 400 "$state/munge/munge.key"
munged --force --socket="$state/munge/socket" --key-file="$state/munge/munge.key" \
  --pid-file="$state/munged.pid" --log-file="$state/munge/munged.log" --seed-file="$state/munge/seed"
munge -n -S "$state/munge/socket" | unmunge -S "$state/munge/socket" >/dev/null

node=$(hostname -s)
cpus=$(nproc)
export SLURM_CONF=$state/slurm.conf
cat >"$SLURM_CONF" <<CONF
ClusterName=sabench-local
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$state/munge/socket
CredType=cred/munge
StateSaveLocation=$state/ctld
SlurmdSpoolDir=$state/d
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmctldLogFile=$state/slurmctld.log
SlurmdLogFile=$state/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
MinJobAge=3600
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=local Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
say "slurmctld and slurmd on 127.0.0.1:$ctld_port/$slurmd_port (node $node, $cpus CPUs)"
slurmctld -c -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF" -N "$node"
for i in $(seq 60); do
  st=$(sinfo -h -N -o %T 2>/dev/null || true)
  [[ $st == idle ]] && break
  [[ $i == 60 ]] && { echo "the node did not come up in 60 s (state '$st')" >&2; exit 1; }
  sleep 1
done
sinfo

say "build, and a synthetic release at scale $scale"
bin=$work/sabench-stats
(cd "$repo" && go build -o "$bin" ./cmd/sabench-stats)
"$bin" synth --out "$work/rel" --scale "$scale" >/dev/null
echo "$(wc -l <"$work/rel/runs.jsonl") episodes, $(stat -c %s "$work/rel/runs.jsonl") bytes in $work/rel/runs.jsonl"
pol_flags=()
for p in $policies; do pol_flags+=(--policy "$p"); done

say "one process: score into a dataset, then report --verdicts"
mkdir -p "$work/one" "$work/slurm"
t0=$(date +%s)
(cd "$work/one" && "$bin" score --bench ../rel --runs ../rel/runs.jsonl --format parquet --out verdicts "${pol_flags[@]}" >/dev/null 2>score.log &&
  "$bin" report --bench ../rel --verdicts verdicts --out report >/dev/null 2>report.log)
echo "one process: $(( $(date +%s) - t0 )) s wall"

say "Slurm: a job array of $shards score tasks, then the report job after it"
t0=$(date +%s)
cd "$work/slurm"
ids=$(SABENCH=$bin BENCH=../rel RUNS=../rel/runs.jsonl VERDICTS=verdicts REPORT=report POLICIES="$policies" SHARDS=$shards "$here/submit.sh")
read -r array report <<<"$ids"
echo "submitted array job $array (tasks 1-$shards) and report job $report (afterok:$array)"
while squeue -h -j "$array,$report" 2>/dev/null | grep -q .; do
  if (( $(date +%s) - t0 > timeout )); then
    echo "the jobs did not finish in $timeout s:" >&2; squeue >&2; scancel "$array" "$report" || true; exit 1
  fi
  sleep 2
done
echo "jobs finished after $(( $(date +%s) - t0 )) s wall"
states=$( (scontrol -o show job "$array"; scontrol -o show job "$report") 2>/dev/null | grep -o 'JobId=[0-9]* .*JobState=[A-Z_]*' | sed -E 's/^JobId=([0-9]+) .*JobState=([A-Z_]+)$/\1 \2/' | sort -u)
echo "$states" | awk '{print "  job " $1 ": " $2}'
n_done=$(echo "$states" | grep -c ' COMPLETED$' || true)
(( n_done == shards + 1 )) || { echo "want $((shards + 1)) jobs COMPLETED (the $shards tasks and the report), got $n_done" >&2; exit 1; }
for f in score-*.log; do head -n 1 "$f"; done
echo "dataset: $(find verdicts -name '*.parquet' | wc -l) Parquet files, $(find verdicts/_shards -name '*.json' | wc -l) shard manifests"

say "check 1: the report from the shards is byte-identical to one process's, but for the dataset's files in its provenance"
# The same files on both sides, then each compared: a note's list of the dataset's files
# (verdicts/...) is left out, since the shards' parts are other files than one process's.
diff <(cd "$work/one/report" && find . -type f | sort) <(cd "$work/slurm/report" && find . -type f | sort)
unlisted() {
  case $1 in
    *.json) jq 'walk(if type == "object" and (.inputs | type) == "array" then .inputs |= map(select((.path // "") | startswith("verdicts/") | not)) else . end)' "$1" ;;
    */index.md) grep -v '^| verdicts/' "$1" ;;
    *) cat "$1" ;;
  esac
}
n_files=0
while IFS= read -r f; do
  cmp <(unlisted "$work/one/report/$f") <(unlisted "$work/slurm/report/$f") || { echo "differs: report/$f" >&2; exit 1; }
  n_files=$((n_files + 1))
done < <(cd "$work/one/report" && find . -type f | sort)
echo "identical: $n_files files; the dataset's files listed in the provenance: $(grep -c '^| verdicts/' "$work/one/report/index.md") in one process's, $(grep -c '^| verdicts/' "$work/slurm/report/index.md") in the shards'"

say "check 2: every table from the shards' dataset equals tables scored from the episodes in one process"
"$bin" tables --bench ../rel --runs ../rel/runs.jsonl --format text "${pol_flags[@]}" >"$work/tables-direct.txt" 2>/dev/null
"$bin" tables --bench ../rel --verdicts verdicts --format text >"$work/tables-slurm.txt" 2>/dev/null
cmp "$work/tables-direct.txt" "$work/tables-slurm.txt"
echo "identical: $(wc -c <"$work/tables-slurm.txt") bytes of tables"
say "PASS: $shards Slurm array tasks + 1 dependent report job reproduce one process byte for byte, but for the list of the dataset's files in the provenance"
