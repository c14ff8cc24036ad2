package harness

import (
	"testing"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// TestTraceWallTimeOffsets: a trace's wall time is the span between two instants however
// their offsets are written (+05:45, Z, fractional seconds); a time without an offset
// gives none, with a warning.
func TestTraceWallTimeOffsets(t *testing.T) {
	for _, c := range []struct {
		start, end string
		want       any // float64 seconds, nil: none
	}{
		{"2026-01-01T10:00:00+05:45", "2026-01-01T04:15:30.5Z", 30.5},
		{"2026-01-01T04:14:00Z", "2025-12-31T23:45:30-04:30", 90.0},
		{"2026-01-01T04:14:00.25+00:00", "2026-01-01T04:14:00.75Z", 0.5},
		{"2026-01-01T04:14:00", "2026-01-01T04:15:00Z", nil},
	} {
		res := &Result{}
		u := traceUsage(jsonv.NewObject("started_at", c.start, "finished_at", c.end), "trace.json", res)
		got, ok := u.Get("wall_seconds")
		if c.want == nil {
			if ok || len(res.Warnings) != 1 {
				t.Errorf("%s → %s: wall %v, warnings %q; want none and a warning", c.start, c.end, got, res.Warnings)
			}
			continue
		}
		if !ok || got != c.want || len(res.Warnings) != 0 {
			t.Errorf("%s → %s: wall %v, warnings %q; want %v", c.start, c.end, got, res.Warnings, c.want)
		}
	}
}
