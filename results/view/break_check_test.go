package view_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results/job"
	"github.com/sabench/sabench-stats/results/verdicts"
	"github.com/sabench/sabench-stats/results/view"
)

// What sabench-stats says about an episode, checked against the episode's own events and
// against the rules as docs/ states them (glossary.md: where the chain broke and the
// sentence; tau-bench.md: the action rules; policies.md: timing), not against the code
// that says it. checkBreak returns what it found wrong, one line each.

// detailJSON is what `score --detail` writes of a verdict's detail (verdicts.DetailJSON).
type detailJSON struct {
	Checkpoints []struct {
		EventIndex   int    `json:"event_index"`
		Tool         string `json:"tool"`
		CommitID     string `json:"commit_id"`
		Gate         string `json:"gate"`
		Reason       string `json:"reason"`
		Requirements []struct {
			ID      string            `json:"id"`
			Status  string            `json:"status"`
			Reason  string            `json:"reason"`
			Missing []json.RawMessage `json:"missing_conditions"`
		} `json:"requirements"`
	} `json:"checkpoints"`
	CompletedCommits []string `json:"completed_commits"`
	InvalidInfoCalls []struct {
		EventIndex int    `json:"event_index"`
		Reason     string `json:"reason"`
	} `json:"invalid_info_calls"`
	Ledger         []ledgerFact `json:"ledger"`
	ContractErrors []string     `json:"contract_errors"`
	Coverage       struct {
		Complete bool `json:"complete"`
	} `json:"coverage"`
}

// ledgerFact is one fact of the ledger, with the event whose read established it.
type ledgerFact struct {
	EventIndex int             `json:"event_index"`
	Tool       string          `json:"tool"`
	Fact       json.RawMessage `json:"fact"`
}

// fits: the fact meets the condition: each of its fields ("source" aside, which says what
// kind of condition it is) equal, a field {"action_arg": PATH} equal to the action's
// argument (any value under binding value).
func fits(cond *jsonv.Object, fact json.RawMessage, args *jsonv.Object, anyValue bool) bool {
	fo, err := jsonv.ParseObject(fact)
	if err != nil {
		return false
	}
	for i, k := range cond.Keys {
		if k == "source" {
			continue
		}
		got, ok := fo.Get(k)
		if !ok {
			return false
		}
		want := cond.Values[i]
		if o, ok := want.(*jsonv.Object); ok && len(o.Keys) == 1 && o.Keys[0] == "action_arg" {
			if anyValue {
				continue
			}
			path, _ := o.Values[0].(string)
			w, ok := args.Get(path)
			if !ok {
				return false
			}
			want = w
		}
		if string(jsonv.Canonical(got, false)) != string(jsonv.Canonical(want, false)) {
			return false
		}
	}
	return true
}

// evt is one event of the record as written.
type evt struct {
	typ, tool, args, content, status string
	argsObj                          *jsonv.Object
	result                           any
	claim                            any // the top-level evidence_delta_key, nil when absent or null
	object                           bool
	callID                           any // the call_id as written, nil when absent
	statusRaw                        any // the tool_status as written, nil when absent
}

func recordEvents(ep *ingest.Episode) []evt {
	var out []evt
	if ep == nil || ep.Record == nil {
		return nil
	}
	list, _ := ep.Record.List("events")
	for _, raw := range list {
		var e evt
		if o, ok := raw.(*jsonv.Object); ok {
			e.object = true
			e.callID, _ = o.Get("call_id")
			e.typ, _ = o.String("type")
			e.tool, _ = o.String("tool")
			e.content, _ = o.String("content")
			e.status, _ = o.String("tool_status")
			e.statusRaw, _ = o.Get("tool_status")
			e.claim, _ = o.Get("evidence_delta_key")
			if a, ok := o.Obj("arguments"); ok {
				e.argsObj = a
				e.args = string(jsonv.Canonical(a, false))
			}
			if r, ok := o.Get("tool_result"); ok {
				e.result = r
				if s, ok := r.(string); ok {
					if v, err := jsonv.Parse([]byte(s)); err == nil {
						e.result = v
					}
				}
			}
		}
		out = append(out, e)
	}
	return out
}

// tauRules is what docs/tau-bench.md says a domain's rules file holds: which entity each
// tool establishes, and the terms that make a user turn an explicit yes.
type tauRules struct {
	Confirmation struct {
		Affirmative []string `json:"affirmative"`
		Negative    []string `json:"negative"`
	} `json:"confirmation"`
	Tools []struct {
		Name        string `json:"name"`
		Kind        string `json:"kind"`
		Establishes []struct {
			Entity     string  `json:"entity"`
			FromArg    *string `json:"from_arg"`
			FromResult *string `json:"from_result"`
		} `json:"establishes"`
	} `json:"tools"`
}

// normText is text as the rules match it: without case, "_" read as a space.
func normText(s string) string { return strings.ReplaceAll(strings.ToLower(s), "_", " ") }

// wordRes holds each term's whole-word pattern, compiled once.
var wordRes sync.Map

// firstWord is the position of term as whole words in text, -1 for none.
func firstWord(text, term string) int {
	re, ok := wordRes.Load(term)
	if !ok {
		re, _ = wordRes.LoadOrStore(term, regexp.MustCompile(`(^|[^\pL\pN'])`+regexp.QuoteMeta(normText(term))+`($|[^\pL\pN'])`))
	}
	if m := re.(*regexp.Regexp).FindStringIndex(normText(text)); m != nil {
		return m[0]
	}
	return -1
}

// affirmative: an affirmative term as whole words, and no negative term before the first.
func (r *tauRules) affirmative(text string) bool {
	first := -1
	for _, a := range r.Confirmation.Affirmative {
		if i := firstWord(text, a); i >= 0 && (first < 0 || i < first) {
			first = i
		}
	}
	if first < 0 {
		return false
	}
	for _, n := range r.Confirmation.Negative {
		if i := firstWord(text, n); i >= 0 && i < first {
			return false
		}
	}
	return true
}

// pathValues are the strings at a rules-file path: "a.b", "a[].b" (each list item), "a.*"
// (an object's keys), "" (the value itself).
func pathValues(v any, path string) []string {
	vals := []any{v}
	if path != "" {
		for _, seg := range strings.Split(path, ".") {
			var next []any
			for _, x := range vals {
				o, _ := x.(*jsonv.Object)
				switch {
				case o == nil:
				case seg == "*":
					for _, k := range o.Keys {
						next = append(next, k)
					}
				case strings.HasSuffix(seg, "[]"):
					if l, ok := o.Get(strings.TrimSuffix(seg, "[]")); ok {
						if items, ok := l.([]any); ok {
							next = append(next, items...)
						}
					}
				default:
					if y, ok := o.Get(seg); ok {
						next = append(next, y)
					}
				}
			}
			vals = next
		}
	}
	var out []string
	for _, x := range vals {
		switch y := x.(type) {
		case string:
			out = append(out, y)
		case nil, *jsonv.Object, []any:
		default:
			out = append(out, string(jsonv.Canonical(y, false)))
		}
	}
	return out
}

// established reports whether a call before event at (under the policy's timing) that did
// not answer with an error made entity's value known ("" : any value).
func (r *tauRules) established(evs []evt, at int, anytime bool, entity, value string) bool {
	for i, e := range evs {
		if i == at || !anytime && i > at || e.status == "error" || e.typ != "INFO_CALL" && e.typ != "CONSEQUENTIAL_CALL" {
			continue
		}
		for _, t := range r.Tools {
			if t.Name != e.tool {
				continue
			}
			for _, es := range t.Establishes {
				if es.Entity != entity {
					continue
				}
				var vals []string
				if es.FromArg != nil {
					vals = pathValues(e.argsObj, *es.FromArg)
				} else if es.FromResult != nil {
					vals = pathValues(e.result, *es.FromResult)
				}
				for _, v := range vals {
					if value == "" || v == value {
						return true
					}
				}
			}
		}
	}
	return false
}

// mentions: a message names a value, matched without case, "_" read as a space and a
// leading "#" dropped.
func mentions(msg, v string) bool {
	v = strings.TrimPrefix(normText(v), "#")
	return v != "" && strings.Contains(strings.TrimPrefix(normText(msg), "#"), v)
}

// claims counts the claims checkBreak checked, by kind, over the test binary's run (the
// tests report them, so a check that never runs shows).
var claims = struct {
	sync.Mutex
	n map[string]int
}{n: map[string]int{}}

func claim(kind string) {
	claims.Lock()
	claims.n[kind]++
	claims.Unlock()
}

// breakAccount is everything the three places say about one verdict.
type breakAccount struct {
	cs  *casespec.Case
	ep  *ingest.Episode
	pol oracle.Policy
	v   oracle.Verdict
	vc  view.Case
	// rules is the domain's rules file for an action-rules case, else nil.
	rules *tauRules
}

var (
	notCountedRe = regexp.MustCompile(`(?m)^  not counted: (\S+) (.*) \((required_info_call_\d+)\): read at event (\d+), (?:after the evaluator stopped at event (\d+)|which the evaluator refused as an invalid read \((\w+)\)|which answered with tool_status (.*) \(only a read that answered ok counts\)|the event the evaluator stopped at|where the read was not accepted)$`)
	otherArgsRe  = regexp.MustCompile(`(?m)^  not counted: (\S+) (.*) \((required_info_call_\d+)\): read at event (\d+) with the arguments (.*), not the required ones$`)
	neverReadRe  = regexp.MustCompile(`(?m)^  never read: (\S+) (.*) \((required_info_call_\d+)\)$`)
)

// checkBreak checks one verdict; it returns the problems found.
func checkBreak(a breakAccount) ([]string, error) {
	v, ep, pol := a.v, a.ep, a.pol
	var probs []string
	bad := func(format string, args ...any) { probs = append(probs, fmt.Sprintf(format, args...)) }
	if v.Excluded() || v.Detail == nil {
		return nil, nil
	}
	x := oracle.Explain(a.cs, ep, pol, v)
	var tb bytes.Buffer
	if err := job.Explain(&tb, a.cs, ep, []oracle.Policy{pol}, []oracle.Verdict{v}, job.ExplainOptions{Format: "text"}); err != nil {
		return nil, err
	}
	text := tb.String()
	vat, states, vwhy, err := view.ViewerBreak(ep, v, a.vc)
	if err != nil {
		return nil, err
	}
	// A read that answered with an error: the page's sentence under it is explain's.
	failed, err := view.ViewerFailedReads(ep, v, a.vc)
	if err != nil {
		return nil, err
	}
	for _, e := range x.Chain {
		if e.FailedRead != "" && failed[e.Index] != e.FailedRead {
			bad("event %d: explain says no facts: %q, the page %q", e.Index, e.FailedRead, failed[e.Index])
		}
		if e.FailedRead != "" && !strings.Contains(text, fmt.Sprintf("        (no facts: %s)\n", e.FailedRead)) {
			bad("event %d: explain's text lacks why the read established nothing (%q)", e.Index, e.FailedRead)
		}
	}
	var d detailJSON
	if err := json.Unmarshal(jsonv.AppendJSON(nil, verdicts.DetailJSON(v.Detail)), &d); err != nil {
		return nil, err
	}
	evs := recordEvents(ep)
	marked := -1
	for _, e := range x.Chain {
		if e.Broke {
			marked = e.Index
		}
	}
	vstep := ""
	for i, st := range states {
		if st == oracle.StepBroken && i < len(a.vc.Workflow) {
			vstep = a.vc.Workflow[i].ID
		}
	}
	stop := -1 // where the evaluator stopped, as explain marks it
	for _, e := range x.Chain {
		if e.EvaluatorStops {
			stop = e.Index
		}
	}
	// Explain's JSON marks each event after the stop as not processed, and only those.
	for _, e := range x.Chain {
		if stop >= 0 && e.Index > stop {
			claim("event after the stop marked")
		}
		if e.AfterStop != (stop >= 0 && e.Index > stop) {
			bad("event %d: after_evaluator_stopped %v, the evaluator stopped at %d", e.Index, e.AfterStop, stop)
		}
	}

	// The ledger shown: explain lists every fact of the ledger under the event that
	// established it.
	for _, f := range d.Ledger {
		claim("ledger fact shown")
		// The event a fact names made it: a call of the fact's tool, or the action whose
		// postcondition it is; the hidden preflight's own (-1) are no event's.
		if f.EventIndex >= len(evs) || f.EventIndex >= 0 && !strings.HasPrefix(f.Tool, "postcondition of ") && evs[f.EventIndex].tool != f.Tool {
			tool := ""
			if f.EventIndex < len(evs) {
				tool = evs[f.EventIndex].tool
			}
			bad("the ledger says event %d (of %d; %q) established %s by %s", f.EventIndex, len(evs), tool, f.Fact, f.Tool)
			continue
		}
		if f.EventIndex < 0 {
			continue
		}
		shown := false
		if f.EventIndex >= 0 && f.EventIndex < len(x.Chain) {
			for _, ef := range x.Chain[f.EventIndex].Facts {
				shown = shown || jsonEqual(ef.Fact, f.Fact)
			}
		}
		if !shown {
			bad("the ledger's fact %s of event %d is not shown there", f.Fact, f.EventIndex)
		}
	}
	if v.ECS() {
		claim("success: no break anywhere")
		if x.Decision != nil && x.Decision.Decision != x.Decision.Gold {
			bad("a success with decision %q, gold %q", x.Decision.Decision, x.Decision.Gold)
		}
		// A success: nothing broke, anywhere.
		if x.Broke != "" || x.Why != "" || x.BrokeAt != -1 || x.BrokeStep != "" || marked >= 0 {
			bad("a success, yet explain says the chain broke (%q at %d, step %q, why %q)", x.Broke, x.BrokeAt, x.BrokeStep, x.Why)
		}
		if strings.Contains(text, "chain broke") || strings.Contains(text, "broke here") || strings.Contains(text, "why it fails") {
			bad("a success, yet explain's text says the chain broke")
		}
		if vat != -1 || vwhy != "" || vstep != "" {
			bad("a success, yet the viewer shows a break (event %d, step %q, why %q)", vat, vstep, vwhy)
		}
		if v.FailureType() != "" {
			bad("a success with failure type %q", v.FailureType())
		}
		return probs, nil
	}

	ft := v.FailureType()
	preflightAt := preflightStopRead(a, evs, v.Outcome())
	// The break event by glossary.md, from what `score --detail` writes: the extra event of
	// extra_event, the attempted action of unsafe_attempt, else the first gate that did not
	// ALLOW an action, else the first invalid read; else none.
	want, brokenCP, kind := -1, -1, ""
	firstAct := -1
	for i, e := range evs {
		if e.typ == "CONSEQUENTIAL_CALL" {
			firstAct = i
			break
		}
	}
	// A V0 agent that attempted the candidate action is not said to have chosen not to take it.
	if firstAct >= 0 && strings.Contains(text, "chose not to take") {
		bad("%s: the agent acted at event %d, yet the text says it chose not to take the candidate action", ft, firstAct)
	}
	switch ft {
	case oracle.FailExtraEvent:
		// `score --detail` does not carry the extra event: explain's is checked below.
		want, kind = x.BrokeAt, "extra"
	case oracle.FailUnsafe:
		want, kind = firstAct, "act"
		if v.FirstAttemptIndex() != firstAct {
			bad("unsafe_attempt: first_attempt_index %d, the record's first action is event %d", v.FirstAttemptIndex(), firstAct)
		}
	default:
		for i, cp := range d.Checkpoints {
			if cp.Gate != oracle.GateAllow && cp.EventIndex >= 0 {
				want, brokenCP, kind = cp.EventIndex, i, "gate"
				break
			}
		}
		if want < 0 && len(d.InvalidInfoCalls) > 0 && ft == oracle.FailContract {
			want, kind = d.InvalidInfoCalls[0].EventIndex, "invalid"
		}
		if want < 0 && ft == oracle.FailContract && a.cs.Protocol != ingest.V0 {
			switch v.Outcome() {
			case oracle.OutcomeInvalidEvent, oracle.OutcomeInvalidCallID, oracle.OutcomeMissingDelta:
				want, kind = stop, "malformed event" // the event the evaluator stopped at
			}
		}
		if want < 0 && ft == oracle.FailContract && a.cs.Protocol == ingest.V0 {
			if preflightAt >= 0 {
				want, kind = preflightAt, "preflight stop"
			}
		}
	}
	claim("failure: break event (" + kind + ")")
	if x.BrokeAt != want || marked != want || vat != want {
		bad("%s: the break by the rules is event %d (%s); explain says %d, marks %d, the viewer %d", ft, want, kind, x.BrokeAt, marked, vat)
	}
	if want >= 0 {
		if !strings.Contains(text, fmt.Sprintf("chain broke: event %d", want)) {
			bad("%s: the text's chain-broke line does not name event %d", ft, want)
		}
	} else if strings.Contains(text, "chain broke: event ") {
		bad("%s: no single event broke, yet the text names one", ft)
	}
	if x.BrokeStep != vstep {
		bad("%s: explain's broken step %q, the viewer's %q", ft, x.BrokeStep, vstep)
	}
	// The event named exists and is what the rule says it is.
	if want >= len(evs) {
		bad("%s: break event %d of %d events", ft, want, len(evs))
		return probs, nil
	}
	if want >= 0 {
		e := evs[want]
		switch kind {
		case "act", "gate":
			if e.typ != "CONSEQUENTIAL_CALL" && !a.isWrite(e) {
				bad("%s: the break event %d is a %s %s, not an action", ft, want, e.typ, e.tool)
			}
			if x.Chain[want].Kind != "act" {
				bad("%s: explain shows the action at event %d as a %s", ft, want, x.Chain[want].Kind)
			}
			if stop >= 0 && want > stop && kind == "gate" {
				bad("%s: the break event %d comes after the evaluator stopped at %d", ft, want, stop)
			}
		case "invalid":
			if e.typ != "INFO_CALL" {
				bad("%s: the invalid read %d is a %s", ft, want, e.typ)
			}
		case "extra":
			for _, cp := range d.Checkpoints {
				if cp.Gate == oracle.GateAllow && cp.EventIndex >= want {
					bad("extra_event: event %d does not follow the workflow (its step at event %d)", want, cp.EventIndex)
				}
			}
		}
	}
	if kind == "gate" && want >= 0 && !strings.Contains(x.Broke, fmt.Sprintf("event %d (%s)", want, evs[want].tool)) {
		bad("%s: the chain-broke line %q does not name event %d's tool %s", ft, x.Broke, want, evs[want].tool)
	}
	probs = append(probs, checkWorkflow(x, evs, want)...)
	// A decision (Legacy, a static judgment) is wrong exactly when it is not the gold one.
	if x.Decision != nil && ft == oracle.FailWrongDecision && x.Decision.Decision == x.Decision.Gold {
		bad("%s: decision %q, gold %q", ft, x.Decision.Decision, x.Decision.Gold)
	}
	if ft == oracle.FailWrongLabel {
		// The stop label the agent gave is not the gate its reads derive, which the
		// hidden preflight shows and the chain-broke line names.
		label := ""
		if t, ok := ep.Record.Obj("terminal"); ok {
			label, _ = t.String("outcome")
		}
		derived := oracle.GateAllow // the first preflight gate that does not ALLOW
		for i := len(x.Preflight) - 1; i >= 0; i-- {
			if g := x.Preflight[i].Gate; g != oracle.GateAllow {
				derived = g
			}
		}
		if label == v.Outcome() || derived != v.Outcome() || !strings.Contains(x.Broke, v.Outcome()) {
			bad("wrong_stop_label: the agent said %q, the verdict %q, the preflight %+v, the line %q", label, v.Outcome(), x.Preflight, x.Broke)
		}
	}
	// The failure type and the gate agree (glossary.md's sentences).
	var cp *struct {
		gate, reason, commit string
		missing              []string // reasons of the MISSING requirements
	}
	if brokenCP >= 0 {
		c := d.Checkpoints[brokenCP]
		cp = &struct {
			gate, reason, commit string
			missing              []string
		}{gate: c.Gate, reason: c.Reason, commit: c.CommitID}
		// A name requirement that is a step's postcondition (the case's workflow, read here)
		// lacks that step's completion, not a read.
		stepOf := map[string]string{}
		if sp, _ := casespec.DecodeSpec(a.cs); sp != nil {
			for _, cm := range sp.Workflow {
				if cm == nil {
					continue
				}
				for _, pc := range cm.Postconditions {
					name, ok := pc.(string)
					if o, isObj := pc.(*jsonv.Object); isObj {
						name, ok = o.String("name")
					}
					if ok && stepOf[name] == "" {
						stepOf[name] = cm.ID
					}
				}
			}
		}
		for _, r := range c.Requirements {
			if r.Status == oracle.StatusMissing {
				if st := stepOf[r.ID]; st != "" && r.Reason == "MISSING_TOOL_EVIDENCE" && len(r.Missing) == 0 {
					cp.missing = append(cp.missing, "STEP "+st)
					continue
				}
				cp.missing = append(cp.missing, r.Reason)
			}
		}
	}
	// The verdict's label names the gate that stopped the action: the broken one.
	if i := strings.Index(x.Verdict.Label, "(gate "); i >= 0 {
		claim("failure: the verdict's gate label")
		if cp == nil || x.Verdict.Label[i:] != "(gate "+cp.gate+")" {
			bad("%s: the verdict says %q, the broken gate is %+v", ft, x.Verdict.Label, cp)
		}
	}
	// "investigation complete there" at the first attempt: no requirement MISSING at its gate.
	if v.Attempted() && v.CompleteAtFirstAttempt() {
		for _, c := range d.Checkpoints {
			if c.EventIndex != v.FirstAttemptIndex() {
				continue
			}
			claim("failure: complete at the first attempt")
			for _, r := range c.Requirements {
				if r.Status == oracle.StatusMissing {
					bad("%s: complete at the first attempt (event %d), yet %s is MISSING at its gate", ft, c.EventIndex, r.ID)
				}
			}
			break
		}
	}
	switch ft {
	case oracle.FailPremature:
		if cp == nil || cp.gate != oracle.GateDefer {
			bad("premature_action without a DEFER gate at an event (%+v)", cp)
		}
	case oracle.FailWrongAction:
		if cp != nil && cp.gate != oracle.GateBlock && cp.commit != "" && cp.reason == "" {
			bad("wrong_action, yet its gate is %s for step %s", cp.gate, cp.commit)
		}
	case oracle.FailUnsafe:
		if v.Protocol() != ingest.V0 || !v.Attempted() {
			bad("unsafe_attempt in %s, attempted %v", v.Protocol().Label(), v.Attempted())
		}
	case oracle.FailInaction:
		if len(d.CompletedCommits) > 0 {
			bad("inaction, yet %d commits completed", len(d.CompletedCommits))
		}
	case oracle.FailPartial:
		if len(d.CompletedCommits) == 0 || len(a.vc.Workflow) > 0 && len(d.CompletedCommits) >= len(a.vc.Workflow) {
			bad("partial_workflow with %d of %d steps completed", len(d.CompletedCommits), len(a.vc.Workflow))
		}
	case oracle.FailEarlyStop:
		if v.CoverageComplete() {
			bad("early_stop, yet the coverage is complete")
		}
	case oracle.FailExtraEvent:
		if want < 0 {
			bad("extra_event names no event")
		}
	}
	// The sentence (glossary.md): the viewer's is explain's; a gate that deferred names what
	// it lacked, a reused key or a repeated step says so, an action-rules episode whose writes
	// were all authorized (or none made) fails on the benchmark's own verdict; else its
	// type's sentence.
	why := x.Why
	if vwhy != why {
		bad("%s: the viewer says why %q, explain %q", ft, vwhy, why)
	}
	if why == "" || !strings.Contains(text, "why it fails: "+why+"\n") {
		bad("%s: explain's text lacks the sentence %q", ft, why)
	}
	claim("failure: sentence")
	typeWhy := oracle.FailureWhy(ft)
	has := func(s string) bool { return strings.Contains(why, s) }
	writes := 0
	for _, e := range evs {
		if a.isWrite(e) {
			writes++
		}
	}
	switch {
	case a.rules != nil && ep.Official == nil:
		// tau-bench.md: task success is the benchmark's own verdict; without one the
		// episode breaks the contract, whatever its gates say.
		if ft != oracle.FailContract || !has("carries none") {
			bad("%s without the benchmark's verdict: why %q", ft, why)
		}
	case cp != nil && cp.reason == oracle.OutcomeDependency:
		// The step the action called has a dependency not completed before it.
		if !has("before a step it depends on had completed") || has("prior result") {
			bad("%s: a dependency violation, yet why %q", ft, why)
		}
	case cp != nil && cp.reason == oracle.OutcomeReference:
		if !has("prior result the evaluator does not accept") || has("depends on") {
			bad("%s: a prior result not accepted, yet why %q", ft, why)
		}
	case cp != nil && cp.reason == oracle.OutcomeIdempotency:
		if !has("idempotency key") {
			bad("%s: a reused idempotency key, yet why %q", ft, why)
		}
	case cp != nil && cp.reason == oracle.OutcomeDuplicate:
		if !has("again a step it had already completed") {
			bad("%s: a repeated step, yet why %q", ft, why)
		}
	case cp != nil && cp.reason == oracle.OutcomeAmbiguous:
		if !has("more than one step") {
			bad("%s: an ambiguous match, yet why %q", ft, why)
		}
	case cp != nil && cp.gate == oracle.GateDefer && ft == oracle.FailPremature:
		conf, ent, other := false, false, false
		for _, r := range cp.missing {
			if st, ok := strings.CutPrefix(r, "STEP "); ok {
				if !has("the completion of step " + st + ",") {
					bad("%s: the gate lacked step %s's postcondition, yet why %q", ft, st, why)
				}
				continue
			}
			switch r {
			case "NO_CONFIRMATION", "DETAILS_NOT_LISTED":
				conf = true
			case "ENTITY_NOT_READ", "ACTION_ARGUMENT_ABSENT":
				ent = true
			case "SUMMARY_FACTS_MISSING":
			default:
				other = true
			}
		}
		listed := slices.Contains(cp.missing, "DETAILS_NOT_LISTED")
		if has("confirmation") != conf || has("listing its details before the user's yes") != listed || has("an entity read its gate requires") != ent || has("a read its gate requires") != other || !has("DEFER") {
			bad("%s: the gate lacked %v, yet why %q", ft, cp.missing, why)
		}
	case ft == oracle.FailContract && v.Outcome() == oracle.OutcomeInvalidInfo && len(d.InvalidInfoCalls) > 0:
		// A V2 or V3 walk an invalid read ended: the sentence says what the read did, as
		// the evaluator's rules for its reason say (the read is the chain-broke event).
		iv := d.InvalidInfoCalls[0]
		claim("failure: sentence of an invalid read")
		var e evt
		if iv.EventIndex >= 0 && iv.EventIndex < len(evs) {
			e = evs[iv.EventIndex]
		}
		reads := 0
		for _, x := range evs[:min(iv.EventIndex+1, len(evs))] {
			if x.typ == "INFO_CALL" {
				reads++
			}
		}
		var max int64
		mv, _ := a.cs.Spec.Get("max_info_calls")
		switch n := mv.(type) {
		case int64:
			max = n
		case float64:
			max = int64(n)
		}
		list, _ := a.cs.Spec.List("info_tools")
		ok := false
		switch iv.Reason {
		case "MAX_INFO_CALLS_EXCEEDED":
			ok = has("more information calls than the case allows") && max > 0 && int64(reads) > max
		case "TOOL_NOT_IN_INFO_SCOPE":
			ok = has("an information tool the case does not offer") && !slices.Contains(list, any(e.tool))
		case "QUERY_SHARD_REPLAY_FAILED":
			ok = has("query shard cannot answer")
		case "QUERY_SHARD_EVIDENCE_BINDING_MISMATCH":
			ok = has("claims an evidence key other than") && e.claim != nil
		case "MALFORMED_INFO_CALL":
			ok = has("is malformed")
		case "INVALID_RESOLVED_ARGUMENTS":
			ok = has("resolved arguments")
		case "INVALID_EVIDENCE_DELTA_KEY":
			ok = has("evidence key")
		}
		if !ok || !has("breaks the episode contract") {
			bad("%s: invalid read %s at event %d (%s), yet why %q", ft, iv.Reason, iv.EventIndex, e.tool, why)
		}
	case ft == oracle.FailContract && len(d.InvalidInfoCalls) == 0 && stop >= 0 && stop < len(evs) &&
		(v.Outcome() == oracle.OutcomeInvalidEvent || v.Outcome() == oracle.OutcomeInvalidCallID || v.Outcome() == oracle.OutcomeMissingDelta):
		// A workflow walk that stopped at one event for the record's fault says which fault,
		// as the event shows it.
		claim("failure: sentence of the event the walk stopped at")
		e := evs[stop]
		ok := false
		switch v.Outcome() {
		case oracle.OutcomeInvalidEvent:
			ok = has("is malformed") && (!e.object || e.typ != "INFO_CALL" && e.typ != "CONSEQUENTIAL_CALL")
		case oracle.OutcomeInvalidCallID:
			id, isStr := e.callID.(string)
			valid := isStr && id != "" && strings.Trim(id, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-") == ""
			reused := false
			for _, o := range evs[:stop] {
				if o.callID == e.callID && isStr {
					reused = true
				}
			}
			ok = has("call id") && (!valid || reused || e.callID == nil && e.typ == "CONSEQUENTIAL_CALL")
		case oracle.OutcomeMissingDelta:
			ok = has("frozen evidence does not hold") && e.typ == "INFO_CALL"
		}
		if !ok || !has("breaks the episode contract") {
			bad("%s: the walk stopped at event %d (%s, %s), yet why %q", ft, stop, v.Outcome(), e.typ, why)
		}
	case ft == oracle.FailContract && len(d.InvalidInfoCalls) == 0 && preflightAt >= 0:
		// A V0 record whose hidden preflight stopped at one of its reads: the sentence says
		// why the preflight could not take it, as the read shows it.
		claim("failure: sentence of the read a V0 preflight stopped at")
		e := evs[preflightAt]
		ok := false
		switch v.Outcome() {
		case oracle.OutcomeMissingDelta:
			ok = has("frozen evidence does not hold")
		case oracle.OutcomeInvalidInfo:
			ok = has("tool_status is not a string") && e.statusRaw != nil && e.status == ""
		}
		if !ok || !has("hidden preflight stopped at one of the agent's reads") || !has("derived no stop label") {
			bad("%s: the hidden preflight stopped at event %d (%s), yet why %q", ft, preflightAt, v.Outcome(), why)
		}
	case ft == oracle.FailContract && len(d.ContractErrors) > 0 && len(d.InvalidInfoCalls) == 0 &&
		v.Outcome() != oracle.OutcomeInvalidEvent && v.Outcome() != oracle.OutcomeInvalidCallID && v.Outcome() != oracle.OutcomeMissingDelta:
		// A contract error that is no malformed event, invalid read or commit list is named:
		// an unreadable answer (the record says so), a V0 stop outside BLOCK and DEFER, a
		// hidden preflight over complete reads that derived another stop than the case's.
		first := ""
		if len(d.ContractErrors) > 0 {
			first = d.ContractErrors[0]
		}
		md, _ := ep.Record.Obj("metadata")
		pe, _ := md.String("parse_error")
		term, _ := ep.Record.Obj("terminal")
		tt, _ := term.String("type")
		to, _ := term.String("outcome")
		pre := oracle.GateAllow
		for _, c := range d.Checkpoints {
			if c.EventIndex < 0 && c.Gate != oracle.GateAllow {
				pre = c.Gate
				break
			}
		}
		exp, _ := a.cs.Spec.String("expected_stop_outcome")
		switch {
		case strings.Contains(first, ".metadata.parse_error"):
			if !has("could not be read") || strings.TrimSpace(pe) == "" {
				bad("%s: an unreadable answer (%q), yet why %q", ft, pe, why)
			}
		case strings.Contains(first, "no_action_record.terminal."):
			if !has("not a NO_ACTION with one of the two stop labels") || tt == "NO_ACTION" && (to == oracle.GateBlock || to == oracle.GateDefer) {
				bad("%s: a stop %s/%s, yet why %q", ft, tt, to, why)
			}
		case strings.Contains(first, "derived stop outcome does not match"):
			if !has("derived a stop label other than") || !d.Coverage.Complete || pre == exp {
				bad("%s: preflight %s, expected %s, coverage complete %v, yet why %q", ft, pre, exp, d.Coverage.Complete, why)
			}
		case strings.Contains(first, "complete preflight must derive BLOCK or DEFER"):
			if !has("derived no stop label") || v.Outcome() == oracle.GateBlock || v.Outcome() == oracle.GateDefer {
				bad("%s: preflight outcome %s, yet why %q", ft, v.Outcome(), why)
			}
		case strings.HasPrefix(first, "SPEC_INVALID"):
			if !has("specification fails the evaluator's checks") {
				bad("%s: a spec error (%q), yet why %q", ft, first, why)
			}
		case !strings.Contains(first, "events"):
			// A field of the record's own: one the record as written lacks or has wrong.
			if !has("a field of its own, not an event") {
				bad("%s: a record field's error (%q), yet why %q", ft, first, why)
			}
		default:
			if why != typeWhy {
				bad("%s: why %q, not its type's sentence", ft, why)
			}
		}
	case cp == nil && a.rules != nil && (ft == oracle.FailWrongAction || ft == oracle.FailInaction):
		if !has("benchmark's own verdict") || has("no write") != (writes == 0) || has("Every write") != (writes > 0) {
			bad("%s with %d writes, none stopped: why %q", ft, writes, why)
		}
	default:
		if why != typeWhy {
			bad("%s: why %q, not its type's sentence", ft, why)
		}
	}
	if has("DEFER") && (cp == nil || cp.gate != oracle.GateDefer) {
		bad("%s: why speaks of a DEFER, the gate is %+v", ft, cp)
	}
	if ft == oracle.FailPremature && cp != nil && len(cp.missing) == 0 {
		bad("premature_action: its gate defers with no MISSING requirement")
	}

	// Every requirement explain says was MISSING at an action is really absent before it.
	anytime := pol.Timing == oracle.TimingAnytime
	for _, ce := range x.Chain {
		for _, ecp := range ce.Checkpoints {
			at := ecp.Event
			for _, r := range ecp.Requirements {
				if r.Status != oracle.StatusMissing {
					continue
				}
				probs = append(probs, a.checkMissing(evs, d.Ledger, x, at, anytime, r)...)
			}
		}
	}
	// "not counted: … read at event N" and "never read: …" under coverage.
	for _, m := range notCountedRe.FindAllStringSubmatch(text, -1) {
		claim("coverage: read at event N, not counted")
		var n, s int
		fmt.Sscan(m[4], &n)
		if n >= len(evs) || evs[n].typ != "INFO_CALL" || evs[n].tool != m[1] || evs[n].args != m[2] {
			bad("%s: text says %s %s was read at event %d, which is not that read", ft, m[1], m[2], n)
		}
		for i := range n {
			if evs[i].typ == "INFO_CALL" && evs[i].tool == m[1] && evs[i].args == m[2] {
				bad("%s: text says %s %s was read at event %d; it was read at %d before", ft, m[1], m[2], n, i)
				break
			}
		}
		if m[5] != "" {
			fmt.Sscan(m[5], &s)
			if s != stop || n <= s {
				bad("%s: text says event %d came after the evaluator stopped at %d (it stopped at %d)", ft, n, s, stop)
			}
		} else if m[6] != "" {
			// The reason is the chain's: the read the evaluator refused.
			if n >= len(x.Chain) || x.Chain[n].Invalid != m[6] {
				bad("%s: text says the read at event %d was refused (%s); the chain does not", ft, n, m[6])
			}
		} else if m[7] != "" {
			// The status is the record's, one V2 and V3 do not count.
			if !a.unsuccessful(evs[n]) || evs[n].status != m[7] || n < len(x.Chain) && x.Chain[n].Invalid != "" {
				bad("%s: text says the read at event %d answered with %s; it answered %q", ft, n, m[7], evs[n].status)
			}
		} else if strings.HasSuffix(m[0], "the event the evaluator stopped at") {
			if n != stop {
				bad("%s: text says the read at event %d is where the evaluator stopped; it stopped at %d", ft, n, stop)
			}
		} else if n < len(x.Chain) && (x.Chain[n].Invalid != "" || a.unsuccessful(evs[n]) || n == stop) {
			// What is left: a read the walk did not count for another reason (none that
			// a refusal, a status or the stop names, which have their own lines).
			bad("%s: text says the read at event %d was not accepted, without why (invalid %q, status %q, stop %d)", ft, n, x.Chain[n].Invalid, evs[n].status, stop)
		}
	}
	for _, m := range otherArgsRe.FindAllStringSubmatch(text, -1) {
		// The first read of the tool whose arguments hold the required ones and more, with
		// no read of exactly the required ones anywhere.
		claim("coverage: read at event N with other arguments")
		var n int
		fmt.Sscan(m[4], &n)
		req, err := jsonv.ParseObject([]byte(m[2]))
		if err != nil || n >= len(evs) || evs[n].typ != "INFO_CALL" || evs[n].tool != m[1] || evs[n].args != m[5] || m[5] == m[2] || !contains(evs[n].argsObj, req) {
			bad("%s: text says %s was read at event %d with the arguments %s, holding %s", ft, m[1], n, m[5], m[2])
			continue
		}
		for i, e := range evs {
			if e.typ == "INFO_CALL" && e.tool == m[1] && (e.args == m[2] || i < n && contains(e.argsObj, req)) {
				bad("%s: text says %s %s was read at event %d with other arguments; event %d read it (%s)", ft, m[1], m[2], n, i, e.args)
				break
			}
		}
	}
	for _, m := range neverReadRe.FindAllStringSubmatch(text, -1) {
		req, err := jsonv.ParseObject([]byte(m[2]))
		if err != nil {
			continue
		}
		claim("coverage: never read")
		for i, e := range evs {
			if e.typ == "INFO_CALL" && e.tool == m[1] && contains(e.argsObj, req) {
				bad("%s: text says %s %s was never read; event %d read it (%s)", ft, m[1], m[2], i, e.args)
				break
			}
		}
	}
	return probs, nil
}

// checkWorkflow checks the expected workflow's step states (glossary.md): a completed step
// was executed by an action calling its tool; the broken step is the one whose tool the
// breaking action called (the one step not completed with that tool is broken); an
// enabled step's dependencies completed, and it did not; a DAG step whose dependencies
// completed is not "not reached".
func checkWorkflow(x *oracle.Explanation, evs []evt, at int) []string {
	if x.Workflow == nil {
		return nil
	}
	var probs []string
	state := map[string]string{}
	for _, st := range x.Workflow.Steps {
		state[st.CommitID] = st.State
	}
	for _, st := range x.Workflow.Steps {
		switch st.State {
		case oracle.StepCompleted:
			claim("workflow: completed step")
			if st.Event >= 0 && (st.Event >= len(evs) || evs[st.Event].typ != "CONSEQUENTIAL_CALL" || evs[st.Event].tool != st.Tool) {
				probs = append(probs, fmt.Sprintf("step %s completed at event %d, which is not a call of %s", st.CommitID, st.Event, st.Tool))
			}
		case oracle.StepBroken:
			claim("workflow: broken step")
			// In V2 the step the evaluator expected, when the action called another tool
			// (no later step's): its state names that tool.
			other := at >= 0 && at < len(evs) && x.Workflow.Shape == "linear" && strings.Contains(st.Why, fmt.Sprintf("event %d called %s, ", at, evs[at].tool)) &&
				strings.Contains(st.Why, "where this step was due")
			if st.Event != at || at < 0 || at >= len(evs) || evs[at].tool != st.Tool && !other || x.BrokeStep != st.CommitID {
				probs = append(probs, fmt.Sprintf("step %s (%s) broken at event %d; the chain broke at %d, step %q", st.CommitID, st.Tool, st.Event, at, x.BrokeStep))
			}
		case oracle.StepEnabled:
			claim("workflow: enabled step")
			for _, dep := range st.DependsOn {
				if state[dep] != oracle.StepCompleted {
					probs = append(probs, fmt.Sprintf("step %s enabled, yet its dependency %s is %s", st.CommitID, dep, state[dep]))
				}
			}
			// "Never took it" holds when no action of the record calls the step's tool; an
			// action after the point the evaluator stopped is one it took, not processed.
			stop := -1
			for _, e := range x.Chain {
				if e.EvaluatorStops {
					stop = e.Index
				}
			}
			for i, e := range evs {
				if e.typ != "CONSEQUENTIAL_CALL" || e.tool != st.Tool {
					continue
				}
				// The stop the sentence names: the one explain marks, or the last event (where
				// explain marks none, nothing following it).
				n := -1
				fmt.Sscanf(st.Why[strings.LastIndex(st.Why, " ")+1:], "%d", &n)
				if strings.Contains(st.Why, "never took it") {
					probs = append(probs, fmt.Sprintf("step %s enabled, %q, yet event %d calls %s", st.CommitID, st.Why, i, st.Tool))
				} else if !strings.Contains(st.Why, "evaluator stopped at event") || i < n || n != stop && (stop >= 0 || n != len(evs)-1) {
					probs = append(probs, fmt.Sprintf("step %s enabled, %q; event %d calls %s, the evaluator stopped at %d", st.CommitID, st.Why, i, st.Tool, stop))
				}
				break
			}
		case oracle.StepNotReached:
			// A DAG step whose dependencies all completed is in the evaluator's enabled set,
			// wherever it stands in the list: never "not reached".
			if x.Workflow.Shape == "dag" {
				claim("workflow: not-reached DAG step")
				all := true
				for _, dep := range st.DependsOn {
					all = all && state[dep] == oracle.StepCompleted
				}
				if all {
					probs = append(probs, fmt.Sprintf("step %s not reached, yet its dependencies %v completed", st.CommitID, st.DependsOn))
				}
			}
		}
	}
	// The broken step is the one whose tool the breaking action called: when the action
	// called the tool of exactly one step not completed, that step is broken.
	if at >= 0 && at < len(evs) && evs[at].typ == "CONSEQUENTIAL_CALL" {
		var of []string
		for _, st := range x.Workflow.Steps {
			if st.Tool == evs[at].tool && st.State != oracle.StepCompleted {
				of = append(of, st.CommitID)
			}
		}
		if len(of) == 1 {
			claim("workflow: the step of the breaking action's tool")
			if state[of[0]] != oracle.StepBroken {
				probs = append(probs, fmt.Sprintf("event %d broke calling %s, the tool of step %s alone, yet that step is %s", at, evs[at].tool, of[0], state[of[0]]))
			}
		}
	}
	return probs
}

// jsonEqual compares two JSON texts as values.
func jsonEqual(a oracle.JSONText, b json.RawMessage) bool {
	x, err1 := jsonv.Parse([]byte(a))
	y, err2 := jsonv.Parse(b)
	return err1 == nil && err2 == nil && string(jsonv.Canonical(x, false)) == string(jsonv.Canonical(y, false))
}

// isWrite: the case's rules call the event's tool a write.
func (a breakAccount) isWrite(e evt) bool {
	if a.rules == nil {
		return e.typ == "CONSEQUENTIAL_CALL"
	}
	for _, t := range a.rules.Tools {
		if t.Name == e.tool {
			return t.Kind == "write"
		}
	}
	return false
}

// contains: every key of want is in got with an equal value.
func contains(got, want *jsonv.Object) bool {
	if got == nil {
		return len(want.Keys) == 0
	}
	for i, k := range want.Keys {
		g, ok := got.Get(k)
		if !ok || string(jsonv.Canonical(g, false)) != string(jsonv.Canonical(want.Values[i], false)) {
			return false
		}
	}
	return true
}

// unsuccessful reports a read whose tool answered with a status other than ok: a V2 or V3
// walk neither observes it for coverage nor takes facts from it (V0 and V1 read no status).
func (a breakAccount) unsuccessful(e evt) bool {
	return e.typ == "INFO_CALL" && e.status != "" && e.status != "ok" && (a.cs.Protocol == ingest.V2 || a.cs.Protocol == ingest.V3)
}

// checkMissing checks one MISSING requirement of the gate at event at against the events
// before it (every event but the action under timing anytime).
func (a breakAccount) checkMissing(evs []evt, ledger []ledgerFact, x *oracle.Explanation, at int, anytime bool, r oracle.ExplainedRequirement) []string {
	var probs []string
	bad := func(format string, args ...any) {
		probs = append(probs, fmt.Sprintf("%s at event %d: %s", r.ID, at, fmt.Sprintf(format, args...)))
	}
	before := func(i int) bool { return i != at && (anytime || i < at || at < 0) }
	if r.Read != nil {
		claim("MISSING required read")
		// A required read MISSING: no accepted read before the gate made it.
		for i, e := range evs {
			req, _ := jsonv.ParseObject([]byte(r.Read.Arguments))
			// The evaluator's args_match: the same fields, with the required values (a read
			// with more fields, a page of a query, is another read).
			if !before(i) || e.typ != "INFO_CALL" || e.tool != r.Read.Tool || req == nil || !contains(e.argsObj, req) || len(e.argsObj.Keys) != len(req.Keys) {
				continue
			}
			if x.Chain[i].Invalid == "" && !a.unsuccessful(e) {
				bad("the read %s %s it lacks was made at event %d", r.Read.Tool, r.Read.Arguments, i)
			}
		}
	}
	for _, raw := range r.Needs {
		c, err := jsonv.ParseObject([]byte(raw))
		if err != nil {
			continue
		}
		if ent, ok := c.String("entity"); ok && a.rules != nil {
			val, _ := c.String("value")
			if _, hasArg := c.Get("arg"); hasArg && val == "" {
				continue // the action did not name it
			}
			claim("MISSING entity read")
			if a.pol.Binding == oracle.BindingValue {
				val = ""
			}
			if a.rules.established(evs, at, anytime, ent, val) {
				bad("needs a read of %s %q, which an earlier call made", ent, val)
			}
			continue
		}
		if pred, ok := c.String("predicate"); ok && a.rules == nil && at >= 0 && at < len(evs) {
			claim("MISSING fact")
			for _, f := range ledger {
				if before(f.EventIndex) && fits(c, f.Fact, evs[at].argsObj, a.pol.Binding == oracle.BindingValue) {
					bad("needs a %s fact %s, which event %d established: %s", pred, raw, f.EventIndex, f.Fact)
					break
				}
			}
		}
		if mode, ok := c.String("confirmation"); ok && a.rules != nil {
			claim("MISSING confirmation (" + mode + ")")
			last := -1
			for i, e := range evs {
				if e.typ == "USER_MESSAGE" && i < at {
					last = i
				}
			}
			if lt, ok := c.Obj("last_user_turn"); ok {
				ev, _ := lt.Get("event")
				txt, _ := lt.String("text")
				aff, _ := lt.Get("affirmative")
				if n, _ := ev.(int64); int(n) != last || last < 0 || evs[last].content != txt {
					bad("the last user turn before the write is event %d, the condition says %v", last, ev)
				} else if aff != a.rules.affirmative(txt) {
					bad("user turn %d %q: affirmative %v, the rules say %v", last, txt, aff, a.rules.affirmative(txt))
				}
			} else if last >= 0 {
				bad("says the user never spoke before the write; event %d is a user turn", last)
			}
			firstUser := -1
			for i, e := range evs {
				if e.typ == "USER_MESSAGE" {
					firstUser = i
					break
				}
			}
			switch mode {
			case oracle.ConfirmationAffirmative:
				for i, e := range evs {
					if before(i) && e.typ == "USER_MESSAGE" && i != firstUser && a.rules.affirmative(e.content) {
						bad("needs an affirmative user turn; event %d %q is one", i, e.content)
						break
					}
				}
			case oracle.ConfirmationListed:
				alts, _ := c.List("details_any_of")
				for i, e := range evs {
					if !before(i) || e.typ != "AGENT_MESSAGE" || !listsAny(e.content, alts) {
						continue
					}
					for j := i + 1; j < len(evs); j++ {
						if evs[j].typ == "USER_MESSAGE" {
							if before(j) && a.rules.affirmative(evs[j].content) {
								bad("needs a listed confirmation; agent turn %d lists the details and user turn %d says yes", i, j)
							}
							break
						}
					}
				}
			}
		}
	}
	return probs
}

// listsAny: msg names one alternative's details whole (a key "any:PATH": one of its values).
func listsAny(msg string, alts []any) bool {
	for _, alt := range alts {
		o, _ := alt.(*jsonv.Object)
		if o == nil || len(o.Keys) == 0 {
			continue
		}
		all := true
		for i, k := range o.Keys {
			vals, _ := o.Values[i].([]any)
			if len(vals) == 0 {
				all = false
				break
			}
			anyOf := strings.HasPrefix(k, "any:")
			hit := !anyOf
			for _, v := range vals {
				s, _ := v.(string)
				if anyOf {
					hit = hit || mentions(msg, s)
				} else {
					hit = hit && mentions(msg, s)
				}
			}
			all = all && hit
		}
		if all {
			return true
		}
	}
	return false
}

// preflightStopRead is, for a V0 record whose hidden DAG preflight derived outcome (the
// verdict's), the agent's read at which that preflight stopped, worked out from the
// evaluator's rules (docs/policies.md, the V0 preflight): it takes the record's reads in
// order (a V0 contract failure with an invalid read is not asked), each with its key and
// status as written; a tool_status that is not a string is a malformed read
// (INVALID_INFO_CALL); a read whose status is not ok gives nothing; any other names its
// claimed key, else the tool and its canonical arguments, and one the case's
// frozen_evidence_deltas lack stops the walk (MISSING_FROZEN_EVIDENCE_DELTA). -1 for none.
func preflightStopRead(a breakAccount, evs []evt, outcome string) int {
	if a.cs.Protocol != ingest.V0 || outcome != oracle.OutcomeMissingDelta && outcome != oracle.OutcomeInvalidInfo {
		return -1
	}
	if cp, _ := a.cs.Spec.String("candidate_protocol"); cp != "dag_workflow" {
		return -1
	}
	deltas, _ := a.cs.Spec.Obj("frozen_evidence_deltas")
	for i, e := range evs {
		if e.typ != "INFO_CALL" {
			continue
		}
		if e.statusRaw != nil && e.status == "" {
			if outcome == oracle.OutcomeInvalidInfo {
				return i
			}
			return -1
		}
		if e.statusRaw != nil && e.status != "ok" {
			continue
		}
		key := e.tool + ":" + e.args
		if e.argsObj == nil {
			key = e.tool + ":{}"
		}
		if s, ok := e.claim.(string); ok && s != "" {
			key = s
		}
		if deltas == nil || !deltas.Has(key) {
			if outcome == oracle.OutcomeMissingDelta {
				return i
			}
			return -1
		}
	}
	return -1
}
