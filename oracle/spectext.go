package oracle

import "github.com/sabench/sabench-stats/ingest/jsonv"

// specText is the canonical JSON of a ledger fact or a requirement's condition for Detail.
// Both are the spec's own objects (never copies, never changed after Prepare), so their
// texts are rendered once per case, by the first episode that asks for a detail
// (factTexts), rather than by every episode of the case; every episode also gets the same
// string, which the viewer then keeps without a copy. They are not rendered at Prepare:
// scoring without detail (score, each shard of a sharded run) never reads them, and
// rendering them was about 40% of Prepare's time. The map, filled once and read-only after,
// is read without the synchronisation a lazily filled map needs (a sync.Map here cost 1.6
// CPU-s in report at synth --scale 50). An object the case's spec does not list is rendered
// each time.
func (p *Prepared) specText(o *jsonv.Object) string {
	p.factTextsOnce.Do(p.keepFactTexts)
	if s, ok := p.factTexts[o]; ok {
		return s
	}
	return canonicalText(o)
}

func canonicalText(o *jsonv.Object) string { return string(jsonv.Canonical(o, false)) }

// keepFactTexts renders every fact a ledger can hold: the evidence rules', the frozen
// deltas' (with the stateful phases' projections) and the commits' postconditions; and the
// requirements' supported_if_all conditions, which Detail lists when unmet.
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
	keepReq := func(r *requirement) {
		for _, c := range r.supported.conds {
			if c.obj != nil {
				keep([]*jsonv.Object{c.obj})
			}
		}
	}
	for _, r := range p.topReqs {
		keepReq(r)
	}
	for _, l := range p.commitReqs {
		for _, dr := range l {
			if dr.req != nil {
				keepReq(dr.req)
			}
		}
	}
}
