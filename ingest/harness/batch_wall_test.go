package harness

import (
	"testing"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// TestTraceWallSecondsFarApart: a trace's wall time is finished_at − started_at, in any
// time zones. Times more than 292 years apart (a clock reset to year 1) gave
// 9223372036.854776 s, the longest time.Duration, whatever the span; the span is the
// seconds between them.
func TestTraceWallSecondsFarApart(t *testing.T) {
	for _, c := range []struct {
		start, end string
		want       float64
	}{
		{"2026-09-01T10:04:05+05:30", "2026-09-01T04:35:05.25Z", 60.25},
		{"0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z", 315537897599},
		{"1900-01-01T00:00:00-12:00", "2300-01-01T00:00:00+14:00", 12622687200},
	} {
		var res Result
		u := traceUsage(jsonv.NewObject("started_at", c.start, "finished_at", c.end), "t.json", &res)
		if w, _ := u.Get("wall_seconds"); w != c.want || len(res.Warnings) > 0 {
			t.Errorf("%s → %s: wall_seconds %v (warnings %v), want %v", c.start, c.end, w, res.Warnings, c.want)
		}
	}
}
