package bootstrap

import (
	"encoding/json"
	"flag"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/")

func pairedStat(t testing.TB) Statistic {
	a, b := pairedECS570()
	st, err := DiffOfRatios(a, b)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestResampleIndependentOfWorkers: the same seed gives bit-identical replicates, jackknife
// values and intervals on 1, 2, 3 and 8 workers, and on a second run.
func TestResampleIndependentOfWorkers(t *testing.T) {
	st := pairedStat(t)
	var first *Result
	for _, w := range []int{1, 2, 3, 8, 1} {
		r, err := Resample(570, st, 1, Options{Resamples: 1000, Method: BCa, Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = r
			continue
		}
		if !slices.Equal(r.Replicates(0), first.Replicates(0)) || !slices.Equal(r.Jackknife(0), first.Jackknife(0)) {
			t.Fatalf("workers=%d: replicates or jackknife differ from workers=1", w)
		}
		if r.Intervals[0].Lo != first.Intervals[0].Lo || r.Intervals[0].Hi != first.Intervals[0].Hi {
			t.Fatalf("workers=%d: interval %v, want %v", w, r.Intervals[0], first.Intervals[0])
		}
	}
}

// TestStreamLayoutMatchesIndependentImplementation checks the draws of single replicates
// against the Python implementation of the documented layout (testdata/ref/make_ref.py).
func TestStreamLayoutMatchesIndependentImplementation(t *testing.T) {
	var ref struct {
		Streams struct {
			Cases []struct {
				Seed      uint64
				Stream    string
				Replicate int
				Units     int
				Draws     []int
			}
		}
	}
	loadJSON(t, "ref_scipy.json", &ref)
	if len(ref.Streams.Cases) == 0 {
		t.Fatal("no stream cases")
	}
	for _, c := range ref.Streams.Cases {
		want := make([]float64, c.Units)
		for _, u := range c.Draws {
			want[u]++
		}
		got := make([]float64, c.Units)
		d := newDrawer(c.Units)
		d.fill(ReplicateSeed(StreamSeed(c.Seed, c.Stream), c.Replicate), got)
		if !slices.Equal(got, want) {
			t.Errorf("seed %d stream %q replicate %d: draw counts differ", c.Seed, c.Stream, c.Replicate)
		}
	}
}

func TestSeedAndStreamSelection(t *testing.T) {
	st := pairedStat(t)
	run := func(o Options) []float64 {
		o.Resamples = 200
		r, err := Resample(570, st, 1, o)
		if err != nil {
			t.Fatal(err)
		}
		return r.Replicates(0)
	}
	if !slices.Equal(run(Options{}), run(Options{Seed: 1})) {
		t.Error("seed 0 should select the default seed 1")
	}
	if slices.Equal(run(Options{Seed: 1}), run(Options{Seed: 2})) {
		t.Error("seeds 1 and 2 gave the same replicates")
	}
	if slices.Equal(run(Options{Stream: "t4/claude"}), run(Options{Stream: "t4/gpt"})) {
		t.Error("two streams gave the same replicates")
	}
	// More resamples extend the sequence: replicate b does not depend on B.
	long := run(Options{Resamples: 0})
	r, _ := Resample(570, st, 1, Options{Resamples: 500})
	if !slices.Equal(long, r.Replicates(0)[:200]) {
		t.Error("the first 200 of 500 replicates differ from a 200-replicate run")
	}
}

// TestDrawsAreUniform: every replicate draws exactly n units, and over many replicates each
// unit is drawn about equally often.
func TestDrawsAreUniform(t *testing.T) {
	const n, reps = 7, 20000
	counts := make([]float64, n)
	w := make([]float64, n)
	d := newDrawer(n)
	for b := range reps {
		clear(w)
		d.fill(ReplicateSeed(5, b), w)
		var s float64
		for u, v := range w {
			s += v
			counts[u] += v
		}
		if s != n {
			t.Fatalf("replicate %d drew %v units, want %d", b, s, n)
		}
	}
	exp := float64(reps) // n draws per replicate spread over n units
	var chi2 float64
	for _, c := range counts {
		chi2 += (c - exp) * (c - exp) / exp
	}
	// χ² with 6 degrees of freedom: P(χ² > 22.46) = 0.001.
	if chi2 > 22.46 {
		t.Errorf("draw counts %v: χ² = %.2f, not uniform", counts, chi2)
	}
}

// goldenResult is the stored summary of a fixed bootstrap run.
type goldenResult struct {
	Estimate   float64            `json:"estimate"`
	First      []float64          `json:"first_replicates"`
	StdErr     float64            `json:"std_err"`
	Intervals  map[string]float64 `json:"intervals"`
	Resamples  int                `json:"resamples"`
	Seed       uint64             `json:"seed"`
	Statistics string             `json:"statistic"`
}

// TestResampleGolden pins the whole pipeline (streams, statistic, intervals) for a fixed seed,
// so a change in any value is seen. Run with -update to rewrite after an intended change.
func TestResampleGolden(t *testing.T) {
	st := pairedStat(t)
	r, err := Resample(570, st, 1, Options{Resamples: 2000, Seed: 20261129, Method: BCa})
	if err != nil {
		t.Fatal(err)
	}
	g := goldenResult{Estimate: r.Estimate[0], First: r.Replicates(0)[:8], StdErr: r.StdErr(0),
		Intervals: map[string]float64{}, Resamples: 2000, Seed: 20261129,
		Statistics: "DiffOfRatios(pairedECS570()), BCa, scipy quantiles"}
	for _, m := range []Method{Percentile, Basic, BCa} {
		for _, q := range []QuantileMode{QuantileScipy, QuantileR} {
			iv, err := r.Interval(0, m, 0.95, q)
			if err != nil {
				t.Fatal(err)
			}
			g.Intervals[m.String()+"/"+q.String()+"/lo"] = iv.Lo
			g.Intervals[m.String()+"/"+q.String()+"/hi"] = iv.Hi
		}
	}
	got, _ := json.MarshalIndent(g, "", " ")
	got = append(got, '\n')
	path := filepath.Join("testdata", "resample_golden.json")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("golden mismatch (run go test -update if intended):\n got %s\nwant %s", got, want)
	}
	if iv := r.Intervals[0]; iv.Method != BCa || iv.Lo != g.Intervals["bca/scipy/lo"] {
		t.Errorf("Result.Intervals[0] = %+v, not the BCa/scipy interval", iv)
	}
}

// TestResampleAgreesWithScipyInDistribution: on the reference data the engine's bootstrap
// distribution is close to scipy's (different random streams, so only to Monte Carlo accuracy:
// the standard errors within 10%, the percentile ends within 0.4 standard errors).
func TestResampleAgreesWithScipyInDistribution(t *testing.T) {
	s, _ := loadRefs(t)
	for _, c := range s.Bootstrap[:3] {
		r, err := Resample(len(c.Jackknife), refStatistic(t, c), 1, Options{Resamples: 4000})
		if err != nil {
			t.Fatal(err)
		}
		se := r.StdErr(0)
		var m, ss float64
		for _, v := range c.Replicates {
			m += v
		}
		m /= float64(len(c.Replicates))
		for _, v := range c.Replicates {
			ss += (v - m) * (v - m)
		}
		want := math.Sqrt(ss / float64(len(c.Replicates)-1))
		if math.Abs(se/want-1) > 0.1 {
			t.Errorf("%s: standard error %.5f, scipy's %.5f", c.Name, se, want)
		}
		p := c.Intervals["0.95"].Percentile
		iv := r.Intervals[0]
		if math.Abs(iv.Lo-p[0]) > 0.4*want || math.Abs(iv.Hi-p[1]) > 0.4*want {
			t.Errorf("%s: percentile [%.4f, %.4f], scipy's [%.4f, %.4f]", c.Name, iv.Lo, iv.Hi, p[0], p[1])
		}
	}
}

// TestResampleAllocationsDoNotGrowWithResamples: the replicate loop reuses one weight slice
// per worker, so 10× the resamples costs no extra allocations (only the larger result slice;
// both counts are above radixMin, so both intervals sort by radix). A collection during a
// run can empty a sync.Pool and cost an allocation or two, so the bound has a slack of 2: an
// allocation per resample would add thousands.
func TestResampleAllocationsDoNotGrowWithResamples(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts do not hold under -race (sync.Pool drops items)")
	}
	st := pairedStat(t)
	allocs := func(b int) float64 {
		return testing.AllocsPerRun(3, func() {
			if _, err := Resample(570, st, 1, Options{Resamples: b, Workers: 1, Method: BCa}); err != nil {
				t.Fatal(err)
			}
		})
	}
	small, large := allocs(radixMin), allocs(10*radixMin)
	if large > small+2 {
		t.Errorf("allocations grow with resamples: %v for %d, %v for %d", small, radixMin, large, 10*radixMin)
	}
}

// specFill is the documented draw layout, written plainly: halves in order, low first,
// rejected halves skipped.
func specFill(seed uint64, w []float64) {
	n := uint64(len(w))
	th := uint32((1 << 32) % n)
	s := seed
	for need := len(w); need > 0; {
		s += golden
		x := mix64(s)
		for _, h := range []uint64{x & 0xffffffff, x >> 32} {
			if m := h * n; need > 0 && uint32(m) >= th {
				w[m>>32]++
				need--
			}
		}
	}
}

// TestDrawerFollowsLayout compares the optimized drawer with the plain layout, including unit
// counts whose rejection threshold is large enough for rejections to occur.
func TestDrawerFollowsLayout(t *testing.T) {
	for _, n := range []int{1, 2, 3, 570, 4001, 300_012} {
		got, want := make([]float64, n), make([]float64, n)
		d := newDrawer(n)
		for b := range 3 {
			clear(got)
			clear(want)
			d.fill(ReplicateSeed(99, b), got)
			specFill(ReplicateSeed(99, b), want)
			if !slices.Equal(got, want) {
				t.Fatalf("n=%d replicate %d: optimized drawer differs from the layout", n, b)
			}
		}
	}
	// 2^32 mod 300,012 = 295,516: about 7 in 100,000 halves are rejected (≈ 20 per
	// replicate), so the test above exercised the slow path.
	if th := newDrawer(300_012).thresh; th != 295_516 {
		t.Errorf("threshold %d", th)
	}
}
