package oracle

import (
	"testing"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// The hard-coded normalizations of evaluate_workspace.py.
func TestCaseNormalizations(t *testing.T) {
	o := func(s string) *jsonv.Object { return mustParse(t, s) }

	// SAB-V1-014/085: fee ids compared as an exact set.
	tmpl := o(`{"account_id":"A","fee_ids":["f1","f2"]}`)
	got, err := comparisonArgs(idRuleOf("SAB-V1-014").kind, "fee_waiver_apply", o(`{"account_id":"A","fee_ids":["f2","f1"]}`), "fee_waiver_apply", tmpl)
	if err != "" || !structuredMatches(got, tmpl) {
		t.Errorf("fee set: %v %q", jsonv.PyStr(got), err)
	}
	if _, err := comparisonArgs(idRuleOf("SAB-V1-014").kind, "fee_waiver_apply", o(`{"account_id":"A","fee_ids":["f1","f1","f2"]}`), "fee_waiver_apply", tmpl); err == "" {
		t.Error("duplicate fee id accepted")
	}
	// Not opted in: the order matters.
	if got, _ := comparisonArgs(idRuleOf("SAB-V1-015").kind, "fee_waiver_apply", o(`{"account_id":"A","fee_ids":["f2","f1"]}`), "fee_waiver_apply", tmpl); structuredMatches(got, tmpl) {
		t.Error("a case that does not opt in was normalized")
	}

	// SAB-V1-025/026/092/095: three shapes of send_template_message.
	tmplMsg := o(`{"slots":{"matter_id":"M1"},"template_id":"T","to":"x@y"}`)
	for _, shape := range []string{`{"matter_id":"M1","template_id":"T","to":"x@y"}`, `{"slots":{"matter_id":"M1"},"template_id":"T","to":"x@y"}`} {
		got, err := comparisonArgs(idRuleOf("SAB-V1-092").kind, "send_template_message", o(shape), "send_template_message", tmplMsg)
		if err != "" || !structuredMatches(got, tmplMsg) {
			t.Errorf("matter shape %s: %s %q", shape, jsonv.PyStr(got), err)
		}
	}
	if _, err := comparisonArgs(idRuleOf("SAB-V1-092").kind, "send_template_message", o(`{"matter_id":"M1","template_id":"T","to":"x@y","cc":"z"}`), "send_template_message", tmplMsg); err == "" {
		t.Error("undeclared matter shape accepted")
	}

	// SAB-V1-067: device/version pairs in any order.
	tmplWin := o(`{"group_id":"G","member_device_ids":["d1","d2"],"expected_versions":[3,4]}`)
	got, err = comparisonArgs(idRuleOf("SAB-V1-067").kind, "window_group_close", o(`{"group_id":"G","member_device_ids":["d2","d1"],"expected_versions":[4,3]}`), "window_group_close", tmplWin)
	if err != "" || !structuredMatches(got, tmplWin) {
		t.Errorf("window pairs: %s %q", jsonv.PyStr(got), err)
	}
	if _, err := comparisonArgs(idRuleOf("SAB-V1-067").kind, "window_group_close", o(`{"group_id":"G","member_device_ids":["d2","d1"],"expected_versions":[3,4]}`), "window_group_close", tmplWin); err == "" {
		t.Error("swapped versions accepted")
	}

	// V2 equivalent references: SAB-V2-003 accepts either receipt field of the refund.
	refs := idRuleOf("SAB-V2-003").refs
	n := 0
	for _, m := range refs {
		n += len(m)
	}
	if set := refs["SAB-V2-003"][[2]string{"send_resolution_reply", "arguments.slots.refund_ref"}]; len(set) != 2 ||
		!inStrings(set, "result:issue_duplicate_refund.receipt_id") || n != 8 {
		t.Errorf("equivalence table: %v (%d entries)", set, n)
	}
}
