package oracle

import (
	"testing"
	"unsafe"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/synth"
)

// Every fact a ledger lists is one rendered once for its case (keepFactTexts, on the first
// detail asked for): a fact source it missed would be rendered again by each episode, which
// this catches as a string that is not the kept one. Checked on the real cases' reference
// episodes (the stateful phases among them) and on a stride through the built-in release,
// under every preset.
func TestLedgerFactsAreRenderedOncePerCase(t *testing.T) {
	t.Parallel() // CPU-bound
	detail := make([]bool, len(manyPolicies))
	for i := range detail {
		detail[i] = true
	}
	facts := 0
	check := func(p *Prepared, ep *ingest.Episode) {
		vs := p.ScoreMany(p.Identity(ep), ep, manyPolicies, detail, nil)
		kept := map[*byte]bool{}
		for _, s := range p.factTexts {
			kept[unsafe.StringData(s)] = true
		}
		for _, v := range vs {
			for _, f := range v.Detail.Ledger {
				facts++
				if !kept[unsafe.StringData(f.Fact)] {
					t.Fatalf("%s: ledger fact %s was not rendered once for its case", ep.RunID, f.Fact)
				}
			}
		}
	}
	for _, id := range allCaseIDs(t) {
		c := loadCase(t, id)
		check(prepare(t, c), reference(t, c))
	}
	rel, err := synth.Default()
	if err != nil {
		t.Fatal(err)
	}
	preps := map[string]*Prepared{}
	for _, c := range rel.Cases {
		preps[c.ID] = prepare(t, c)
	}
	for i := 0; i < len(rel.Episodes); i += 23 {
		if p := preps[rel.Episodes[i].CaseID]; p != nil {
			check(p, rel.Episodes[i])
		}
	}
	if facts < 10000 {
		t.Fatalf("only %d ledger facts checked", facts)
	}
}
