// Package inspecttest rewrites Inspect AI ".eval" logs for tests: a copy of a real log
// with some members changed, dropped or added, so that a test of a reader, an adapter or a
// command starts from what Inspect wrote rather than from a log written by hand. It is the
// one copy of that loop the tests of ingest/inspect, ingest/harness and results/job share.
package inspecttest

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"strings"
	"testing"
)

// Member is a member to add to an archive: its name and bytes.
type Member struct {
	Name string
	Data []byte
}

// Rewrite copies the ZIP archive src (an .eval log) member by member, in order: each
// member's name and bytes pass through edit, which returns the bytes to write, or nil to
// leave the member out (a nil edit copies every member); the members of add follow. Every
// member is written Deflate-compressed, so the copy's bytes differ from Inspect's.
func Rewrite(tb testing.TB, src []byte, edit func(name string, data []byte) []byte, add ...Member) []byte {
	tb.Helper()
	zr, err := zip.NewReader(bytes.NewReader(src), int64(len(src)))
	if err != nil {
		tb.Fatal(err)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	put := func(name string, data []byte) {
		w, err := zw.Create(name)
		if err != nil {
			tb.Fatal(err)
		}
		if _, err := w.Write(data); err != nil {
			tb.Fatal(err)
		}
	}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			tb.Fatal(err)
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			tb.Fatalf("%s: %v", f.Name, err)
		}
		if edit != nil {
			if data = edit(f.Name, data); data == nil {
				continue
			}
		}
		put(f.Name, data)
	}
	for _, m := range add {
		put(m.Name, m.Data)
	}
	if err := zw.Close(); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// RewriteFile is Rewrite of the log at path.
func RewriteFile(tb testing.TB, path string, edit func(name string, data []byte) []byte, add ...Member) []byte {
	tb.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return Rewrite(tb, src, edit, add...)
}

// Samples is an edit for Rewrite that decodes each sample member ("samples/…") as a JSON
// object, passes it to edit and writes it back encoded; other members are copied as they
// are.
func Samples(tb testing.TB, edit func(name string, doc map[string]any)) func(string, []byte) []byte {
	return func(name string, data []byte) []byte {
		tb.Helper()
		if !strings.HasPrefix(name, "samples/") {
			return data
		}
		var doc map[string]any
		if err := json.Unmarshal(data, &doc); err != nil {
			tb.Fatalf("%s: %v", name, err)
		}
		edit(name, doc)
		out, err := json.Marshal(doc)
		if err != nil {
			tb.Fatalf("%s: %v", name, err)
		}
		return out
	}
}
