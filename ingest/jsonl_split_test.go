package ingest

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/klauspost/compress/gzip"
)

// readTranscript reads a file to its end (or first fatal error) and renders what the
// reader gave: episodes with their lines, problems, the fatal error and the file hash.
func readTranscript(t *testing.T, path string, opt ReadOptions) string {
	t.Helper()
	opt.Hashes = NewFileHashes()
	r, err := OpenEpisodes(path, opt)
	if err != nil {
		return "open: " + err.Error()
	}
	var sb strings.Builder
	for {
		e, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			if ps := AsProblems(err); ps != nil {
				for _, p := range ps {
					fmt.Fprintf(&sb, "problem %s\n", p)
				}
				continue
			}
			fmt.Fprintf(&sb, "fatal %v\n", err)
			break
		}
		fmt.Fprintf(&sb, "episode %d %s\n", e.Line, AppendEpisodeJSON(nil, e))
	}
	if err := r.Close(); err != nil {
		fmt.Fprintf(&sb, "close %v\n", err)
	}
	if h, ok := opt.Hashes.Get(path); ok {
		fmt.Fprintf(&sb, "hash %d %x\n", h.Bytes, h.SHA256)
	}
	return sb.String()
}

// withChunks makes parallel reading cut chunks of at most the given bytes and lines
// for the rest of the test.
func withChunks(t testing.TB, nbytes, lines int) {
	ob, ol := chunkBytes, chunkLines
	chunkBytes, chunkLines = nbytes, lines
	t.Cleanup(func() { chunkBytes, chunkLines = ob, ol })
}

// compareParallel checks that reading data with 2 and 3 workers gives what the serial
// reader gives.
func compareParallel(t *testing.T, data []byte, opt ReadOptions) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "runs.jsonl")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	opt.Workers = 1
	want := readTranscript(t, path, opt)
	for _, w := range []int{2, 3} {
		opt.Workers = w
		if got := readTranscript(t, path, opt); got != want {
			t.Fatalf("%d workers (chunks of %d bytes, %d lines, limit %d) differ from the serial read:\n%s\nwant:\n%s",
				w, chunkBytes, chunkLines, opt.MaxLineBytes, clip(got), clip(want))
		}
	}
}

func clip(s string) string {
	if len(s) > 4000 {
		return s[:2000] + "\n...\n" + s[len(s)-2000:]
	}
	return s
}

func gzipped(b []byte) []byte {
	var buf bytes.Buffer
	w := gzip.NewWriter(&buf)
	w.Write(b)
	w.Close()
	return buf.Bytes()
}

// awkwardJSONL is a file of the given lines in every shape the splitter must handle: a
// BOM, CRLF, blank and whitespace lines, bad JSON, lines of limit bytes counting a CR,
// a last line without a newline.
func awkwardJSONL(lines [][]byte, limit int) []byte {
	var b bytes.Buffer
	b.Write(utf8BOM)
	for i, line := range lines {
		switch i % 6 {
		case 0:
			b.Write(line)
			b.WriteString("\r\n")
		case 1:
			b.WriteString("\n \t\r\n\r\n")
			b.Write(line)
			b.WriteByte('\n')
		case 2:
			b.WriteString("{not json\n")
			b.Write(line)
			b.WriteByte('\n')
		case 3: // a line of exactly the limit, counting its CR
			b.WriteString(`{"x":"` + strings.Repeat("y", limit-9) + "\"}\r\n")
			b.Write(line)
			b.WriteByte('\n')
		default:
			b.Write(line)
			b.WriteByte('\n')
		}
	}
	b.WriteString(`{"last":"line without a newline"}`)
	return b.Bytes()
}

// TestParallelSplitMatchesSerial: whatever the chunk size (down to one byte, so that
// every line straddles chunks), the parallel reader gives the serial reader's episodes,
// problems, lines, errors and hashes for awkward files, plain and gzipped.
func TestParallelSplitMatchesSerial(t *testing.T) {
	const limit = 5000
	var lines [][]byte
	for _, e := range realisticEpisodes(12, 5) {
		lines = append(lines, AppendEpisodeJSON(nil, e))
	}
	awk := awkwardJSONL(lines, limit)
	over := `{"x":"` + strings.Repeat("y", limit-7) + "\"}"
	plain := jsonlBytes(realisticEpisodes(40, 3))
	trunc := gzipped(plain)
	cases := []struct {
		name string
		data []byte
	}{
		{"awkward", awk},
		{"awkward gzip", gzipped(awk)},
		{"empty", nil},
		{"only blank", []byte("\n\r\n \n")},
		{"BOM only", utf8BOM},
		{"one over the limit", []byte(string(plain[:2000]) + "\n" + over + "\n" + string(plain))},
		{"one over the limit with CR", []byte(string(plain) + over[:len(over)-1] + "\r\n" + string(plain))},
		{"last line over the limit", append(plain[:len(plain):len(plain)], over...)},
		{"last line at the limit", append(plain[:len(plain):len(plain)], over[1:]...)},
		{"huge line", append([]byte(strings.Repeat("z", 3*limit)+"\n"), plain...)},
		{"no newline at all", bytes.Repeat([]byte{'a'}, 4*limit)},
		{"truncated gzip", trunc[:len(trunc)*2/3]},
	}
	for _, size := range []int{1, 7, 300, 4096, 5001, 64 << 10} {
		for _, lines := range []int{1, 3, 512} {
			withChunks(t, size, lines)
			for _, c := range cases {
				t.Run(fmt.Sprintf("%s/%d/%d", c.name, size, lines), func(t *testing.T) {
					compareParallel(t, c.data, ReadOptions{MaxLineBytes: limit})
				})
			}
		}
	}
}

// TestParallelSplitLongLinesDefault: with the real chunk size and default limit, a
// line of several chunks is read whole and one over the limit ends the file.
func TestParallelSplitLongLinesDefault(t *testing.T) {
	plain := jsonlBytes(realisticEpisodes(600, 9))
	long := `{"x":"` + strings.Repeat("y", 3*chunkBytes) + `"}` + "\n"
	data := append(append(plain[:len(plain):len(plain)], long...), plain...)
	compareParallel(t, data, ReadOptions{})
	compareParallel(t, data, ReadOptions{MaxLineBytes: 2 * chunkBytes})
}

// FuzzParallelSplit: the parallel reader gives the serial reader's transcript for any
// bytes, chunk size, line count per chunk and line limit. The seeds are short lines
// (Lenient accepts them as episodes) so that minimizing an input stays quick.
func FuzzParallelSplit(f *testing.F) {
	var lines [][]byte
	for i := range 12 {
		lines = append(lines, fmt.Appendf(nil, `{"config":"a/b","case_id":"SAB-V1-00%d","repeat":%d}`, 1+i%3, i))
	}
	f.Add(awkwardJSONL(lines, 60), uint16(60), uint16(100), uint8(2), false)
	f.Add(awkwardJSONL(lines, 80), uint16(80), uint16(30), uint8(0), true)
	f.Add([]byte("\xef\xbb\xbf{}\r\n\n{\"a\":1}"), uint16(4), uint16(3), uint8(1), false)
	f.Fuzz(func(t *testing.T, data []byte, limit, size uint16, lines uint8, gz bool) {
		withChunks(t, 1+int(size), 1+int(lines))
		if gz {
			data = gzipped(data)
		}
		compareParallel(t, data, ReadOptions{MaxLineBytes: 1 + int(limit), Lenient: true})
	})
}

// TestParallelSplitReadError: a read error mid-file is the serial reader's fatal error
// at the same line, after the same episodes.
func TestParallelSplitReadError(t *testing.T) {
	plain := jsonlBytes(realisticEpisodes(30, 4))
	gz := gzipped(plain)
	for _, cut := range []int{len(gz) / 3, len(gz) - 9} {
		withChunks(t, 2000, 4)
		compareParallel(t, gz[:cut], ReadOptions{})
	}
	path := filepath.Join(t.TempDir(), "runs.jsonl")
	if err := os.WriteFile(path, gz[:len(gz)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := OpenEpisodes(path, ReadOptions{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for {
		_, err := r.Next()
		if err == io.EOF {
			t.Fatal("a truncated gzip file read to its end without an error")
		}
		if err != nil {
			if !errors.Is(err, io.ErrUnexpectedEOF) {
				t.Fatalf("got %v, want a truncation error", err)
			}
			break
		}
	}
}

// TestParallelCloseMidStream: closing a parallel reader with chunks in flight, blocked on
// a full hand-off, stops the splitter and the workers.
func TestParallelCloseMidStream(t *testing.T) {
	withChunks(t, 4096, 2)
	path := filepath.Join(t.TempDir(), "runs.jsonl")
	if err := os.WriteFile(path, jsonlBytes(realisticEpisodes(400, 6)), 0o644); err != nil {
		t.Fatal(err)
	}
	before := runtime.NumGoroutine()
	for range 20 {
		r, err := OpenEpisodes(path, ReadOptions{Workers: 3})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := r.Next(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Millisecond) // let the splitter fill the hand-off channels
		if err := r.Close(); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; runtime.NumGoroutine() > before; i++ {
		if i == 100 {
			t.Fatalf("%d goroutines after closing, %d before", runtime.NumGoroutine(), before)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
