package bootstrap

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

// PowerSimulation configures SimulatePower: studies of Cases cases with Repeats repeats
// per arm, drawn from a pilot whose arms are shifted so that the population difference is
// Delta, each tested for Δ = 0 by the paired percentile bootstrap at level 1 − Alpha.
type PowerSimulation struct {
	Cases, Repeats int
	// Clustered draws whole templates (about Cases·templates/cases of the pilot) and
	// resamples templates; otherwise cases are drawn and resampled one by one.
	Clustered bool
	Delta     float64
	Alpha     float64
	Studies   int
	// Boot is each study's bootstrap (Resamples, Seed, Workers, Quantile); its Level is
	// 1 − Alpha and its Stream is set per study.
	Boot Options
}

// PowerSimResult is the share of simulated studies that rejected Δ = 0, with its Monte
// Carlo standard error √(p(1−p)/studies), and the shifts applied to each arm's rate.
type PowerSimResult struct {
	Power, SE      float64
	Studies        int
	ShiftA, ShiftB float64
}

// SimulatePower checks a power plan by simulation, with the pilot as the population (a
// plasmode): a study draws Cases cases (or whole templates) with replacement from the
// pilot, takes Repeats of each case's repeats per arm without replacement (which keeps
// the between-case variance and gives the within-case variance of Repeats repeats
// exactly; a case the pilot ran fewer times, e.g. after excluded episodes, gives all it
// has, so a study keeps the pilot's missing repeats, and Repeats may not exceed the
// pilot's most), and moves the population
// difference from the pilot's to Delta by flipping outcomes at random: half the change
// raises one arm (failures become successes with probability q), half lowers the other.
// The flips change the variance components a little; the plan is made on the pilot's.
// Deterministic for a given Boot.Seed, whatever Boot.Workers.
func SimulatePower(cases []PairedCase, s PowerSimulation) (PowerSimResult, error) {
	var res PowerSimResult
	switch {
	case len(cases) < 2:
		return res, fmt.Errorf("bootstrap: power simulation: %d pilot cases, want at least 2", len(cases))
	case s.Cases < 2 || s.Repeats < 1 || s.Studies < 1:
		return res, fmt.Errorf("bootstrap: power simulation: %d cases, %d repeats, %d studies", s.Cases, s.Repeats, s.Studies)
	case !(s.Alpha > 0 && s.Alpha < 1):
		return res, fmt.Errorf("bootstrap: power simulation: alpha = %v not in (0, 1)", s.Alpha)
	}
	var sa, na, sb, nb float64
	most := 0
	for _, k := range cases {
		most = max(most, k.NA, k.NB)
		sa, na, sb, nb = sa+float64(k.SuccA), na+float64(k.NA), sb+float64(k.SuccB), nb+float64(k.NB)
	}
	if s.Repeats > most {
		return res, fmt.Errorf("bootstrap: power simulation: %d repeats per arm, but the pilot has at most %d (simulate at most the pilot's repeats)", s.Repeats, most)
	}
	rateA, rateB := sa/na, sb/nb
	half := (s.Delta - (rateA - rateB)) / 2
	up, down := shiftProb(half, rateA), shiftProb(-half, rateB)
	if math.IsNaN(up) || math.IsNaN(down) {
		return res, fmt.Errorf("bootstrap: power simulation: cannot move the rates %.4f and %.4f to a difference of %.4f", rateA, rateB, s.Delta)
	}
	res.ShiftA, res.ShiftB = half, -half

	// Units of the population: cases, or templates (in label order).
	idx := make([]int, len(cases))
	for i := range idx {
		idx[i] = i
	}
	var units [][]int
	if s.Clustered {
		slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(cases[a].Cluster, cases[b].Cluster) })
		for i := 0; i < len(idx); {
			j := i
			for j < len(idx) && cases[idx[j]].Cluster == cases[idx[i]].Cluster {
				j++
			}
			units = append(units, idx[i:j])
			i = j
		}
	} else {
		for i := range idx {
			units = append(units, idx[i:i+1])
		}
	}
	draws := s.Cases
	if s.Clustered {
		draws = max(2, int(math.Round(float64(s.Cases)*float64(len(units))/float64(len(cases)))))
	}
	opt := s.Boot
	opt.Level = 1 - s.Alpha
	base := StreamSeed(max(opt.Seed, 1), "power-simulation")
	numA, denA := make([]float64, draws), make([]float64, draws)
	numB, denB := make([]float64, draws), make([]float64, draws)
	reject := 0
	for st := range s.Studies {
		g := rng{ReplicateSeed(base, st)}
		for u := range draws {
			numA[u], denA[u], numB[u], denB[u] = 0, 0, 0, 0
			for _, i := range units[g.below(len(units))] {
				k := cases[i]
				ra, rb := min(s.Repeats, k.NA), min(s.Repeats, k.NB)
				numA[u] += float64(g.flip(g.hypergeometric(k.NA, k.SuccA, ra), ra, up, half > 0))
				numB[u] += float64(g.flip(g.hypergeometric(k.NB, k.SuccB, rb), rb, down, half < 0))
				denA[u] += float64(ra)
				denB[u] += float64(rb)
			}
		}
		stat, err := SumRatios(Ratio{Num: numA, Den: denA}, Ratio{Num: numB, Den: denB})
		if err != nil {
			return res, err
		}
		opt.Stream = fmt.Sprintf("power-simulation/%d", st)
		r, err := ResampleSums(stat, opt)
		if err != nil {
			return res, err
		}
		ra, rb := r.Replicates(0), r.Replicates(1)
		reps := make([]float64, len(ra))
		for b := range ra {
			reps[b] = ra[b] - rb[b]
		}
		iv, err := PercentileInterval(reps, opt.Level, opt.Quantile)
		if err == nil && !iv.Has(WarnDegenerate) && (iv.Lo > 0 || iv.Hi < 0) {
			reject++
		}
	}
	res.Studies = s.Studies
	res.Power = float64(reject) / float64(s.Studies)
	res.SE = math.Sqrt(res.Power * (1 - res.Power) / float64(s.Studies))
	return res, nil
}

// shiftProb is the probability of flipping an outcome that moves a rate p by change:
// failures up (change > 0, q = change/(1−p)) or successes down (q = −change/p); NaN when
// no probability does.
func shiftProb(change, p float64) float64 {
	var q float64
	switch {
	case change > 0:
		q = change / (1 - p)
	case change < 0:
		q = -change / p
	}
	if !(q >= 0 && q <= 1) {
		return math.NaN()
	}
	return q
}

// rng is a SplitMix64 sequence for the simulation's draws.
type rng struct{ s uint64 }

func (g *rng) next() uint64 {
	g.s += golden
	return mix64(g.s)
}

// uniform is in [0, 1) with 53 bits.
func (g *rng) uniform() float64 { return uniform53(g.next()) }

// below is uniform on 0 … n−1 (n small: the modulo bias is below 2^−40).
func (g *rng) below(n int) int { return int(g.next() % uint64(n)) }

// hypergeometric is the successes among r drawn without replacement from n holding c.
func (g *rng) hypergeometric(n, c, r int) int {
	got := 0
	for i := range r {
		if g.uniform()*float64(n-i) < float64(c-got) {
			got++
		}
	}
	return got
}

// flip moves k successes of r outcomes: with up, each failure becomes a success with
// probability q; otherwise each success becomes a failure with probability q.
func (g *rng) flip(k, r int, q float64, up bool) int {
	if q == 0 {
		return k
	}
	if up {
		for range r - k {
			if g.uniform() < q {
				k++
			}
		}
		return k
	}
	for range k {
		if g.uniform() < q {
			k--
		}
	}
	return k
}
