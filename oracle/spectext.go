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

// keepFactTexts renders every fact a ledger can hold (eachFactList) and the requirements'
// supported_if_all conditions, which Detail lists when unmet.
func (p *Prepared) keepFactTexts() {
	p.factTexts = map[*jsonv.Object]string{}
	keep := func(o *jsonv.Object) {
		if _, ok := p.factTexts[o]; !ok {
			p.factTexts[o] = canonicalText(o)
		}
	}
	p.eachFactList(func(fs []specFact) {
		for _, f := range fs {
			keep(f.obj)
		}
	})
	p.eachRequirement(func(r *requirement) {
		if r == nil {
			return
		}
		for _, c := range r.supported.conds {
			if c.obj != nil {
				keep(c.obj)
			}
		}
	})
}
