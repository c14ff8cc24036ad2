package oracle

import (
	"slices"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
)

// TestProtocolFailureTypesHoldEveryVerdict: every failed verdict's type is one its
// protocol lists (a static judgment's, one of Legacy's), over the real cases' references
// and one-thing-wrong variants under every preset and single switch, and a stride of the
// built-in release under every preset; and every type of FailureTypes is some protocol's.
func TestProtocolFailureTypesHoldEveryVerdict(t *testing.T) {
	seen := map[string]bool{}
	check := func(name string, v Verdict, proto ingest.Protocol) {
		t.Helper()
		ft := v.FailureType()
		if v.ECS() || ft == FailInfra {
			return
		}
		if v.Static() {
			proto = ingest.Legacy
		}
		if !slices.Contains(ProtocolFailureTypes(proto), ft) {
			t.Errorf("%s: failure type %s is not among %v's %v", name, ft, proto, ProtocolFailureTypes(proto))
		}
		seen[ft] = true
	}
	for _, x := range matrixVariants(t) {
		p := prepare(t, x.c)
		for _, pol := range matrixPolicies() {
			check(x.c.ID+" "+x.name+" under "+pol.Name, p.Score(x.ep, pol, false), x.c.Protocol)
		}
	}
	rel, preps := preparedRelease(t)
	for i := 0; i < len(rel.Episodes); i += 13 {
		ep := rel.Episodes[i]
		if p := preps[ep.CaseID]; p != nil {
			for _, pol := range Presets {
				check(ep.RunID+" under "+pol.Name, p.Score(ep, pol, false), p.c.Protocol)
			}
		}
	}
	for _, ft := range FailureTypes {
		if !seen[ft] {
			t.Errorf("no verdict of type %s was checked", ft)
		}
		some := false
		for p := ingest.Legacy; p < ingest.NumProtocols; p++ {
			some = some || slices.Contains(ProtocolFailureTypes(p), ft)
		}
		if !some {
			t.Errorf("%s is no protocol's failure type", ft)
		}
	}
}
