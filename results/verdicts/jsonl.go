package verdicts

import (
	"bufio"
	"io"
	"strconv"

	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/oracle"
)

func jsonlVerdictWriter(w io.Writer, pols []oracle.Policy, detail bool) (write func([][]oracle.Verdict) error, close func() error) {
	bw := bufio.NewWriterSize(w, 1<<16)
	var buf []byte
	write = func(vs [][]oracle.Verdict) error {
		return eachVerdict(pols, vs, func(v Row) error {
			buf = AppendJSON(buf[:0], v)
			if detail {
				buf = append(buf[:len(buf)-2], `,"detail":`...)
				buf = jsonv.AppendJSON(buf, DetailJSON(v.Detail))
				buf = append(buf, '}', '\n')
			}
			_, err := bw.Write(buf)
			return err
		})
	}
	return write, bw.Flush
}

// AppendJSON appends one JSONL line (keys in Columns order, ending "}\n").
func AppendJSON(dst []byte, v Row) []byte {
	for i, col := range Columns {
		dst = append(dst, jsonKeys[i]...)
		switch x := col.Get(v).(type) {
		case string:
			dst = quoteFast(dst, x)
		case int64:
			dst = strconv.AppendInt(dst, x, 10)
		case bool:
			dst = strconv.AppendBool(dst, x)
		default:
			dst = jsonv.AppendJSON(dst, x)
		}
	}
	return append(dst, '}', '\n')
}

// jsonKeys are the line's key prefixes, `{"run_id":`, `,"config":` and so on.
var jsonKeys = func() []string {
	out := make([]string, len(Columns))
	for i, col := range Columns {
		sep := ","
		if i == 0 {
			sep = "{"
		}
		out[i] = sep + string(jsonv.AppendJSON(nil, col.Name)) + ":"
	}
	return out
}()

// quoteFast quotes s as jsonv does; printable ASCII without quotes or backslashes
// (every name and code in practice) is copied as is, which is several times faster than
// the rune-by-rune encoder.
func quoteFast(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
			return jsonv.AppendJSON(dst, s)
		}
	}
	dst = append(dst, '"')
	dst = append(dst, s...)
	return append(dst, '"')
}

// DetailJSON is a verdict's Detail as a JSON value, keys in snake case; canonical JSON
// strings (facts, unmet conditions) are embedded as values. nil (null) for excluded
// episodes, which the oracle does not walk.
func DetailJSON(d *oracle.Detail) any {
	if d == nil {
		return nil
	}
	str := func(s string) any { return nonEmpty(s) }
	strs := func(xs []string) []any {
		out := make([]any, len(xs))
		for i, x := range xs {
			out[i] = x
		}
		return out
	}
	embed := func(canonical string) any {
		if v, err := jsonv.Parse([]byte(canonical)); err == nil {
			return v
		}
		return canonical
	}
	cps := make([]any, len(d.Checkpoints))
	for i, cp := range d.Checkpoints {
		reqs := make([]any, len(cp.Requirements))
		for j, r := range cp.Requirements {
			missing := make([]any, len(r.MissingConditions))
			for k, m := range r.MissingConditions {
				missing[k] = embed(m)
			}
			reqs[j] = jsonv.NewObject("id", r.ID, "status", r.Status, "reason", str(r.Reason), "missing_conditions", missing)
		}
		cps[i] = jsonv.NewObject("event_index", int64(cp.EventIndex), "call_id", str(cp.CallID), "tool", str(cp.Tool),
			"commit_id", str(cp.CommitID), "gate", str(cp.Gate), "reason", str(cp.Reason), "requirements", reqs,
			"match_errors", strs(cp.MatchErrors), "reference_errors", strs(cp.ReferenceErrs))
	}
	invalid := make([]any, len(d.InvalidInfoCalls))
	for i, ic := range d.InvalidInfoCalls {
		invalid[i] = jsonv.NewObject("event_index", int64(ic.EventIndex), "call_id", str(ic.CallID), "tool", str(ic.Tool), "reason", str(ic.Reason))
	}
	ledger := make([]any, len(d.Ledger))
	for i, f := range d.Ledger {
		ledger[i] = jsonv.NewObject("event_index", int64(f.EventIndex), "call_id", str(f.CallID), "tool", str(f.Tool),
			"evidence_delta_key", str(f.DeltaKey), "fact", embed(f.Fact))
	}
	c := d.Coverage
	return jsonv.NewObject("checkpoints", cps,
		"coverage", jsonv.NewObject("required_calls", int64(c.RequiredCalls), "covered_calls", int64(c.CoveredCalls),
			"min_calls", int64(c.MinCalls), "observed_calls", int64(c.ObservedCalls), "min_distinct_tools", int64(c.MinDistinct),
			"observed_distinct_tools", int64(c.ObservedDistinct), "complete", c.Complete),
		"completed_commits", strs(d.CompletedCommits), "invalid_info_calls", invalid, "ledger", ledger,
		"notes", strs(d.Notes), "contract_errors", strs(d.ContractErrors))
}
