package main

import (
	"fmt"
	"math"

	"github.com/sabench/sabench-stats/bootstrap"
)

// A design is one shape of estimate the tables print, simulated from a population whose
// true value is known.
type design struct {
	name    string
	unit    string // what is resampled: "cases" or "templates"
	arms    int    // 1: a rate; 2: a paired Δ of arm A minus arm B
	repeats int    // per case and arm
	size    int    // cases per template (1: cases are independent)
	share   float64
}

// designs are the estimates of the tables: a rate (T2, T8, domains), a paired Δ over
// repeated episodes (T4, T13, T14, compare, policies), a paired Δ of one episode per case
// and arm (T9 and T10's static vs interactive), and the paired Δ resampled by template
// (--clustered), templates of four cases that share the template's rates with
// probability 0.6.
var designs = []design{
	{name: "rate, 3 repeats", unit: "cases", arms: 1, repeats: 3, size: 1},
	{name: "paired Δ, 3 repeats", unit: "cases", arms: 2, repeats: 3, size: 1},
	{name: "paired Δ, 1 repeat", unit: "cases", arms: 2, repeats: 1, size: 1},
	{name: "paired Δ, templates of 4", unit: "templates", arms: 2, repeats: 3, size: 4, share: 0.6},
}

// population is the true per-case rates (arm A, arm B), equally likely: many cases all
// pass or all fail, as on the benchmark (within-case correlation of repeats about 0.6),
// and some lean one way. The true rate is the mean of A, the true Δ the mean of A − B.
var population = [][2]float64{
	{1, 1}, {1, 0.9}, {0.95, 0.8}, {0.9, 0.6}, {0.7, 0.7}, {0.5, 0.3},
	{0.3, 0.4}, {0.2, 0.05}, {0.1, 0}, {0, 0},
}

func truth(arms int) float64 {
	var s float64
	for _, p := range population {
		s += p[0]
		if arms == 2 {
			s -= p[1]
		}
	}
	return s / float64(len(population))
}

// cell is the simulated coverage of one design at one number of units, per method.
type cell struct {
	units   int
	covered [3]int // percentile, basic, BCa
	none    int    // studies without an interval (degenerate replicates)
	sims    int
}

func (c cell) coverage(m int) float64 { return float64(c.covered[m]) / float64(c.sims) }

var methods = []bootstrap.Method{bootstrap.Percentile, bootstrap.Basic, bootstrap.BCa}

// rng is a SplitMix64 sequence.
type rng struct{ s uint64 }

func (g *rng) next() uint64 {
	g.s += 0x9e3779b97f4a7c15
	return bootstrap.SplitMix64(g.s)
}
func (g *rng) uniform() float64 { return float64(g.next()>>11) * 0x1p-53 }
func (g *rng) below(n int) int  { return int(g.next() % uint64(n)) }

// simulate draws sims studies of the design with units resampled units, computes each
// study's 95% intervals from resamples bootstrap replicates, and counts those that hold
// the true value.
func simulate(d design, units, sims, resamples int, seed uint64) (cell, error) {
	c := cell{units: units, sims: sims}
	want := truth(d.arms)
	cols := 2 * d.arms
	x := make([][]float64, cols)
	for j := range x {
		x[j] = make([]float64, units)
	}
	for s := range sims {
		g := rng{bootstrap.ReplicateSeed(bootstrap.StreamSeed(seed, d.name), s*1000+units)}
		for u := range units {
			for j := range x {
				x[j][u] = 0
			}
			own := population[g.below(len(population))]
			for range d.size {
				p := population[g.below(len(population))]
				if d.size > 1 && g.uniform() < d.share {
					p = own
				}
				for a := range d.arms {
					for range d.repeats {
						if g.uniform() < p[a] {
							x[2*a][u]++
						}
						x[2*a+1][u]++
					}
				}
			}
		}
		f := func(s, out []float64) { out[0] = s[0] / s[1] }
		if d.arms == 2 {
			f = func(s, out []float64) { out[0] = s[0]/s[1] - s[2]/s[3] }
		}
		stat, err := bootstrap.NewSumStat(x, 1, f)
		if err != nil {
			return c, err
		}
		res, err := bootstrap.ResampleSums(stat, bootstrap.Options{Resamples: resamples, Seed: seed,
			Stream: fmt.Sprintf("coverage/%s/%d/%d", d.name, units, s), Workers: 1})
		if err != nil {
			return c, err
		}
		for m, meth := range methods {
			iv, err := res.Interval(0, meth, 0.95, bootstrap.QuantileScipy)
			if err != nil || math.IsNaN(iv.Lo) {
				if m == 0 {
					c.none++
				}
				continue
			}
			if iv.Lo <= want && want <= iv.Hi {
				c.covered[m]++
			}
		}
	}
	return c, nil
}

func sqrt(x float64) float64 { return math.Sqrt(x) }

// offsets are the rank design's configurations: each moves the population's arm-A rate of
// every case by its offset (clamped to [0, 1]).
var offsets = []float64{-0.03, -0.01, 0, 0.01, 0.03}

func clamp01(x float64) float64 { return math.Min(1, math.Max(0, x)) }

// rankTruth is each configuration's true rate.
func rankTruth() []float64 {
	out := make([]float64, len(offsets))
	for j, o := range offsets {
		for _, p := range population {
			out[j] += clamp01(p[0]+o) / float64(len(population))
		}
	}
	return out
}

// simulateRanks draws sims studies of len(offsets) configurations on units shared cases
// (3 repeats each) and counts those whose simultaneous 95% rank sets all hold the true
// ranks (the truth has no ties).
func simulateRanks(units, sims, resamples int, seed uint64) (covered int, err error) {
	want := rankTruth()
	k := len(offsets)
	x := make([][]float64, 2*k)
	for j := range x {
		x[j] = make([]float64, units)
	}
	for s := range sims {
		g := rng{bootstrap.ReplicateSeed(bootstrap.StreamSeed(seed, "ranks"), s*1000+units)}
		for u := range units {
			p := population[g.below(len(population))]
			for j, o := range offsets {
				x[2*j][u], x[2*j+1][u] = 0, 3
				for range 3 {
					if g.uniform() < clamp01(p[0]+o) {
						x[2*j][u]++
					}
				}
			}
		}
		stat, err := bootstrap.NewSumStat(x, k, func(s, out []float64) {
			for j := range out {
				out[j] = s[2*j] / s[2*j+1]
			}
		})
		if err != nil {
			return 0, err
		}
		res, err := bootstrap.ResampleSums(stat, bootstrap.Options{Resamples: resamples, Seed: seed,
			Stream: fmt.Sprintf("coverage/ranks/%d/%d", units, s), Workers: 1})
		if err != nil {
			return 0, err
		}
		rs, err := res.RankSets(bootstrap.RankOptions{Level: 0.95})
		if err != nil {
			continue // no sets: not covered
		}
		ok := true
		for j := range k {
			rank := 1
			for i := range k {
				if want[i] > want[j] {
					rank++
				}
			}
			ok = ok && rs.Sets[j].Lo <= rank && rank <= rs.Sets[j].Hi
		}
		if ok {
			covered++
		}
	}
	return covered, nil
}
