package analysis

import (
	"bytes"
	"sort"
	"strings"

	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/oracle"
)

// lookedBeforeActing counts, among the episodes keep admits of variant cases that acted, those that had
// called an affected tool (see affectedTools) before their first attempt. ok is false when
// none of the episodes is on a variant case with an affected tool. unaffected lists, in
// order, the variant cases with acted episodes that have no affected tool or one the verdicts
// do not track (affectedMask 0), whose episodes are left out of both counts.
func (r *Release) lookedBeforeActing(vs []Record, keep Filter) (acted, looked int, ok bool, unaffected []string) {
	masks := map[uint32]uint64{} // by CaseKey, the interned case id
	left := map[string]bool{}
	for i := range vs {
		v := &vs[i]
		if !admits(keep, v) {
			continue
		}
		mask, seen := masks[v.CaseKey()]
		if !seen {
			mask = r.affectedMask(v.CaseID())
			masks[v.CaseKey()] = mask
		}
		if mask == 0 {
			if c := r.byID[v.CaseID()]; v.Attempted() && c != nil && c.Variant != "" {
				left[c.ID] = true
			}
			continue
		}
		ok = true
		if v.Attempted() {
			acted += v.weight()
			if v.ToolsBeforeAttempt()&mask != 0 {
				looked += v.weight()
			}
		}
	}
	return acted, looked, ok, sortedStrings(left)
}

// affectedMask is the oracle's ToolsBeforeAttempt mask of a variant case's affected tools
// (0 for a case that is not a variant or changes no evidence). It is 0 too when one of them
// has no bit (not among the first 64 of the case's info_tools): an episode that called only
// that tool before acting would count as not having looked, so the case is left out and
// named rather than counted wrong.
func (r *Release) affectedMask(id string) uint64 {
	c := r.byID[id]
	if c == nil || c.Variant == "" {
		return 0
	}
	base := r.byID[c.BaseID]
	if base == nil {
		return 0
	}
	p, err := oracle.Prepare(c)
	if err != nil {
		return 0
	}
	var mask uint64
	for _, t := range affectedTools(base, c) {
		bit := p.InfoToolBit(t)
		if bit == 0 {
			return 0
		}
		mask |= bit
	}
	return mask
}

// affectedTools lists the information tools whose evidence differs between a base case and
// its variant: an evidence rule or a frozen delta removed, added or with other facts. Every
// rule that matches a call adds its facts, so a tool's rules are compared as a whole (in any
// order), never one rule per tool and args_match: two rules may share both.
func affectedTools(base, variant *casespec.Case) []string {
	evidence := func(c *casespec.Case) map[string][]byte {
		m := map[string][]byte{}
		byTool := map[string][][]byte{}
		rules, _ := c.Spec.List("evidence_rules")
		for _, raw := range rules {
			rule, ok := raw.(*jsonv.Object)
			if !ok {
				continue
			}
			tool, _ := rule.String("tool")
			args, _ := rule.Get("args_match")
			facts, _ := rule.Get("facts")
			one := append(append(jsonv.Canonical(args, true), 0), jsonv.Canonical(facts, true)...)
			byTool[tool] = append(byTool[tool], one)
		}
		for tool, all := range byTool {
			sort.Slice(all, func(i, j int) bool { return bytes.Compare(all[i], all[j]) < 0 })
			m["rule\x00"+tool+"\x00"] = bytes.Join(all, []byte{1})
		}
		if deltas, ok := c.Spec.Obj("frozen_evidence_deltas"); ok {
			for i, k := range deltas.Keys {
				m["delta\x00"+k] = jsonv.Canonical(deltas.Values[i], true)
			}
		}
		return m
	}
	toolOf := func(k string) string {
		parts := strings.SplitN(k, "\x00", 3)
		if parts[0] == "rule" {
			return parts[1]
		}
		tool, _, _ := strings.Cut(parts[1], ":")
		return tool
	}
	a, b := evidence(base), evidence(variant)
	seen := map[string]bool{}
	var out []string
	add := func(k string) {
		if t := toolOf(k); t != "" && !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	for _, k := range sortedStrings(a) {
		if fb, ok := b[k]; !ok || !bytes.Equal(a[k], fb) {
			add(k)
		}
	}
	for _, k := range sortedStrings(b) {
		if _, ok := a[k]; !ok {
			add(k)
		}
	}
	return out
}

func sortedStrings[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
