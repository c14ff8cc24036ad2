package view

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/sabench/sabench-stats/results"
)

// chunkBudget bounds a chunk file's size (whole cases per chunk): an episode page loads
// one chunk, so this bounds its parse time.
const chunkBudget = 96 << 10

// Stats says what Write wrote.
type Stats struct {
	Episodes, Cases, Chunks int
	HTMLBytes, ChunkBytes   int64
	ChunkDir                string // where the chunk files are (NAME_files beside the page)
}

// CheckPage refuses, before any work, a page in a directory that does not exist: the
// chunk directory goes beside the page.
func CheckPage(htmlPath string) error {
	if dir := filepath.Dir(htmlPath); !results.IsDirTarget(dir) {
		return fmt.Errorf("view: --out %s: the directory %s does not exist", htmlPath, dir)
	}
	return nil
}

// Write writes the viewer to htmlPath (e.g. report/index.html) and its chunk files to the
// directory beside it named after the page (index_files/). The chunk directory is built
// under a temporary name and renamed into place, then the page is written atomically, so
// readers never see a page whose chunks are missing or half-written. The bytes depend only
// on the input.
func Write(htmlPath string, in *Input) (Stats, error) {
	var st Stats
	var e *encoder
	if c := in.Collected; c != nil {
		x := *in
		x.Cases, x.Policies, e = c.cases, c.policies, c.e
		in = &x
	}
	if len(in.Policies) == 0 {
		return st, fmt.Errorf("view: no policy")
	}
	if e == nil {
		var err error
		if e, err = newEncoder(in); err != nil {
			return st, err
		}
		if in.Episodes != nil {
			if err := in.Episodes(func(ep *Episode) error { return e.add(ep) }); err != nil {
				return st, err
			}
		}
	}
	if err := e.checkRuns(); err != nil {
		return st, err
	}
	dir := filepath.Dir(htmlPath)
	stem := strings.TrimSuffix(filepath.Base(htmlPath), filepath.Ext(htmlPath))
	chunkName := stem + "_files"
	tmp, err := os.MkdirTemp(dir, "."+chunkName+".tmp-")
	if err != nil {
		return st, err
	}
	defer os.RemoveAll(tmp)

	// Whole cases per chunk, in the cases' order.
	chunkOf := make([]int, len(e.cases))
	var cur bytes.Buffer
	nChunks := 0
	flush := func() error {
		if cur.Len() == 0 {
			return nil
		}
		cur.WriteString("]});\n")
		st.ChunkBytes += int64(cur.Len())
		if err := os.WriteFile(filepath.Join(tmp, fmt.Sprintf("%d.js", nChunks)), cur.Bytes(), 0o644); err != nil {
			return err
		}
		cur.Reset()
		nChunks++
		return nil
	}
	for i, a := range e.cases {
		chunkOf[i] = -1
		if len(a.eps) == 0 {
			continue
		}
		blk, err := caseJSON(a)
		if err != nil {
			return st, err
		}
		if cur.Len() > 0 && cur.Len()+len(blk) > chunkBudget {
			if err := flush(); err != nil {
				return st, err
			}
		}
		if cur.Len() == 0 {
			fmt.Fprintf(&cur, "SAB.chunk(%d,{\"cases\":[\n", nChunks)
		} else {
			cur.WriteString(",\n")
		}
		cur.Write(blk)
		chunkOf[i] = nChunks
		a.eps = nil // written; free the memory before the page is built
	}
	if err := flush(); err != nil {
		return st, err
	}
	var b bytes.Buffer
	if err := page(&b, in, e, chunkOf, chunkName); err != nil {
		return st, err
	}
	final := filepath.Join(dir, chunkName)
	if err := os.RemoveAll(final); err != nil {
		return st, err
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return st, err
	}
	if err := os.Rename(tmp, final); err != nil {
		return st, err
	}
	if err := results.WriteFileAtomic(htmlPath, func(w io.Writer) error { _, err := w.Write(b.Bytes()); return err }); err != nil {
		return st, err
	}
	st.Episodes, st.Cases, st.Chunks, st.HTMLBytes = len(e.runs), len(e.cases), nChunks, int64(b.Len())
	st.ChunkDir = filepath.Join(dir, chunkName)
	return st, nil
}
