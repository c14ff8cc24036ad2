package analysis

import (
	"testing"

	"github.com/sabench/sabench-stats/bootstrap"
)

func TestStatNames(t *testing.T) {
	n := DefaultStatNames()
	n.Method, n.Quantile, n.Adjust, n.PassK, n.Clustered, n.Workers = "bca", "r", "bh", "per-case", true, 3
	o, err := n.Options()
	if err != nil {
		t.Fatal(err)
	}
	want := StatOptions{Resamples: bootstrap.DefaultResamples, Seed: bootstrap.DefaultSeed, Workers: 3, Level: bootstrap.DefaultLevel,
		Method: bootstrap.BCa, Quantile: bootstrap.QuantileR, Clustered: true, Adjust: AdjustBH, PassK: bootstrap.PassKPerCase}
	if o != want {
		t.Errorf("Options = %+v, want %+v", o, want)
	}
	if d, err := DefaultStatNames().Options(); err != nil || d != (StatOptions{Resamples: want.Resamples, Seed: want.Seed, Workers: 1, Level: want.Level}) {
		t.Errorf("defaults: %+v, %v", d, err)
	}
	for _, c := range []struct {
		edit func(*StatNames)
		msg  string
	}{
		{func(n *StatNames) { n.Resamples = -1 }, "--resamples must be ≥ 0"},
		{func(n *StatNames) { n.Resamples = 10 }, "--resamples 10 is below 1000: the interval endpoints would be near-extreme order statistics; pass --force to accept that (or --resamples 0 for no intervals)"},
		{func(n *StatNames) { n.Workers = 0 }, "-j must be ≥ 1"},
		// 0 stands for the default seed inside, so --seed 0 drew what --seed 1 draws (and
		// the header said seed 1): two runs meant to be independent were identical.
		{func(n *StatNames) { n.Seed = 0 }, "--seed 0 would draw what --seed 1 draws (0 stands for the default): give a seed ≥ 1"},
		{func(n *StatNames) { n.Level = 1 }, "--level must be in (0, 1)"},
		{func(n *StatNames) { n.Method = "x" }, `--interval: bootstrap: unknown interval method "x" (want percentile, basic or bca)`},
		{func(n *StatNames) { n.Quantile = "x" }, `--quantile: bootstrap: unknown quantile mode "x" (want scipy or r)`},
		{func(n *StatNames) { n.Adjust = "x" }, `--adjust: unknown p-value adjustment "x" (want holm, bh or none)`},
	} {
		n := DefaultStatNames()
		c.edit(&n)
		if _, err := n.Options(); err == nil || err.Error() != c.msg {
			t.Errorf("got %v, want %s", err, c.msg)
		}
	}
	n = DefaultStatNames()
	n.Resamples, n.Force = 10, true
	if o, err := n.Options(); err != nil || o.Resamples != 10 {
		t.Errorf("--force: %+v, %v", o, err)
	}
	n.PassK = "x"
	if _, err := n.Options(); err == nil {
		t.Error("bad --passk accepted")
	}
}

func TestParseInfraFailures(t *testing.T) {
	if f, err := ParseInfraFailures("fail"); !f || err != nil {
		t.Errorf("fail: %v, %v", f, err)
	}
	if f, err := ParseInfraFailures("exclude"); f || err != nil {
		t.Errorf("exclude: %v, %v", f, err)
	}
	if _, err := ParseInfraFailures("drop"); err == nil || err.Error() != `--infra-failures must be exclude or fail, not "drop"` {
		t.Errorf("drop: %v", err)
	}
}
