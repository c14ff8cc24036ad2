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
	if c == nil || c.Spec == nil {
		return nil, ingest.Problems{{Field: "spec", Msg: "case has no spec object"}}
	}
	d := &specDecoder{c: c, o: c.Spec, s: &Spec{Protocol: c.Protocol, CaseID: c.BaseID}}
	d.identity()
	if c.Protocol == ingest.Legacy {
		d.legacy()
		return d.s, d.ps
	}
	d.infoScope()
	d.evidence()
	d.keyAction()
	d.workflow()
	d.expectations()
	d.actions()
	return d.s, d.ps
}

// specDecoder decodes one case's spec into s, collecting problems in ps.
type specDecoder struct {
	c  *Case
	o  *jsonv.Object
	s  *Spec
	ps ingest.Problems
}

func (d *specDecoder) bad(field, format string, a ...any) {
	d.ps = append(d.ps, ingest.Problem{File: d.c.Source, Field: field, Msg: fmt.Sprintf(format, a...)})
}

// str is a string field; "" when absent or null, a problem when not a string.
func (d *specDecoder) str(key string) string {
	v, ok := d.o.Get(key)
	if !ok || v == nil {
		return ""
	}
	x, isStr := v.(string)
	if !isStr {
		d.bad(key, "must be a string, not %s", kind(v))
	}
	return x
}

// intField is an integer field; 0 when absent or null, a problem when not an integer.
func (d *specDecoder) intField(key string) int {
	v, _ := d.o.Get(key)
	n, ok := pyIntOrZero(v)
	if !ok {
		d.bad(key, "must be an integer, not %s", kind(v))
	}
	return n
}

// stringList is a list field's string entries (non-empty ones when nonEmpty); a problem
// when the field is present, not null and not a list, if field is not "".
func (d *specDecoder) stringList(key string, nonEmpty bool, field string) []string {
	var out []string
	if l, ok := d.o.List(key); ok {
		for _, t := range l {
			if ts, ok := t.(string); ok && (ts != "" || !nonEmpty) {
				out = append(out, ts)
			}
		}
	} else if v, present := d.o.Get(key); present && v != nil && field != "" {
		d.bad(field, "must be a list, not %s", kind(v))
	}
	return out
}

// identity: the case id the spec names, its environment and metadata.
func (d *specDecoder) identity() {
	s, o := d.s, d.o
	if s.CaseID == "" {
		s.CaseID = d.c.ID
	}
	if d.c.Protocol == ingest.Legacy {
		if id := d.str("scenario_id"); id != "" {
			s.CaseID = id
		}
	} else if id := d.str("episode_id"); id != "" {
		s.CaseID = id
	}
	s.EnvID = d.str("env_id")
	if s.EnvID == "" {
		s.EnvID = d.c.Domain
	}
	s.Metadata, _ = o.Obj("metadata")
	if s.Metadata != nil {
		if sc, ok := s.Metadata.String("evidence_scope"); ok {
			s.EvidenceScope = sc
		}
		s.StatefulProtocol, _ = s.Metadata.Get("stateful_observation_protocol")
	}
	s.SimulatedTrace, _ = o.Obj("simulated_trace")
}

// legacy: a Legacy scenario's gold decision and candidate action.
func (d *specDecoder) legacy() {
	s := d.s
	s.GoldDecision = d.str("gold_decision")
	s.GoldRationale = d.str("gold_rationale")
	s.CandidateFinalAction = d.str("candidate_final_action")
	s.Now = d.str("now")
	s.LegacyStatus = "active_world"
	if s.Metadata != nil {
		if st, ok := s.Metadata.Get("status"); ok {
			s.LegacyStatus = jsonv.PyStr(st)
		}
	}
}

// infoScope: the information tools and the coverage the case requires.
func (d *specDecoder) infoScope() {
	s, o := d.s, d.o
	s.InfoTools = d.stringList("info_tools", true, "info_tools")
	if l, ok := o.List("required_info_calls"); ok {
		s.RequiredInfoCalls = l
	} else if v, present := o.Get("required_info_calls"); present && v != nil {
		d.bad("required_info_calls", "must be a list, not %s", kind(v))
	}
	s.MinInfoCalls = d.intField("min_info_calls")
	s.MinDistinctInfoTools = d.intField("min_distinct_info_tools")
	s.MaxInfoCalls = d.intField("max_info_calls")
}

// evidence: the evidence mode, rules, frozen deltas and schema.
func (d *specDecoder) evidence() {
	s, o := d.s, d.o
	s.EvidenceMode = d.str("evidence_mode")
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
				d.bad(fmt.Sprintf("evidence_rules[%d].facts", i), "must be a list, not %s", kind(v))
			}
			s.EvidenceRules = append(s.EvidenceRules, rule)
		}
	}
	if v, present := o.Get("frozen_evidence_deltas"); present {
		if dl, ok := v.(*jsonv.Object); ok {
			s.Deltas = dl
		} else {
			s.DeltasInvalid = true
		}
	}
	s.EvidenceSchema, _ = o.Get("evidence_schema")
}

// keyAction: the requirements, the key action template and the candidate events.
func (d *specDecoder) keyAction() {
	s, o := d.s, d.o
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
	s.CandidateProtocol = d.str("candidate_protocol")
	s.CandidateEvents, _ = o.List("candidate_consequential_events")
}

// workflow: the commits of a list or DAG workflow, a non-object commit kept as nil in its
// position (the oracle reports it).
func (d *specDecoder) workflow() {
	s := d.s
	s.WorkflowRaw, _ = d.o.Get("workflow")
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
				d.bad("workflow.commits", "must be a list, not %s", kind(v))
			}
		}
	}
	for i, raw := range commits {
		co, ok := raw.(*jsonv.Object)
		if !ok {
			s.Workflow = append(s.Workflow, nil)
			continue
		}
		s.Workflow = append(s.Workflow, decodeCommit(i, co))
	}
}

// expectations: the expected outcome, gate, stop outcome and completed commits.
func (d *specDecoder) expectations() {
	s := d.s
	s.ExpectedOutcome = d.str("expected_outcome")
	s.ExpectedGate = d.str("expected_gate")
	s.ExpectedStopOutcome = d.str("expected_stop_outcome")
	if l, ok := d.o.List("expected_completed_commits"); ok {
		s.HasExpectedCompleted = true
		for i, x := range l {
			xs, ok := x.(string)
			if !ok {
				d.bad(fmt.Sprintf("expected_completed_commits[%d]", i), "must be a string, not %s", kind(x))
				continue
			}
			s.ExpectedCompletedCommits = append(s.ExpectedCompletedCommits, xs)
		}
	}
}

// actions: the stateful observation, resource bindings, the public action tools and
// action rules, and the task-success mode.
func (d *specDecoder) actions() {
	s, o := d.s, d.o
	s.StatefulObservation, _ = o.Obj("stateful_observation")
	s.DisjointSlots, _ = o.Get("disjoint_slots")
	s.ResourceBindings, s.HasResourceBinding = o.Get("resource_bindings")
	s.PublicActionTools = d.stringList("public_action_tools", false, "")
	s.ActionToolSpecs, _ = o.List("available_action_tools")
	if v, present := o.Get("action_rules"); present {
		if ar, ok := v.(*jsonv.Object); ok {
			s.ActionRules = ar
		} else {
			d.bad("action_rules", "must be an object, not %s", kind(v))
		}
	}
	if s.TaskSuccess = d.str("task_success"); s.TaskSuccess != "" && s.TaskSuccess != "official" {
		d.bad("task_success", "must be \"official\", not %q", s.TaskSuccess)
	}
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
