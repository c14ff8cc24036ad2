package harness

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
)

// harnessFolders are the fixture folders FuzzFolderFile damages, each with its reader.
var harnessFolders = []struct {
	dir  string
	read func(dir string) (*Result, error)
}{
	{"batch", func(d string) (*Result, error) { return ReadBatchDir(d, Options{Config: "claude-5/claude-code"}) }},
	{"deepseek", func(d string) (*Result, error) { return ReadBatchDir(d, Options{Config: "deepseek/dsh"}) }},
	{"interactive", func(d string) (*Result, error) {
		return ReadInteractiveDir(d, Options{Config: "z-ai/glm-5.2/openrouter"})
	}},
}

// FuzzFolderFile replaces one file of a harness folder in the runners' shapes (the batch
// runner's, DeepSeek's, the interactive runner's) with arbitrary bytes: never a panic;
// every problem names a file; every episode read is one the JSONL decoder reads back as
// written. The seeds are each folder's files, one of each kind.
func FuzzFolderFile(f *testing.F) {
	for i, h := range harnessFolders {
		files := folderFiles(f, filepath.Join("testdata", h.dir))
		kinds := map[string]bool{}
		for k, rel := range files {
			kind := filepath.Dir(rel) + filepath.Ext(rel)
			if h.dir == "interactive" {
				kind = filepath.Base(rel) // one run folder per case
			}
			if kinds[kind] {
				continue
			}
			kinds[kind] = true
			data, err := os.ReadFile(filepath.Join("testdata", h.dir, rel))
			if err != nil {
				f.Fatal(err)
			}
			f.Add(uint8(i), uint16(k), data)
		}
	}
	f.Fuzz(func(t *testing.T, folder uint8, file uint16, data []byte) {
		h := harnessFolders[int(folder)%len(harnessFolders)]
		src := filepath.Join("testdata", h.dir)
		files := folderFiles(t, src)
		dir := t.TempDir()
		if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, files[int(file)%len(files)]), data, 0o644); err != nil {
			t.Fatal(err)
		}
		res, err := h.read(dir)
		if err != nil {
			if !strings.Contains(err.Error(), dir) {
				t.Fatalf("the error names no file of the folder: %v", err)
			}
			return
		}
		for _, p := range res.Problems {
			if p.File == "" {
				t.Fatalf("a problem names no file: %v", p)
			}
		}
		lines := jsonlBytes(res.Episodes)
		path := filepath.Join(t.TempDir(), "e.jsonl")
		if err := os.WriteFile(path, lines, 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := ingest.OpenEpisodes(path, ingest.ReadOptions{})
		if err != nil {
			t.Fatalf("written episodes do not open: %v", err)
		}
		defer r.Close()
		for i := 0; ; i++ {
			e, err := r.Next()
			if err == io.EOF {
				if i != len(res.Episodes) {
					t.Fatalf("%d episodes written, %d read back", len(res.Episodes), i)
				}
				return
			}
			if err != nil {
				t.Fatalf("a written episode does not read back: %v", err)
			}
			if got, want := ingest.AppendEpisodeJSON(nil, e), ingest.AppendEpisodeJSON(nil, res.Episodes[i]); string(got) != string(want) {
				t.Fatalf("episode %d read back as\n%s\nwant\n%s", i, got, want)
			}
		}
	})
}

// folderFiles lists the regular files under dir, relative to it, in lexical order.
func folderFiles(t testing.TB, dir string) []string {
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, rel)
		}
		return nil
	})
	if err != nil || len(out) == 0 {
		t.Fatalf("%s: %d files, %v", dir, len(out), err)
	}
	return out
}
