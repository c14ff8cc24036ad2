package analysis

import (
	"encoding/json"
	"testing"

	"github.com/sabench/sabench-stats/ingest/inspect"
)

// FuzzFailuresCount: a scorer's rows of a log that scored any with it are each counted
// once, as scored, errored, without a score or with a value that maps to no number; the
// rows of a log that scored none with it are counted only when errored (the log ran
// without the scorer). Each input byte is a row: its log, scorer, value, error and limit.
func FuzzFailuresCount(f *testing.F) {
	f.Add([]byte{0x00, 0x08, 0x10, 0x20, 0x40, 0x61, 0x03, 0x84})
	f.Add([]byte{0x01, 0x11, 0x21, 0x41, 0x89})
	values := []json.RawMessage{nil, json.RawMessage(" null"), json.RawMessage(`[1]`), json.RawMessage(`"C"`)}
	f.Fuzz(func(t *testing.T, data []byte) {
		rows := make([]inspect.Row, len(data))
		for i, b := range data {
			r := &rows[i]
			r.Log = []string{"a.eval", "b.json"}[b&1]
			r.Scorer = []string{"s", "t"}[b>>1&1]
			r.Value = values[b>>5&3]
			r.Scored = b&8 != 0 && r.Value != nil
			if b&16 != 0 {
				r.Error = "boom"
			}
			if b&4 != 0 {
				r.Limit = "token"
			}
		}
		for _, scorer := range []string{"s", "t"} {
			total := Failures{}
			for _, log := range []string{"a.eval", "b.json"} {
				var of []inspect.Row
				scored, errored, limited, ran := 0, 0, 0, false
				for _, r := range rows {
					if r.Log == log && r.Scorer == scorer {
						of = append(of, r)
						switch {
						case r.Scored:
							scored, ran = scored+1, true
						case r.Error != "":
							errored++
						}
						if r.Limit != "" {
							limited++
						}
					}
				}
				fl := failuresOf(of, scorer)
				left := fl.Unscored + fl.Unmapped
				if fl.Errored != errored || fl.Limited != limited ||
					ran && scored+fl.Errored+left != len(of) || !ran && left != 0 {
					t.Fatalf("%s %s: %+v of %d rows, %d scored, %d errored", log, scorer, fl, len(of), scored, errored)
				}
				total.Errored += fl.Errored
				total.Unscored += fl.Unscored
				total.Unmapped += fl.Unmapped
			}
			// Counted over both logs at once, as the leaderboard and compare do.
			if got := failuresOf(rows, scorer); got.Errored != total.Errored || got.Unscored != total.Unscored || got.Unmapped != total.Unmapped {
				t.Fatalf("%s: %+v over both logs, %+v summed", scorer, got, total)
			}
		}
	})
}
