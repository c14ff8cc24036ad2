package casespec

import (
	"fmt"
	"math"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// Spec is the typed view of a case's hidden evaluation spec: every field the oracle reads,
// for every protocol. Values the evaluator compares (argument templates, facts,
// requirement conditions) stay jsonv values exactly as written, so 119 and 119.0 remain
// different where Python would see them as different.
type Spec struct {
	CaseID   string // episode_id (V0–V3) or scenario_id (Legacy)
	Protocol ingest.Protocol
	EnvID    string

	// Information scope and coverage (V0–V3).
	InfoTools            []string // non-empty string entries of info_tools, in order
	RequiredInfoCalls    []any    // raw entries; non-object entries keep their position
	MinInfoCalls         int      // 0 when absent or null
	MinDistinctInfoTools int      // 0 when absent or null
	MaxInfoCalls         int      // 0 when absent or null: no limit

	// Evidence.
	EvidenceMode   string // "frozen" or ""
	EvidenceScope  string // metadata.evidence_scope
	EvidenceRules  []EvidenceRule
	Deltas         *jsonv.Object // frozen_evidence_deltas; nil when absent
	DeltasInvalid  bool          // present but not an object
	EvidenceSchema any

	// Requirements and actions.
	Requirements       []any // top-level requirements (V0 single_action, V1)
	RequirementsIsList bool
	KeyAction          *ActionTemplate // key_action_template (V0 single_action, V1)
	Workflow           []*Commit       // V2 list, V3 workflow.commits, V0 DAG candidate workflow
	WorkflowIsList     bool            // workflow is a JSON list (V2 shape)
	WorkflowIsDAG      bool            // workflow is {"type":"dag", ...}
	WorkflowRaw        any
	CandidateProtocol  string // V0: single_action | dag_workflow
	CandidateEvents    []any  // V0 dag_workflow: candidate_consequential_events

	ExpectedOutcome          string
	ExpectedGate             string
	ExpectedStopOutcome      string
	ExpectedCompletedCommits []string
	HasExpectedCompleted     bool

	// Stateful re-observation (SAB-V2-018, SAB-V2-020).
	StatefulProtocol    any // metadata.stateful_observation_protocol as written
	StatefulObservation *jsonv.Object

	DisjointSlots      any
	ResourceBindings   any
	HasResourceBinding bool
	PublicActionTools  []string      // V3 public_action_tools (names only)
	ActionToolSpecs    []any         // available_action_tools, when the case carries schemas
	Metadata           *jsonv.Object // may be nil
	SimulatedTrace     *jsonv.Object // may be nil

	// ActionRules is the case's action_rules object (nil when absent): per-tool authorization
	// rules of a bench without a gold workflow (τ-bench's domains). The oracle compiles it.
	ActionRules *jsonv.Object
	// TaskSuccess is task_success: "official" (the episode's official verdict decides whether
	// the task was done; action-rules cases) or "" (the protocol's own walk decides).
	TaskSuccess string

	// Legacy.
	GoldDecision         string
	LegacyStatus         string // metadata.status ("active_world" when absent)
	GoldRationale        string
	CandidateFinalAction string
	Now                  string
}

// EvidenceRule is one evidence_rules entry.
type EvidenceRule struct {
	Tool      string
	ArgsMatch any // usually an object; anything else matches every call of the tool
	Facts     []*jsonv.Object
}

// ActionTemplate is a key_action_template.
type ActionTemplate struct {
	Tool          string
	ToolOK        bool // tool is a non-empty string
	Arguments     *jsonv.Object
	ArgumentsOK   bool
	PayloadPolicy *jsonv.Object
	Raw           *jsonv.Object
}

// Commit is one workflow commit (V2, V3 and the V0 DAG candidate).
type Commit struct {
	Index          int
	ID             string // commit_id as Python's str() prints it
	Tool           string
	ToolOK         bool
	Arguments      *jsonv.Object // empty object when not an object
	DependsOn      []string
	Requirements   []any
	Postconditions []any
	ResultSchema   *jsonv.Object
	PayloadPolicy  *jsonv.Object
	Raw            *jsonv.Object
}

// DecodeSpec parses a case's raw spec. Problems name the case source and the field; a spec
// with problems is still returned (best effort) so that callers can report every problem.
func DecodeSpec(c *Case) (*Spec, ingest.Problems) {
	var ps ingest.Problems
	bad := func(field, format string, a ...any) {
		ps = append(ps, ingest.Problem{File: c.Source, Field: field, Msg: fmt.Sprintf(format, a...)})
	}
	if c == nil || c.Spec == nil {
		return nil, ingest.Problems{{Field: "spec", Msg: "case has no spec object"}}
	}
	o := c.Spec
	s := &Spec{Protocol: c.Protocol, CaseID: c.BaseID}
	if s.CaseID == "" {
		s.CaseID = c.ID
	}
	str := func(key string) string {
		v, ok := o.Get(key)
		if !ok || v == nil {
			return ""
		}
		x, isStr := v.(string)
		if !isStr {
			bad(key, "must be a string, not %s", kind(v))
		}
		return x
	}
	intField := func(key string) int {
		v, _ := o.Get(key)
		n, ok := pyIntOrZero(v)
		if !ok {
			bad(key, "must be an integer, not %s", kind(v))
		}
		return n
	}
	if c.Protocol == ingest.Legacy {
		if id := str("scenario_id"); id != "" {
			s.CaseID = id
		}
	} else if id := str("episode_id"); id != "" {
		s.CaseID = id
	}
	s.EnvID = str("env_id")
	if s.EnvID == "" {
		s.EnvID = c.Domain
	}
	s.Metadata, _ = o.Obj("metadata")
	if s.Metadata != nil {
		if sc, ok := s.Metadata.String("evidence_scope"); ok {
			s.EvidenceScope = sc
		}
		s.StatefulProtocol, _ = s.Metadata.Get("stateful_observation_protocol")
	}
	s.SimulatedTrace, _ = o.Obj("simulated_trace")

	if c.Protocol == ingest.Legacy {
		s.GoldDecision = str("gold_decision")
		s.GoldRationale = str("gold_rationale")
		s.CandidateFinalAction = str("candidate_final_action")
		s.Now = str("now")
		s.LegacyStatus = "active_world"
		if s.Metadata != nil {
			if st, ok := s.Metadata.Get("status"); ok {
				s.LegacyStatus = jsonv.PyStr(st)
			}
		}
		return s, ps
	}

	if l, ok := o.List("info_tools"); ok {
		for _, t := range l {
			if ts, ok := t.(string); ok && ts != "" {
				s.InfoTools = append(s.InfoTools, ts)
			}
		}
	} else if v, present := o.Get("info_tools"); present && v != nil {
		bad("info_tools", "must be a list, not %s", kind(v))
	}
	if l, ok := o.List("required_info_calls"); ok {
		s.RequiredInfoCalls = l
	} else if v, present := o.Get("required_info_calls"); present && v != nil {
		bad("required_info_calls", "must be a list, not %s", kind(v))
	}
	s.MinInfoCalls = intField("min_info_calls")
	s.MinDistinctInfoTools = intField("min_distinct_info_tools")
	s.MaxInfoCalls = intField("max_info_calls")

	s.EvidenceMode = str("evidence_mode")
	if l, ok := o.List("evidence_rules"); ok {
		for i, r := range l {
			ro, ok := r.(*jsonv.Object)
			if !ok {
				continue // the evaluator skips non-object rules
			}
			rule := EvidenceRule{}
			rule.Tool, _ = ro.String("tool")
			am, present := ro.Get("args_match")
			if !present {
				am = &jsonv.Object{}
			}
			rule.ArgsMatch = am
			if fl, ok := ro.List("facts"); ok {
				for _, f := range fl {
					if fo, ok := f.(*jsonv.Object); ok {
						rule.Facts = append(rule.Facts, fo)
					}
				}
			} else if v, present := ro.Get("facts"); present && v != nil {
				bad(fmt.Sprintf("evidence_rules[%d].facts", i), "must be a list, not %s", kind(v))
			}
			s.EvidenceRules = append(s.EvidenceRules, rule)
		}
	}
	if v, present := o.Get("frozen_evidence_deltas"); present {
		if d, ok := v.(*jsonv.Object); ok {
			s.Deltas = d
		} else {
			s.DeltasInvalid = true
		}
	}
	s.EvidenceSchema, _ = o.Get("evidence_schema")

	if v, present := o.Get("requirements"); present {
		s.Requirements, s.RequirementsIsList = v.([]any)
	}
	if ka, ok := o.Obj("key_action_template"); ok {
		t := &ActionTemplate{Raw: ka}
		t.Tool, t.ToolOK = ka.String("tool")
		t.ToolOK = t.ToolOK && t.Tool != ""
		t.Arguments, t.ArgumentsOK = ka.Obj("arguments")
		if t.Arguments == nil {
			t.Arguments = &jsonv.Object{}
		}
		t.PayloadPolicy, _ = ka.Obj("payload_policy")
		s.KeyAction = t
	}
	s.CandidateProtocol = str("candidate_protocol")
	s.CandidateEvents, _ = o.List("candidate_consequential_events")

	s.WorkflowRaw, _ = o.Get("workflow")
	var commits []any
	switch w := s.WorkflowRaw.(type) {
	case []any:
		s.WorkflowIsList = true
		commits = w
	case *jsonv.Object:
		if t, _ := w.String("type"); t == "dag" {
			s.WorkflowIsDAG = true
			if cl, ok := w.List("commits"); ok {
				commits = cl
			} else if v, present := w.Get("commits"); present && v != nil {
				bad("workflow.commits", "must be a list, not %s", kind(v))
			}
		}
	}
	for i, raw := range commits {
		co, ok := raw.(*jsonv.Object)
		if !ok {
			s.Workflow = append(s.Workflow, nil) // keeps positions; the oracle reports it
			continue
		}
		s.Workflow = append(s.Workflow, decodeCommit(i, co))
	}

	s.ExpectedOutcome = str("expected_outcome")
	s.ExpectedGate = str("expected_gate")
	s.ExpectedStopOutcome = str("expected_stop_outcome")
	if l, ok := o.List("expected_completed_commits"); ok {
		s.HasExpectedCompleted = true
		for i, x := range l {
			xs, ok := x.(string)
			if !ok {
				bad(fmt.Sprintf("expected_completed_commits[%d]", i), "must be a string, not %s", kind(x))
				continue
			}
			s.ExpectedCompletedCommits = append(s.ExpectedCompletedCommits, xs)
		}
	}
	s.StatefulObservation, _ = o.Obj("stateful_observation")
	s.DisjointSlots, _ = o.Get("disjoint_slots")
	s.ResourceBindings, s.HasResourceBinding = o.Get("resource_bindings")
	if l, ok := o.List("public_action_tools"); ok {
		for _, t := range l {
			if ts, ok := t.(string); ok {
				s.PublicActionTools = append(s.PublicActionTools, ts)
			}
		}
	}
	s.ActionToolSpecs, _ = o.List("available_action_tools")
	if v, present := o.Get("action_rules"); present {
		if ar, ok := v.(*jsonv.Object); ok {
			s.ActionRules = ar
		} else {
			bad("action_rules", "must be an object, not %s", kind(v))
		}
	}
	if s.TaskSuccess = str("task_success"); s.TaskSuccess != "" && s.TaskSuccess != "official" {
		bad("task_success", "must be \"official\", not %q", s.TaskSuccess)
	}
	return s, ps
}

func decodeCommit(i int, co *jsonv.Object) *Commit {
	c := &Commit{Index: i, Raw: co}
	if v, ok := co.Get("commit_id"); ok {
		c.ID = jsonv.PyStr(v)
	} else {
		c.ID = "None"
	}
	c.Tool, c.ToolOK = co.String("tool")
	c.ToolOK = c.ToolOK && c.Tool != ""
	c.Arguments, _ = co.Obj("arguments")
	if c.Arguments == nil {
		c.Arguments = &jsonv.Object{}
	}
	if deps, ok := co.List("depends_on"); ok {
		for _, d := range deps {
			c.DependsOn = append(c.DependsOn, jsonv.PyStr(d))
		}
	}
	c.Requirements, _ = co.List("requirements")
	c.Postconditions, _ = co.List("postconditions")
	c.ResultSchema, _ = co.Obj("result_schema")
	c.PayloadPolicy, _ = co.Obj("payload_policy")
	return c
}

// pyIntOrZero mirrors int(x or 0) for the values a spec may hold: null/absent/false/0 give 0,
// integers and integral floats give their value. Other values are an error.
func pyIntOrZero(v any) (int, bool) {
	switch x := v.(type) {
	case nil:
		return 0, true
	case bool:
		if x {
			return 1, true
		}
		return 0, true
	case int64:
		return int(x), true
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) > 1e15 {
			return 0, false
		}
		return int(x), true // int() truncates toward zero
	}
	return 0, false
}

func kind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case int64, jsonv.BigInt, float64:
		return "a number"
	case string:
		return "a string"
	case []any:
		return "a list"
	case *jsonv.Object:
		return "an object"
	}
	return "an unknown value"
}
