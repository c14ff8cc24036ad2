package view

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/results/fsx"

	"github.com/sabench/sabench-stats/ingest/paths"
)

// chunkBudget bounds a chunk file's size (whole cases per chunk): an episode page loads
// one chunk, so this bounds its parse time.
const chunkBudget = 96 << 10

// Stats says what Write wrote.
type Stats struct {
	Episodes, Cases, Chunks int
	CasesRun                int // the cases with an episode (a bench may hold cases no episode ran)
	// Dropped are the duplicates a dedupe policy dropped: read and counted as excluded by
	// the reconciliation, but without a page (Page sets it).
	Dropped               int
	HTMLBytes, ChunkBytes int64
	ChunkDir              string // where the chunk files are (NAME_files beside the page)
}

// CheckPage refuses, before any work, a page in a directory that does not exist (the
// chunk directory goes beside the page) and a page path that is a directory. A page named
// through a symbolic link is written where the link points, its chunk directory beside
// it (fsx.FollowLink), so that the page's relative links to its chunks resolve.
func CheckPage(htmlPath string) error {
	if err := fsx.CheckParent("--out", htmlPath); err != nil {
		return fmt.Errorf("view: %w", err)
	}
	if fi, err := os.Stat(htmlPath); err == nil && fi.IsDir() {
		return fmt.Errorf("view: --out %s is a directory; name the page to write (%s)", htmlPath, filepath.Join(htmlPath, "index.html"))
	}
	page, err := fsx.FollowLink(htmlPath)
	if err != nil {
		return fmt.Errorf("view: --out %s: %w", htmlPath, err)
	}
	return checkChunkDir(filepath.Join(filepath.Dir(page), chunkDirName(page)))
}

// chunkDirName is the name of the page's chunk directory: its stem + "_files".
func chunkDirName(htmlPath string) string {
	return strings.TrimSuffix(filepath.Base(htmlPath), filepath.Ext(htmlPath)) + "_files"
}

// checkChunkDir refuses to replace a directory at dir that holds anything but chunk files
// (N.js): a page saved by a browser keeps its files in NAME_files/ too, and writing the
// viewer beside it must not delete them.
func checkChunkDir(dir string) error {
	es, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("view: the chunk directory %s: %w", dir, err)
	}
	var foreign []string
	for _, e := range es {
		n, ok := strings.CutSuffix(e.Name(), ".js")
		if !ok || !e.Type().IsRegular() || n == "" || strings.Trim(n, "0123456789") != "" {
			foreign = append(foreign, e.Name())
		}
	}
	if len(foreign) > 0 {
		return fmt.Errorf("view: %s holds files the viewer did not write (%s), and the page's chunk files go there: move them or choose another --out", dir, fsx.NameSome(foreign))
	}
	return nil
}

// Write writes the viewer to htmlPath (e.g. report/index.html) and its chunk files to the
// directory beside it named after the page (index_files/). The chunk directory is built
// under a temporary name and renamed into place, then the page is written atomically, so
// readers never see a page whose chunks are missing or half-written. The bytes depend only
// on the input.
func Write(htmlPath string, in *Input) (Stats, error) {
	c := in.chunks
	if c == nil {
		var e *encoder
		var err error
		if in, e, err = encode(in); err != nil {
			return Stats{}, err
		}
		if c, err = writeChunks(htmlPath, e); err != nil {
			return Stats{}, err
		}
		defer c.discard()
	}
	return c.writePage(in)
}

// encode is in with its episodes encoded: those the Collector encoded as they were
// scored (its cases and policies replace in's), or else in.Episodes.
func encode(in *Input) (*Input, *encoder, error) {
	var e *encoder
	if c := in.Collected; c != nil {
		if err := c.Finish(); err != nil {
			return nil, nil, err
		}
		x := *in
		x.Cases, x.Policies, e = c.cases, c.policies, c.e
		in = &x
	}
	if len(in.Policies) == 0 {
		return nil, nil, fmt.Errorf("view: no policy")
	}
	if e == nil {
		var err error
		if e, err = newEncoder(in); err != nil {
			return nil, nil, err
		}
		if in.Episodes != nil {
			if err := in.Episodes(func(ep *Episode) error { return e.add(ep) }); err != nil {
				return nil, nil, err
			}
		}
	}
	return in, e, e.checkRuns()
}

// chunks are a viewer's chunk files, written to a temporary directory beside the page
// until the page is written (writePage).
type chunks struct {
	e     *encoder
	page  string // where the page is written: the path given, through a link (fsx.FollowLink)
	name  string // the chunk directory's name: the page's stem + "_files"
	tmp   string // the temporary directory; "" once moved into place
	of    []int  // each case's chunk; -1 for a case without episodes
	n     int
	bytes int64
}

// writeChunks writes e's cases to chunk files, whole cases per chunk in the cases' order,
// in a temporary directory beside the page at htmlPath (beside the file a link there
// names). It frees each case's encoded episodes once written: the page does not need them.
func writeChunks(htmlPath string, e *encoder) (_ *chunks, err error) {
	page, err := fsx.FollowLink(htmlPath)
	if err != nil {
		return nil, err
	}
	c := &chunks{e: e, page: page, name: chunkDirName(page), of: make([]int, len(e.cases))}
	if c.tmp, err = fsx.Temp(func() (string, error) { return paths.MkdirTemp(filepath.Dir(page), "."+c.name+".tmp-*") }); err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			c.discard()
		}
	}()
	var cur bytes.Buffer
	flush := func() error {
		if cur.Len() == 0 {
			return nil
		}
		cur.WriteString("]});\n")
		c.bytes += int64(cur.Len())
		if err := os.WriteFile(filepath.Join(c.tmp, fmt.Sprintf("%d.js", c.n)), cur.Bytes(), 0o666); err != nil {
			return err
		}
		cur.Reset()
		c.n++
		return nil
	}
	for i, a := range e.cases {
		c.of[i] = -1
		if a.n == 0 {
			continue
		}
		blk, err := caseJSON(a)
		if err != nil {
			return nil, err
		}
		if cur.Len() > 0 && cur.Len()+len(blk) > chunkBudget {
			if err := flush(); err != nil {
				return nil, err
			}
		}
		if cur.Len() == 0 {
			fmt.Fprintf(&cur, "SAB.chunk(%d,{\"cases\":[\n", c.n)
		} else {
			cur.WriteString(",\n")
		}
		cur.Write(blk)
		c.of[i] = c.n
		// Written: free the memory while the tables are built (the page reads a.c alone).
		a.rows.free()
		a.strs.text.free()
		a.blocks.text.free()
		a.rows, a.strs, a.blocks = nil, nil, nil
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return c, nil
}

// discard removes the temporary chunk directory unless writePage moved it into place.
func (c *chunks) discard() {
	c.e.sp.close()
	if c.tmp != "" {
		os.RemoveAll(c.tmp)
		fsx.Forget(c.tmp)
		c.tmp = ""
	}
}

// writePage writes the page of in (encoded as encode returns it) at c.page after moving
// the chunk directory into place beside it.
func (c *chunks) writePage(in *Input) (Stats, error) {
	final := filepath.Join(filepath.Dir(c.page), c.name)
	if err := checkChunkDir(final); err != nil { // again: it may have changed meanwhile
		return Stats{}, err
	}
	if err := fsx.Install(c.tmp, func() error {
		if err := os.RemoveAll(final); err != nil {
			return err
		}
		return os.Rename(c.tmp, final)
	}); err != nil {
		return Stats{}, err
	}
	c.tmp = ""
	var size int64
	err := fsx.WriteFileAtomic(c.page, func(w io.Writer) error {
		cw := &countWriter{w: bufio.NewWriterSize(w, 1<<16)}
		if err := page(cw, in, c.e, c.of, c.name); err != nil {
			return err
		}
		size = cw.n
		return cw.w.(*bufio.Writer).Flush()
	})
	c.e.sp.close()
	if err != nil {
		return Stats{}, err
	}
	st := c.e.counts()
	st.Chunks, st.HTMLBytes, st.ChunkBytes, st.ChunkDir = c.n, size, c.bytes, final
	return st, nil
}

// counts gives the episodes and cases the page holds: the page's header and view's summary
// line both say them, from this one count.
func (e *encoder) counts() Stats {
	run := 0
	for _, a := range e.cases {
		if a.n > 0 {
			run++
		}
	}
	return Stats{Episodes: e.nEp, Cases: len(e.cases), CasesRun: run}
}

// countWriter counts the bytes written through it.
type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// Summary says how many episodes the page holds and of how many cases, naming the bench's
// cases no episode ran when there are some (a τ-bench file of some of a domain's tasks).
func (s Stats) Summary() string {
	sum := ingest.Plural(s.Episodes, "episode") + " of " + ingest.Plural(s.Cases, "case")
	if s.CasesRun != s.Cases {
		sum = fmt.Sprintf("%s of %s (the bench has %d; the page lists them all)", ingest.Plural(s.Episodes, "episode"), ingest.Plural(s.CasesRun, "case"), s.Cases)
	}
	if s.Dropped > 0 {
		sum += "; " + droppedNotShown(s.Dropped)
	}
	return sum
}

// EpisodesShown counts the episodes the page holds, and says that the duplicates --dedupe
// dropped are not among them, which the reconciliation beside it counts as read.
func (s Stats) EpisodesShown() string {
	if s.Dropped > 0 {
		return ingest.Plural(s.Episodes, "episode") + " (" + droppedNotShown(s.Dropped) + ")"
	}
	return ingest.Plural(s.Episodes, "episode")
}

// droppedNotShown says that n dropped duplicates have no page (n > 0).
func droppedNotShown(n int) string {
	if n == 1 {
		return "the duplicate --dedupe dropped is not on the page"
	}
	return fmt.Sprintf("the %d duplicates --dedupe dropped are not on the page", n)
}
