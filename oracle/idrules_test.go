package oracle

import (
	"slices"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// TestIDRuleWarnings: the evaluator applies its comparison normalizations and equivalent
// references by case id, so a bench's renamed copy of such a case was scored without them
// and validate said nothing (it named only the stateful pair); nor of a listed id whose case
// no longer has what its rule acts on. Each case below is a real case edited in one place.
func TestIDRuleWarnings(t *testing.T) {
	edit := func(id string, f func(o *jsonv.Object)) *casespec.Case {
		c := loadCase(t, id)
		c.Spec = jsonv.DeepCopy(c.Spec).(*jsonv.Object)
		f(c.Spec)
		return c
	}
	keyTool := func(tool string) func(o *jsonv.Object) {
		return func(o *jsonv.Object) {
			ka, _ := o.Obj("key_action_template")
			ka.Set("tool", tool)
		}
	}
	rename := func(id string, then func(o *jsonv.Object)) func(o *jsonv.Object) {
		return func(o *jsonv.Object) {
			o.Set("episode_id", id)
			if then != nil {
				then(o)
			}
		}
	}
	// SAB-V2-001's last commit as SAB-V2-003's send_resolution_reply, with a listed reference.
	refundRef := func(o *jsonv.Object) {
		wf, _ := o.List("workflow")
		cm := wf[len(wf)-1].(*jsonv.Object)
		cm.Set("commit_id", "send_resolution_reply")
		args, _ := cm.Obj("arguments")
		slots, _ := args.Obj("slots")
		slots.Set("refund_ref", "result:issue_duplicate_refund.refund_id")
	}
	for _, tc := range []struct {
		name string
		c    *casespec.Case
		want string // "": no warning
	}{
		{"real V1", loadCase(t, "SAB-V1-001"), ""},
		{"matter message elsewhere", edit("SAB-V1-001", keyTool("send_template_message")),
			"case SAB-V1-001 has a V1 key_action_template of send_template_message, as SAB-V1-025 has, but the evaluator gives the matter-message comparison"},
		{"matter message at home", edit("SAB-V1-001", rename("SAB-V1-092", keyTool("send_template_message"))), ""},
		{"matter id without its action", edit("SAB-V1-001", rename("SAB-V1-092", nil)),
			"case SAB-V1-092 has the id of a released case the evaluator gives the matter-message comparison"},
		{"fee waiver elsewhere", edit("SAB-V1-001", keyTool("fee_waiver_apply")), "as SAB-V1-014 has"},
		{"window group elsewhere", edit("SAB-V1-001", keyTool("window_group_close")), "as SAB-V1-067 has"},
		{"real V2", loadCase(t, "SAB-V2-001"), ""},
		{"equivalent reference elsewhere", edit("SAB-V2-001", refundRef),
			"case SAB-V2-001 has a V2 workflow commit whose argument holds one of the listed references, as SAB-V2-003 has"},
		{"equivalent reference at home", edit("SAB-V2-001", rename("SAB-V2-003", refundRef)), ""},
		{"equivalence id without its reference", edit("SAB-V2-001", rename("SAB-V2-003", nil)),
			"case SAB-V2-003 has the id of a released case the evaluator gives equivalent result references"},
		{"fee waiver V2 id without its commit", edit("SAB-V2-001", rename("SAB-V2-094", nil)),
			"case SAB-V2-094 has the id of a released case the evaluator gives the fee-waiver comparison"},
		{"real stateful", loadCase(t, "SAB-V2-018"), ""},
		{"stateful elsewhere", edit("SAB-V2-018", rename("ACME-SH-01", nil)),
			"case ACME-SH-01 declares v2_sauna_refresh_v1, but the evaluator projects re-observed evidence only for SAB-V2-018 (v2_sauna_refresh_v1) and SAB-V2-020 (v2_appointment_refresh_v1)"},
		{"stateful id without its protocol", edit("SAB-V2-018", func(o *jsonv.Object) {
			m, _ := o.Obj("metadata")
			m.Delete("stateful_observation_protocol")
		}), "case SAB-V2-018 has the id of a released case the evaluator gives the re-observed evidence projection, but not metadata.stateful_observation_protocol v2_sauna_refresh_v1"},
	} {
		got := IDRuleWarnings(&casespec.Bench{Cases: []*casespec.Case{tc.c}})
		var msgs []string
		for _, p := range got {
			msgs = append(msgs, p.Msg)
		}
		switch {
		case tc.want == "" && len(got) > 0:
			t.Errorf("%s: warned %q", tc.name, msgs)
		case tc.want != "" && (len(got) != 1 || !slices.ContainsFunc(msgs, func(m string) bool { return strings.Contains(m, tc.want) })):
			t.Errorf("%s: warnings %q, want one with %q", tc.name, msgs, tc.want)
		}
	}
}
