package oracle

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
)

// FuzzScoreOrder reads an arbitrary JSONL line with the episode decoder and scores what it
// accepts against its case (or a real case chosen by which when it names none), under every
// preset: the same verdicts twice, after the other cases' reference episodes are scored in
// either order, and from a case prepared afresh.
func FuzzScoreOrder(f *testing.F) {
	ids := allCaseIDs(f)
	cases := map[string]*Prepared{}
	var refs []*ingest.Episode
	for i, id := range ids {
		c := loadCase(f, id)
		cases[id] = prepare(f, c)
		ref := reference(f, c)
		refs = append(refs, ref)
		f.Add(uint8(i), ingest.AppendEpisodeJSON(nil, ref))
	}
	f.Add(uint8(0), []byte(`{"config":"m/h","case_id":"SAB-V9-001","repeat":0,"record":{"events":[{"type":"INFO_CALL","tool":"x"}]}}`))
	f.Fuzz(func(t *testing.T, which uint8, line []byte) {
		path := filepath.Join(t.TempDir(), "f.jsonl")
		if err := os.WriteFile(path, line, 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := ingest.OpenEpisodes(path, ingest.ReadOptions{})
		if err != nil {
			return
		}
		ep, err := r.Next()
		r.Close()
		if err != nil {
			return
		}
		p := cases[ep.CaseID]
		if p == nil {
			p = cases[ids[int(which)%len(ids)]]
			ep.CaseID = p.c.ID
		}
		first := scoreAll(p, ep)
		others := func(order []*ingest.Episode) {
			for _, ref := range order {
				q := *ep
				q.CaseID = ref.CaseID
				for _, e := range []*ingest.Episode{ref, &q} {
					cases[ref.CaseID].ScoreMany(cases[ref.CaseID].Identity(e), e, Presets, nil, nil)
				}
			}
		}
		others(refs)
		sameVerdicts(t, "after the other cases", first, scoreAll(p, ep))
		back := slices.Clone(refs)
		slices.Reverse(back)
		others(back)
		sameVerdicts(t, "after the other cases backwards", first, scoreAll(p, ep))
		sameVerdicts(t, "prepared afresh", first, scoreAll(prepare(t, p.c), ep))
	})
}

// scoreAll scores ep under every preset, with and without detail, and under all of them
// at once.
func scoreAll(p *Prepared, ep *ingest.Episode) []Fields {
	var out []Fields
	for _, pol := range Presets {
		v := p.Score(ep, pol, true)
		v.Detail = nil
		w := p.Score(ep, pol, false)
		out = append(out, v.Fields(), w.Fields())
	}
	vs := p.ScoreMany(p.Identity(ep), ep, Presets, nil, nil)
	for i := range vs {
		out = append(out, vs[i].Fields())
	}
	return out
}

func sameVerdicts(t *testing.T, when string, a, b []Fields) {
	t.Helper()
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("%s, verdict %d changed:\n%+v\n%+v", when, i, a[i], b[i])
		}
	}
}
