package oracle

import "github.com/sabench/sabench-stats/ingest/jsonv"

// specText is the canonical JSON of one of the case spec's objects (a ledger fact, a
// requirement's condition) for Detail, computed once per object: facts and conditions are
// the spec's own objects (never copies, never changed after Prepare), so every episode of
// the case would otherwise render the same objects again. Every episode also gets the same
// string, which the viewer's string dictionary then matches by pointer instead of
// comparing its bytes.
func (p *Prepared) specText(o *jsonv.Object) string {
	if s, ok := p.specTexts.Load(o); ok {
		return s.(string)
	}
	// The map keeps o alive, so its address cannot come back as another object.
	s, _ := p.specTexts.LoadOrStore(o, string(jsonv.Canonical(o, false)))
	return s.(string)
}
