package oracle

import "github.com/sabench/sabench-stats/ingest/jsonv"

// specText is the canonical JSON of a ledger fact for Detail. Facts are the spec's own
// objects (never copies, never changed after Prepare), so their texts are rendered once, at
// Prepare (factTexts), rather than by every episode of the case; every episode also gets
// the same string, which the viewer then keeps without a copy. A plain map, read-only
// after Prepare, is read without the synchronisation a lazily filled one needs (a
// sync.Map here cost 1.6 CPU-s in report at synth --scale 50). An object Prepare did not
// see is rendered each time.
func (p *Prepared) specText(o *jsonv.Object) string {
	if s, ok := p.factTexts[o]; ok {
		return s
	}
	return canonicalText(o)
}

func canonicalText(o *jsonv.Object) string { return string(jsonv.Canonical(o, false)) }

// keepFactTexts renders every fact a ledger can hold: the evidence rules', the frozen
// deltas' (with the stateful phases' projections) and the commits' postconditions.
func (p *Prepared) keepFactTexts() {
	p.factTexts = map[*jsonv.Object]string{}
	keep := func(fs []*jsonv.Object) {
		for _, f := range fs {
			if _, ok := p.factTexts[f]; !ok {
				p.factTexts[f] = canonicalText(f)
			}
		}
	}
	keepSpec := func(fs []specFact) {
		for _, f := range fs {
			keep([]*jsonv.Object{f.obj})
		}
	}
	for i := range p.spec.EvidenceRules {
		keep(p.spec.EvidenceRules[i].Facts)
	}
	for _, d := range p.deltas {
		keepSpec(d.facts)
	}
	for _, v := range p.phases {
		for _, d := range v.over {
			keepSpec(d.facts)
		}
	}
	for _, fs := range p.postFacts {
		keepSpec(fs)
	}
}
