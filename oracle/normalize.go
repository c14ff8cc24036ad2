package oracle

import (
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// The evaluator's hard-coded per-case comparison normalizations, taken
// from env/tools/evaluate_workspace.py (single_commit_comparison_action,
// fee_waiver_comparison_action, matter_message_comparison_action and
// V2_EQUIVALENT_RESULT_REFERENCES). They change a comparison copy of the action only. Which
// case gets which is the list idRules (idrules.go).

func inStrings(l []string, v any) bool {
	s, ok := v.(string)
	if !ok {
		return false
	}
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// comparisonArgs is single_commit_comparison_action for V1: it returns the arguments to
// compare (a copy when normalized) and a collection error, if any.
func comparisonArgs(rule ruleKind, tool string, args *jsonv.Object, tmplTool string, tmplArgs *jsonv.Object) (*jsonv.Object, string) {
	switch {
	case rule == ruleMatterMessage:
		return matterMessageComparison(tool, args, tmplTool, tmplArgs)
	case rule == ruleFeeWaiverV1:
		return feeWaiverComparison(tool, args, tmplTool, tmplArgs)
	case rule == ruleWindowGroup && tool == "window_group_close" && tmplTool == "window_group_close":
		return windowGroupComparison(args, tmplArgs)
	}
	return args, ""
}

func validFeeIDs(v any) ([]any, bool) {
	l, ok := v.([]any)
	if !ok || len(l) == 0 {
		return nil, false
	}
	seen := map[string]bool{}
	for _, x := range l {
		s, ok := x.(string)
		if !ok || s == "" || seen[s] {
			return nil, false
		}
		seen[s] = true
	}
	return l, true
}

func feeWaiverComparison(tool string, args *jsonv.Object, tmplTool string, tmplArgs *jsonv.Object) (*jsonv.Object, string) {
	if tool != "fee_waiver_apply" || tmplTool != "fee_waiver_apply" {
		return args, ""
	}
	av, _ := args.Get("fee_ids")
	ev, _ := tmplArgs.Get("fee_ids")
	a, okA := validFeeIDs(av)
	e, okE := validFeeIDs(ev)
	same := okA && okE && len(a) == len(e)
	if same {
		for _, x := range a {
			if !containsItem(e, x) {
				same = false
			}
		}
	}
	if !same {
		return args, "fee waiver must contain exactly the eligible unique fee IDs"
	}
	c := args.Clone()
	c.Set("fee_ids", append([]any(nil), e...))
	return c, ""
}

// matterFields extracts (matter_id, template_id, recipient) from one of the three declared
// shapes, or reports that the shape is not declared.
func matterFields(a *jsonv.Object) ([3]string, bool) {
	var out [3]string
	if a == nil {
		return out, false
	}
	keys := map[string]bool{}
	for _, k := range a.Keys {
		keys[k] = true
	}
	has := func(ks ...string) bool {
		if len(keys) != len(ks) {
			return false
		}
		for _, k := range ks {
			if !keys[k] {
				return false
			}
		}
		return true
	}
	var vals [3]any
	switch {
	case has("matter_id", "template_id", "to"):
		vals[0], _ = a.Get("matter_id")
		vals[1], _ = a.Get("template_id")
		vals[2], _ = a.Get("to")
	case has("slots", "template_id", "to"), has("slots", "template_id", "recipient_id"):
		slots, ok := a.Obj("slots")
		if !ok || slots.Len() != 1 || !slots.Has("matter_id") {
			return out, false
		}
		vals[0], _ = slots.Get("matter_id")
		vals[1], _ = a.Get("template_id")
		if keys["to"] {
			vals[2], _ = a.Get("to")
		} else {
			vals[2], _ = a.Get("recipient_id")
		}
	default:
		return out, false
	}
	for i, v := range vals {
		s, ok := v.(string)
		if !ok {
			return out, false
		}
		out[i] = s
	}
	return out, true
}

func matterMessageComparison(tool string, args *jsonv.Object, tmplTool string, tmplArgs *jsonv.Object) (*jsonv.Object, string) {
	if tool != "send_template_message" || tmplTool != "send_template_message" {
		return args, ""
	}
	actual, okA := matterFields(args)
	_, okE := matterFields(tmplArgs)
	if !okA || !okE {
		return args, "matter message must use a declared exact structured argument shape"
	}
	if tmplArgs.Has("matter_id") {
		return jsonv.NewObject("matter_id", actual[0], "template_id", actual[1], "to", actual[2]), ""
	}
	rk := "recipient_id"
	if tmplArgs.Has("to") {
		rk = "to"
	}
	return jsonv.NewObject("slots", jsonv.NewObject("matter_id", actual[0]), "template_id", actual[1], rk, actual[2]), ""
}

func windowPairs(a *jsonv.Object) (map[string]int64, []string, bool) {
	if a == nil {
		return nil, nil, false
	}
	m, ok1 := a.List("member_device_ids")
	v, ok2 := a.List("expected_versions")
	if !ok1 || !ok2 || len(m) == 0 || len(m) != len(v) {
		return nil, nil, false
	}
	out := map[string]int64{}
	var order []string
	for i, x := range m {
		s, ok := x.(string)
		if !ok || s == "" {
			return nil, nil, false
		}
		if _, dup := out[s]; dup {
			return nil, nil, false
		}
		n, ok := v[i].(int64) // type(version) is int: booleans and floats are rejected
		if !ok {
			return nil, nil, false
		}
		out[s] = n
		order = append(order, s)
	}
	return out, order, true
}

func windowGroupComparison(args *jsonv.Object, tmplArgs *jsonv.Object) (*jsonv.Object, string) {
	ap, _, okA := windowPairs(args)
	ep, order, okE := windowPairs(tmplArgs)
	same := okA && okE && len(ap) == len(ep)
	if same {
		for k, v := range ep {
			if av, ok := ap[k]; !ok || av != v {
				same = false
			}
		}
	}
	if !same {
		return args, "window group must contain the exact unique device/version pairs"
	}
	c := args.Clone()
	members := make([]any, len(order))
	versions := make([]any, len(order))
	for i, k := range order {
		members[i] = k
		versions[i] = ap[k]
	}
	c.Set("member_device_ids", members)
	c.Set("expected_versions", versions)
	return c, ""
}
