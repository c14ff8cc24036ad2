package oracle

import (
	"strings"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// EvidenceRead is one read a case's evidence answers: a call of Tool with Args establishes
// Facts. Args is the canonical JSON of the arguments (of a frozen key that names no JSON
// object, the key's text after the tool). After names the step that must have completed
// before the read for it to answer so (a stateful observation), "" when it answers so at
// any time.
type EvidenceRead struct {
	Tool  string
	Args  string
	Facts []*jsonv.Object
	After string
}

// EvidenceReads lists where the walk of the case's protocol finds facts: the evidence rules
// (V1, a V0 single-action preflight, V2 without frozen evidence) or the frozen deltas (V3,
// a frozen V2, a V0 DAG preflight), a stateful case's deltas as they read before and after
// the step that changes them. A case gated by action rules has none (its reads establish
// entities, not facts).
func (p *Prepared) EvidenceReads() []EvidenceRead {
	if p.spec == nil || p.rules != nil || p.c.Protocol == ingest.Legacy {
		return nil
	}
	fromDeltas := p.frozen && p.c.Protocol == ingest.V2 || p.c.Protocol == ingest.V3 ||
		p.c.Protocol == ingest.V0 && p.spec.CandidateProtocol == "dag_workflow"
	var out []EvidenceRead
	if !fromDeltas {
		for _, r := range p.spec.EvidenceRules {
			out = append(out, EvidenceRead{Tool: r.Tool, Args: string(jsonv.Canonical(r.ArgsMatch, false)), Facts: r.Facts})
		}
		return out
	}
	if p.spec.Deltas == nil {
		return nil
	}
	var before, after *phaseView
	producer := ""
	if p.stateful != statefulNone {
		before, after = p.phases[phaseKey(false, "")], p.phases[phaseKey(true, "")]
		if cfg := p.spec.StatefulObservation; cfg != nil {
			prod, _ := cfg.Get("after_commit")
			producer = jsonv.PyStr(prod)
		}
	}
	for _, k := range p.spec.Deltas.Keys {
		tool, rest, ok := strings.Cut(k, ":")
		if !ok || tool == "" {
			continue
		}
		args := rest
		if ao, err := jsonv.ParseObject([]byte(rest)); err == nil {
			args = string(jsonv.Canonical(ao, false))
		}
		read := func(d *delta, after string) {
			if d == nil || len(d.errs) > 0 {
				return
			}
			r := EvidenceRead{Tool: tool, Args: args, After: after}
			for _, f := range d.facts {
				r.Facts = append(r.Facts, f.obj)
			}
			out = append(out, r)
		}
		if before == nil || before.err != "" || before.over[k] == nil {
			read(p.deltas[k], "")
		} else {
			read(before.over[k], "")
		}
		if after != nil && after.err == "" && after.over[k] != nil && producer != "" {
			read(after.over[k], producer)
		}
	}
	return out
}
