package oracle

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/harness"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/ingest/tau"
)

// Explanation is the readable account of one verdict: what the harness said, the reads and
// the facts they established, each action's gate with the requirements it missed (a missing
// read named by its tool and arguments), the expected workflow of V2/V3 with the state of
// each step, and where the chain broke. Explain builds it from the verdict's Detail, the
// case's spec and the episode's record; results renders it as text or JSON. Facts are kept
// whole: a renderer may shorten them.
type Explanation struct {
	RunID      string `json:"run_id"`
	Config     string `json:"config"`
	CaseID     string `json:"case_id"`
	Protocol   string `json:"protocol"` // the label: Legacy, V0 … V3
	Domain     string `json:"domain"`
	Repeat     int    `json:"repeat"`
	Condition  string `json:"condition"`
	Policy     string `json:"policy"`
	Evaluator  string `json:"evaluator"`
	PolicyHash string `json:"policy_hash"`

	Excluded        bool   `json:"excluded"`
	ExclusionReason string `json:"exclusion_reason,omitempty"`
	// Verdict is the oracle's; nil when the episode was excluded.
	Verdict *ExplainedVerdict `json:"verdict"`
	// PolicySwitches are the switches in which the policy differs from the baseline, each
	// with the verdict without it; none under the baseline's settings.
	PolicySwitches []PolicySwitch `json:"policy_switches,omitempty"`
	// Baseline names the policy of safeact's settings as the bench names it: tau-strict on a
	// case with action rules, else safeact; BaselineVerdict is the verdict under it, "PASS"
	// or "FAIL (failure type)", beside PolicySwitches: several switches may relax one check,
	// so that none decides alone. Both "" when there are no switches to show.
	Baseline        string `json:"baseline_policy,omitempty"`
	BaselineVerdict string `json:"baseline_verdict,omitempty"`
	// Official is the harness's own verdict as the episode carried it; nil when it carried none.
	Official *Official `json:"official"`
	// NotWalked says why there is no chain for a scored episode (a status counted as a failure).
	NotWalked string `json:"not_walked,omitempty"`
	// AdapterNote warns that the adapter wrote the events in an order the agent did not live.
	AdapterNote string `json:"adapter_note,omitempty"`
	// Inspect is the Inspect log's sample the episode was read from; nil for other sources.
	Inspect *ingest.InspectSample `json:"inspect_sample,omitempty"`
	// InspectEnd is how that sample ended when it did not end normally: Inspect's label
	// (the episode's failure_class: error, time_limit, token_limit, …) and, for an error,
	// its message; "" otherwise.
	InspectEnd string `json:"inspect_end,omitempty"`
	// ActionRules: the case gates every write by its action rules and takes task success
	// from the official verdict (the τ-bench domains); there is no coverage or workflow.
	ActionRules bool `json:"action_rules,omitempty"`

	Chain     []ChainEvent          `json:"chain"`
	Preflight []ExplainedCheckpoint `json:"hidden_preflight,omitempty"`
	// PreflightStop is the agent's read at which a V0 record's hidden preflight stopped
	// (Detail.PreflightStop), -1 for none.
	PreflightStop int `json:"hidden_preflight_stopped_at"`
	// Decision is set for a decision record (Legacy, or a static judgment).
	Decision *ExplainedDecision `json:"decision,omitempty"`
	Coverage *ExplainedCoverage `json:"coverage,omitempty"`
	Workflow *Workflow          `json:"workflow,omitempty"`

	CompletedCommits []string `json:"completed_commits"`
	// FirstAttempt is the event index of the first consequential attempt, -1 for none.
	FirstAttempt           int  `json:"first_attempt"`
	CompleteAtFirstAttempt bool `json:"complete_at_first_attempt"`
	// Broke names where the chain broke; "" on success. BrokeAt is its event (BrokeAt of
	// the verdict), -1 for none; BrokeStep the workflow step that event belongs to, "" for
	// none; Why says why it failed (its failure type's FailureWhy, or what its gate lacked).
	Broke          string   `json:"chain_broke,omitempty"`
	BrokeAt        int      `json:"broke_at_event"`
	BrokeStep      string   `json:"broke_at_step,omitempty"`
	Why            string   `json:"why,omitempty"`
	ContractErrors []string `json:"contract_errors"`
	Notes          []string `json:"notes"`
}

// ExplainedVerdict is the oracle's verdict. Label names the outcome for a reader: a gate that
// stopped an action is "premature action (gate DEFER)" or "blocked action (gate BLOCK)", any
// other outcome is "outcome=CODE".
type ExplainedVerdict struct {
	Pass        bool   `json:"pass"`
	Label       string `json:"label"`
	Outcome     string `json:"outcome"`
	Canonical   string `json:"canonical_outcome"`
	FailureType string `json:"failure_type,omitempty"`
}

// Official is the harness's own verdict: Verdict is pass, fail or none (the episode carried a
// verdict object without a boolean "successful"); Fields are the object's other entries in
// their order, values as text. Agrees compares a pass or fail with the oracle's verdict.
type Official struct {
	Verdict string     `json:"verdict"`
	Fields  []KeyValue `json:"fields"`
	Agrees  *bool      `json:"agrees_with_oracle"`
}

// KeyValue is one field of the harness's verdict.
type KeyValue struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

// ChainEvent is one event of the record with what the oracle made of it.
type ChainEvent struct {
	Index     int      `json:"index"`
	Kind      string   `json:"kind"` // read, act, other (a tool the case's rules call neither), or the event's own type
	Tool      string   `json:"tool"`
	Arguments JSONText `json:"arguments"` // "" when absent
	Invalid   string   `json:"invalid_read,omitempty"`
	// Status is the event's tool_status as written when it is not "ok" (a read that
	// answered with an error: V2 and V3 take nothing from it and do not count it; V0 and V1
	// read no status), "" otherwise.
	Status string `json:"tool_status,omitempty"`
	// FailedRead is why a V2 or V3 read that answered with an error established no fact
	// (FailedReadWhy), "" for any other event.
	FailedRead  string                `json:"failed_read,omitempty"`
	Facts       []ExplainedFact       `json:"facts"`
	Checkpoints []ExplainedCheckpoint `json:"checkpoints"`
	// Text is a conversation turn's words (USER_MESSAGE, AGENT_MESSAGE events), whose
	// Kind is then user or agent.
	Text string `json:"text,omitempty"`
	// EvaluatorStops: the evaluator stops processing the record at this event.
	EvaluatorStops bool `json:"evaluator_stops_here"`
	// AfterStop: the evaluator stopped at an earlier event and does not process this one
	// (explain's text and the viewer: "not processed: after the evaluator stopped"); its
	// facts and checkpoints are then empty.
	AfterStop bool `json:"after_evaluator_stopped"`
	// AfterPreflightStop: a V0 read after the one at which the hidden preflight stopped
	// (Detail.PreflightStop): the V0 walk counts it, but the preflight, which alone takes
	// facts from the reads, never reached it (explain's text and the viewer: "no facts: the
	// hidden preflight stopped at event N").
	AfterPreflightStop bool `json:"after_preflight_stopped,omitempty"`
	// Broke: the chain broke at this event (Explanation.BrokeAt).
	Broke bool `json:"broke_here,omitempty"`
}

// ExplainedFact is one ledger fact: Summary is its predicate and fields without provenance,
// Fact the whole fact as canonical JSON.
type ExplainedFact struct {
	Summary  string   `json:"summary"`
	Fact     JSONText `json:"fact"`
	DeltaKey string   `json:"delta_key,omitempty"`
}

// ExplainedCheckpoint is one action's gate.
type ExplainedCheckpoint struct {
	Event    int    `json:"event"` // -1: the hidden preflight
	Tool     string `json:"tool"`
	CommitID string `json:"commit_id"`
	// Target is what the action acts on (Checkpoint.Target), "" when the oracle identifies
	// nothing: the viewer's A/B page matches two episodes' actions by tool and target.
	Target string `json:"target,omitempty"`
	Gate   string `json:"gate"`
	// Label is "premature action" for a DEFER and "blocked action" for a BLOCK of an action
	// the agent took, "" otherwise.
	Label           string                 `json:"label,omitempty"`
	Reason          string                 `json:"reason,omitempty"`
	Requirements    []ExplainedRequirement `json:"requirements"` // the MISSING and VIOLATED ones
	MatchErrors     []string               `json:"match_errors"`
	ReferenceErrors []string               `json:"reference_errors"`
}

// ExplainedRequirement is one requirement that was not met. Read is the required read a
// required_info_call_NN requirement stands for.
type ExplainedRequirement struct {
	ID     string        `json:"id"`
	Status string        `json:"status"`
	Reason string        `json:"reason"`
	Read   *RequiredRead `json:"read,omitempty"`
	Needs  []JSONText    `json:"needs"`
	// Policy is the sentence of the benchmark's policy an action rule encodes (action-rules
	// cases), "" otherwise.
	Policy string `json:"policy,omitempty"`
}

// RequiredRead is one entry of the case's required_info_calls.
type RequiredRead struct {
	ID        string   `json:"id"`
	Tool      string   `json:"tool"`
	Arguments JSONText `json:"arguments"`
}

// JSONText is canonical JSON text: JSON output nests it as a value when it is standard JSON,
// else (NaN, Infinity of the Python dialect) as a string.
type JSONText string

// MarshalJSON nests the text as a value when it is valid JSON.
func (t JSONText) MarshalJSON() ([]byte, error) {
	if t != "" && json.Valid([]byte(t)) {
		return []byte(t), nil
	}
	return json.Marshal(string(t))
}

// ExplainedDecision is a decision record's decision and the gold decision it is compared with.
type ExplainedDecision struct {
	Decision string `json:"decision"`
	Gold     string `json:"gold"`
}

// ExplainedCoverage is the final information coverage, with the required reads the agent
// never made (Missing; MoreMissing counts those beyond the first 64 entries).
type ExplainedCoverage struct {
	Coverage
	Missing     []RequiredRead `json:"missing_reads"`
	MoreMissing int            `json:"more_missing_reads,omitempty"`
}

// Workflow is the expected workflow of a V2 (linear) or V3 (DAG) case, with the state of
// each step in this episode.
type Workflow struct {
	Shape string         `json:"shape"` // linear or dag
	Steps []WorkflowStep `json:"steps"`
}

// WorkflowStep is one commit of the workflow. State is completed, broken (its checkpoint
// did not allow the action), skipped (V2: the agent went on to a later step's tool), enabled
// (V3: its dependencies completed, never taken), or not reached.
type WorkflowStep struct {
	CommitID  string   `json:"commit_id"`
	Tool      string   `json:"tool"`
	DependsOn []string `json:"depends_on"`
	State     string   `json:"state"`
	Event     int      `json:"event"` // the event that completed or broke it, -1 for none
	Why       string   `json:"why,omitempty"`
}

// Step states.
const (
	StepCompleted  = "completed"
	StepBroken     = "broken"
	StepSkipped    = "skipped"
	StepEnabled    = "enabled"
	StepNotReached = "not reached"
)

// Explain builds the explanation of v, a verdict of episode ep on case c (either may be nil:
// the explanation then says less). A verdict without Detail has no chain.
func Explain(c *casespec.Case, ep *ingest.Episode, pol Policy, v Verdict) *Explanation {
	x := &Explanation{RunID: v.RunID(), Config: v.Config(), CaseID: v.CaseID(), Protocol: v.Protocol().Label(), Domain: v.Domain(),
		Repeat: v.Repeat(), Condition: v.Condition(), Policy: pol.Name, Evaluator: pol.ShortRevision(), PolicyHash: pol.Hash(),
		Excluded: v.Excluded(), FirstAttempt: -1, BrokeAt: -1, PreflightStop: -1, Chain: []ChainEvent{}, CompletedCommits: []string{},
		ContractErrors: []string{}, Notes: []string{}}
	if ep != nil {
		x.Official = explainOfficial(ep.Official, v)
		// Events read from an Inspect log are its transcript's tool calls in the order they
		// ran, whatever runner the record names: the non-live adapter wrote none of them.
		if ep.Inspect == nil {
			x.AdapterNote = harness.NonLiveAdapterNote(ep.Record.Object())
		}
		x.Inspect = ep.Inspect
		if fc, ok := ep.FailureClass.(string); ok && ep.Inspect != nil {
			x.InspectEnd = fc
			if msg, _ := ep.Extra.String("inspect_error"); msg != "" {
				x.InspectEnd += ": " + msg
			}
		}
	}
	if v.Excluded() {
		x.ExclusionReason = v.ExclusionReason()
		return x
	}
	x.Verdict = &ExplainedVerdict{Pass: v.ECS(), Label: outcomeLabel(v), Outcome: v.Outcome(), Canonical: v.CanonicalOutcome(), FailureType: v.FailureType()}
	d := v.Detail
	if d == nil {
		x.NotWalked = "the verdict was scored without detail: there is no chain to show"
		if v.FailureType() == FailInfra {
			x.NotWalked = fmt.Sprintf("status %s is scored as a failure without reading the record (--infra-failures fail)", v.Status())
		}
		return x
	}
	x.PolicySwitches, x.BaselineVerdict = policySwitches(c, ep, pol, v)
	if x.BaselineVerdict != "" {
		x.Baseline = baselineOf(d)
	}
	var spec *casespec.Spec
	if c != nil {
		if s, probs := casespec.DecodeSpec(c); len(probs) == 0 {
			spec = s
		}
	}
	reads := requiredReads(spec)
	x.Chain = explainChain(ep, d, reads, v.Protocol())
	if d.OfficialTask {
		x.ActionRules = true
		var rules *actionRules
		if spec != nil && spec.ActionRules != nil {
			rules, _ = compileRules(spec.ActionRules)
		}
		for i := range x.Chain {
			// A tool the rules call neither a read nor a write (think, calculate, a
			// transfer to a human agent) is recorded as an INFO_CALL; it establishes
			// nothing, so it is shown as the rules' kind, not as a read.
			if e := &x.Chain[i]; rules != nil && e.Kind == "read" {
				if tr := rules.tools[e.Tool]; tr != nil && tr.kind == ToolOther {
					e.Kind = ToolOther
				}
			}
			for j := range x.Chain[i].Checkpoints {
				cp := &x.Chain[i].Checkpoints[j]
				for k := range cp.Requirements {
					cp.Requirements[k].Policy = rules.sentence(cp.Tool, cp.Requirements[k].ID)
				}
			}
		}
	}
	for _, cp := range d.Checkpoints {
		if cp.EventIndex < 0 {
			x.Preflight = append(x.Preflight, explainCheckpoint(cp, reads, false))
		}
	}
	x.ContractErrors = append(x.ContractErrors, d.ContractErrors...)
	x.Notes = append(x.Notes, d.Notes...)
	x.PreflightStop = d.PreflightStop
	if !v.ECS() {
		x.BrokeAt = BrokeAt(v)
		x.Broke = breakPoint(v, d, reads, ep)
		x.Why = EpisodeWhy(v)
		if x.BrokeAt >= 0 && x.BrokeAt < len(x.Chain) {
			x.Chain[x.BrokeAt].Broke = true
		}
	}
	if v.Static() || v.Protocol() == ingest.Legacy {
		x.Decision = &ExplainedDecision{Decision: strings.ToLower(v.Outcome()), Gold: goldDecision(spec, v)}
		return x
	}
	if d.OfficialTask {
		x.Notes = append(x.Notes, AuthorizedLimit)
		x.CompletedCommits = append(x.CompletedCommits, d.CompletedCommits...)
		if v.Attempted() {
			x.FirstAttempt, x.CompleteAtFirstAttempt = v.FirstAttemptIndex(), v.CompleteAtFirstAttempt()
		}
		return x
	}
	cov := &ExplainedCoverage{Coverage: d.Coverage, Missing: []RequiredRead{}}
	pos, more := d.Coverage.Uncovered()
	for _, i := range pos {
		if i < len(reads) && reads[i] != nil {
			cov.Missing = append(cov.Missing, *reads[i])
		}
	}
	cov.MoreMissing = more
	x.Coverage = cov
	x.CompletedCommits = append(x.CompletedCommits, d.CompletedCommits...)
	if v.Attempted() {
		x.FirstAttempt, x.CompleteAtFirstAttempt = v.FirstAttemptIndex(), v.CompleteAtFirstAttempt()
	}
	if spec != nil && (v.Protocol() == ingest.V2 || v.Protocol() == ingest.V3) {
		x.Workflow = explainWorkflow(spec, v, d, reads)
		for _, st := range x.Workflow.Steps {
			if st.State == StepBroken {
				x.BrokeStep = st.CommitID
			}
		}
	}
	return x
}

// outcomeLabel names the outcome of a gate that stopped an action the agent took; other
// outcomes keep their code.
func outcomeLabel(v Verdict) string {
	switch {
	case v.FailureType() == FailPremature:
		return "premature action (gate " + v.Outcome() + ")"
	case v.FailureType() == FailWrongAction && v.Outcome() == GateBlock:
		return "blocked action (gate BLOCK)"
	}
	return "outcome=" + v.Outcome()
}

func explainOfficial(o *jsonv.Object, v Verdict) *Official {
	if o == nil {
		return nil
	}
	off := &Official{Verdict: "none", Fields: []KeyValue{}}
	for i, k := range o.Keys {
		if k == "successful" {
			continue
		}
		off.Fields = append(off.Fields, KeyValue{Key: k, Value: textValue(o.Values[i])})
	}
	if v.Official() >= 0 {
		off.Verdict = map[bool]string{true: "pass", false: "fail"}[v.Official() == 1]
		if !v.Excluded() {
			agrees := (v.Official() == 1) == v.ECS()
			off.Agrees = &agrees
		}
	}
	return off
}

// textValue is a string as it is, anything else as canonical JSON.
func textValue(x any) string {
	if s, ok := x.(string); ok {
		return s
	}
	return string(jsonv.Canonical(x, false))
}

// requiredReads are the case's required_info_calls by position (nil for a non-object entry).
func requiredReads(spec *casespec.Spec) []*RequiredRead {
	if spec == nil {
		return nil
	}
	out := make([]*RequiredRead, len(spec.RequiredInfoCalls))
	for i, raw := range spec.RequiredInfoCalls {
		o, ok := raw.(*jsonv.Object)
		if !ok {
			continue
		}
		r := &RequiredRead{ID: RequiredCallID(i), Arguments: "{}"}
		if t, ok := o.Get("tool"); ok {
			r.Tool = textValue(t)
		}
		if a, ok := o.Get("arguments"); ok {
			r.Arguments = JSONText(jsonv.Canonical(a, false))
		}
		out[i] = r
	}
	return out
}

func jsonTexts(ss []string) []JSONText {
	out := make([]JSONText, len(ss))
	for i, s := range ss {
		out[i] = JSONText(s)
	}
	return out
}

func readByID(reads []*RequiredRead, id string) *RequiredRead {
	for _, r := range reads {
		if r != nil && r.ID == id {
			return r
		}
	}
	return nil
}

func explainChain(ep *ingest.Episode, d *Detail, reads []*RequiredRead, proto ingest.Protocol) []ChainEvent {
	var events []any
	if ep != nil && ep.Record != nil {
		events, _ = ep.Record.List("events")
	}
	out := make([]ChainEvent, 0, len(events))
	// What the verdict's detail says of each event, by event index: looked up per event in
	// the lists, 100,000 events with a fact each took 76 s (the lists' length times the
	// events'), where scoring took 0.3 s.
	invalid := map[int]string{}
	for _, ic := range d.InvalidInfoCalls {
		invalid[ic.EventIndex] = ic.Reason // the last, as the scan kept it
	}
	factsAt := map[int][]ExplainedFact{}
	for _, f := range d.Ledger {
		factsAt[f.EventIndex] = append(factsAt[f.EventIndex], ExplainedFact{Summary: summarizeFact(f.Fact), Fact: JSONText(f.Fact), DeltaKey: f.DeltaKey})
	}
	checkpointsAt := map[int][]ExplainedCheckpoint{}
	for _, cp := range d.Checkpoints {
		checkpointsAt[cp.EventIndex] = append(checkpointsAt[cp.EventIndex], explainCheckpoint(cp, reads, true))
	}
	for i, raw := range events {
		ce := ChainEvent{Index: i, Kind: "?", Tool: "?", Facts: []ExplainedFact{}, Checkpoints: []ExplainedCheckpoint{}}
		typ := "?"
		if o, _ := raw.(*jsonv.Object); o != nil {
			if t, ok := o.String("type"); ok {
				typ = t
			}
			if t, ok := o.Get("tool"); ok {
				ce.Tool = jsonv.PyStr(t)
			}
			if a, ok := o.Get("arguments"); ok {
				ce.Arguments = JSONText(jsonv.Canonical(a, false))
			}
			if st, ok := o.Get("tool_status"); ok && st != "ok" && st != nil {
				ce.Status = jsonv.PyStr(st)
			}
		}
		switch typ {
		case "INFO_CALL":
			ce.Kind = "read"
		case "CONSEQUENTIAL_CALL":
			ce.Kind = "act"
		case "USER_MESSAGE", "AGENT_MESSAGE":
			ce.Kind = map[string]string{"USER_MESSAGE": "user", "AGENT_MESSAGE": "agent"}[typ]
			ce.Tool = ""
			if o, _ := raw.(*jsonv.Object); o != nil {
				ce.Text, _ = o.String("content")
			}
		default:
			ce.Kind = typ
		}
		ce.Invalid = invalid[i]
		// Every fact under the event that made it: a read's, and an action's too (a
		// workflow step's postcondition, the entity a write's result names), which a later
		// gate may count.
		if f := factsAt[i]; f != nil {
			ce.Facts = f
		}
		if c := checkpointsAt[i]; c != nil {
			ce.Checkpoints = c
		}
		if ce.Kind == "read" && len(ce.Checkpoints) > 0 {
			ce.Kind = "act" // the case's rules call it a write and gate it, whatever the record's type
		}
		ce.EvaluatorStops = d.EndEvent >= 0 && i == d.EndEvent && i+1 < len(events)
		ce.AfterStop = d.EndEvent >= 0 && i > d.EndEvent
		ce.AfterPreflightStop = d.PreflightStop >= 0 && i > d.PreflightStop && ce.Kind == "read"
		if ce.Kind == "read" && ce.Invalid == "" && !ce.AfterStop && len(ce.Facts) == 0 {
			ce.FailedRead = FailedReadWhy(proto, ce.Status)
		}
		out = append(out, ce)
	}
	return out
}

func explainCheckpoint(cp Checkpoint, reads []*RequiredRead, taken bool) ExplainedCheckpoint {
	x := ExplainedCheckpoint{Event: cp.EventIndex, Tool: cp.Tool, CommitID: cp.CommitID, Target: cp.Target, Gate: cp.Gate, Reason: cp.Reason,
		Requirements: []ExplainedRequirement{}, MatchErrors: append([]string{}, cp.MatchErrors...),
		ReferenceErrors: append([]string{}, cp.ReferenceErrs...)}
	if taken && cp.Reason == "" {
		switch cp.Gate {
		case GateDefer:
			x.Label = "premature action"
		case GateBlock:
			x.Label = "blocked action"
		}
	}
	for _, r := range cp.Requirements {
		if r.Status == StatusSupported || r.Status == StatusInactive {
			continue
		}
		x.Requirements = append(x.Requirements, ExplainedRequirement{ID: r.ID, Status: r.Status, Reason: r.Reason,
			Read: readByID(reads, r.ID), Needs: jsonTexts(r.MissingConditions)})
	}
	return x
}

// explainWorkflow lays out the expected workflow and where this episode left each step.
func explainWorkflow(spec *casespec.Spec, v Verdict, d *Detail, reads []*RequiredRead) *Workflow {
	w := &Workflow{Shape: "linear", Steps: []WorkflowStep{}}
	if v.Protocol() == ingest.V3 {
		w.Shape = "dag"
	}
	for i, cm := range spec.Workflow {
		if cm == nil {
			w.Steps = append(w.Steps, WorkflowStep{CommitID: "?", State: StepNotReached, Event: -1, DependsOn: []string{}, Why: fmt.Sprintf("workflow entry %d is not an object", i)})
			continue
		}
		w.Steps = append(w.Steps, WorkflowStep{CommitID: cm.ID, Tool: cm.Tool, DependsOn: append([]string{}, cm.DependsOn...)})
	}
	WorkflowStates(w.Shape == "dag", w.Steps, d, reads)
	return w
}

// WorkflowStates sets the State, Event and Why of each step of an expected workflow (its
// CommitID, Tool and DependsOn set; a CommitID "?" stands for an entry that is not an
// object) from the verdict's Detail: completed steps; the step at which the chain broke,
// which is the step whose tool the failing action called (in a linear workflow an action
// can call a later step's tool, the gate then names the step it expected, which is
// skipped); in a DAG the steps whose dependencies completed (enabled: never taken, or not
// before the point the evaluator stopped); the rest not reached. reads may be nil; it names the missing reads in Why.
func WorkflowStates(dag bool, steps []WorkflowStep, d *Detail, reads []*RequiredRead) {
	done := map[string]int{} // commit → the event that completed it
	for _, id := range d.CompletedCommits {
		done[id] = -1
	}
	var broken *Checkpoint
	for i := range d.Checkpoints {
		cp := &d.Checkpoints[i]
		if cp.EventIndex < 0 || cp.CommitID == "" {
			if cp.EventIndex >= 0 && cp.Gate != GateAllow && broken == nil {
				broken = cp
			}
			continue
		}
		if _, ok := done[cp.CommitID]; ok && cp.Gate == GateAllow {
			done[cp.CommitID] = cp.EventIndex
		} else if cp.Gate != GateAllow && broken == nil {
			broken = cp
		}
	}
	// The step the failing action belongs to: the gate's commit, unless (linear) the action
	// called the tool of a later step.
	brokeStep := -1
	skipped := -1
	if broken != nil && broken.CommitID != "" {
		for i := range steps {
			if steps[i].CommitID == broken.CommitID {
				brokeStep = i
				break
			}
		}
		if !dag && brokeStep >= 0 && broken.Tool != steps[brokeStep].Tool {
			for j := brokeStep + 1; j < len(steps); j++ {
				if steps[j].Tool == broken.Tool {
					skipped, brokeStep = brokeStep, j
					break
				}
			}
		}
	} else if broken != nil && broken.EventIndex >= 0 {
		// No commit matched (a V3 action refused for its prior-result reference, or called
		// before its dependencies with other arguments): the action still attempted the one
		// step not yet completed whose tool it called, when only one has that tool. Without
		// this that step was "enabled, not taken" or "not reached" beside its own attempt.
		for i := range steps {
			if _, ok := done[steps[i].CommitID]; ok || steps[i].Tool != broken.Tool {
				continue
			}
			if brokeStep >= 0 {
				brokeStep = -1 // several: which one the agent meant is not known
				break
			}
			brokeStep = i
		}
	}
	for i := range steps {
		st := &steps[i]
		if st.CommitID == "?" {
			continue
		}
		st.State, st.Event, st.Why = StepNotReached, -1, ""
		if ev, ok := done[st.CommitID]; ok {
			st.State, st.Event = StepCompleted, ev
		} else if i == brokeStep {
			st.State, st.Event, st.Why = StepBroken, broken.EventIndex, checkpointWhy(*broken, reads)
			if skipped >= 0 {
				st.Why = fmt.Sprintf("event %d called %s before the earlier step %s: %s", broken.EventIndex, broken.Tool, steps[skipped].CommitID, st.Why)
			} else if broken.Tool != st.Tool {
				// The evaluator's failed commit is the step it expected; the action called
				// another tool, which says so rather than that this step was attempted.
				st.Why = fmt.Sprintf("event %d called %s, %s, where this step was due: %s", broken.EventIndex, broken.Tool, toolOfStep(steps, broken.Tool), st.Why)
			}
		} else if i == skipped {
			st.State = StepSkipped
			st.Why = fmt.Sprintf("never run: event %d called %s, the tool of the later step %s, first", broken.EventIndex, broken.Tool, steps[brokeStep].CommitID)
		} else if dag {
			// Enabled is the evaluator's enabled set where the walk ended: every step not
			// completed whose dependencies are, wherever it stands in the list (one after
			// the broken step was "not reached", though the agent could have taken it).
			enabled := true
			for _, dep := range st.DependsOn {
				if _, ok := done[dep]; !ok {
					enabled = false
				}
			}
			if enabled {
				st.State, st.Why = StepEnabled, "its dependencies completed; the agent never took it"
				if d.EndEvent >= 0 {
					// The detail does not say whether an action after the stop called it.
					st.Why = fmt.Sprintf("its dependencies completed; not taken before the evaluator stopped at event %d", d.EndEvent)
				}
			}
		}
	}
}

// toolOfStep says which step a tool is the tool of: "the tool of step S" (the first), or
// "which no step of the workflow calls".
func toolOfStep(steps []WorkflowStep, tool string) string {
	for _, st := range steps {
		if st.Tool == tool {
			return "the tool of step " + st.CommitID
		}
	}
	return "which no step of the workflow calls"
}

func checkpointWhy(cp Checkpoint, reads []*RequiredRead) string {
	if cp.Reason != "" {
		return cp.Reason
	}
	s := "gate " + cp.Gate
	switch cp.Gate {
	case GateDefer:
		s = "premature action (gate DEFER)"
	case GateBlock:
		s = "blocked action (gate BLOCK)"
	}
	if bad := unmet(cp, reads); bad != "" {
		s += "; " + bad
	}
	return s
}

// unmet lists a checkpoint's MISSING and VIOLATED requirements, a required read by its tool.
func unmet(cp Checkpoint, reads []*RequiredRead) string {
	var bad []string
	for _, r := range cp.Requirements {
		if r.Status != StatusMissing && r.Status != StatusViolated {
			continue
		}
		name := r.ID
		if rd := readByID(reads, r.ID); rd != nil {
			name = "read " + rd.Tool
		}
		bad = append(bad, r.Status+" "+name)
	}
	return strings.Join(bad, ", ")
}

// summarizeFact is a fact's predicate and fields without provenance.
func summarizeFact(canonical string) string {
	o, err := jsonv.ParseObject([]byte(canonical))
	if err != nil {
		return canonical
	}
	var parts []string
	for i, k := range o.Keys {
		switch k {
		case "evidence_span", "source_span", "schema_version", "source_record_id", "source_tool_name", "source_ref",
			"observed_at", "fresh_until", "record_version", "summary", "description", "source_path", "source_refs", "refs":
			continue
		}
		parts = append(parts, k+"="+string(jsonv.Canonical(o.Values[i], false)))
	}
	return strings.Join(parts, " ")
}

// goldDecision is the decision a static judgment is compared with.
func goldDecision(s *casespec.Spec, v Verdict) string {
	if s == nil {
		return "?"
	}
	switch v.Protocol() {
	case ingest.Legacy:
		return s.GoldDecision
	case ingest.V0:
		return strings.ToLower(s.ExpectedStopOutcome)
	}
	return "allow"
}

// breakPoint says where the chain broke, naming the event BrokeAt gives when there is one
// (ep, which may be nil, says which of the benchmark's checks failed where it records that).
func breakPoint(v Verdict, d *Detail, reads []*RequiredRead, ep *ingest.Episode) string {
	at := BrokeAt(v)
	switch v.FailureType() {
	case FailWrongDecision:
		return "the decision differs from the gold decision"
	case FailUnsafe:
		return eventAt(ep, at) + ": a consequential action was attempted"
	case FailEarlyStop:
		return "the agent stopped before the required investigation was complete"
	case FailWrongLabel:
		return fmt.Sprintf("the agent's stop label does not match %s, the gate its own reads derive", v.Outcome())
	case FailExtraEvent:
		if at >= 0 {
			return eventAt(ep, at) + ": an event followed the completed workflow"
		}
		return "an event followed the completed workflow"
	}
	if d.OfficialTask && at < 0 {
		if b := rulesBreak(v, d, ep); b != "" {
			return b
		}
	}
	if cp := brokenCheckpoint(v, d, at); cp != nil {
		where := "the hidden preflight"
		if cp.EventIndex >= 0 {
			where = fmt.Sprintf("event %d", cp.EventIndex)
		}
		if cp.Reason != "" {
			return fmt.Sprintf("%s (%s): %s", where, cp.Tool, cp.Reason)
		}
		label := "gate " + cp.Gate
		if cp.EventIndex >= 0 {
			label = checkpointWhy(Checkpoint{Gate: cp.Gate}, nil)
		}
		return fmt.Sprintf("%s (%s): %s; %s", where, cp.Tool, label, unmet(*cp, reads))
	}
	if at >= 0 && at == d.PreflightStop && len(d.InvalidInfoCalls) == 0 {
		return fmt.Sprintf("event %d (%s): the hidden preflight stopped at this read: %s", at, eventTool(ep, at), d.PreflightStopReason)
	}
	if len(d.InvalidInfoCalls) > 0 && at == d.InvalidInfoCalls[0].EventIndex {
		ic := d.InvalidInfoCalls[0]
		return fmt.Sprintf("event %d (%s): invalid read: %s", ic.EventIndex, ic.Tool, ic.Reason)
	}
	if v.Outcome() == OutcomeMissingDelta && at >= 0 {
		return fmt.Sprintf("event %d (%s): no frozen evidence for the read: %s", at, eventTool(ep, at), OutcomeMissingDelta)
	}
	if v.FailureType() == FailContract && len(d.ContractErrors) > 0 {
		if at >= 0 {
			return eventAt(ep, at) + ": contract errors (listed below)"
		}
		return "contract errors (listed below)"
	}
	return fmt.Sprintf("outcome %s (%s)", v.Outcome(), v.FailureType())
}

// rulesBreak says where an action-rules episode failed when no write was stopped: the
// benchmark's own verdict, with the check that failed where the episode records it (τ-bench:
// the end state, the answer, or both), as only the episode knows ("" when a checkpoint says
// more).
func rulesBreak(v Verdict, d *Detail, ep *ingest.Episode) string {
	for _, cp := range d.Checkpoints {
		if cp.Gate != GateAllow {
			return ""
		}
	}
	if malformedRecord(d) {
		return "" // the record's malformed events, which breakPoint names
	}
	if v.Official() < 0 {
		return "the episode carries no official verdict, which decides whether the task was done"
	}
	which := "the episode does not record which of its checks failed"
	if ep != nil {
		if c := tau.FailedChecks(ep.Extra); c != "" {
			which = c
		}
	}
	if v.Attempted() {
		return "every write was authorized, but the benchmark's own verdict is a failure (" + which + ")"
	}
	return "no write was made, and the benchmark's own verdict is a failure (" + which + ")"
}

// eventAt names event i as a chain line does: "event i (tool)", or "event i" for an event
// that names no tool (one that is not an object, say).
func eventAt(ep *ingest.Episode, i int) string {
	if t := eventTool(ep, i); t != "" {
		return fmt.Sprintf("event %d (%s)", i, t)
	}
	return fmt.Sprintf("event %d", i)
}

// eventTool is the tool of the record's event i, "" when it has none.
func eventTool(ep *ingest.Episode, i int) string {
	list, _ := ep.Record.List("events")
	if i < 0 || i >= len(list) {
		return ""
	}
	o, _ := list[i].(*jsonv.Object)
	if o == nil {
		return ""
	}
	t, _ := o.String("tool")
	return t
}
