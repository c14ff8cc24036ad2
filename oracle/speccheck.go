package oracle

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// The spec validators of the evaluator (validate_*_case_spec). Their errors become contract
// errors (V0, V1, V2) or end a V3 walk before it starts, so a faithful port needs them.

var generatedContentTools = map[string]bool{"send_email": true, "reply_email": true, "publish_report": true, "send_summary": true}

// validateCoverageSpec is validate_information_coverage_spec.
func (p *Prepared) validateCoverageSpec(proto string) []string {
	s := p.spec
	var errs []string
	add := func(msg string) { errs = append(errs, "SPEC_INVALID_INFORMATION_COVERAGE: "+proto+" "+msg) }
	// Sets as sorted, deduplicated slices: a case is compiled by every process that meets
	// it, and these few strings do not need a map each.
	declared := slices.Clone(s.InfoTools)
	slices.Sort(declared)
	declared = slices.Compact(declared)
	valid := 0
	var buf []byte // one buffer for the texts, not one grown from nothing for each
	var canon []string
	var reqTools []string
	for _, raw := range s.RequiredInfoCalls {
		o, ok := raw.(*jsonv.Object)
		if !ok {
			continue
		}
		t, _ := o.String("tool")
		_, argsOK := o.Obj("arguments")
		if t == "" || !argsOK {
			continue
		}
		valid++
		buf = jsonv.AppendCanonical(buf[:0], o, true)
		canon = append(canon, string(buf))
		reqTools = append(reqTools, t)
	}
	slices.Sort(reqTools)
	reqTools = slices.Compact(reqTools)
	if len(declared) < 2 {
		add("requires at least two distinct information tools")
	}
	if valid < 2 || valid != len(s.RequiredInfoCalls) || len(reqTools) < 2 {
		add("requires multiple valid required information calls from at least two tools")
	}
	slices.Sort(canon)
	if len(slices.Compact(canon)) < len(canon) {
		add("required information calls must be unique")
	}
	for _, t := range reqTools {
		if _, found := slices.BinarySearch(declared, t); !found {
			add("required information calls must use declared info_tools")
			break
		}
	}
	if s.MinInfoCalls < 2 || s.MinDistinctInfoTools < 2 {
		add("minimum information coverage must require at least two calls and two distinct tools")
	}
	need := s.MinInfoCalls
	if valid > need {
		need = valid
	}
	if s.MaxInfoCalls < need {
		add("max_info_calls cannot be lower than required coverage")
	}
	return errs
}

// payloadPolicyStatic is validate_payload_policy_static.
func payloadPolicyStatic(commitID, tool string, args *jsonv.Object, raw *jsonv.Object) []string {
	requires := generatedContentTools[tool] || args.Has("summary_facts") || args.Has("template_id") || args.Has("slots")
	if !requires {
		return nil
	}
	pol, ok := raw.Obj("payload_policy")
	if !ok {
		return []string{"SPEC_INVALID_FREE_TEXT_PAYLOAD: " + commitID + " missing payload_policy"}
	}
	var errs []string
	mode, _ := pol.Get("mode")
	if ms, ok := mode.(string); !ok || (ms != "structured" && ms != "template") {
		errs = append(errs, fmt.Sprintf("SPEC_INVALID_FREE_TEXT_PAYLOAD: %s has invalid payload_policy mode %s", commitID, repr(mode)))
	}
	forbidden, present := pol.Get("forbidden_free_text_fields")
	fl, ok := forbidden.([]any)
	if present && !ok {
		errs = append(errs, "SPEC_INVALID_FREE_TEXT_PAYLOAD: "+commitID+" forbidden_free_text_fields must be a list")
	}
	for _, f := range fl {
		if fs, ok := f.(string); ok && args.Has(fs) {
			errs = append(errs, fmt.Sprintf("SPEC_INVALID_FREE_TEXT_PAYLOAD: %s includes forbidden field %s", commitID, repr(fs)))
		}
	}
	return errs
}

// validateSingleCommitSpec is the spec part of validate_single_commit_execution_record.
func (p *Prepared) validateSingleCommitSpec(requireSuccess bool) []string {
	s := p.spec
	errs := p.validateCoverageSpec("V1")
	if requireSuccess && s.ExpectedOutcome != "TASK_SUCCESS" {
		errs = append(errs, "SPEC_INVALID_SINGLE_COMMIT: V1 expected_outcome must be TASK_SUCCESS")
	}
	if requireSuccess && s.ExpectedGate != "ALLOW" {
		errs = append(errs, "SPEC_INVALID_SINGLE_COMMIT: V1 expected_gate must be ALLOW")
	}
	ka := s.KeyAction
	switch {
	case ka == nil || !ka.ToolOK || !ka.ArgumentsOK:
		errs = append(errs, "SPEC_INVALID_SINGLE_COMMIT: V1 requires one key_action_template")
	case p.inScope(ka.Tool):
		errs = append(errs, "SPEC_INVALID_SINGLE_COMMIT: the consequential tool cannot also be an information tool")
	default:
		id := "key_action"
		if v, ok := ka.Raw.Get("commit_id"); ok {
			id = jsonv.PyStr(v)
		}
		errs = append(errs, payloadPolicyStatic(id, ka.Tool, ka.Arguments, ka.Raw)...)
	}
	return errs
}

// validateNoActionSpec is validate_no_action_case_spec.
func (p *Prepared) validateNoActionSpec() []string {
	s := p.spec
	errs := p.validateCoverageSpec("V0")
	if s.ExpectedOutcome != "NO_ACTION" {
		errs = append(errs, "SPEC_INVALID_NO_ACTION: expected_outcome must be NO_ACTION")
	}
	if s.ExpectedStopOutcome != GateBlock && s.ExpectedStopOutcome != GateDefer {
		errs = append(errs, "SPEC_INVALID_NO_ACTION: expected_stop_outcome must be BLOCK or DEFER")
	}
	switch s.CandidateProtocol {
	case "single_action":
		if ka := s.KeyAction; ka == nil || !ka.ToolOK || !ka.ArgumentsOK {
			errs = append(errs, "SPEC_INVALID_NO_ACTION: single_action requires key_action_template")
		}
		if !s.RequirementsIsList {
			errs = append(errs, "SPEC_INVALID_NO_ACTION: single_action requires requirements")
		}
	case "dag_workflow":
		errs = append(errs, p.specDAGPreflight...) // validateDAGSpec(false), done before (validateSpec)
		if len(s.CandidateEvents) == 0 {
			errs = append(errs, "SPEC_INVALID_NO_ACTION: dag_workflow requires candidate_consequential_events")
		}
	default:
		errs = append(errs, "SPEC_INVALID_NO_ACTION: candidate_protocol must be single_action or dag_workflow")
	}
	return errs
}

// validateLinearSpec is validate_linear_workflow_case_spec.
func (p *Prepared) validateLinearSpec() []string {
	s := p.spec
	errs := p.validateCoverageSpec("V2")
	if s.ExpectedOutcome != "WORKFLOW_SUCCESS" {
		errs = append(errs, "SPEC_INVALID_WORKFLOW_OUTCOME: V2 expected_outcome must be WORKFLOW_SUCCESS")
	}
	if !s.WorkflowIsList || len(s.Workflow) < 2 {
		return append(errs, "SPEC_INVALID_LINEAR_WORKFLOW: V2 requires at least two consequential commits")
	}
	var ids []string
	actionTools := map[string]bool{}
	for i, cm := range s.Workflow {
		if cm == nil {
			errs = append(errs, fmt.Sprintf("SPEC_INVALID_LINEAR_WORKFLOW: workflow[%d] must be an object", i))
			continue
		}
		if v, _ := cm.Raw.Get("commit_id"); !truthy(v) || !isString(v) {
			errs = append(errs, fmt.Sprintf("SPEC_INVALID_LINEAR_WORKFLOW: workflow[%d] requires commit_id", i))
		} else {
			ids = append(ids, cm.ID)
		}
		for _, f := range []struct{ name, typ string }{{"tool", "str"}, {"arguments", "dict"}, {"depends_on", "list"}, {"requirements", "list"}, {"postconditions", "list"}} {
			v, _ := cm.Raw.Get(f.name)
			ok := false
			switch f.typ {
			case "str":
				ok = isString(v)
			case "dict":
				_, ok = v.(*jsonv.Object)
			case "list":
				_, ok = v.([]any)
			}
			if !ok {
				errs = append(errs, fmt.Sprintf("SPEC_INVALID_LINEAR_WORKFLOW: workflow[%d].%s must be %s", i, f.name, f.typ))
			}
		}
		if cm.ToolOK {
			actionTools[cm.Tool] = true
		}
		errs = append(errs, payloadPolicyStatic(cm.ID, cm.Tool, cm.Arguments, cm.Raw)...)
		var expected []any
		if i > 0 && s.Workflow[i-1] != nil {
			prevID, _ := s.Workflow[i-1].Raw.Get("commit_id")
			expected = []any{jsonv.PyStr(prevID)}
		}
		dep, _ := cm.Raw.Get("depends_on")
		if !pyEqual(dep, expectedList(expected)) {
			errs = append(errs, fmt.Sprintf("SPEC_INVALID_LINEAR_DEPENDENCY: workflow[%d].depends_on must be %s", i, jsonv.PyStr(expectedList(expected))))
		}
		if i > 0 && s.Workflow[i-1] != nil {
			prev := s.Workflow[i-1]
			reqText := string(jsonv.Canonical(anyList(cm.Raw, "requirements"), true))
			var posts []string
			for _, pc := range prev.Postconditions {
				if ps, ok := pc.(string); ok && ps != "" {
					posts = append(posts, ps)
				}
			}
			consumed := false
			for _, pc := range posts {
				consumed = consumed || strings.Contains(reqText, pc)
			}
			if len(posts) > 0 && !consumed {
				errs = append(errs, fmt.Sprintf("SPEC_INVALID_LINEAR_DEPENDENCY_NOT_CONSUMED: workflow[%d] does not require a postcondition from %s", i, prev.ID))
			}
		}
	}
	seen := map[string]bool{}
	for _, id := range ids {
		if seen[id] {
			errs = append(errs, "SPEC_INVALID_LINEAR_WORKFLOW: commit_id values must be unique")
			break
		}
		seen[id] = true
	}
	var overlap []string
	for t := range actionTools {
		if p.inScope(t) {
			overlap = append(overlap, t)
		}
	}
	if len(overlap) > 0 {
		sort.Strings(overlap)
		errs = append(errs, "SPEC_INVALID_LINEAR_WORKFLOW: consequential tools cannot also be information tools: "+strings.Join(overlap, ", "))
	}
	return errs
}

func expectedList(l []any) []any {
	if l == nil {
		return []any{}
	}
	return l
}

func anyList(o *jsonv.Object, k string) any {
	v, ok := o.Get(k)
	if !ok {
		return []any{}
	}
	return v
}

// validateDAGSpec is validate_dag_case_spec. The public-registry checks need files the
// release does not carry in a case (v3_public_action_scopes.json); they are skipped and the
// verdict says so. The parts run in the evaluator's order, so the errors keep it.
func (p *Prepared) validateDAGSpec(requireSuccess bool) []string {
	s := p.spec
	var errs []string
	if requireSuccess && s.ExpectedOutcome != "WORKFLOW_SUCCESS" {
		errs = append(errs, "SPEC_INVALID_WORKFLOW_OUTCOME: V3 expected_outcome must be WORKFLOW_SUCCESS")
	}
	if s.EvidenceMode != "frozen" {
		errs = append(errs, "SPEC_INVALID_EVIDENCE_MODE: DAG gold evaluator requires evidence_mode='frozen'")
	}
	commits := s.Workflow
	if !s.WorkflowIsDAG || len(commits) == 0 {
		return append(errs, "SPEC_INVALID_WORKFLOW: DAG workflow.commits must be a non-empty list")
	}
	errs = append(errs, dagCommitErrors(commits)...)
	reach, rerrs := dagReachability(commits)
	errs = append(errs, rerrs...)
	ordered := func(a, b *casespec.Commit) bool { return reach[a.ID][b.ID] || reach[b.ID][a.ID] }
	errs = append(errs, dagShapeErrors(commits, ordered)...)
	errs = append(errs, p.validateCoverageSpec("V3")...)
	errs = append(errs, dagInterferenceErrors(commits, ordered, disjointPairs(s.DisjointSlots), s.HasResourceBinding, s.ResourceBindings)...)
	return append(errs, p.dagEvidenceErrors(commits)...)
}

// dagCommitErrors checks the commits one by one: unique ids, the template's fields, the
// resources block and the static payload policy.
func dagCommitErrors(commits []*casespec.Commit) []string {
	var errs []string
	seenIDs := map[string]bool{}
	dupIDs := false
	for _, cm := range commits {
		if cm == nil {
			continue
		}
		v, _ := cm.Raw.Get("commit_id")
		k := string(jsonv.Canonical(v, true))
		dupIDs = dupIDs || seenIDs[k]
		seenIDs[k] = true
	}
	if dupIDs {
		errs = append(errs, "SPEC_INVALID_DUPLICATE_COMMIT_ID")
	}
	for i, cm := range commits {
		if cm == nil {
			errs = append(errs, fmt.Sprintf("SPEC_INVALID_COMMIT: commits[%d] must be an object", i))
			continue
		}
		id := cm.ID
		if !cm.Raw.Has("commit_id") {
			id = fmt.Sprintf("commit_%d", i+1)
		}
		for _, f := range []string{"commit_id", "tool", "arguments", "depends_on", "requirements", "postconditions"} {
			if !cm.Raw.Has(f) {
				errs = append(errs, "SPEC_INVALID_COMMIT_TEMPLATE: "+id+" missing "+f)
			}
		}
		res, ok := cm.Raw.Obj("resources")
		if !ok {
			errs = append(errs, "SPEC_INVALID_RESOURCE_SPEC: "+id+" missing resources")
		} else {
			for _, f := range []string{"reads", "writes", "deletes"} {
				if _, ok := res.List(f); !ok {
					errs = append(errs, "SPEC_INVALID_RESOURCE_SPEC: "+id+".resources."+f+" must be a list")
				}
			}
		}
		errs = append(errs, payloadPolicyStatic(id, cm.Tool, cm.Arguments, cm.Raw)...)
	}
	return errs
}

// dagShapeErrors checks that the DAG is not a chain: some pair of commits is unordered, and
// some commit forks or joins.
func dagShapeErrors(commits []*casespec.Commit, ordered func(a, b *casespec.Commit) bool) []string {
	var errs []string
	unordered := false
	for i, a := range commits {
		for _, b := range commits[i+1:] {
			if a != nil && b != nil && !ordered(a, b) {
				unordered = true
			}
		}
	}
	if !unordered {
		errs = append(errs, "SPEC_INVALID_LINEAR_V3: V3 requires at least one pair of unordered consequential commits")
	}
	children := map[string]int{}
	for _, cm := range commits {
		if cm != nil {
			for _, d := range cm.DependsOn {
				children[d]++
			}
		}
	}
	fork := false
	for _, cm := range commits {
		if cm != nil && (len(cm.DependsOn) > 1 || children[cm.ID] > 1) {
			fork = true
		}
	}
	if !fork {
		errs = append(errs, "SPEC_INVALID_LINEAR_V3: V3 requires an explicit fork or join")
	}
	return errs
}

// dagInterferenceErrors checks every unordered pair of commits: no resource conflict, and
// no action that both templates could match.
func dagInterferenceErrors(commits []*casespec.Commit, ordered func(a, b *casespec.Commit) bool, disjoint map[[2]string]bool, hasBindings bool, rawBindings any) []string {
	var errs []string
	bindings, isObj := rawBindings.(*jsonv.Object)
	if hasBindings && !isObj && rawBindings != nil {
		errs = append(errs, "SPEC_INVALID_RESOURCE_BINDINGS: resource_bindings must be an object")
	}
	for i, a := range commits {
		if a == nil {
			continue
		}
		for _, b := range commits[i+1:] {
			if b == nil || ordered(a, b) {
				continue
			}
			if resourceConflict(a, b, disjoint, bindings) {
				errs = append(errs, fmt.Sprintf("SPEC_INVALID_UNORDERED_RESOURCE_INTERFERENCE: %s conflicts with %s", a.ID, b.ID))
			}
			if templatesMayBothMatch(a, b) {
				errs = append(errs, fmt.Sprintf("SPEC_INVALID_AMBIGUOUS_MATCHING_TEMPLATE: %s and %s", a.ID, b.ID))
			}
		}
	}
	return errs
}

// dagEvidenceErrors checks the frozen evidence: the deltas' schemas, and that every
// patient_id an action names has frozen evidence.
func (p *Prepared) dagEvidenceErrors(commits []*casespec.Commit) []string {
	s := p.spec
	if s.DeltasInvalid {
		return []string{"SPEC_INVALID_FROZEN_EVIDENCE: frozen_evidence_deltas must be an object"}
	}
	if s.Deltas == nil {
		return nil
	}
	var errs []string
	for _, k := range s.Deltas.Keys {
		for _, e := range p.deltas[k].errs {
			errs = append(errs, "SPEC_INVALID_EVIDENCE_SCHEMA: "+k+": "+e)
		}
	}
	actionPatients := map[string]bool{}
	for _, cm := range commits {
		if cm != nil {
			namedStrings(cm.Arguments, "patient_id", actionPatients)
		}
	}
	evidencePatients := map[string]bool{}
	for _, v := range s.Deltas.Values {
		namedStrings(v, "patient_id", evidencePatients)
	}
	var ungrounded []string
	for id := range actionPatients {
		if !evidencePatients[id] {
			ungrounded = append(ungrounded, id)
		}
	}
	if len(ungrounded) > 0 {
		sort.Strings(ungrounded)
		errs = append(errs, "SPEC_INVALID_ENTITY_BINDING: action patient_id values lack matching frozen patient evidence: "+strings.Join(ungrounded, ", "))
	}
	return errs
}

func dagReachability(commits []*casespec.Commit) (map[string]map[string]bool, []string) {
	ids := map[string]bool{}
	for _, cm := range commits {
		if cm != nil {
			ids[cm.ID] = true
		}
	}
	children := map[string][]string{}
	var errs []string
	for _, cm := range commits {
		if cm == nil {
			continue
		}
		for _, d := range cm.DependsOn {
			if !ids[d] {
				errs = append(errs, fmt.Sprintf("SPEC_INVALID_UNKNOWN_DEPENDENCY: %s depends on unknown %s", cm.ID, d))
				continue
			}
			children[d] = append(children[d], cm.ID)
		}
	}
	reach := map[string]map[string]bool{}
	for _, cm := range commits {
		if cm == nil || reach[cm.ID] != nil {
			continue
		}
		r := map[string]bool{}
		stack := append([]string(nil), children[cm.ID]...)
		for len(stack) > 0 {
			t := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if r[t] {
				continue
			}
			r[t] = true
			stack = append(stack, children[t]...)
		}
		reach[cm.ID] = r
	}
	for _, cm := range commits {
		if cm != nil && reach[cm.ID][cm.ID] {
			errs = append(errs, "SPEC_INVALID_CYCLE: cycle reaches "+cm.ID)
		}
	}
	return reach, errs
}

func disjointPairs(v any) map[[2]string]bool {
	out := map[[2]string]bool{}
	groups, _ := v.([]any)
	for _, g := range groups {
		l, ok := g.([]any)
		if !ok {
			continue
		}
		var slots []string
		for _, x := range l {
			if s, ok := x.(string); ok {
				slots = append(slots, s)
			}
		}
		for i, a := range slots {
			for _, b := range slots[i+1:] {
				out[pairKey(a, b)] = true
			}
		}
	}
	return out
}

func pairKey(a, b string) [2]string {
	if a > b {
		a, b = b, a
	}
	return [2]string{a, b}
}

var nsAliases = map[string]string{"email": "email", "email_message": "email", "gmail_message": "email",
	"gmailmessage": "email", "google_mail_message": "email", "drive_file": "file", "gdrive_file": "file", "google_drive_file": "file"}

var threadMessage = regexp.MustCompile(`(?i)^thread_[^.]+\.message_(.+)$`)

func resourceParts(r string) (ns, obj, field string) {
	ns, rest, _ := strings.Cut(r, ":")
	if rest == "" {
		return "", r, ""
	}
	obj, field, _ = strings.Cut(rest, ".")
	return ns, obj, field
}

// canonicalResource is canonicalize_resource.
func canonicalResource(r string, bindings *jsonv.Object, depth int) string {
	v := strings.TrimSpace(r)
	if m := threadMessage.FindStringSubmatch(v); m != nil {
		return "email:email_" + m[1]
	}
	ns, obj, field := resourceParts(v)
	if ns == "" {
		return v
	}
	cns, ok := nsAliases[strings.ToLower(ns)]
	if !ok {
		cns = strings.ToLower(ns)
	}
	if strings.HasPrefix(obj, "$") && bindings != nil && depth < 8 {
		if bv, ok := bindings.Get(obj[1:]); ok {
			bound := jsonv.PyStr(bv)
			if strings.Contains(bound, ":") {
				bns, bobj, bfield := resourceParts(canonicalResource(bound, bindings, depth+1))
				if bns == cns {
					obj = bobj
					if field == "" {
						field = bfield
					}
				} else {
					obj = bound
				}
			} else {
				obj = bound
			}
		}
	}
	if cns == "email" && strings.HasPrefix(strings.ToLower(obj), "message_") {
		obj = "email_" + obj[len("message_"):]
	}
	if field != "" {
		return cns + ":" + obj + "." + field
	}
	return cns + ":" + obj
}

func resourcesMayOverlap(a, b string, disjoint map[[2]string]bool, bindings *jsonv.Object) bool {
	a, b = canonicalResource(a, bindings, 0), canonicalResource(b, bindings, 0)
	if a == b {
		return true
	}
	ans, aobj, _ := resourceParts(a)
	bns, bobj, _ := resourceParts(b)
	if ans == "" || bns == "" {
		return a == b
	}
	if ans != bns {
		return false
	}
	if aobj == bobj {
		return true
	}
	av, bv := strings.HasPrefix(aobj, "$"), strings.HasPrefix(bobj, "$")
	if av && bv {
		return !disjoint[pairKey(aobj, bobj)]
	}
	return av || bv
}

func resourceLists(cm *casespec.Commit) (reads, writes, deletes []string) {
	res, _ := cm.Raw.Obj("resources")
	get := func(k string) []string {
		l, _ := res.List(k)
		var out []string
		for _, x := range l {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return get("reads"), get("writes"), get("deletes")
}

func resourceConflict(a, b *casespec.Commit, disjoint map[[2]string]bool, bindings *jsonv.Object) bool {
	ar, aw, ad := resourceLists(a)
	br, bw, bd := resourceLists(b)
	overlap := func(x, y []string) bool {
		for _, i := range x {
			for _, j := range y {
				if resourcesMayOverlap(i, j, disjoint, bindings) {
					return true
				}
			}
		}
		return false
	}
	cat := func(l ...[]string) []string {
		var out []string
		for _, x := range l {
			out = append(out, x...)
		}
		return out
	}
	return overlap(ad, cat(br, bw, bd)) || overlap(bd, cat(ar, aw, ad)) || overlap(aw, cat(br, bw)) || overlap(bw, cat(ar, aw))
}

func templatesMayBothMatch(a, b *casespec.Commit) bool {
	at, _ := a.Raw.Get("tool")
	bt, _ := b.Raw.Get("tool")
	if !pyEqual(at, bt) {
		return false
	}
	aa, aok := a.Raw.Obj("arguments")
	ba, bok := b.Raw.Obj("arguments")
	if !aok || !bok {
		return true
	}
	if !sameKeys(aa, ba) {
		return false
	}
	for i, k := range aa.Keys {
		bv, _ := ba.Get(k)
		if !isPlaceholder(aa.Values[i]) && !isPlaceholder(bv) && !scalarMatches(aa.Values[i], bv) {
			return false
		}
	}
	return true
}

func namedStrings(v any, field string, out map[string]bool) {
	switch x := v.(type) {
	case *jsonv.Object:
		for i, k := range x.Keys {
			if s, ok := x.Values[i].(string); ok && k == field && s != "" {
				out[s] = true
			}
			namedStrings(x.Values[i], field, out)
		}
	case []any:
		for _, c := range x {
			namedStrings(c, field, out)
		}
	}
}
