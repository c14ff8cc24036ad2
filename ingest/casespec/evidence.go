package casespec

import (
	"fmt"
	"sort"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// checkEvidence compares the evidence files with the catalog entries they audit and
// records every disagreement in b.Warnings. The scoring reads the catalog entry; the
// evidence record is the audit trail, so a mismatch is a warning.
func (b *Bench) checkEvidence() {
	for _, id := range sortedKeys(b.Evidence) {
		b.Warnings = append(b.Warnings, checkCaseEvidence(b.Case(id), id, b.Evidence[id], b.evidenceSource(id, false))...)
	}
	for _, id := range sortedKeys(b.Materialized) {
		m := b.Materialized[id]
		src := b.evidenceSource(id, true)
		c := b.Case(id)
		if c == nil {
			b.Warnings = append(b.Warnings, ingest.Problem{File: src, Field: "case_id", Msg: fmt.Sprintf("unknown case id %q", id)})
			continue
		}
		md, _ := m.Obj("frozen_evidence_deltas")
		cd, _ := c.Spec.Obj("frozen_evidence_deltas")
		if md != nil && !jsonv.Equal(md, cd) {
			b.Warnings = append(b.Warnings, ingest.Problem{File: src, Field: "frozen_evidence_deltas",
				Msg: fmt.Sprintf("differs from the catalog entry of %s", id)})
		}
	}
}

func (b *Bench) evidenceSource(id string, materialized bool) string {
	switch {
	case b.Kind == BenchCheckout && !materialized:
		return b.Source + "/env/case_evidence.json#" + id
	case materialized:
		return "evidence/" + id + ".json"
	}
	return "evidence/" + id + ".case_evidence.json"
}

// checkCaseEvidence checks one case-scoped evidence record: the case exists with the
// same protocol and env_id, record_count matches, and, when the catalog entry has
// evidence rules or frozen deltas, every record's call (tool and arguments) is one it
// answers, through an evidence rule's args_match or a frozen delta key.
func checkCaseEvidence(c *Case, id string, ev *jsonv.Object, src string) []ingest.Problem {
	var probs []ingest.Problem
	bad := func(field, format string, a ...any) {
		probs = append(probs, ingest.Problem{File: src, Field: field, Msg: fmt.Sprintf(format, a...)})
	}
	if c == nil {
		bad("case_id", "unknown case id %q", id)
		return probs
	}
	if p, ok := ev.String("protocol"); ok && p != c.Protocol.String() {
		bad("protocol", "is %q, case %s is %s", p, id, c.Protocol)
	}
	if e, ok := ev.String("env_id"); ok && e != c.Domain {
		bad("env_id", "is %q, case %s is in %s", e, id, c.Domain)
	}
	records, _ := ev.List("records")
	if n, ok := ev.Get("record_count"); ok {
		if k, isInt := n.(int64); !isInt || int(k) != len(records) {
			bad("record_count", "is %v, records has %d", jsonv.PyStr(n), len(records))
		}
	}
	calls := map[string]bool{}
	rules, _ := c.Spec.List("evidence_rules")
	for _, r := range rules {
		ro, _ := r.(*jsonv.Object)
		tool, _ := ro.String("tool")
		args, _ := ro.Obj("args_match")
		calls[tool+":"+string(jsonv.Canonical(args, true))] = true
	}
	if d, ok := c.Spec.Obj("frozen_evidence_deltas"); ok {
		for _, k := range d.Keys {
			calls[k] = true
		}
	}
	if len(calls) == 0 {
		// Legacy catalog entries carry evidence_items, not rules or deltas: the record
		// is then the only statement of the calls, and there is nothing to compare.
		return probs
	}
	for i, r := range records {
		ro, ok := r.(*jsonv.Object)
		if !ok {
			bad(fmt.Sprintf("records[%d]", i), "must be an object")
			continue
		}
		tool, _ := ro.String("tool_name")
		args, _ := ro.Obj("arguments")
		if args == nil {
			args = &jsonv.Object{}
		}
		key := tool + ":" + string(jsonv.Canonical(args, true))
		if !calls[key] {
			bad(fmt.Sprintf("records[%d]", i), "call %s is not answered by case %s's evidence rules or frozen deltas", key, id)
		}
	}
	return probs
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
