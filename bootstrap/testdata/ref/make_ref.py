#!/usr/bin/python3
"""Reference values for the bootstrap package's tests, from scipy (and sklearn).

Run with Debian's Python (apt-get install python3-scipy python3-sklearn):
    /usr/bin/python3 make_ref.py        # writes ref_scipy.json
then `Rscript make_ref.R` (reads ref_scipy.json, writes ref_r.json).

Bootstrap intervals: scipy.stats.bootstrap is run once per method with the same random
state, so all methods share one replicate set; that set, the estimate and the leave-one-unit-
out jackknife values are recorded so the Go code (and R) compute intervals from the SAME
replicates. Every output records the function that produced it.
"""
import json
import math
import platform

import numpy as np
import scipy
import scipy.stats as st
from scipy.stats import _resampling
import sklearn
from sklearn.metrics import cohen_kappa_score

VERSIONS = {"scipy": scipy.__version__, "numpy": np.__version__,
            "sklearn": sklearn.__version__, "python": platform.python_version()}


def ratio_stat(cols):
    """Σnum/Σden for each (num, den) pair of columns; diff of two ratios when given four."""
    def stat(*d, axis=-1):
        r = [d[i].sum(axis=axis) / d[i + 1].sum(axis=axis) for i in range(0, len(d), 2)]
        return r[0] - r[1] if len(r) == 2 else r[0]
    return stat


def jackknife(data, stat):
    n = len(data[0])
    out = []
    for i in range(n):
        keep = np.arange(n) != i
        out.append(float(stat(*[d[keep] for d in data])))
    return out


def boot_case(name, data, stat, n_resamples, seed, levels, desc):
    data = [np.asarray(d, dtype=float) for d in data]
    n = len(data[0])
    theta = float(stat(*data))
    res = {}
    dist = None
    for level in levels:
        for method in ("percentile", "basic", "BCa"):
            r = st.bootstrap(data, stat, paired=True, vectorized=True, n_resamples=n_resamples,
                             confidence_level=level, method=method,
                             random_state=np.random.default_rng(seed))
            if dist is None:
                dist = r.bootstrap_distribution
            assert np.array_equal(dist, r.bootstrap_distribution)
            res.setdefault(str(level), {})[method.lower()] = [float(r.confidence_interval.low),
                                                               float(r.confidence_interval.high)]
        # scipy's own BCa internals on the same replicates (paired form: one sample of indices)
        idx = np.arange(n)
        def stat_idx(i, axis=-1):
            return stat(*[d[i] for d in data], axis=axis)
        a1, a2, ahat = _resampling._bca_interval((idx,), stat_idx, axis=-1, alpha=(1 - level) / 2,
                                                 theta_hat_b=dist, batch=None)
        res[str(level)]["bca_adjusted"] = [float(a1), float(a2)]
        res[str(level)]["bca_accel"] = float(ahat)
        res[str(level)]["bca_z0"] = float(st.norm.ppf(((dist < theta).sum() + (dist <= theta).sum()) / (2 * len(dist))))
    return {"name": name, "description": desc, "units": n,
            "columns": [list(map(float, d)) for d in data], "n_resamples": n_resamples,
            "estimate": theta, "jackknife": jackknife(data, stat),
            "replicates": [float(v) for v in dist], "intervals": res,
            "source": "scipy.stats.bootstrap(paired=True, vectorized=True, random_state=default_rng(%d)), "
                      "scipy %s; jackknife = statistic with unit i left out" % (seed, scipy.__version__)}


def bootstrap_cases():
    rng = np.random.default_rng(20261129)
    cases = []
    # 1. Paired Δ ECS, 80 cases, 3 repeats per arm, correlated arms.
    n = 80
    p = rng.uniform(0, 1, n)
    q = np.clip(p + rng.normal(0.05, 0.15, n), 0, 1)
    na, nb = rng.binomial(3, p).astype(float), rng.binomial(3, q).astype(float)
    d3 = np.full(n, 3.0)
    cases.append(boot_case("paired_delta_ecs", [na, d3, nb, d3], ratio_stat(4), 1999, 7, [0.95, 0.9],
                           "Δ of two ratios of sums over 80 paired cases (3 repeats per arm)"))
    # 2. Template clusters of unequal size: units are clusters, columns per-cluster sums.
    sizes = rng.integers(1, 9, 30)
    pc = rng.beta(2, 3, 30)
    num = np.array([rng.binomial(3 * s, c) for s, c in zip(sizes, pc)], dtype=float)
    den = 3.0 * sizes
    cases.append(boot_case("clustered_ratio", [num, den], ratio_stat(2), 2999, 11, [0.95, 0.8],
                           "ratio of sums over 30 template clusters of 1-8 cases (3 repeats each)"))
    # 3. Skewed single sample (mean as a ratio with unit denominators).
    x = np.round(np.exp(rng.normal(0, 1, 40)), 6)
    cases.append(boot_case("skewed_mean", [x, np.ones(40)], ratio_stat(2), 999, 3, [0.95],
                           "mean of 40 log-normal values"))
    # 4. Small binary sample: many replicates tie the estimate (z0 tie rules differ).
    y = np.array([1, 0, 1, 1, 0, 1, 0, 0, 1, 1, 1, 0], dtype=float)
    cases.append(boot_case("binary_ties", [y, np.ones(len(y))], ratio_stat(2), 499, 5, [0.95, 0.9],
                           "mean of 12 binary outcomes; replicates often equal the estimate"))
    # 5. Few replicates: R's norm.inter hits its extreme order statistics.
    z = rng.normal(0, 1, 25).round(6)
    cases.append(boot_case("few_replicates", [z, np.ones(25)], ratio_stat(2), 39, 9, [0.95],
                           "mean of 25 normal values with only 39 replicates"))
    return cases


def quantile_cases():
    rng = np.random.default_rng(42)
    x = np.sort(rng.normal(0, 1, 37).round(4))
    ps = [0.0, 0.001, 0.025, 0.05, 0.1, 0.25, 0.5, 0.5 + 1e-9, 0.75, 0.9, 0.95, 0.975, 0.999, 1.0]
    return {"x": list(map(float, x)), "p": ps,
            "linear": [float(np.percentile(x, 100 * p)) for p in ps],
            "source": "numpy.percentile(x, 100p), default method 'linear', numpy %s" % np.__version__}


def correlation_cases():
    sets = [
        ([1, 1, 2, 3], [1, 2, 3, 3]),
        ([3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5], [2, 7, 1, 8, 2, 8, 1, 8, 2, 8, 4]),
        ([0.61, 0.55, 0.55, 0.72, 0.40, 0.61, 0.38, 0.66, 0.66, 0.70],
         [0.58, 0.50, 0.52, 0.70, 0.41, 0.58, 0.40, 0.61, 0.64, 0.71]),
        ([1, 2, 3, 4, 5, 6], [6, 5, 4, 3, 2, 1]),
        ([1, 2, 2, 2, 3, 3, 4, 5, 5, 5, 5, 6], [2, 1, 2, 3, 3, 3, 4, 4, 6, 5, 5, 5]),
    ]
    rng = np.random.default_rng(7)
    a = rng.integers(0, 6, 200)
    b = a + rng.integers(-2, 3, 200)
    sets.append((a.tolist(), b.tolist()))
    out = []
    for x, y in sets:
        out.append({"x": list(map(float, x)), "y": list(map(float, y)),
                    "kendall_tau_b": float(st.kendalltau(x, y).statistic),
                    "spearman_rho": float(st.spearmanr(x, y).statistic)})
    return {"cases": out, "source": "scipy.stats.kendalltau (variant='b') and scipy.stats.spearmanr, scipy %s"
            % scipy.__version__}


def kappa_cases():
    sets = [
        ([0, 1, 2, 2, 1, 0, 0, 2, 1, 1], [0, 1, 2, 1, 1, 0, 2, 2, 1, 0]),
        ([1, 1, 0, 0, 1, 1, 1, 0, 1, 1, 0, 1], [1, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0, 1]),
        ([1, 2, 3, 4, 5, 3, 2, 4], [1, 3, 3, 5, 5, 2, 2, 4]),
        ([0, 0, 1, 1], [0, 0, 1, 1]),
        ([10, 20, 40, 20, 10, 40], [10, 40, 40, 20, 20, 40]),
    ]
    out = []
    for a, b in sets:
        out.append({"a": a, "b": b,
                    "none": float(cohen_kappa_score(a, b)),
                    "linear": float(cohen_kappa_score(a, b, weights="linear")),
                    "quadratic": float(cohen_kappa_score(a, b, weights="quadratic")),
                    "observed": float(np.mean(np.array(a) == np.array(b)))})
    return {"cases": out, "source": "sklearn.metrics.cohen_kappa_score(weights=None|'linear'|'quadratic'), "
            "sklearn %s; observed = mean(a == b)" % sklearn.__version__}


def mcnemar_cases():
    pairs = [(0, 0), (1, 0), (5, 3), (3, 5), (10, 2), (25, 25), (40, 20), (75, 59), (3, 150), (400, 350)]
    return {"cases": [{"b": b, "c": c, "p": float(st.binomtest(b, b + c, 0.5).pvalue) if b + c else 1.0}
                      for b, c in pairs],
            "source": "scipy.stats.binomtest(b, b+c, 0.5).pvalue (two-sided exact), scipy %s; (0,0) defined as 1"
            % scipy.__version__}


def wilson_cases():
    cases = [(0, 10, 0.95), (1, 10, 0.95), (5, 10, 0.95), (10, 10, 0.95), (23, 43, 0.95), (95, 100, 0.9),
             (3, 150, 0.99), (383, 570, 0.95)]
    out = []
    for k, n, cl in cases:
        ci = st.binomtest(k, n).proportion_ci(confidence_level=cl, method="wilson")
        out.append({"k": k, "n": n, "level": cl, "lo": float(ci.low), "hi": float(ci.high)})
    return {"cases": out, "source": "scipy.stats.binomtest(k, n).proportion_ci(method='wilson'), scipy %s"
            % scipy.__version__}


def stderr_cases():
    rng = np.random.default_rng(99)
    cases = []
    for n_clusters, binary in ((6, True), (15, False), (40, True)):
        sizes = rng.integers(1, 7, n_clusters)
        cl = np.repeat(np.arange(n_clusters), sizes)
        cm = rng.uniform(0, 1, n_clusters)[cl]
        s = (rng.uniform(0, 1, len(cl)) < cm).astype(float) if binary else np.round(cm + rng.normal(0, 0.2, len(cl)), 4)
        n = len(s)
        e = s - s.mean()
        clt = float(np.std(s, ddof=1) / np.sqrt(n))
        # Inspect: sqrt(C/(C-1) * sum_c (sum_{i in c} e_i)^2) / n
        tot = sum(np.outer(e[cl == c], e[cl == c]).sum() for c in np.unique(cl))
        C = len(np.unique(cl))
        inspect = float(np.sqrt(tot * C / (C - 1)) / n)
        # Miller eq. (Appendix A): SE_CLT^2 + n^-2 sum_c sum_i sum_{j != i} e_i e_j
        cross = sum(np.outer(e[cl == c], e[cl == c]).sum() - (e[cl == c] ** 2).sum() for c in np.unique(cl))
        miller = float(np.sqrt(clt ** 2 + cross / n ** 2))
        cases.append({"x": list(map(float, s)), "cluster": cl.tolist(), "clt": clt,
                      "inspect": inspect, "miller": miller})
    return {"cases": cases, "source": "numpy %s: clt = std(ddof=1)/sqrt(n) (inspect_ai stderr); inspect = the "
            "clustered_metric of inspect_ai scorer/_metrics/std.py@0814436 re-run with numpy; miller = "
            "sqrt(SE_CLT^2 + n^-2 sum_c sum_{i!=j} e_i e_j) (Miller 2024, arXiv 2411.00640, App. A)"
            % np.__version__}


def passk_cases():
    cases = [([3, 2, 0, 1, 3], [3, 3, 3, 3, 3], 1), ([3, 2, 0, 1, 3], [3, 3, 3, 3, 3], 2),
             ([3, 2, 0, 1, 3], [3, 3, 3, 3, 3], 3), ([4, 1, 5, 2], [5, 4, 5, 3], 2), ([8, 0, 7], [8, 8, 8], 4)]
    out = []
    for c, n, k in cases:
        v = float(np.mean([math.comb(ci, k) / math.comb(ni, k) for ci, ni in zip(c, n)]))
        out.append({"c": c, "n": n, "k": k, "value": v})
    return {"cases": out, "source": "mean over cases of math.comb(c,k)/math.comb(n,k), Python %s (tau-bench pass^k)"
            % platform.python_version()}


M64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def mix64(z):
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


def fnv1a64(s):
    h = 0xCBF29CE484222325
    for c in s.encode():
        h = ((h ^ c) * 0x100000001B3) & M64
    return h


def stream_draws(seed, stream, b, n):
    """The unit draws of replicate b, following the layout documented in doc.go."""
    base = mix64((seed + GOLDEN) & M64) ^ fnv1a64(stream)
    s = mix64((base + (b + 1) * GOLDEN) & M64)
    thresh = (1 << 32) % n
    out = []
    while len(out) < n:
        s = (s + GOLDEN) & M64
        x = mix64(s)
        for h in (x & 0xFFFFFFFF, x >> 32):
            m = h * n
            if (m & 0xFFFFFFFF) >= thresh and len(out) < n:
                out.append(m >> 32)
    return out


def stream_cases():
    cases = []
    for seed, stream, b, n in ((1, "", 0, 570), (1, "", 1, 570), (42, "policies/kendall", 4999, 37), (7, "x", 3, 3)):
        cases.append({"seed": seed, "stream": stream, "replicate": b, "units": n,
                      "draws": stream_draws(seed, stream, b, n)})
    return {"cases": cases, "source": "independent Python implementation of the stream layout in doc.go"}


def main():
    ref = {"generated_by": "make_ref.py", "versions": VERSIONS,
           "bootstrap": bootstrap_cases(), "quantile": quantile_cases(),
           "correlation": correlation_cases(), "kappa": kappa_cases(),
           "mcnemar": mcnemar_cases(), "wilson": wilson_cases(), "stderr": stderr_cases(),
           "passk": passk_cases(), "streams": stream_cases(),
           "adjust_p": [0.01, 0.04, 0.03, 0.005, 0.2, 0.04, 0.5, 0.0001],
           "sample_size": [{"sd": 0.45, "delta": 0.03, "alpha": 0.05, "power": 0.8},
                           {"sd": 1.0, "delta": 0.5, "alpha": 0.05, "power": 0.9},
                           {"sd": 0.3, "delta": -0.05, "alpha": 0.01, "power": 0.8}]}
    with open("ref_scipy.json", "w") as f:
        json.dump(ref, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
