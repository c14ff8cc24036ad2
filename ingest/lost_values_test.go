package ingest

import (
	"fmt"
	"testing"
)

// A value the reader cannot keep as written is a problem naming file, line and field, as
// invalid UTF-8 is: a lone surrogate escape became U+FFFD silently. For convert
// (ReadOptions.Lossless), so is a number a float64 does not hold: 1e400 became +Inf
// (written back as Infinity, which is not JSON), 1e-400 became 0, -0 lost its sign and a
// decimal past a float64's precision was rounded. Scoring reads those as the evaluator's
// Python reader does (the nearest float64). Another spelling of the same number (1E2,
// -0.0, 5e-324, 0.30000000000000004) is not a loss and reads as before.
func TestReliability_LostValues(t *testing.T) {
	lines := []string{}
	for i, v := range []string{`"a\ud800b"`, `"\udc00"`, `1e400`, `-1e400`, `1e-400`, `-0`, `0.1000000000000000000001`, `123456789.123456789`, `2.5e-324`,
		`1E2`, `-0.0`, `-0e0`, `5e-324`, `0.30000000000000004`, `1.7976931348623157e308`, `123456789012345678901234567890`, `"a\ud83d\ude00b"`} {
		lines = append(lines, fmt.Sprintf(`{"schema":"sabench.episode/v1","config":"m/h","case_id":"SAB-V1-001","repeat":%d,"record":{"schema_version":1,"env_id":"customer_policy_qa","episode_id":"SAB-V1-001","events":[{"type":"INFO_CALL","call_id":"c","tool":"t","arguments":{"k":[1,%s]}}]}}`, i, v))
	}
	f := `record.events[0].arguments.k[1]: `
	_, got := validateLines(t, ReadOptions{}, lines...)
	wantProblems(t, got,
		`e.jsonl:1: `+f+`a lone UTF-16 surrogate escape in the value (it would be replaced by U+FFFD)`,
		`e.jsonl:2: `+f+`a lone UTF-16 surrogate escape in the value (it would be replaced by U+FFFD)`)
	_, got = validateLines(t, ReadOptions{Lossless: true}, lines...)
	wantProblems(t, got,
		`e.jsonl:1: `+f+`a lone UTF-16 surrogate escape in the value (it would be replaced by U+FFFD)`,
		`e.jsonl:2: `+f+`a lone UTF-16 surrogate escape in the value (it would be replaced by U+FFFD)`,
		`e.jsonl:3: `+f+`cannot be kept as written: the number 1e400 (beyond the range of a 64-bit float: it would become Infinity, which is not JSON)`,
		`e.jsonl:4: `+f+`cannot be kept as written: the number -1e400 (beyond the range of a 64-bit float: it would become Infinity, which is not JSON)`,
		`e.jsonl:5: `+f+`cannot be kept as written: the number 1e-400 (below the range of a 64-bit float: it would become 0)`,
		`e.jsonl:6: `+f+`cannot be kept as written: the number -0 (it would be written as 0)`,
		`e.jsonl:7: `+f+`cannot be kept as written: the number 0.1000000000000000000001 (more digits than a 64-bit float holds: it would be written as 0.1)`,
		`e.jsonl:8: `+f+`cannot be kept as written: the number 123456789.123456789 (more digits than a 64-bit float holds: it would be written as 1.2345678912345679e+08)`,
		`e.jsonl:9: `+f+`cannot be kept as written: the number 2.5e-324 (more digits than a 64-bit float holds: it would be written as 5e-324)`)
}
