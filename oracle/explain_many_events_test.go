package oracle

import (
	"fmt"
	"testing"
)

// manyEvents is c's reference episode with its events repeated n times over (each copy
// a call of its own), and its detailed verdict.
func manyEvents(t testing.TB, id string, n int) (*Prepared, Verdict, []any) {
	c := loadCase(t, id)
	p := prepare(t, c)
	ref := reference(t, c)
	var evs []any
	for k := 0; len(evs) < n; k++ {
		for _, e := range copyEvents(ref) {
			obj(e).Set("call_id", fmt.Sprintf("c%d_%d", k, len(evs)))
			evs = append(evs, e)
		}
	}
	ep := withEvents(ref, evs)
	return p, p.Score(ep, SafeAct, true), evs
}

// TestExplainChainManyEvents: the chain gave each event the detail's facts, checkpoints
// and invalid-read reason by scanning those lists once per event, which for a record of
// 100,000 events (a looping agent) took 76 s where scoring took 0.3 s. They are indexed by
// event once; each event still gets its own facts in ledger order, its checkpoints and
// reason, and no other event's.
func TestExplainChainManyEvents(t *testing.T) {
	c := loadCase(t, "SAB-V1-001")
	_, v, evs := manyEvents(t, "SAB-V1-001", 3000)
	d := v.Detail
	if len(d.Ledger) < 2 {
		t.Fatalf("%d ledger facts: the test needs facts to place", len(d.Ledger))
	}
	x := Explain(c, withEvents(reference(t, c), evs), SafeAct, v)
	if len(x.Chain) != len(evs) {
		t.Fatalf("%d chain events for %d events", len(x.Chain), len(evs))
	}
	facts, cps := 0, 0
	for i, ce := range x.Chain {
		var want []string
		for _, f := range d.Ledger {
			if f.EventIndex == i {
				want = append(want, string(JSONText(f.Fact)))
			}
		}
		if len(ce.Facts) != len(want) {
			t.Fatalf("event %d: %d facts, want %d", i, len(ce.Facts), len(want))
		}
		for j := range want {
			if string(ce.Facts[j].Fact) != want[j] {
				t.Errorf("event %d fact %d: %s, want %s", i, j, ce.Facts[j].Fact, want[j])
			}
		}
		for _, cp := range ce.Checkpoints {
			if cp.Event != i {
				t.Errorf("event %d holds the checkpoint of event %d", i, cp.Event)
			}
		}
		facts, cps = facts+len(ce.Facts), cps+len(ce.Checkpoints)
		if ce.Facts == nil || ce.Checkpoints == nil {
			t.Errorf("event %d: nil facts or checkpoints (JSON null, not [])", i)
		}
	}
	if facts != len(d.Ledger) || cps != len(d.Checkpoints) {
		t.Errorf("chain holds %d facts and %d checkpoints, the detail %d and %d", facts, cps, len(d.Ledger), len(d.Checkpoints))
	}
	invalid := 0
	for _, ce := range x.Chain {
		if ce.Invalid != "" {
			invalid++
		}
	}
	if want := len(d.InvalidInfoCalls); invalid > want {
		t.Errorf("%d events said invalid, the detail lists %d", invalid, want)
	}
}

// BenchmarkExplainChainManyEvents explains a record of 100,000 events: linear in them.
func BenchmarkExplainChainManyEvents(b *testing.B) {
	c := loadCase(b, "SAB-V1-001")
	_, v, evs := manyEvents(b, "SAB-V1-001", 100_000)
	ep := withEvents(reference(b, c), evs)
	for b.Loop() {
		Explain(c, ep, SafeAct, v)
	}
}
