package ingest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A file cut mid-line said only "invalid JSON: column N: unterminated string" at its last
// line; it says the file ends there. A bad line with its newline says no such thing. The
// serial reader (short and long lines) and the parallel one agree.
func TestJSONLCutMidLine(t *testing.T) {
	eps := realisticEpisodes(3, 7)
	for _, long := range []bool{false, true} {
		var b []byte
		b = append(b, "{not json\n"...)
		b = append(AppendEpisodeJSON(b, eps[0]), '\n')
		last := AppendEpisodeJSON(nil, eps[1])
		if long { // past the reader's buffer, read in pieces
			last = []byte(`{"x":"` + strings.Repeat("y", 1<<20+10) + `"}`)
		}
		b = append(b, last[:len(last)-5]...)
		path := filepath.Join(t.TempDir(), "runs.jsonl")
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, workers := range []int{1, 3} {
			r, err := OpenEpisodes(path, ReadOptions{Workers: workers, MaxLineBytes: 2 << 20})
			if err != nil {
				t.Fatal(err)
			}
			_, probs := collect(t, r)
			r.Close()
			if len(probs) != 2 || probs[0].Line != 1 || strings.Contains(probs[0].Msg, "ends") ||
				probs[1].Line != 3 || !strings.HasPrefix(probs[1].Msg, "invalid JSON: ") ||
				!strings.HasSuffix(probs[1].Msg, "; the file ends in this line (no newline after it): cut short?") {
				t.Errorf("long %v, %d workers: %v", long, workers, probs)
			}
		}
	}
}
