package analysis

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/ingest/inspect"
)

// InspectArm is one side of an Inspect comparison, or one leaderboard entry: the rows of
// one log, or of every log of one model.
type InspectArm struct {
	Name string
	Rows []inspect.Row
}

// InspectCompareOptions shape CompareInspect.
type InspectCompareOptions struct {
	// ClusterBy is a sample-metadata key: when set, the bootstrap resamples the clusters
	// its values form instead of samples.
	ClusterBy string
}

// InspectDiff is one scorer's paired difference of two arms on the samples both scored.
type InspectDiff struct {
	Scorer string
	// Estimate: X = MeanA − MeanB; Lo, Hi the sample-paired (or cluster-paired) bootstrap
	// interval; P its two-sided bootstrap p-value; Units the resampled units; Cases the
	// shared samples.
	Estimate
	MeanA, MeanB float64 // means of the epoch-reduced scores on the shared samples
	// UnpairedA and UnpairedB count the samples only one arm scored: not compared.
	UnpairedA, UnpairedB int
	// OtherType counts A's unpaired samples whose id is one of B's unpaired ids written
	// as the other JSON type ("1" and 1): different ids to Inspect, so not paired.
	OtherType int
	// Binary is true when every shared score is 0 or 1; WinsA and WinsB then count the
	// discordant samples (majority over epochs, ties failing) and McNemarP is the exact
	// two-sided McNemar p-value (NaN otherwise).
	Binary       bool
	WinsA, WinsB int
	McNemarP     float64
	// Test is the scorer's test in the multiplicity family: "McNemar" for a binary
	// scorer, "bootstrap" otherwise or when clusters are resampled; PTest its p-value and PAdj that p adjusted over the
	// scorers (StatOptions.Adjust).
	Test        string
	PTest, PAdj float64
	// FailuresA and FailuresB: each arm's sample-epochs that errored without a score (so
	// not compared) or hit a limit.
	FailuresA, FailuresB Failures
}

// CompareInspect compares arm a with arm b, scorer by scorer, on the samples both scored.
func CompareInspect(a, b InspectArm, opt InspectCompareOptions, o StatOptions) ([]InspectDiff, error) {
	clusters, err := clustersOf(opt.ClusterBy, a.Rows, b.Rows)
	if err != nil {
		return nil, err
	}
	scorers := rowScorers(append(slices.Clip(a.Rows), b.Rows...))
	out := make([]InspectDiff, 0, len(scorers))
	for _, scorer := range scorers {
		d, err := compareScorer(reduceSamples(a.Rows, scorer), reduceSamples(b.Rows, scorer), scorer, clusters, opt, o)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", scorer, err)
		}
		d.FailuresA, d.FailuresB = failuresOf(a.Rows, scorer), failuresOf(b.Rows, scorer)
		out = append(out, d)
	}
	ps := make([]float64, len(out))
	for i := range out {
		ps[i] = out[i].PTest
	}
	for i, p := range o.Adjust.Apply(ps) {
		out[i].PAdj = p
	}
	return out, nil
}

func compareScorer(sa, sb []*sampleScore, scorer string, clusters *sampleClusters, opt InspectCompareOptions, o StatOptions) (InspectDiff, error) {
	d := InspectDiff{Scorer: scorer, Estimate: nanEstimate(), MeanA: math.NaN(), MeanB: math.NaN(), McNemarP: math.NaN(), PTest: math.NaN(), PAdj: math.NaN()}
	byB := map[inspect.SampleID]*sampleScore{}
	for _, s := range sb {
		byB[s.id] = s
	}
	var pa, pb, onlyA []*sampleScore
	for _, s := range sa {
		if t, ok := byB[s.id]; ok {
			pa, pb = append(pa, s), append(pb, t)
			delete(byB, s.id)
		} else {
			onlyA = append(onlyA, s)
		}
	}
	d.UnpairedA, d.UnpairedB = len(onlyA), len(byB)
	// What is left of B holds no id of onlyA: one with the same text is of the other type.
	text := map[string]bool{}
	for id := range byB {
		text[id.String()] = true
	}
	for _, s := range onlyA {
		if text[s.id.String()] {
			d.OtherType++
		}
	}
	d.Cases = len(pa)
	if len(pa) == 0 {
		return d, nil
	}
	d.Binary = true
	var xa, xb []float64
	for i := range pa {
		xa, xb = append(xa, pa[i].mean()), append(xb, pb[i].mean())
		d.Binary = d.Binary && pa[i].binary && pb[i].binary
	}
	d.MeanA, d.MeanB = meanOf(xa), meanOf(xb)
	d.X = d.MeanA - d.MeanB
	if d.Binary {
		for i := range pa {
			switch sa, sb := pa[i].success(), pb[i].success(); {
			case sa && !sb:
				d.WinsA++
			case sb && !sa:
				d.WinsB++
			}
		}
		p, err := bootstrap.McNemarExact(d.WinsA, d.WinsB)
		if err != nil {
			return d, err
		}
		d.McNemarP = p
		// McNemar's pairs are the samples, taken as independent: with clusters resampled,
		// the family's test is the cluster bootstrap's p.
		if opt.ClusterBy == "" {
			d.Test, d.PTest = "McNemar", p
		}
	}
	units, err := unitsOf(clusters, pa)
	if err != nil {
		return d, err
	}
	ra, rb := units.ratio(xa), units.ratio(xb)
	d.Units = units.n
	if d.Test == "" {
		d.Test = "bootstrap"
	}
	if o.Resamples == 0 {
		return d, nil
	}
	if units.n < 2 {
		d.Warnings = bootstrap.IntervalWarnings(bootstrap.Interval{Lo: math.NaN(), Hi: math.NaN(), Used: 1}, d.X, units.n)
		return d, nil
	}
	stat, err := bootstrap.SumRatios(ra, rb)
	if err != nil {
		return d, err
	}
	res, err := bootstrap.ResampleSums(stat, o.boot("inspect/compare/"+scorer))
	if err != nil {
		return d, err
	}
	iv, err := diffInterval(res, 0, 1, o)
	if err != nil {
		return d, err
	}
	d.Lo, d.Hi, d.Fallback, d.Warnings, d.P = iv.Lo, iv.Hi, iv.Fallback, iv.Warnings, iv.P
	if d.Test == "bootstrap" {
		d.PTest = iv.P
	}
	return d, nil
}

// sampleUnits maps samples (in a fixed order) to resampling units: each sample its own,
// or the clusters of a metadata key's values.
type sampleUnits struct {
	of []int // unit of sample i
	n  int
}

// unitsOf assigns samples (sorted by id) their units: each its own, or its cluster
// (clusters non-nil), which every log read resolved (clustersOf); a sample no log gives
// the key for is an error.
func unitsOf(clusters *sampleClusters, samples []*sampleScore) (*sampleUnits, error) {
	n := len(samples)
	u := &sampleUnits{of: make([]int, n)}
	if clusters == nil {
		for i := range u.of {
			u.of[i] = i
		}
		u.n = n
		return u, nil
	}
	labels := make([]string, n)
	for i, s := range samples {
		v, err := clusters.of(s)
		if err != nil {
			return nil, err
		}
		labels[i] = v
	}
	sorted := slices.Clone(labels)
	slices.SortFunc(sorted, cmp.Compare[string])
	sorted = slices.Compact(sorted)
	for i, l := range labels {
		u.of[i], _ = slices.BinarySearch(sorted, l)
	}
	u.n = len(sorted)
	return u, nil
}

// ratio sums per-sample values into per-unit sums: Num the values, Den the samples, so
// the ratio is the mean over samples.
func (u *sampleUnits) ratio(x []float64) bootstrap.Ratio {
	r := bootstrap.Ratio{Num: make([]float64, u.n), Den: make([]float64, u.n)}
	for i, v := range x {
		r.Num[u.of[i]] += v
		r.Den[u.of[i]]++
	}
	return r
}
