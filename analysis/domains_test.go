package analysis

import (
	"slices"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// TestDomainFilterResolve: configurations match case-insensitively and take the
// release's spelling; an unknown domain or configuration is an error listing the known.
func TestDomainFilterResolve(t *testing.T) {
	vs := []oracle.Verdict{v("M/Inspect", "SAB-V1-001", ingest.V1, "retail", 0, true), v("m/codex", "SAB-V1-001", ingest.V1, "retail", 0, false)}
	r := NewRelease([]*casespec.Case{{ID: "SAB-V1-001", Protocol: ingest.V1, Domain: "retail"}}, nil, vs, oracle.SafeAct)
	f := DomainFilter{Domains: []string{"retail"}, Configs: []string{"m/inspect"}}
	if err := f.Resolve(r); err != nil || !slices.Equal(f.Configs, []string{"M/Inspect"}) {
		t.Errorf("Resolve: %v, configs %v", err, f.Configs)
	}
	if err := (&DomainFilter{Domains: []string{"Retail"}}).Resolve(r); err == nil || err.Error() != `unknown domain "Retail" (known: "retail")` {
		t.Errorf("unknown domain: %v", err)
	}
	if err := (&DomainFilter{Configs: []string{"x/y"}}).Resolve(r); err == nil || err.Error() != `unknown configuration "x/y" (known: "M/Inspect", "m/codex")` {
		t.Errorf("unknown configuration: %v", err)
	}
}
