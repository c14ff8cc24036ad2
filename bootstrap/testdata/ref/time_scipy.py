#!/usr/bin/python3
"""Times scipy.stats.bootstrap on the workload of BenchmarkPairedBCa570: 10,000 case-paired
resamples of a 570-case Δ ECS (two configurations, 3 repeats each) with method='BCa'.

Run: /usr/bin/python3 time_scipy.py [runs]   (prints the best and median of the runs, in ms)
Compare with: go test -run XXX -bench PairedBCa570 -benchtime 20x ./bootstrap

Both wall and CPU time (time.process_time, all threads of the process) are printed; on a
shared machine compare CPU with the benchmark's cpu-ns/op. The last line, "cpu_ms_median N",
is what .ci/bench reads.
"""
import statistics
import sys
import time

import numpy as np
import scipy
import scipy.stats as st

rng = np.random.default_rng(1)
n, repeats = 570, 3
p = rng.uniform(0, 1, n)
q = np.clip(p + 0.1 * (rng.uniform(0, 1, n) - 0.4), 0, 1)
na = rng.binomial(repeats, p).astype(float)
nb = rng.binomial(repeats, q).astype(float)
den = np.full(n, float(repeats))


def delta(na, da, nb, db, axis=-1):
    return na.sum(axis=axis) / da.sum(axis=axis) - nb.sum(axis=axis) / db.sum(axis=axis)


runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
times, cpu = [], []
for i in range(runs):
    t0, c0 = time.perf_counter(), time.process_time()
    res = st.bootstrap((na, den, nb, den), delta, paired=True, vectorized=True, n_resamples=10000,
                       method="BCa", confidence_level=0.95, random_state=np.random.default_rng(i))
    times.append((time.perf_counter() - t0) * 1000)
    cpu.append((time.process_time() - c0) * 1000)
print("scipy %s numpy %s: paired BCa, n=570, 10000 resamples (%d runs): wall best %.1f ms, median %.1f ms;"
      " CPU best %.1f ms, median %.1f ms; CI %s"
      % (scipy.__version__, np.__version__, runs, min(times), statistics.median(times), min(cpu),
         statistics.median(cpu), res.confidence_interval))
print("cpu_ms_median %.3f" % statistics.median(cpu))
