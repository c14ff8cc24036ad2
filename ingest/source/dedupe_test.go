package source

import (
	"testing"

	"github.com/sabench/sabench-stats/ingest"
)

func TestDedupe(t *testing.T) {
	for in, want := range map[string]string{"": ingest.DedupeNone, "error": ingest.DedupeNone, "first": ingest.DedupeFirst, "last": ingest.DedupeLast, "bogus": "bogus"} {
		if got := DedupePolicy(in); got != want {
			t.Errorf("DedupePolicy(%q) = %q, want %q", in, got, want)
		}
	}
	for _, ok := range []string{"", "error", "first", "last"} {
		if err := CheckDedupe(ok); err != nil {
			t.Errorf("CheckDedupe(%q): %v", ok, err)
		}
	}
	if err := CheckDedupe("keep"); err == nil || err.Error() != `--dedupe must be first or last, not "keep"` {
		t.Errorf("CheckDedupe(keep) = %v", err)
	}
}
