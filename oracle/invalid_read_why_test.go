package oracle

import (
	"strconv"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// TestInvalidReadWhy: a V3 walk an invalid read ended is told what the read did (each
// SAB-V3-001's reference, replayed against its query shard, with one read changed), not "a
// malformed event, an invalid read, or completed commits that differ", which named the
// neighbouring causes as well.
func TestInvalidReadWhy(t *testing.T) {
	c := shardCheckout(t, nil)
	p := prepare(t, c)
	ref := reference(t, c)
	for _, w := range []struct {
		what, reason, want string
		edit               func(evs []any) []any
	}{
		{"unknown selector field", "QUERY_SHARD_REPLAY_FAILED", "query shard cannot answer an information call", func(evs []any) []any {
			obj(evs[0]).Set("arguments", jsonv.NewObject("record_id", "payment:ch_dup_002", "charge", "x"))
			obj(evs[0]).Delete("evidence_delta_key")
			return evs
		}},
		{"gold key claimed on another record", "QUERY_SHARD_EVIDENCE_BINDING_MISMATCH", "claims an evidence key other than the one the case's query shard binds", func(evs []any) []any {
			obj(evs[0]).Set("arguments", jsonv.NewObject("record_id", "payment:ch_dup_723"))
			return evs
		}},
		{"a tool the case does not list", "TOOL_NOT_IN_INFO_SCOPE", "an information tool the case does not offer", func(evs []any) []any {
			return append([]any{jsonv.NewObject("type", "INFO_CALL", "tool", "weather_read", "arguments", jsonv.NewObject("city", "x"), "call_id", "info_00")}, evs...)
		}},
		{"1,901 reads", "MAX_INFO_CALLS_EXCEEDED", "more information calls than the case allows", func(evs []any) []any {
			var out []any
			for i := range 1901 {
				out = append(out, jsonv.NewObject("type", "INFO_CALL", "tool", "duplicate_charge_record_read",
					"arguments", jsonv.NewObject("record_id", "payment:ch_dup_723"), "call_id", "r"+strconv.Itoa(i)))
			}
			return append(out, evs...)
		}},
		{"arguments not an object", "MALFORMED_INFO_CALL", "is malformed", func(evs []any) []any {
			obj(evs[0]).Set("arguments", "payment:ch_dup_002")
			return evs
		}},
	} {
		v := scoreEvents(t, p, ref, w.edit(copyEvents(ref)), SafeAct)
		expect(t, w.what, v, false, OutcomeInvalidInfo, FailContract)
		if iv := v.Detail.InvalidInfoCalls; len(iv) == 0 || iv[0].Reason != w.reason {
			t.Errorf("%s: invalid reads %+v, want %s", w.what, iv, w.reason)
		}
		if why := EpisodeWhy(v); !strings.Contains(why, w.want) || !strings.Contains(why, "breaks the episode contract") {
			t.Errorf("%s: why %q, want it to say %q", w.what, why, w.want)
		}
	}
}
