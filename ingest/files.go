package ingest

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/ingest/paths"
)

// Size-limited, rooted reads of the files a reader does not own: the bench files of package
// ingest/casespec, the runners' outputs of package ingest/harness.

// MaxBenchFileBytes bounds one bench file (the largest real catalog is ~6 MB).
const MaxBenchFileBytes = 512 << 20

// ReadLimited reads a whole file, refusing one larger than max bytes.
func ReadLimited(path string, max int64) ([]byte, error) {
	f, st, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readOpened(f, st, max)
}

// openRegular opens path for reading when it is a regular file, and says what was opened.
func openRegular(path string) (*os.File, os.FileInfo, error) {
	// Stat before opening: opening a named pipe would block until a writer comes.
	if st, err := os.Stat(path); err != nil {
		return nil, nil, err
	} else if err := regularFile(st); err != nil {
		return nil, nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	st, err := f.Stat() // what was opened, not what the name was a moment ago
	if err == nil {
		err = regularFile(st)
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, st, nil
}

// readOpened reads the rest of f (opened by openRegular, st its FileInfo), refusing more
// than max bytes.
func readOpened(f *os.File, st os.FileInfo, max int64) ([]byte, error) {
	// Sized by the file (one more byte to see the end), not grown from 512 bytes: a
	// bench's catalogs are megabytes, and each growth clears and copies its buffer.
	var buf bytes.Buffer
	if size := st.Size(); size > 0 && size <= max {
		buf.Grow(int(size) + bytes.MinRead)
	}
	if _, err := buf.ReadFrom(io.LimitReader(f, max+1)); err != nil {
		return nil, err
	}
	data := buf.Bytes()
	if int64(len(data)) > max {
		return nil, fmt.Errorf("file larger than the limit of %d bytes", max)
	}
	return data, nil
}

// regularFile refuses what is not a regular file (a named pipe, a device, a socket, a
// directory): reading one can block forever or never end.
func regularFile(st os.FileInfo) error {
	switch {
	case st.IsDir():
		return errors.New("is a directory, not a file")
	case !st.Mode().IsRegular():
		return fmt.Errorf("%s, not a regular file; not read", paths.Kind(st.Mode()))
	}
	return nil
}

// CheckRooted checks that path, every link on the way resolved, stays inside root and is a
// regular file: what a reader of a tree it does not own (a verdict dataset, a shard tree)
// checks before opening a file. The error names path.
func CheckRooted(root, path string) error {
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return err
	}
	if realRoot, err = filepath.Abs(realRoot); err != nil {
		return err
	}
	if err := WithinRoot(realRoot, path); err != nil {
		return err
	}
	st, err := os.Stat(path)
	if err != nil {
		return err
	}
	if err := regularFile(st); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// ReadJSONObject reads a file holding one JSON object. The file's bytes are parsed
// where they lie when the system can map them (withFileBytes): the decoded values copy
// what they keep, and a bench's catalogs, megabytes each, are then neither copied nor
// given fresh memory of their own in every process.
func ReadJSONObject(path string) (*jsonv.Object, *Problem) {
	return ReadJSONObjectWith(jsonv.NewDecoder(), path)
}

// ReadJSONObjectWith is ReadJSONObject parsing with d, which a reader of several files
// (a bench's manifest and catalogs) passes to each: their objects share keys and short
// strings, and d's caches are made once instead of once a file.
func ReadJSONObjectWith(d *jsonv.Decoder, path string) (*jsonv.Object, *Problem) {
	var o *jsonv.Object
	var prob *Problem
	err := withFileBytes(path, MaxBenchFileBytes, func(data []byte) {
		v, err := d.Parse(data)
		if err != nil {
			line, text := SyntaxAt(data, err)
			prob = &Problem{File: path, Line: line, Msg: "invalid JSON: " + text}
			return
		}
		var ok bool
		if o, ok = v.(*jsonv.Object); !ok {
			prob = &Problem{File: path, Msg: "must hold a JSON object, got " + TypeName(v)}
		}
	})
	if err != nil {
		return nil, &Problem{File: path, Msg: err.Error()}
	}
	if prob != nil {
		return nil, prob
	}
	return o, nil
}

// SyntaxAt locates a syntax error in a JSON file's data as JSONL errors are located: its
// 1-based line, and its text with the 1-based column (bytes) in that line, the offset in
// the file kept after it ("column 8 (offset 19): unexpected 'x'"). Any other error: line 0
// and its text.
func SyntaxAt(data []byte, err error) (int, string) {
	se, ok := err.(*jsonv.SyntaxError)
	if !ok {
		return 0, err.Error()
	}
	off := min(max(se.Offset, 0), len(data))
	line := 1 + bytes.Count(data[:off], []byte("\n"))
	col := off - bytes.LastIndexByte(data[:off], '\n')
	return line, fmt.Sprintf("column %d (offset %d): %s", col, se.Offset, se.Msg)
}

// Decompress wraps br in a gzip or zstd reader when its first bytes say so (what episode
// files and a bench's JSONL of case specs may be); the closers release the decoder.
func Decompress(br *bufio.Reader) (io.Reader, []func() error, error) { return decompress(br) }

// IsBlankLine reports whether a line holds only spaces, tabs and carriage returns: such
// lines are skipped in JSONL inputs.
func IsBlankLine(b []byte) bool { return isBlank(b) }
