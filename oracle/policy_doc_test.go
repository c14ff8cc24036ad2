package oracle

import (
	"testing"

	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// TestPolicyDocExamples: the one-episode examples of docs/policies.md, each a real case's
// reference episode with one edit, scored under every preset. The doc's table is this
// test's want column (ECS pass "1", fail "0", in the order of Presets).
func TestPolicyDocExamples(t *testing.T) {
	type example struct {
		name string
		c    string
		edit func(*testing.T, *casespec.Case, []any) (*casespec.Case, []any)
		want string
	}
	examples := []example{
		{"binding: preview of the other charge", "SAB-V1-001", func(t *testing.T, c *casespec.Case, evs []any) (*casespec.Case, []any) {
			c.Spec = jsonv.DeepCopy(c.Spec).(*jsonv.Object)
			rules, _ := c.Spec.List("evidence_rules")
			rules = append(rules, mustParse(t, `{"tool":"refund_preview","args_match":{"amount":119.0,"charge_id":"ch_90A1"},
				"facts":[{"predicate":"refund_preview","charge_id":"ch_90A1","amount":119.0,"status":"approved"}]}`))
			c.Spec.Set("evidence_rules", rules)
			req, _ := c.Spec.List("required_info_calls")
			obj(req[3]).Set("arguments", mustParse(t, `{"amount":119.0,"charge_id":"*"}`))
			setArg(evs[3], "charge_id", "ch_90A1")
			return c, evs
		}, "011110"},
		{"timing: the preview after the refund", "SAB-V1-001", func(_ *testing.T, c *casespec.Case, evs []any) (*casespec.Case, []any) {
			return c, move(evs, 3, 5)
		}, "000110"},
		{"coverage: the task-context read dropped", "SAB-V1-001", func(_ *testing.T, c *casespec.Case, evs []any) (*casespec.Case, []any) {
			return c, drop(evs, 4)
		}, "001110"},
		{"propagation: concrete ids instead of result references", "SAB-V2-001", func(t *testing.T, c *casespec.Case, evs []any) (*casespec.Case, []any) {
			obj(evs[6]).Set("result", mustParse(t, `{"archive_id":"ARCH-0001","receipt_id":"RCPT-1"}`))
			obj(evs[7]).Set("result", mustParse(t, `{"catalog_entry_id":"CAT-77","receipt_id":"RCPT-2"}`))
			setArg(evs[7], "archive_id", "ARCH-0001")
			setArg(evs[8], "slots.archive_id", "ARCH-0001")
			setArg(evs[8], "slots.catalog_entry_id", "CAT-77")
			return c, evs
		}, "010110"},
		{"order: a V3 child before its parent", "SAB-V3-001", func(_ *testing.T, c *casespec.Case, evs []any) (*casespec.Case, []any) {
			return c, move(evs, 3, 2)
		}, "000110"},
		{"coverage_at: a V2 control read after the second step", "SAB-V2-016", func(_ *testing.T, c *casespec.Case, evs []any) (*casespec.Case, []any) {
			return c, move(evs, 3, 7)
		}, "111110"},
	}
	for _, ex := range examples {
		c := loadCase(t, ex.c)
		ref := reference(t, c)
		c2, evs := ex.edit(t, c, copyEvents(ref))
		p := prepare(t, c2)
		got := ""
		for _, pol := range Presets {
			v := scoreEvents(t, p, ref, evs, pol)
			got += ecsDigit(v.ECS())
		}
		if got != ex.want {
			t.Errorf("%s (%s): ECS under %v = %s, want %s", ex.name, ex.c, PresetNames(), got, ex.want)
		}
	}
	// non_action: a V0 episode that investigates fully and stops with the wrong label.
	c := loadCase(t, "SAB-V0-001")
	p := prepare(t, c)
	ref := reference(t, c)
	bad := withEvents(ref, copyEvents(ref))
	bad.Record.Set("terminal", jsonv.NewObject("type", "NO_ACTION", "outcome", "BLOCK"))
	got := ""
	for _, pol := range Presets {
		v := p.Score(bad, pol, false)
		got += ecsDigit(v.ECS())
	}
	if want := "011110"; got != want {
		t.Errorf("non_action: wrong V0 stop label: ECS under %v = %s, want %s", PresetNames(), got, want)
	}

	// confirmation (cases with action rules): τ-bench airline task 45, trial 0 of the shared
	// gpt-4o file (reward 1), hand-labelled "write with no confirmation": the agent sends a
	// certificate after the user's "And yes, I'm definitely looking for compensation", an
	// answer to another question, not a yes to the listed action.
	prep, eps := tauAirline(t)
	ep := eps[[2]int{45, 0}]
	got = ""
	for _, name := range []string{"tau-strict", "tau-lenient", "tau-reads", "tau-bench"} {
		v := prep[ep.CaseID].Score(ep, tauPolicy(t, name), false)
		got += ecsDigit(v.ECS())
	}
	if want := "0111"; got != want {
		t.Errorf("confirmation: τ-bench airline task 45 trial 0: ECS under tau-strict, tau-lenient, tau-reads, tau-bench = %s, want %s", got, want)
	}
}

func ecsDigit(ok bool) string {
	if ok {
		return "1"
	}
	return "0"
}
