#!/usr/bin/python3
"""Times scipy.stats.bootstrap on the workload of BenchmarkPairedBCa570: 10,000 case-paired
resamples of a 570-case Δ ECS (two configurations, 3 repeats each) with method='BCa'.

Run: /usr/bin/python3 time_scipy.py   (prints the best and median of several runs, in ms)
Compare with: go test -run XXX -bench PairedBCa570 -benchtime 20x ./bootstrap
"""
import statistics
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


times = []
for i in range(5):
    t0 = time.perf_counter()
    res = st.bootstrap((na, den, nb, den), delta, paired=True, vectorized=True, n_resamples=10000,
                       method="BCa", confidence_level=0.95, random_state=np.random.default_rng(i))
    times.append((time.perf_counter() - t0) * 1000)
print("scipy %s numpy %s: paired BCa, n=570, 10000 resamples: best %.1f ms, median %.1f ms (5 runs); CI %s"
      % (scipy.__version__, np.__version__, min(times), statistics.median(times), res.confidence_interval))
