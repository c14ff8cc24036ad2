#!/usr/bin/python3
"""Reference rank confidence sets for bootstrap.RankSets (writes ranks_ref.json).

R's csranks (Mogstad, Romano, Shaikh & Wilhelm 2024) is on CRAN only, which this machine
cannot reach, so the reference is an independent numpy implementation of the paper's
max-|t| procedure as csranks' csdiffmeans/csranks_simul apply it (two-sided, stepwise by
default), written with whole-matrix operations rather than the Go code's pair lists, and
fed the bootstrap distribution in place of csranks' normal draws:

  d[j,k]  = est[j] - est[k];  s[j,k] = sd(reps[:,j] - reps[:,k], ddof=1)
  T_b     = max over pairs (j,k) in I of ((reps[b,j]-est[j]) - (reps[b,k]-est[k])) / s[j,k]
  c       = max(0, np.quantile(T, level))  (linear, = R's quantile type 7 in csranks; the
            floor at 0 is the Go code's guard, inactive at these levels)
  reject (j,k) when d[j,k] - s[j,k]*c > 0; remove from I; repeat while new rejections
  L_j     = 1 + #{k: (k,j) rejected};  U_j = p - #{k: (j,k) rejected}

I is every ordered pair j != k (simultaneous) or the pairs touching item i (marginal set of
item i), as csranks' initialize_I0 does for the two-sided stepwise case.

Run with Debian's Python (apt-get install python3-numpy): /usr/bin/python3 make_rankref.py
"""
import json
import platform

import numpy as np


def rank_sets(est, reps, level, marginal, stepdown):
    p = len(est)
    D = est[:, None] - est[None, :]
    S = (reps[:, :, None] - reps[:, None, :]).std(axis=0, ddof=1)
    Z = reps - est
    Zd = Z[:, :, None] - Z[:, None, :]
    safe = np.where(S > 0, S, 1.0)
    off = ~np.eye(p, dtype=bool)

    def run(I0):
        rej = I0 & (S == 0) & (D > 0)
        I = I0 & (S > 0)
        c = float("nan")
        while I.any():
            T = np.where(I[None, :, :], Zd / safe, -np.inf).max(axis=(1, 2))
            c = max(0.0, float(np.quantile(T, level)))  # floored at 0, as the Go code
            new = I & (D - S * c > 0)
            rej = rej | new
            I = I & ~new
            if not stepdown or not new.any():
                break
        return rej, c

    lo, hi, crit = [], [], []
    if not marginal:
        rej, c = run(off.copy())
        for j in range(p):
            lo.append(1 + int(rej[:, j].sum()))
            hi.append(p - int(rej[j, :].sum()))
            crit.append(c)
    else:
        for i in range(p):
            I0 = np.zeros((p, p), dtype=bool)
            I0[i, :] = True
            I0[:, i] = True
            rej, c = run(I0 & off)
            lo.append(1 + int(rej[:, i].sum()))
            hi.append(p - int(rej[i, :].sum()))
            crit.append(c)
    return lo, hi, crit


def main():
    rng = np.random.default_rng(20240601)
    n, B = 300, 1000
    rates = np.array([0.70, 0.68, 0.60, 0.59, 0.45, 0.30])
    # Case-paired outcomes: a shared case difficulty makes the configurations correlated.
    ease = rng.normal(size=n)
    u = rng.normal(size=(n, len(rates)))
    y = (0.8 * ease[:, None] + 0.6 * u < np.quantile(0.8 * ease[:, None] + 0.6 * u, rates, axis=0).diagonal()[None, :]).astype(float)
    est = y.mean(axis=0)
    idx = rng.integers(0, n, size=(B, n))
    reps = y[idx].mean(axis=1)  # B x p, case-paired
    out = {"source": "make_rankref.py: independent numpy implementation of the MRSW (2024) "
                     "max-|t| rank confidence sets (csranks semantics, bootstrap draws); "
                     "numpy " + np.__version__ + ", python " + platform.python_version(),
           "estimates": est.tolist(), "replicates": reps.T.tolist(), "cases": []}
    for level in (0.95, 0.9):
        for marginal in (False, True):
            for stepdown in (True, False):
                lo, hi, crit = rank_sets(est, reps, level, marginal, stepdown)
                out["cases"].append({"level": level, "marginal": marginal, "stepdown": stepdown,
                                     "lo": lo, "hi": hi, "critical": crit})
    with open("ranks_ref.json", "w") as f:  # one item's replicates or one case per line
        f.write('{"source": %s,\n "estimates": %s,\n "replicates": [\n  ' % (
            json.dumps(out["source"]), json.dumps(out["estimates"])))
        f.write(",\n  ".join(json.dumps(r) for r in out["replicates"]))
        f.write('],\n "cases": [\n  ')
        f.write(",\n  ".join(json.dumps(c) for c in out["cases"]))
        f.write("]}\n")
    for c in out["cases"]:
        print(c["level"], c["marginal"], c["stepdown"], list(zip(c["lo"], c["hi"])), c["critical"][0])
    print("est", est)


if __name__ == "__main__":
    main()
