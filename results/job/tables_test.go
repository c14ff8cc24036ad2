package job

import (
	"errors"
	"slices"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/results"
)

// Tables builds the specs asked for, or the release's default tables; Domains refuses a
// filter naming what the release lacks as an OptionError.
func TestTablesAndDomains(t *testing.T) {
	o := testOptions(t)
	if err := o.Check(); err != nil {
		t.Fatal(err)
	}
	r, err := o.Release(Scoring{MainOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	ids := func(ts []*results.Table) (out []string) {
		for _, tb := range ts {
			out = append(out, tb.ID)
		}
		return out
	}
	var want []string
	for _, s := range results.DefaultFor(r.Releases[0], len(r.Releases)) {
		want = append(want, s.ID)
	}
	if ts, err := o.Tables(r, nil); err != nil || !slices.Equal(ids(ts), want) {
		t.Errorf("default tables %q, %v; want %q", ids(ts), err, want)
	}
	t2, err := results.Lookup("T2")
	if err != nil {
		t.Fatal(err)
	}
	if ts, err := o.Tables(r, []results.Spec{t2}); err != nil || !slices.Equal(ids(ts), []string{"T2"}) {
		t.Errorf("T2: %q, %v", ids(ts), err)
	}
	if ts, err := o.Domains(r, analysis.DomainFilter{}); err != nil || len(ts) != 1 || len(ts[0].Rows) == 0 {
		t.Errorf("domains: %d tables, %v", len(ts), err)
	}
	var oe *OptionError
	if _, err := o.Domains(r, analysis.DomainFilter{Domains: []string{"no-such-domain"}}); !errors.As(err, &oe) {
		t.Errorf("unknown domain: %v, want an OptionError", err)
	}
}
