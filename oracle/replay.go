package oracle

import (
	"math"
	"strconv"
	"strings"

	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// shardPageSize is V3_EPISODE_QUERY_PAGE_SIZE (the release's page size).
const shardPageSize = 376

// replayShard is query_v3_episode_shard with include_evidence_binding: it returns the key
// the call binds ("" when it binds none: discovery, partial, paged-away or non-gold exact
// selectors) and false when the replay fails (unknown tool or selector field, pagination
// that is not an integer), which the walk reports as QUERY_SHARD_REPLAY_FAILED.
func replayShard(sh *casespec.QueryShard, tool string, args *jsonv.Object) (string, bool) {
	st := sh.Tools[tool]
	if st == nil {
		return "", false
	}
	if args == nil {
		args = &jsonv.Object{}
	}
	var pageV, sizeV any
	sel := &jsonv.Object{}
	for i, k := range args.Keys {
		switch k {
		case "page":
			pageV = args.Values[i]
		case "page_size":
			sizeV = args.Values[i]
		default:
			if !st.Selector[k] {
				return "", false // unsupported V3 selector fields
			}
			sel.Set(k, args.Values[i])
		}
	}
	page, ok := pyIntOr(pageV, 1)
	if !ok {
		return "", false
	}
	size, ok := pyIntOr(sizeV, shardPageSize)
	if !ok {
		return "", false
	}
	page = max(page, 1)
	size = min(max(size, 1), shardPageSize)
	total, only := 0, -1
	for i := range st.Candidates {
		if selectorMatches(sel, st.Candidates[i].Arguments) {
			total++
			only = i
		}
	}
	if total != 1 || sel.Len() == 0 {
		return "", true
	}
	// The single match is on this page only when it is the first and page 1 covers it.
	if (page-1)*size > 0 {
		return "", true
	}
	c := &st.Candidates[only]
	if !dictEqual(sel, c.Arguments) {
		return "", true
	}
	return c.Key, true
}

// selectorMatches: every requested field is in the candidate with a scalar_equal value (a
// candidate may have more fields).
func selectorMatches(sel, cand *jsonv.Object) bool {
	for i, k := range sel.Keys {
		cv, ok := cand.Get(k)
		if !ok || !scalarEqual(cv, sel.Values[i]) {
			return false
		}
	}
	return true
}

// scalarEqual is scalar_equal(candidate, requested): a requested bool is compared by
// identity, a requested number through float() of the candidate, anything else by ==.
func scalarEqual(cand, req any) bool {
	switch r := req.(type) {
	case bool:
		c, ok := cand.(bool)
		return ok && c == r
	case int64, float64, jsonv.BigInt:
		rf, _ := numericValue(r)
		cf, ok := pyFloat(cand)
		return ok && cf == rf
	}
	return pyEqual(cand, req)
}

// pyFloat is Python's float(x) for a JSON value; false where it raises.
func pyFloat(v any) (float64, bool) {
	if s, ok := v.(string); ok {
		f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		return f, err == nil
	}
	return pyNumber(v)
}

// dictEqual is Python dict ==: the same keys, values equal under == (1 == 1.0, True == 1).
func dictEqual(a, b *jsonv.Object) bool {
	if a.Len() != b.Len() {
		return false
	}
	for i, k := range a.Keys {
		bv, ok := b.Get(k)
		if !ok || !pyEqual(a.Values[i], bv) {
			return false
		}
	}
	return true
}

// pyIntOr is int(v or def): falsy values take the default; ints, integral-or-not floats
// (truncated) and integer strings convert; anything else raises.
func pyIntOr(v any, def int) (int, bool) {
	if !truthy(v) {
		return def, true
	}
	switch x := v.(type) {
	case bool:
		return 1, true
	case int64:
		return int(x), true
	case float64:
		if math.IsInf(x, 0) || math.IsNaN(x) {
			return 0, false
		}
		return int(x), true
	case string:
		n, err := strconv.Atoi(strings.TrimSpace(x))
		return n, err == nil
	}
	return 0, false
}
