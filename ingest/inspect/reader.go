package inspect

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/sabench/sabench-stats/ingest/paths"
	"github.com/sabench/sabench-stats/ingest/sniff"
)

// Reader streams one log: its header at Open, then its samples through Next.
type Reader struct {
	log *Log
	src source
}

// source is a log format's sample stream.
type source interface {
	next() (*Sample, error) // io.EOF after the last sample
	close() error
}

// ReadOptions tune a Reader.
type ReadOptions struct {
	// Workers decode an .eval log's sample members ahead of Next, in parallel (at most
	// two per worker wait); 0 or 1 decodes them one at a time. The order of the samples
	// does not depend on it. A .json log is one stream, decoded in order.
	Workers int
	// Light reads an .eval log's samples for what an episode is made of, skipping the
	// rest rather than checking and copying it: a sample's Input and Target, its events'
	// timestamps and working times, its tool events' Result as JSON (ResultText stays),
	// and its output's choices when the output has a completion (so Output's StopReason
	// and ToolCalls are empty). Its Events are only its tool events, or, when it has
	// none, only its model events (their tool calls stand for them): the events of other
	// kinds are checked (each has a kind) but not kept. Everything else is as without
	// it. Skipped values are checked only for their structure (brackets, strings), and so
	// is the rest of an event once its kind says nothing more of it is kept (a second
	// "event" key among that rest, which Inspect never writes, is not read).
	Light bool
	// SkipTools are tools whose calls the caller leaves out (an agent's answer tool,
	// whose arguments repeat its final completion): with Light, their tool events keep
	// their id, function and error, not their Arguments, Result and ResultText.
	SkipTools []string
	// Recycle lets Recycle take an .eval log's samples back once the caller is done with
	// them, so that the memory of their transcripts (events, tool events, model outputs,
	// their strings and tool arguments) is written over by later samples rather
	// than allocated anew for each.
	Recycle bool
	// NoHash leaves Log.SHA256 empty: hashing reads the whole file once more before the
	// first sample, for a caller that does not report it.
	NoHash bool
}

// Open opens a log file, ".eval" or ".json" (recognised by content, not name), and reads
// its header.
func Open(path string) (*Reader, error) { return OpenWith(path, ReadOptions{}) }

// OpenWith is Open with options.
func OpenWith(path string, opt ReadOptions) (*Reader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if st.IsDir() {
		f.Close()
		return nil, &Error{File: path, Err: fmt.Errorf("is a directory")}
	}
	if !st.Mode().IsRegular() {
		// A pipe (/dev/stdin fed by cat) has no size and no offsets: it was read as an
		// "empty file"; a device would never end.
		f.Close()
		return nil, &Error{File: path, Err: fmt.Errorf("%s, not a regular file; Inspect logs are read from regular files only", paths.Kind(st.Mode()))}
	}
	r, err := newReader(path, f, st.Size(), f, opt)
	if err != nil {
		f.Close()
		return nil, err
	}
	return r, nil
}

// OpenReaderAt reads a log from r (size bytes), named name in errors; closer, when not
// nil, is closed by Close.
func OpenReaderAt(name string, r io.ReaderAt, size int64, closer io.Closer) (*Reader, error) {
	return newReader(name, r, size, closer, ReadOptions{})
}

// OpenReaderAtWith is OpenReaderAt with options.
func OpenReaderAtWith(name string, r io.ReaderAt, size int64, closer io.Closer, opt ReadOptions) (*Reader, error) {
	return newReader(name, r, size, closer, opt)
}

func newReader(name string, r io.ReaderAt, size int64, closer io.Closer, opt ReadOptions) (*Reader, error) {
	log := &Log{File: name, Size: size}
	if !opt.NoHash {
		sum, err := hashAll(r, size)
		if err != nil {
			return nil, &Error{File: name, Err: err}
		}
		log.SHA256 = sum
	}
	var magic [4]byte
	n, _ := r.ReadAt(magic[:], 0)
	var src source
	var err error
	switch {
	case n == 4 && string(magic[:]) == "PK\x03\x04" || n == 4 && string(magic[:]) == "PK\x05\x06":
		log.Format = "eval"
		src, err = openEval(log, r, size, closer, opt)
	case n == 0:
		return nil, &Error{File: name, Err: fmt.Errorf("empty file")}
	default:
		off := int64(0)
		if n >= 3 && string(magic[:3]) == "\xef\xbb\xbf" {
			off = 3 // a byte-order mark, which some Windows editors save: skipped as for every JSON file
		}
		// The content decides, as a ZIP named .json is read as .eval: a JSON log renamed
		// .eval is read as JSON. Only an .eval that is neither keeps the ZIP message,
		// which says more than a JSON syntax error would.
		if strings.EqualFold(filepath.Ext(name), ".eval") && !startsObject(r, off, size) {
			return nil, foreign(name, r, size, &Error{File: name, Err: fmt.Errorf("not a ZIP archive: an .eval log is one (it starts with %q)", magic[:n])})
		}
		log.Format = "json"
		src, err = openJSON(log, io.NewSectionReader(r, off, size-off), closer)
	}
	if err != nil {
		return nil, foreign(name, r, size, err)
	}
	return &Reader{log: log, src: src}, nil
}

// startsObject reports whether the first byte after off that is not JSON white space
// (looked for in the first KiB) is '{', as a JSON log's is.
func startsObject(r io.ReaderAt, off, size int64) bool {
	buf := make([]byte, min(1024, size-off))
	n, _ := r.ReadAt(buf, off)
	for _, c := range buf[:n] {
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		case '{':
			return true
		}
		return false
	}
	return false
}

func hashAll(r io.ReaderAt, size int64) (string, error) {
	h := sha256.New()
	if _, err := io.Copy(h, io.NewSectionReader(r, 0, size)); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// Log returns the log's description and header. A .json log's Reductions (and any
// header field written after its samples) are complete once Next has returned io.EOF.
func (r *Reader) Log() *Log { return r.log }

// Next returns the next sample, or io.EOF after the last one.
func (r *Reader) Next() (*Sample, error) {
	s, err := r.src.next()
	if err != nil {
		return nil, err
	}
	r.log.Samples++
	return s, nil
}

// Members are the members of the samples Next returns, in the order it returns them,
// from an .eval log's directory, without decoding a sample: its samples/ members, which
// Next reads in (id, epoch) order. nil when the log does not list them up front: a .json
// log (its samples are the elements of one array), an .eval log of summaries.
func (r *Reader) Members() []string {
	e, ok := r.src.(*evalSource)
	if !ok || len(e.order) == 0 {
		return nil
	}
	names := make([]string, len(e.order))
	for i, f := range e.order {
		names[i] = f.Name
	}
	return names
}

// Close releases the file.
func (r *Reader) Close() error { return r.src.close() }

// ReadFile reads a whole log into memory: header and every sample. For tests and
// small logs; Scan streams.
func ReadFile(path string) (*Log, []*Sample, error) {
	r, err := Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer r.Close()
	log, samples, err := r.readAll()
	if err != nil {
		return nil, nil, err
	}
	return log, samples, nil
}

// readAll reads the rest of r's samples: the log, and the samples read up to io.EOF or
// up to the error.
func (r *Reader) readAll() (*Log, []*Sample, error) {
	var out []*Sample
	for {
		s, err := r.Next()
		if err == io.EOF {
			return r.Log(), out, nil
		}
		if err != nil {
			return r.Log(), out, err
		}
		out = append(out, s)
	}
}

// foreign replaces the error of a file that did not open as a log by what the file looks
// like, when it is a kind sniff knows and not a log (a damaged log keeps its own error):
// an episode file's first line read as a log was "more follows the log's JSON document
// (two logs in one file?)", a gzip file "invalid JSON at byte 1".
func foreign(name string, r io.ReaderAt, size int64, err error) error {
	switch k := sniff.ReaderAt(r, size); k.ID {
	case "", sniff.IDInspectLog, sniff.IDZipDamaged:
		return err
	default:
		return &Error{File: name, Err: errors.New(k.Refusal("an Inspect log (.eval or .json)"))}
	}
}
