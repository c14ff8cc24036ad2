package ingest

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readLimited reads p with the line limit and returns its episodes' lines and its problems'
// line: message.
func readLimited(t *testing.T, p string, limit int) (lines []int, probs []string) {
	t.Helper()
	r, err := OpenEpisodes(p, ReadOptions{MaxLineBytes: limit})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	got, ps := collect(t, r)
	for _, e := range got {
		lines = append(lines, e.Line)
	}
	for _, pr := range ps {
		probs = append(probs, fmt.Sprintf("%02d: %s", pr.Line, pr.Msg))
	}
	return lines, probs
}

// TestLineLimitLastLineWithoutNewline: a last line without a newline is held to the limit
// like any other: at the limit or one byte under it, read; one byte over, too long.
func TestLineLimitLastLineWithoutNewline(t *testing.T) {
	data := bytes.TrimSuffix(jsonlBytes(realisticEpisodes(2, 1)), []byte("\n"))
	last := len(data) - bytes.LastIndexByte(data, '\n') - 1
	p := filepath.Join(t.TempDir(), "e.jsonl")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		limit   int
		episode bool
	}{{last + 1, true}, {last, true}, {last - 1, false}} {
		lines, probs := readLimited(t, p, c.limit)
		if got := len(lines) == 2 && len(probs) == 0; got != c.episode {
			t.Errorf("limit %d, last line %d bytes: episodes at %v, problems %v", c.limit, last, lines, probs)
		}
		if !c.episode && (len(probs) != 1 || !strings.Contains(probs[0], "02: ") || !strings.Contains(probs[0], "longer than the limit")) {
			t.Errorf("limit %d: problems %v, want line 2 longer than the limit", c.limit, probs)
		}
	}
}

// TestLineLimitAcrossBuffers: a line longer than the reader's buffer (1 MiB) is gathered
// buffer by buffer; one of exactly the limit (2 MiB here, two buffers) is read, not
// refused, and the line after it keeps its number; so is such a line last, without its
// newline, which is then said to end the file (cut short?), and only then.
func TestLineLimitAcrossBuffers(t *testing.T) {
	const limit = 2 * jsonlBufSize
	eps := jsonlBytes(realisticEpisodes(2, 1))
	first := eps[:bytes.IndexByte(eps, '\n')+1]
	second := eps[len(first):]
	// an unterminated string: invalid JSON, which names a cut-short file only when last
	long := append([]byte{'"'}, bytes.Repeat([]byte{'x'}, limit-1)...)
	long = append(long, '\n')
	p := filepath.Join(t.TempDir(), "e.jsonl")
	if err := os.WriteFile(p, append(append(append([]byte{}, first...), long...), second...), 0o644); err != nil {
		t.Fatal(err)
	}
	lines, probs := readLimited(t, p, limit)
	if len(lines) != 2 || lines[0] != 1 || lines[1] != 3 || len(probs) != 1 || !strings.HasPrefix(probs[0], "02: invalid JSON") ||
		strings.Contains(probs[0], "the file ends in this line") {
		t.Errorf("episodes at %v, problems %.200v; want lines 1 and 3 and line 2 invalid JSON", lines, probs)
	}
	lines, probs = readLimited(t, p, limit-1)
	if len(lines) != 1 || len(probs) != 1 || !strings.Contains(probs[0], "longer than the limit") {
		t.Errorf("limit %d: episodes at %v, problems %.200v; want line 2 too long, ending the file", limit-1, lines, probs)
	}
	// The same line last, without its newline: exactly the limit, read.
	if err := os.WriteFile(p, append(append([]byte{}, first...), long[:len(long)-1]...), 0o644); err != nil {
		t.Fatal(err)
	}
	lines, probs = readLimited(t, p, limit)
	if len(lines) != 1 || len(probs) != 1 || !strings.HasPrefix(probs[0], "02: invalid JSON") || !strings.Contains(probs[0], "the file ends in this line") {
		t.Errorf("last line of exactly the limit: episodes at %v, problems %.200v; want line 2 invalid JSON, the file cut short", lines, probs)
	}
}
