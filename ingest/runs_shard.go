package ingest

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/apache/arrow-go/v18/parquet/file"
)

// Shards of an episode input: N processes (or machines) split one input so that each
// decodes only its part. The files, in the order given, are laid end to end as one space
// of bytes and cut into N equal ranges; shard I takes the units that start in its range.
// A unit is a line of a plain JSONL file, a row group of a Parquet file (placed in
// proportion to the rows before it), or a whole compressed JSONL file (gzip and zstd
// cannot be entered in the middle). What decides ownership is only where a unit starts,
// so every unit belongs to exactly one shard, and each bad line is judged by one shard
// alone, with the same verdict one process gives it.
//
// Two things need what comes before the range, and PlanShard finds them with a byte scan
// (no JSON decoding): the global line number of the range's first line, so that
// messages name the true line, and the number of episodes before it (Base), so that the
// shards' verdicts merge back into one process's order. A shard cannot see episodes
// outside its range, so it checks duplicate keys and run ids within the range only: the
// check across shards belongs to the step that reads the shards' verdicts together.

// RunShard is one shard's part of a sequence of episode files (PlanShard).
type RunShard struct {
	I, N int // shard I (from 0) of N
	// Base is the number of episodes before the shard's first one in the whole input, as
	// one process reads it (every non-blank line or row before it is one episode when the
	// input reads without a problem, which scoring requires).
	Base  int64
	parts []shardPart // one per file, in order
}

// shardPart is what one shard reads of one file.
type shardPart struct {
	skip bool // none of the file's units is the shard's
	// Plain JSONL: the bytes [start, end), whose first line is line number line+1.
	start, end int64
	line       int
	// Parquet: the row groups, and the rows before the first of them.
	groups []int
	row    int
}

// shardFile is a file as PlanShard sees it.
type shardFile struct {
	path       string
	size       int64
	format     string // formatJSONL or formatParquet
	compressed bool
	groupRows  []int64 // Parquet: rows of each row group
}

// PlanShard plans shard i (from 0) of n over the episode files paths (as OpenRuns takes
// them). opt is the read's options: its line limit and format apply. Pass the plan as
// ReadOptions.Shard.
func PlanShard(paths []string, opt ReadOptions, i, n int) (*RunShard, error) {
	if n < 1 || i < 0 || i >= n {
		return nil, fmt.Errorf("shard %d of %d: want 0 ≤ shard < count", i, n)
	}
	files := make([]shardFile, len(paths))
	var total int64
	for k, p := range paths {
		f, err := inspectShardFile(p, opt)
		if err != nil {
			return nil, err
		}
		files[k] = f
		total += f.size
	}
	// lo and hi are floor(total·i/n) and floor(total·(i+1)/n), without overflow.
	cut := func(j int) int64 { return total/int64(n)*int64(j) + total%int64(n)*int64(j)/int64(n) }
	sh, err := planRange(files, opt, cut(i), cut(i+1))
	if err != nil {
		return nil, err
	}
	sh.I, sh.N = i, n
	return sh, nil
}

// planRange plans the shard of the bytes [lo, hi) of the files laid end to end.
func planRange(files []shardFile, opt ReadOptions, lo, hi int64) (*RunShard, error) {
	sh := &RunShard{parts: make([]shardPart, len(files))}
	for k := range sh.parts {
		sh.parts[k].skip = true
	}
	owned := false // a unit of the shard has been found: Base is complete
	var off int64  // the file's first byte in the space of all files
	for k, f := range files {
		if off >= hi {
			break // no unit of this file or a later one starts in the range
		}
		part := &sh.parts[k]
		switch {
		case f.format == formatParquet:
			sum := sumRows(f.groupRows)
			var rows int64 // rows before group g
			for g, r := range f.groupRows {
				at := off
				if sum > 0 {
					at += f.size/sum*rows + f.size%sum*rows/sum
				}
				if at >= lo && at < hi {
					if len(part.groups) == 0 {
						part.row = int(rows)
					}
					part.groups = append(part.groups, g)
					part.skip, owned = false, true
				} else if at < lo {
					sh.Base += r
				}
				rows += r
			}
		case f.compressed:
			if off >= lo && f.size > 0 {
				part.skip, owned = false, true
				part.start, part.end = 0, f.size
			} else if off < lo {
				eps, err := countCompressedEpisodes(f.path, opt)
				if err != nil {
					return nil, err
				}
				sh.Base += eps
			}
		default:
			start, end, err := lineRange(f.path, clamp(lo-off, 0, f.size), clamp(hi-off, 0, f.size), f.size, opt.maxLine())
			if err != nil {
				return nil, err
			}
			// The lines and episodes before the range: the whole file when the range is
			// past it.
			lines, eps, stop, err := scanPrefix(f.path, start, opt.maxLine())
			if err != nil {
				return nil, err
			}
			if !owned {
				sh.Base += eps
			}
			// An over-long line before the range ends the file for one process: it reads
			// nothing after it, and neither does the shard.
			if start < end && !stop {
				part.start, part.end, part.line = start, end, lines
				part.skip, owned = false, true
			}
		}
		off += f.size
	}
	return sh, nil
}

func sumRows(rs []int64) int64 {
	var s int64
	for _, r := range rs {
		s += r
	}
	return s
}

func clamp(x, lo, hi int64) int64 { return max(lo, min(x, hi)) }

// inspectShardFile reads what planning needs of one file: its size, format and, for
// Parquet, its row groups' rows.
func inspectShardFile(path string, opt ReadOptions) (shardFile, error) {
	st, err := statEpisodeFile(path, opt)
	if err != nil {
		return shardFile{}, err
	}
	sf := shardFile{path: path, size: st.Size(), format: opt.Format}
	f, err := os.Open(path)
	if err != nil {
		return shardFile{}, err
	}
	defer f.Close()
	var magic [4]byte
	n, _ := io.ReadFull(f, magic[:])
	if sf.format == "" {
		sf.format = detectFormat(magic[:n], path)
	}
	if sf.format == formatJSONL {
		sf.compressed = n >= 2 && magic[0] == 0x1f && magic[1] == 0x8b || n == 4 && bytes.Equal(magic[:], []byte{0x28, 0xb5, 0x2f, 0xfd})
		return sf, nil
	}
	groups, err := parquetGroupRows(f, path)
	if err != nil {
		return shardFile{}, err
	}
	sf.groupRows = groups
	return sf, nil
}

// parquetGroupRows reads the row counts of a Parquet file's row groups from its footer.
func parquetGroupRows(f *os.File, path string) (rows []int64, err error) {
	defer func() {
		if p := recover(); p != nil {
			rows, err = nil, fmt.Errorf("%s: corrupt Parquet file: %v", path, p)
		}
	}()
	pf, err := file.NewParquetReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: not a readable Parquet file: %w", path, err)
	}
	if err := checkRowCounts(pf); err != nil {
		return nil, fmt.Errorf("%s: corrupt Parquet footer: %w", path, err)
	}
	md := pf.MetaData()
	for g := 0; g < pf.NumRowGroups(); g++ {
		rows = append(rows, md.RowGroup(g).NumRows())
	}
	return rows, nil
}

// lineRange returns the first line starts at or after lo and hi in a plain JSONL file of
// size bytes: the shard's bytes [start, end). A line start is 0 or a byte after a
// newline. When the line that holds a cut is over the limit, one process stops reading
// the file at that line, so no later line is read: the cut moves to the end of the file.
func lineRange(path string, lo, hi, size int64, maxLine int) (start, end int64, err error) {
	if lo >= hi {
		return size, size, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	if start, err = nextLineStart(f, path, lo, size, maxLine); err != nil {
		return 0, 0, err
	}
	if end, err = nextLineStart(f, path, hi, size, maxLine); err != nil {
		return 0, 0, err
	}
	return start, end, nil
}

// nextLineStart is the first line start at or after x: x when the byte before it is a
// newline (or x is 0 or the end), else the byte after the next newline, searched no
// further than an over-long line would reach.
func nextLineStart(f *os.File, path string, x, size int64, maxLine int) (int64, error) {
	if x <= 0 || x >= size {
		return x, nil
	}
	buf := make([]byte, 64<<10)
	pos := x - 1
	for pos < size {
		n, err := f.ReadAt(buf[:min(int64(len(buf)), size-pos)], pos)
		if i := bytes.IndexByte(buf[:n], '\n'); i >= 0 {
			return pos + int64(i) + 1, nil
		}
		if err != nil && err != io.EOF {
			return 0, fmt.Errorf("%s: %w", path, err)
		}
		if n == 0 {
			break
		}
		pos += int64(n)
		if pos-x > int64(maxLine)+1 {
			break // the line at x is over the limit: nothing after it is read
		}
	}
	return size, nil
}

// scanPrefix counts the lines and episodes (non-blank lines) of a plain JSONL file's
// first n bytes, which end at a line start, judging lines as the reader does (a byte
// order mark before the first, the line limit). stop is set when it meets an over-long
// line, after which one process reads nothing more of the file; the count ends there.
func scanPrefix(path string, n int64, maxLine int) (lines int, eps int64, stop bool, err error) {
	if n == 0 {
		return 0, 0, false, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return 0, 0, false, err
	}
	defer f.Close()
	// The buffer is no larger than what it reads: a small prefix costs no megabyte to clear.
	br := bufio.NewReaderSize(io.LimitReader(f, n), int(min(n+1, 1<<20)))
	var long []byte // a line that did not fit the buffer, assembled
	for {
		b, rerr := br.ReadSlice('\n')
		if rerr == bufio.ErrBufferFull {
			long = append(long, b...)
			if len(long) > maxLine+1 {
				return lines + 1, eps, true, nil
			}
			continue
		}
		if long != nil {
			b = append(long, b...)
			long = nil
		}
		if len(b) > 0 {
			lines++
			if len(b) > maxLine+1 || len(b) == maxLine+1 && b[len(b)-1] != '\n' {
				return lines, eps, true, nil
			}
			b = trimEOL(b)
			if lines == 1 {
				b = bytes.TrimPrefix(b, utf8BOM)
			}
			if !isBlank(b) {
				eps++
			}
		}
		if rerr == io.EOF {
			return lines, eps, false, nil
		}
		if rerr != nil {
			return 0, 0, false, fmt.Errorf("%s: %w", path, rerr)
		}
	}
}

// countCompressedEpisodes counts the episodes of a whole compressed JSONL file, which a
// shard after it must decompress to number its own.
func countCompressedEpisodes(path string, opt ReadOptions) (int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	src, closers, err := decompress(bufio.NewReaderSize(f, 64<<10))
	if err != nil {
		return 0, newFileError(path, 0, err)
	}
	defer func() {
		for _, c := range closers {
			c()
		}
	}()
	r := &jsonlReader{path: path, br: bufio.NewReaderSize(src, jsonlBufSize), max: opt.maxLine()}
	var eps int64
	for {
		b, err := r.readLine()
		switch {
		case errors.Is(err, errLineTooLong), err == io.EOF:
			return eps, nil
		case err != nil:
			return 0, newFileError(path, r.line, err)
		}
		if r.line == 1 {
			b = bytes.TrimPrefix(b, utf8BOM)
		}
		if !isBlank(b) {
			eps++
		}
	}
}

// detectFormat is the episode format of a file from its first bytes and, failing that,
// its name (as openFile decides).
func detectFormat(magic []byte, path string) string {
	switch {
	case len(magic) == 4 && string(magic) == "PAR1":
		return formatParquet
	case len(magic) < 4 && strings.HasSuffix(strings.ToLower(path), ".parquet"):
		return formatParquet
	}
	return formatJSONL
}
