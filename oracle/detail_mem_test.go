package oracle

import (
	"fmt"
	"testing"
)

// A Detail built in a recycled one's buffers reads as one built afresh: across the release's
// protocols, each episode's detail is built in the buffers of the episodes before it, of
// other shapes, and must print as the same episode's detail built before any recycling.
func TestDetailRecycled(t *testing.T) {
	rel, preps := preparedRelease(t)
	text := func(d *Detail) string {
		x := *d
		x.mem = nil
		return fmt.Sprintf("%+v", x)
	}
	type scored struct {
		p    *Prepared
		i    int
		want string
	}
	var all []scored
	for i := 0; i < len(rel.Episodes) && len(all) < 600; i += 11 {
		ep := rel.Episodes[i]
		if p := preps[ep.CaseID]; p != nil {
			if d := p.Score(ep, SafeAct, true).Detail; d != nil {
				all = append(all, scored{p, i, text(d)})
			}
		}
	}
	if len(all) < 600 {
		t.Fatalf("%d episodes with detail", len(all))
	}
	reused := 0
	var last *Detail
	for round := 0; round < 2; round++ {
		for _, s := range all {
			d := s.p.Score(rel.Episodes[s.i], SafeAct, true).Detail
			if d == last {
				reused++ // the one recycled just before
			}
			last = d
			if got := text(d); got != s.want {
				t.Fatalf("%s, built in recycled buffers:\n got  %s\n want %s", rel.Episodes[s.i].RunID, got, s.want)
			}
			d.Recycle()
		}
	}
	if reused == 0 {
		t.Fatal("no Detail was built in a recycled one's buffers")
	}
}
