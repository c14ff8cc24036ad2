package ingest

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// FuzzDecodeEpisodeLine: no JSONL line panics the decoder; a refused line is a problem,
// or on line 1 the end of a file in another shape, a depth error naming its path; an accepted episode re-encodes to a
// line that decodes to the same episode.
func FuzzDecodeEpisodeLine(f *testing.F) {
	for _, e := range realisticEpisodes(6, 3) {
		f.Add(AppendEpisodeJSON(nil, e))
	}
	for _, s := range []string{`{}`, `[]`, `{"config":"a/b","case_id":"SAB-V1-001","repeat":-1}`,
		`{"config":"a/b","case_id":"SAB-V1-001@","repeat":0,"status":"weird","usage":{"x":"y"}}`,
		`{"config":"a","case_id":"X","repeat":1.0,"record":[],"official":3}`, `{"config":"a","case_id":"X","repeat":0,"extra":{"k":NaN}}`} {
		f.Add([]byte(s))
	}
	f.Add([]byte(`{"config":"a","case_id":"X","repeat":0,"record":{"events":[{"arguments":` + strings.Repeat("[", 600) + strings.Repeat("]", 600) + `}]}}`))
	f.Fuzz(func(t *testing.T, line []byte) {
		e, err := decodeEpisodeLine(jsonv.NewDecoder(), line, "f.jsonl", 1, false)
		if err != nil {
			var fe *fileError
			if AsProblems(err) == nil && !errors.As(err, &fe) {
				t.Fatalf("not a problem value: %v", err)
			}
			// A depth error names the path to the deep value (the top level is a list
			// or object of its own: "[0]…" at least).
			if msg := err.Error(); strings.Contains(msg, "nesting deeper than") && !strings.Contains(msg, "nesting deeper than 512 in ") {
				t.Fatalf("a depth error naming no path: %v", err)
			}
			return
		}
		checkTyped(t, e)
		again := AppendEpisodeJSON(nil, e)
		e2, err := decodeEpisodeLine(jsonv.NewDecoder(), again, "f.jsonl", 1, false)
		if err != nil {
			t.Fatalf("re-encoded episode does not decode: %v\n%s", err, again)
		}
		if b := AppendEpisodeJSON(nil, e2); string(b) != string(again) {
			t.Fatalf("unstable encoding:\n%s\n%s", again, b)
		}
	})
}

// readParquetFile reads an episode file to its end: the error that stopped it, if any
// (a problem of one row does not).
func readParquetFile(path string) error {
	r, err := OpenEpisodes(path, ReadOptions{Format: "parquet"})
	if err != nil {
		return err
	}
	defer r.Close()
	for i := 0; i < 1000; i++ {
		_, err := r.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil && AsProblems(err) == nil {
			return err
		}
	}
	return nil
}

// FuzzParquetFile: no file content panics the Parquet reader; a damaged file gives an
// error naming it, never a crash; a file it reads, appended to itself, is refused.
func FuzzParquetFile(f *testing.F) {
	dir := f.TempDir()
	p := filepath.Join(dir, "seed.parquet")
	writeParquet(f, p, realisticEpisodes(4, 5))
	good, err := os.ReadFile(p)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:len(good)/2])
	// The JSON-text layout, and the typed layout's edge cases (values in _rest and _raw,
	// keys in another order) written without compression, so that mutations reach the
	// cells.
	writeParquetLayout(f, p, realisticEpisodes(2, 5), ParquetLayoutJSON)
	jsonLayout, _ := os.ReadFile(p)
	f.Add(jsonLayout)
	edge := filepath.Join(dir, "edge.jsonl")
	os.WriteFile(edge, []byte(strings.Join(typedEdgeLines, "\n")+"\n"), 0o644)
	old := parquetCodec
	parquetCodec = compress.Codecs.Uncompressed
	writeParquetLayout(f, p, readAll(f, edge, ReadOptions{}), ParquetLayoutTyped)
	parquetCodec = old
	plain, _ := os.ReadFile(p)
	f.Add(plain)
	foreign, _ := os.ReadFile(filepath.Join("testdata", "parquet", "foreign.parquet"))
	f.Add(foreign)
	f.Add([]byte("PAR1\x00\x00\x00\x00PAR1"))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "f.parquet")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := readParquetFile(path); err != nil {
			if !strings.Contains(err.Error(), path) {
				t.Fatalf("the error does not name the file: %v", err)
			}
			return
		}
		// A file it reads, appended to itself, is two files in one: refused, not read by
		// its last footer as one copy.
		twice := filepath.Join(t.TempDir(), "twice.parquet")
		if err := os.WriteFile(twice, append(data[:len(data):len(data)], data...), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := readParquetFile(twice); err == nil || !strings.Contains(err.Error(), twice) {
			t.Fatalf("a file appended to itself: %v", err)
		}
	})
}

// FuzzQuoteValue: a quoted value is never longer than its bound (the quoted 200 bytes at
// most, "…" and the length), unquotes to the value itself when short, and when long to
// its start and end, each cut by less than one character.
func FuzzQuoteValue(f *testing.F) {
	f.Add("SAB-V1-001\t")
	f.Add(strings.Repeat("é", 300) + "-end")
	f.Add(strings.Repeat("a", 201))
	f.Add(strings.Repeat("\x80", 300))
	f.Fuzz(func(t *testing.T, s string) {
		q := QuoteValue(s)
		if len(s) <= quoteHead+quoteTail {
			if u, err := strconv.Unquote(q); err != nil || u != s {
				t.Fatalf("%q quoted as %s", s, q)
			}
			return
		}
		suffix := fmt.Sprintf(" (%d bytes)", len(s))
		if !strings.HasSuffix(q, suffix) || len(q) > 4*(quoteHead+quoteTail)+4+len("…")+len(suffix) {
			t.Fatalf("%d bytes quoted in %d: %.300s", len(s), len(q), q)
		}
		hq, tq, ok := strings.Cut(strings.TrimSuffix(q, suffix), `"…"`)
		head, err1 := strconv.Unquote(hq + `"`)
		tail, err2 := strconv.Unquote(`"` + tq)
		if !ok || err1 != nil || err2 != nil || !strings.HasPrefix(s, head) || !strings.HasSuffix(s, tail) {
			t.Fatalf("%q: not its start and end: %s", s, q)
		}
		if len(head) <= quoteHead-utf8.UTFMax || len(tail) <= quoteTail-utf8.UTFMax {
			t.Fatalf("start of %d bytes and end of %d kept of %q: %s", len(head), len(tail), s, q)
		}
	})
}

// FuzzRunsThroughLink: a folder of runs named through a symbolic link lists the same
// files, skips the same entries and fails alike as the folder named itself, its paths
// under the link. The tree is fuzzed: one entry a line, "f path", "d path" or
// "l path>target" (a target may leave the folder).
func FuzzRunsThroughLink(f *testing.F) {
	f.Add("f a.jsonl\nd sub\nf sub/b.jsonl.gz\nf c.json")
	f.Add("d sub\nl sub/in.jsonl>../a.jsonl\nf a.jsonl\nl up>..\nl out.jsonl>../../outside.jsonl")
	f.Add("l loop>.\nl dead.jsonl>nowhere.jsonl\nd x.jsonl\nf x.jsonl/y.parquet")
	f.Add("")
	f.Fuzz(func(t *testing.T, tree string) {
		base := t.TempDir()
		root, via := filepath.Join(base, "root"), filepath.Join(base, "via")
		os.MkdirAll(root, 0o755)
		os.WriteFile(filepath.Join(base, "outside.jsonl"), []byte("{}\n"), 0o644)
		for _, line := range strings.Split(tree, "\n") {
			kind, rest, _ := strings.Cut(line, " ")
			name, target, _ := strings.Cut(rest, ">")
			if !filepath.IsLocal(name) {
				continue
			}
			p := filepath.Join(root, name)
			switch kind {
			case "f":
				os.WriteFile(p, []byte("{}\n"), 0o644)
			case "d":
				os.MkdirAll(p, 0o755)
			case "l":
				os.Symlink(target, p)
			}
		}
		if err := os.Symlink(root, via); err != nil {
			t.Fatal(err)
		}
		files, skipped, err := ExpandRunsSkipped([]string{root})
		files2, skipped2, err2 := ExpandRunsSkipped([]string{via})
		under := func(s string) string { return strings.ReplaceAll(s, root, via) }
		if (err == nil) != (err2 == nil) || (err != nil && under(err.Error()) != err2.Error()) {
			t.Fatalf("the folder: %v; through a link: %v", err, err2)
		}
		if len(files) != len(files2) || len(skipped) != len(skipped2) {
			t.Fatalf("the folder: %q, %v; through a link: %q, %v", files, skipped, files2, skipped2)
		}
		for i := range files {
			if under(files[i]) != files2[i] {
				t.Fatalf("file %d: %s; through a link %s", i, files[i], files2[i])
			}
		}
		for i := range skipped {
			if under(skipped[i].String()) != skipped2[i].String() {
				t.Fatalf("skipped %d: %s; through a link %s", i, skipped[i], skipped2[i])
			}
		}
	})
}
