package oracle

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// ruleKind is which of the evaluator's per-case rules a case id gets.
type ruleKind int

const (
	ruleNone           ruleKind = iota
	ruleMatterMessage           // V1: send_template_message compared in a declared shape
	ruleFeeWaiverV1             // V1: fee_waiver_apply's fee_ids compared as a set
	ruleWindowGroup             // V1: window_group_close's device/version pairs compared as a set
	ruleFeeWaiverV2             // V2: as ruleFeeWaiverV1, on the workflow's fee_waiver_apply commit
	ruleEquivalentRefs          // V2: listed result references accepted for one another
	ruleStateful                // V2: the phase projection of re-observed evidence
)

// idRule is one of the evaluator's rules that apply to released cases by case id (the
// spec's episode_id), with what of the case the rule acts on. The oracle applies a rule to
// its ids only, as the evaluator does; a bench's renamed copy of such a case is scored
// without it, which IDRuleWarnings names.
type idRule struct {
	kind ruleKind
	ids  []string
	what string // the rule, for the warning
	on   string // what of the spec the rule acts on, for the warning
	// tool is the comparison rules' tool: the V1 key action's or a V2 commit's.
	tool string
	// refs are ruleEquivalentRefs' accepted references, by case id, hidden commit id and
	// argument path.
	refs map[string]map[[2]string][]string
	// protocol is ruleStateful's metadata.stateful_observation_protocol and stateful its
	// projection (statefulSauna, statefulAppointment).
	protocol string
	stateful int
}

// idRules is the one list of the evaluator's id-keyed rules: the comparison normalizations
// (normalize.go) and the phase projections (stateful.go).
var idRules = []*idRule{
	{kind: ruleMatterMessage, ids: []string{"SAB-V1-025", "SAB-V1-026", "SAB-V1-092", "SAB-V1-095"},
		what: "the matter-message comparison (matter, template and recipient compared in any declared shape)",
		on:   "a V1 key_action_template of send_template_message", tool: "send_template_message"},
	{kind: ruleFeeWaiverV1, ids: []string{"SAB-V1-014", "SAB-V1-085"},
		what: "the fee-waiver comparison (fee_ids compared as a set)",
		on:   "a V1 key_action_template of fee_waiver_apply", tool: "fee_waiver_apply"},
	{kind: ruleWindowGroup, ids: []string{"SAB-V1-067"},
		what: "the window-group comparison (device/version pairs compared as a set)",
		on:   "a V1 key_action_template of window_group_close", tool: "window_group_close"},
	{kind: ruleFeeWaiverV2, ids: []string{"SAB-V2-094"},
		what: "the fee-waiver comparison (fee_ids compared as a set)",
		on:   "a V2 workflow commit of fee_waiver_apply", tool: "fee_waiver_apply"},
	{kind: ruleEquivalentRefs, ids: []string{"SAB-V2-003", "SAB-V2-071", "SAB-V2-081", "SAB-V2-083", "SAB-V2-088", "SAB-V2-104"},
		what: "equivalent result references (either of two result fields accepted for an argument)",
		on:   "a V2 workflow commit whose argument holds one of the listed references",
		refs: map[string]map[[2]string][]string{
			"SAB-V2-003": {
				{"send_resolution_reply", "arguments.slots.loyalty_adjustment_ref"}: {
					"result:restore_loyalty_points.loyalty_adjustment_id", "result:restore_loyalty_points.receipt_id"},
				{"send_resolution_reply", "arguments.slots.refund_ref"}: {
					"result:issue_duplicate_refund.refund_id", "result:issue_duplicate_refund.receipt_id"},
				{"close_support_ticket", "arguments.resolution_ref"}: {
					"result:issue_duplicate_refund.refund_id", "result:send_resolution_reply.receipt_id"}},
			"SAB-V2-071": {{"complete_household_control_receipt_archive", "arguments.control_operation_ref"}: {
				"result:perform_appliance_power_set.appliance_operation_id", "result:perform_appliance_power_set.receipt_id"}},
			"SAB-V2-081": {{"complete_household_control_receipt_archive", "arguments.power_transfer_ref"}: {
				"result:perform_power_source_transfer.power_transfer_id", "result:perform_power_source_transfer.receipt_id"}},
			"SAB-V2-083": {{"complete_household_control_receipt_archive", "arguments.control_operation_ref"}: {
				"result:perform_robotic_mower_start.mower_operation_id", "result:perform_robotic_mower_start.receipt_id"}},
			"SAB-V2-088": {{"complete_care_followup_task_create", "arguments.plan_activation_ref"}: {
				"result:perform_treatment_plan_activate.receipt_id", "result:perform_treatment_plan_activate.treatment_plan_activation_id"}},
			"SAB-V2-104": {{"archive_estate_advice_delivery_receipt", "arguments.advice_delivery_ref"}: {
				"result:perform_legal_advice_send.advice_delivery_id", "result:perform_legal_advice_send.receipt_id"}},
		}},
	{kind: ruleStateful, ids: []string{"SAB-V2-018"}, protocol: "v2_sauna_refresh_v1", stateful: statefulSauna,
		what: "the re-observed evidence projection", on: "metadata.stateful_observation_protocol v2_sauna_refresh_v1"},
	{kind: ruleStateful, ids: []string{"SAB-V2-020"}, protocol: "v2_appointment_refresh_v1", stateful: statefulAppointment,
		what: "the re-observed evidence projection", on: "metadata.stateful_observation_protocol v2_appointment_refresh_v1"},
}

// ruleByID is idRules by case id.
var ruleByID = func() map[string]*idRule {
	m := map[string]*idRule{}
	for _, r := range idRules {
		for _, id := range r.ids {
			m[id] = r
		}
	}
	return m
}()

// idRuleOf is the rule the case id gets: the zero rule (ruleNone) for most.
func idRuleOf(caseID string) *idRule {
	if r := ruleByID[caseID]; r != nil {
		return r
	}
	return &noRule
}

var noRule = idRule{}

// fits reports whether a spec has what the rule acts on: the comparison rules a V1 key
// action or a V2 commit of their tool; ruleEquivalentRefs a V2 commit of a listed id whose
// argument at a listed path is one of that path's references for case id, refs[id] (the
// rule replaces a reference only when the required one is in the set); ruleStateful a V2
// spec that declares its protocol.
func (r *idRule) fits(id string, s *casespec.Spec) bool {
	switch r.kind {
	case ruleMatterMessage, ruleFeeWaiverV1, ruleWindowGroup:
		return s.Protocol == ingest.V1 && s.KeyAction != nil && s.KeyAction.Tool == r.tool
	case ruleFeeWaiverV2:
		return s.Protocol == ingest.V2 && slices.ContainsFunc(s.Workflow, func(cm *casespec.Commit) bool { return cm != nil && cm.Tool == r.tool })
	case ruleEquivalentRefs:
		if s.Protocol != ingest.V2 {
			return false
		}
		for k, set := range r.refs[id] {
			for _, cm := range s.Workflow {
				if cm == nil || cm.ID != k[0] {
					continue
				}
				if v, ok := argAt(cm.Arguments, strings.TrimPrefix(k[1], "arguments.")); ok && inStrings(set, v) {
					return true
				}
			}
		}
	case ruleStateful:
		sp, _ := s.StatefulProtocol.(string)
		return s.Protocol == ingest.V2 && sp == r.protocol
	}
	return false
}

// argAt is the value at a dotted path of an argument object.
func argAt(o *jsonv.Object, path string) (any, bool) {
	var v any = o
	for _, k := range strings.Split(path, ".") {
		obj, ok := v.(*jsonv.Object)
		if !ok {
			return nil, false
		}
		if v, ok = obj.Get(k); !ok {
			return nil, false
		}
	}
	return v, true
}

// IDRuleWarnings warns of the cases the evaluator's id-keyed rules (idRules) score
// otherwise than their content suggests: a case that has what a rule acts on under an id
// the rule does not list (a bench's renamed copy of a released case), which is scored
// without the rule; a listed id whose case no longer has it, to which the rule does not
// apply; and a case that declares metadata.stateful_observation_protocol without getting
// its projection.
func IDRuleWarnings(b *casespec.Bench) []ingest.Problem {
	var out []ingest.Problem
	for _, c := range b.Cases {
		spec, probs := casespec.DecodeSpec(c)
		if len(probs) > 0 {
			continue
		}
		own := idRuleOf(spec.CaseID)
		if own.kind != ruleNone && !own.fits(spec.CaseID, spec) && own.kind != ruleStateful {
			out = append(out, ingest.Problem{File: c.Source, Field: "episode_id",
				Msg: fmt.Sprintf("case %s has the id of a released case the evaluator gives %s, but not %s: the rule does not apply to it", spec.CaseID, own.what, own.on)})
		}
		if truthy(spec.StatefulProtocol) && statefulOf(spec) == statefulNone {
			out = append(out, ingest.Problem{File: c.Source, Field: "metadata.stateful_observation_protocol",
				Msg: fmt.Sprintf("case %s declares %v, but the evaluator projects re-observed evidence only for %s: this case is scored without it (a read after the commit returns the frozen evidence as written, without the fields the projection adds)", spec.CaseID, spec.StatefulProtocol, statefulList())})
		} else if own.kind == ruleStateful && !own.fits(spec.CaseID, spec) {
			out = append(out, ingest.Problem{File: c.Source, Field: "metadata.stateful_observation_protocol",
				Msg: fmt.Sprintf("case %s has the id of a released case the evaluator gives %s, but not %s: the rule does not apply to it", spec.CaseID, own.what, own.on)})
		}
		for _, r := range idRules {
			if r.kind == ruleStateful || r == own && r.kind != ruleEquivalentRefs { // the declared protocol is named above
				continue
			}
			for _, id := range r.ids {
				if id != spec.CaseID && r.fits(id, spec) {
					out = append(out, ingest.Problem{File: c.Source, Field: "episode_id",
						Msg: fmt.Sprintf("case %s has %s, as %s has, but the evaluator gives %s by case id to %s only: this case is scored without it", spec.CaseID, r.on, id, r.what, strings.Join(r.ids, ", "))})
					break
				}
			}
		}
	}
	return out
}

// statefulList names the stateful rules' ids and protocols: "SAB-V2-018
// (v2_sauna_refresh_v1) and SAB-V2-020 (v2_appointment_refresh_v1)".
func statefulList() string {
	var l []string
	for _, r := range idRules {
		if r.kind == ruleStateful {
			l = append(l, fmt.Sprintf("%s (%s)", r.ids[0], r.protocol))
		}
	}
	return strings.Join(l, " and ")
}
