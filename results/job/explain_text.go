package job

import (
	"fmt"
	"strings"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/ingest/textcut"
	"github.com/sabench/sabench-stats/oracle"
)

// factWidth is where text explanations cut a fact's summary unless --full.
const factWidth = 240

// explainText renders one explanation as the readable chain.
func explainText(x *oracle.Explanation, full bool) string {
	var b strings.Builder
	pf := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	// What a user named is shown on one line, as the tables show it: a line break in a
	// configuration's name printed a line of its own ("verdict: PASS"), and a control
	// character reached the terminal.
	one := ingest.OneLine
	pf("run %s: %s on %s (%s, %s), repeat %d, condition %s\n", one(x.RunID), one(x.Config), one(x.CaseID), x.Protocol, one(x.Domain), x.Repeat, one(x.Condition))
	if s := x.Inspect; s != nil {
		pf("inspect: sample %s, epoch %d of log %s (member %s", one(s.ID), s.Epoch, one(s.Log), one(s.Member))
		if s.UUID != "" {
			pf(", uuid %s", one(s.UUID))
		}
		pf(")\n")
		if x.InspectEnd != "" {
			pf("inspect: the sample ended with %s\n", cut(strings.Join(strings.Fields(x.InspectEnd), " "), full))
		}
	}
	pf("policy %s (evaluator %s; %s)\n", one(x.Policy), x.Evaluator, x.PolicyHash)
	if x.Excluded {
		pf("excluded: status %s\n", x.ExclusionReason)
	} else {
		v := x.Verdict
		pf("verdict: %s  %s  canonical=%s", passText(v.Pass), v.Label, v.Canonical)
		if v.FailureType != "" {
			pf("  failure=%s", v.FailureType)
		}
		pf("\n")
	}
	pf("%s\n", officialText(x))
	for i, l := range x.PolicyLines() {
		if i > 0 {
			pf("  ") // a switch under its heading
		}
		pf("%s\n", l)
	}
	if x.AdapterNote != "" {
		pf("adapter: %s\n", x.AdapterNote)
	}
	if x.Excluded {
		return b.String()
	}
	if x.NotWalked != "" {
		pf("not walked: %s\n", x.NotWalked)
		return b.String()
	}
	if len(x.Chain) > 0 {
		pf("\nchain:\n")
	}
	stopped := false // past the event the evaluator stopped at: read, never processed
	for _, e := range x.Chain {
		kind := e.Kind
		if kind == "act" {
			kind = "ACT "
		}
		if e.Kind == "user" || e.Kind == "agent" {
			pf("  [%d] %s: %s\n", e.Index, e.Kind, cut(strings.Join(strings.Fields(e.Text), " "), full))
			continue
		}
		pf("  [%d] %s %s %s\n", e.Index, kind, e.Tool, e.Arguments)
		if e.Broke {
			pf("        ✗ broke here (%s)\n", x.Verdict.FailureType)
		}
		if e.Invalid != "" {
			pf("        invalid read: %s\n", e.Invalid)
		}
		for _, f := range e.Facts {
			pf("        fact %s\n", cut(f.Summary, full))
		}
		if e.Kind == "read" && len(e.Facts) == 0 && e.Invalid == "" {
			if stopped {
				pf("        (not processed: after the evaluator stopped)\n")
			} else if e.FailedRead != "" {
				pf("        (no facts: %s)\n", e.FailedRead)
			} else if e.AfterPreflightStop {
				pf("        (no facts: the hidden preflight stopped at event %d)\n", x.PreflightStop)
			} else {
				pf("        (no facts established)\n")
			}
		}
		for _, cp := range e.Checkpoints {
			checkpointText(&b, cp, "        ", x.ActionRules)
		}
		if e.EvaluatorStops {
			pf("        -- the evaluator stops here; later events are not processed --\n")
			stopped = true
		}
	}
	if len(x.Preflight) > 0 {
		pf("\nhidden preflight (the case's candidate action, gated on the agent's reads):\n")
		for _, cp := range x.Preflight {
			pf("  %s %s\n", cp.Tool, cp.CommitID)
			checkpointText(&b, cp, "    ", false)
		}
	}
	if x.Decision != nil {
		pf("\ndecision: %s; gold: %s\n", x.Decision.Decision, x.Decision.Gold)
		brokeText(&b, x)
		tail(&b, x)
		return b.String()
	}
	if x.Workflow != nil {
		workflowText(&b, x.Workflow)
	}
	if c := x.Coverage; c != nil {
		pf("\ncoverage: %d/%d required reads, %d calls (min %d), %d tools (min %d): ", c.CoveredCalls, c.RequiredCalls,
			c.ObservedCalls, c.MinCalls, c.ObservedDistinct, c.MinDistinct)
		if c.Complete {
			pf("complete\n")
		} else {
			pf("INCOMPLETE\n")
		}
		for _, r := range c.Missing {
			at, stop, other := readOf(x, r)
			var e oracle.ChainEvent
			if at >= 0 && at < len(x.Chain) {
				e = x.Chain[at]
			}
			switch {
			case at < 0:
				pf("  never read: %s %s (%s)\n", r.Tool, r.Arguments, r.ID)
			case other != "":
				pf("  not counted: %s %s (%s): read at event %d with the arguments %s, not the required ones\n", r.Tool, r.Arguments, r.ID, at, other)
			case stop >= 0 && at > stop:
				pf("  not counted: %s %s (%s): read at event %d, after the evaluator stopped at event %d\n", r.Tool, r.Arguments, r.ID, at, stop)
			case e.Invalid != "":
				pf("  not counted: %s %s (%s): read at event %d, which the evaluator refused as an invalid read (%s)\n", r.Tool, r.Arguments, r.ID, at, e.Invalid)
			case e.Status != "":
				pf("  not counted: %s %s (%s): read at event %d, which answered with tool_status %s (only a read that answered ok counts)\n", r.Tool, r.Arguments, r.ID, at, e.Status)
			case stop >= 0 && at == stop:
				pf("  not counted: %s %s (%s): read at event %d, the event the evaluator stopped at\n", r.Tool, r.Arguments, r.ID, at)
			default:
				pf("  not counted: %s %s (%s): read at event %d, where the read was not accepted\n", r.Tool, r.Arguments, r.ID, at)
			}
		}
		if c.MoreMissing > 0 {
			pf("  never read: %d more required reads beyond the first 64\n", c.MoreMissing)
		}
	}
	if len(x.CompletedCommits) > 0 {
		if x.ActionRules {
			pf("authorized writes: %s\n", strings.Join(x.CompletedCommits, ", "))
		} else {
			pf("completed commits: %s\n", strings.Join(x.CompletedCommits, ", "))
		}
	}
	if x.FirstAttempt >= 0 {
		if x.ActionRules {
			pf("first write: event %d (authorized: %v)\n", x.FirstAttempt, x.CompleteAtFirstAttempt)
		} else {
			firstAttemptText(&b, x)
		}
	} else {
		pf("no consequential attempt\n")
	}
	brokeText(&b, x)
	tail(&b, x)
	return b.String()
}

// firstAttemptText writes the first consequential attempt and whether the investigation
// was complete there. Where the evaluator stopped at an earlier event it never reached the
// attempt, and the value is the verdict's diagnostic over the reads it had accepted: the
// line says so, lest it read as a gate at that event.
func firstAttemptText(b *strings.Builder, x *oracle.Explanation) {
	for _, e := range x.Chain {
		if e.EvaluatorStops && e.Index < x.FirstAttempt {
			fmt.Fprintf(b, "first consequential attempt: event %d, after the evaluator stopped at event %d (investigation complete over the reads it accepted: %v)\n",
				x.FirstAttempt, e.Index, x.CompleteAtFirstAttempt)
			return
		}
	}
	fmt.Fprintf(b, "first consequential attempt: event %d (investigation complete there: %v)\n", x.FirstAttempt, x.CompleteAtFirstAttempt)
}

// readOf finds a required read the coverage missed in the chain: the first read event with
// its tool and exactly its arguments (-1 for none), and the event at which the evaluator
// stopped (-1 when it read them all). A record can hold the read where it does not count
// (after an action that ended the walk, or rejected), and is then not "never read". Without
// such a read, the first of the tool whose arguments hold the required ones and more (a
// page of a query, another field) is the read, other its arguments: the evaluator counts
// only the required arguments as they are (or a V3 read the query shard binds, which is
// then not missing).
func readOf(x *oracle.Explanation, r oracle.RequiredRead) (at, stop int, other string) {
	at, stop = -1, -1
	sup := -1
	req, _ := jsonv.ParseObject([]byte(r.Arguments))
	for _, e := range x.Chain {
		if e.Kind == "read" && e.Tool == r.Tool {
			if at < 0 && e.Arguments == r.Arguments {
				at = e.Index
			} else if sup < 0 && req != nil && holds(e.Arguments, req) {
				sup, other = e.Index, string(e.Arguments)
			}
		}
		if stop < 0 && e.EvaluatorStops {
			stop = e.Index
		}
	}
	if at < 0 && sup >= 0 {
		return sup, stop, other
	}
	return at, stop, ""
}

// holds reports whether the arguments args (JSON text) have every field of req with its
// value, canonically equal.
func holds(args oracle.JSONText, req *jsonv.Object) bool {
	a, err := jsonv.ParseObject([]byte(args))
	if err != nil {
		return false
	}
	for i, k := range req.Keys {
		v, ok := a.Get(k)
		if !ok || string(jsonv.Canonical(v, false)) != string(jsonv.Canonical(req.Values[i], false)) {
			return false
		}
	}
	return true
}

func passText(ok bool) string {
	if ok {
		return "PASS"
	}
	return "FAIL"
}

// officialText is the official verdict beside the oracle's: the harness's own, or on a
// case with action rules the benchmark's own (τ-bench's reward), as the tables say.
func officialText(x *oracle.Explanation) string {
	whose := "official (the harness's own): "
	if x.ActionRules {
		whose = "official (the benchmark's own): "
	}
	o := x.Official
	if o == nil {
		return whose + "none recorded"
	}
	s := whose + o.Verdict
	if len(o.Fields) > 0 {
		parts := make([]string, len(o.Fields))
		for i, kv := range o.Fields {
			parts[i] = kv.Key + "=" + kv.Value
		}
		s += " (" + strings.Join(parts, ", ") + ")"
	}
	if o.Agrees != nil {
		if *o.Agrees {
			s += "; agrees with the oracle"
		} else {
			s += "; DISAGREES with the oracle (" + passText(x.Verdict.Pass) + ")"
		}
	}
	return s
}

func tail(b *strings.Builder, x *oracle.Explanation) {
	for _, e := range x.ContractErrors {
		fmt.Fprintf(b, "contract error: %s\n", e)
	}
	for _, n := range x.Notes {
		fmt.Fprintf(b, "note: %s\n", n)
	}
}

func cut(s string, full bool) string {
	if full || len(s) <= factWidth {
		return s
	}
	return textcut.Prefix(s, factWidth-3) + "... (--full prints it whole)"
}

func checkpointText(b *strings.Builder, cp oracle.ExplainedCheckpoint, indent string, rules bool) {
	commit := cp.CommitID
	if commit == "" {
		commit = "(no commit matched)"
	}
	if rules { // every write is a checkpoint of the rules: there is no commit to match
		fmt.Fprintf(b, "%sgate %s", indent, cp.Gate)
	} else {
		fmt.Fprintf(b, "%sgate %s for %s", indent, cp.Gate, commit)
	}
	if cp.Label != "" {
		fmt.Fprintf(b, " (%s)", cp.Label)
	}
	if cp.Reason != "" {
		fmt.Fprintf(b, ": %s", cp.Reason)
	}
	b.WriteString("\n")
	for _, r := range cp.Requirements {
		if r.Read != nil {
			fmt.Fprintf(b, "%s  %s read %s %s (%s, %s)\n", indent, r.Status, r.Read.Tool, r.Read.Arguments, r.ID, r.Reason)
		} else {
			fmt.Fprintf(b, "%s  %s %s (%s)\n", indent, r.Status, r.ID, r.Reason)
		}
		for _, m := range r.Needs {
			fmt.Fprintf(b, "%s    needs %s\n", indent, m)
		}
		if r.Policy != "" {
			fmt.Fprintf(b, "%s    policy: %s\n", indent, r.Policy)
		}
	}
	for _, m := range cp.MatchErrors {
		fmt.Fprintf(b, "%s  mismatch: %s\n", indent, m)
	}
	for _, m := range cp.ReferenceErrors {
		fmt.Fprintf(b, "%s  reference: %s\n", indent, m)
	}
}

// workflowText prints the expected workflow, its edges and each step's state.
func workflowText(b *strings.Builder, w *oracle.Workflow) {
	fmt.Fprintf(b, "\nexpected workflow (%s, %d steps):\n", w.Shape, len(w.Steps))
	for i, st := range w.Steps {
		fmt.Fprintf(b, "  %d. %s  %s", i+1, st.CommitID, st.Tool)
		if len(st.DependsOn) > 0 {
			fmt.Fprintf(b, "  after %s", strings.Join(st.DependsOn, ", "))
		}
		fmt.Fprintf(b, ": %s", st.State)
		if st.Event >= 0 {
			fmt.Fprintf(b, " at event %d", st.Event)
		}
		if st.Why != "" {
			fmt.Fprintf(b, " (%s)", st.Why)
		}
		b.WriteString("\n")
	}
	var edges []string
	for i, st := range w.Steps {
		for _, d := range st.DependsOn {
			edges = append(edges, d+" → "+st.CommitID)
		}
		if w.Shape == "linear" && len(st.DependsOn) == 0 && i > 0 {
			edges = append(edges, w.Steps[i-1].CommitID+" → "+st.CommitID+" (order)")
		}
	}
	if len(edges) > 0 {
		fmt.Fprintf(b, "  edges: %s\n", strings.Join(edges, ", "))
	}
}

// brokeText prints where the chain broke (the event and step the oracle names) and why an
// episode of that failure type fails.
func brokeText(b *strings.Builder, x *oracle.Explanation) {
	if x.Broke == "" {
		return
	}
	fmt.Fprintf(b, "chain broke: %s\n", x.Broke)
	if x.BrokeStep != "" {
		fmt.Fprintf(b, "broken step: %s\n", x.BrokeStep)
	}
	if x.Why != "" {
		fmt.Fprintf(b, "why it fails: %s\n", x.Why)
	}
}
