package oracle

import "github.com/sabench/sabench-stats/ingest/jsonv"

// factText is the canonical JSON of a ledger fact for Detail, computed once per object: a
// fact is one of the case spec's own objects (never a copy, never changed after Prepare),
// so every episode of the case that reads it would otherwise render it again. Every
// episode also gets the same string, which the viewer's string dictionary then matches by
// pointer instead of comparing its bytes.
func (p *Prepared) factText(o *jsonv.Object) string {
	if s, ok := p.factTexts.Load(o); ok {
		return s.(string)
	}
	// The map keeps o alive, so its address cannot come back as another object.
	s, _ := p.factTexts.LoadOrStore(o, string(jsonv.Canonical(o, false)))
	return s.(string)
}
