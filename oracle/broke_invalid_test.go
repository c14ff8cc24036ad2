package oracle

import (
	"testing"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// TestInvalidReadBreaksOnlyAContract: a read of a tool the case does not offer, first, in
// the real SAB-V1-001 without its action: the agent never acted (inaction), not at that
// read, yet explain and the page said the chain broke there ("✗ broke here (inaction)" on
// the stray read). With the action kept, SAB-V1-001 fails by the read (contract_or_invalid),
// which is its break.
func TestInvalidReadBreaksOnlyAContract(t *testing.T) {
	stray := func() any {
		return jsonv.NewObject("type", "INFO_CALL", "call_id", "stray_1", "tool", "unlisted_tool", "arguments", jsonv.NewObject())
	}
	for _, w := range []struct {
		id, what, fail string
		at             int
		edit           func(evs []any) []any
	}{
		{"SAB-V1-001", "no action", FailInaction, -1, func(evs []any) []any { return append([]any{stray()}, evs[:len(evs)-1]...) }},
		{"SAB-V1-001", "with its action", FailContract, 0, func(evs []any) []any { return append([]any{stray()}, evs...) }},
	} {
		c := loadCase(t, w.id)
		ref := reference(t, c)
		ep := withEvents(ref, w.edit(copyEvents(ref)))
		v := prepare(t, c).Score(ep, SafeAct, true)
		if v.FailureType() != w.fail || BrokeAt(v) != w.at {
			t.Errorf("%s %s: %s, broke at %d; want %s at %d", w.id, w.what, v.FailureType(), BrokeAt(v), w.fail, w.at)
		}
	}
}
