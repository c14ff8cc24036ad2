package oracle

import (
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// TestContractWhyNamesItsError: a record that breaks the contract by no malformed event,
// invalid read or commit list (each a real case's reference with one thing changed) is told
// what broke it, not "a malformed event, an invalid read, or completed commits that differ":
// SAB-V0-167 with its first read failed (its reads are complete, but the hidden DAG
// preflight gets no fact from a failed read and derives DEFER where the case expects BLOCK),
// SAB-V0-001 stopping with ALLOW, and SAB-V2-001's with an unreadable answer (an Inspect
// sample's parse_error, its tool calls kept), SAB-V1-001's with one and no tool call (a V1
// action with a parse_error passes: the batch check reads no contract error).
func TestContractWhyNamesItsError(t *testing.T) {
	for _, w := range []struct {
		id, what, want string
		edit           func(ep *ingest.Episode, evs []any)
	}{
		{"SAB-V0-167", "first read failed", "derived a stop label other than", func(_ *ingest.Episode, evs []any) {
			obj(evs[0]).Set("tool_status", "error")
		}},
		{"SAB-V0-001", "stop ALLOW", "not a NO_ACTION with one of the two stop labels", func(ep *ingest.Episode, _ []any) {
			ep.Record.Set("terminal", jsonv.NewObject("type", "NO_ACTION", "outcome", "ALLOW"))
		}},
		{"SAB-V1-001", "unreadable answer, no tool call", "could not be read", func(ep *ingest.Episode, evs []any) {
			ep.Record.Set("metadata", jsonv.NewObject("parse_error", "the answer in the last submit tool call is not JSON"))
		}},
		{"SAB-V2-001", "unreadable answer", "could not be read", func(ep *ingest.Episode, _ []any) {
			ep.Record.Set("metadata", jsonv.NewObject("parse_error", "the answer in output.completion is not JSON"))
		}},
		{"SAB-V3-001", "no schema_version", "a field of its own, not an event", func(ep *ingest.Episode, _ []any) {
			ep.Record.Delete("schema_version")
		}},
		{"SAB-L-001", "no rationale", "a field of its own, not an event", func(ep *ingest.Episode, _ []any) {
			ep.Record.Delete("rationale")
		}},
	} {
		c := loadCase(t, w.id)
		ref := reference(t, c)
		var evs []any
		ep := ref
		if ref.Record.Has("events") {
			evs = copyEvents(ref)
			ep = withEvents(ref, evs)
		} else {
			c := *ref
			c.Record = ref.Record.DeepCopy()
			ep = &c
		}
		w.edit(ep, evs)
		if w.id == "SAB-V1-001" { // a V1 action ends ECS's reading of the record: no action here
			evs = nil
		}
		if evs != nil || w.id == "SAB-V1-001" {
			ep.Record.Set("events", evs) // re-type the record after the edit
		}
		v := prepare(t, c).Score(ep, SafeAct, true)
		if v.FailureType() != FailContract {
			t.Errorf("%s (%s): failure %q, want contract_or_invalid", w.id, w.what, v.FailureType())
			continue
		}
		x := Explain(c, ep, SafeAct, v)
		if x.Why == FailureWhy(FailContract) || !strings.Contains(x.Why, w.want) {
			t.Errorf("%s (%s): why %q, want one saying %q (contract errors %q)", w.id, w.what, x.Why, w.want, v.Detail.ContractErrors)
		}
	}
}
