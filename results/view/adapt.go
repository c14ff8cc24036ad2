package view

import (
	"fmt"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results"
)

// RowsOf is the part of a table whose first cell is key (a policy's rows of the policies
// table). The title names key as the cells show it (ingest.NameText): a policy "strict "
// was titled "Policies: strict", its blank lost at the end of the line.
func RowsOf(t *results.Table, key string) *results.Table {
	out := &results.Table{ID: t.ID, Title: t.Title + ": " + ingest.NameText(key), Columns: t.Columns, Notes: t.Notes}
	for _, r := range t.Rows {
		if len(r.Cells) > 0 {
			if s, ok := r.Cells[0].CellText(); ok && s == key {
				out.Rows = append(out.Rows, r)
			}
		}
	}
	return out
}

// CaseOf takes from a case's spec what the episode page shows: the workflow, the
// requirements' fact conditions and the evidence rules. A spec with problems gives what
// could be decoded (the oracle reports the problems in the verdicts).
func CaseOf(cs *casespec.Case) Case {
	vc := Case{ID: cs.ID, Protocol: cs.Protocol.Label(), Domain: cs.Domain}
	sp, _ := casespec.DecodeSpec(cs)
	if sp == nil {
		return vc
	}
	addReqs := func(list []any) {
		for _, r := range list {
			ro, ok := r.(*jsonv.Object)
			if !ok {
				continue
			}
			id := "unknown_requirement"
			if v, ok := ro.Get("requirement_id"); ok {
				id = jsonv.PyStr(v)
			}
			req := Requirement{ID: id}
			if l, ok := ro.List("supported_if_all"); ok {
				for _, cond := range l {
					req.Conditions = append(req.Conditions, string(jsonv.Canonical(cond, false)))
				}
			}
			vc.Requirements = append(vc.Requirements, req)
		}
	}
	addReqs(sp.Requirements)
	// Required reads, numbered as the oracle names them (required_info_call_01, …: the
	// position among the entries, objects or not).
	for i, raw := range sp.RequiredInfoCalls {
		o, ok := raw.(*jsonv.Object)
		if !ok {
			continue
		}
		req := Requirement{ID: fmt.Sprintf("required_info_call_%02d", i+1), Args: "{}"}
		if t, ok := o.Get("tool"); ok {
			req.Tool = jsonv.PyStr(t)
		}
		if a, ok := o.Get("arguments"); ok {
			req.Args = string(jsonv.Canonical(a, false))
		}
		vc.Requirements = append(vc.Requirements, req)
	}
	for _, cm := range sp.Workflow {
		if cm == nil {
			continue
		}
		vc.Workflow = append(vc.Workflow, Step{ID: cm.ID, Tool: cm.Tool, DependsOn: cm.DependsOn})
		addReqs(cm.Requirements)
	}
	// The reads the oracle takes facts from (rules or frozen deltas, by protocol), so that
	// what the page says establishes a missing fact is what the walk would read.
	if p, err := oracle.Prepare(cs); err == nil {
		vc.Other = p.OtherTools()
		for _, r := range p.EvidenceReads() {
			rule := Rule{Tool: r.Tool, Args: r.Args, After: r.After}
			for _, f := range r.Facts {
				rule.Facts = append(rule.Facts, string(jsonv.Canonical(f, false)))
			}
			vc.Rules = append(vc.Rules, rule)
		}
		return vc
	}
	for _, r := range sp.EvidenceRules {
		rule := Rule{Tool: r.Tool, Args: string(jsonv.Canonical(r.ArgsMatch, false))}
		for _, f := range r.Facts {
			rule.Facts = append(rule.Facts, string(jsonv.Canonical(f, false)))
		}
		vc.Rules = append(vc.Rules, rule)
	}
	return vc
}
