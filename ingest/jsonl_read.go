package ingest

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
	"github.com/sabench/sabench-stats/ingest/jsonv"
	"github.com/sabench/sabench-stats/ingest/sniff"
)

// jsonlReader streams episodes from a JSONL file, transparently decompressing gzip and
// zstd (detected from the magic bytes, so the file name does not matter).
type jsonlReader struct {
	path    string
	f       *os.File
	closers []func() error
	br      *bufio.Reader
	max     int
	lenient bool
	strict  bool // ReadOptions.Lossless
	line    int
	stopped bool // after an over-long line: the rest of the file is not read
	buf     []byte
	dec     *jsonv.Decoder
	eof     bool // the stream was read to its end
	unended bool // the line last read has no newline: the file ends in it
	failed  bool // a fatal error was returned: the file was not read, wherever the splitter got to

	// With ReadOptions.Hashes: the file's bytes are hashed as they are read.
	hash   *hashingReader
	hashes *FileHashes

	// Parallel decoding (jsonl_parallel.go, jsonl_split.go), when workers > 1.
	sp    splitter
	order chan *lineChunk
	stop  chan struct{}
	wg    sync.WaitGroup
	cur   *lineChunk
	pos   int
}

const jsonlBufSize = 1 << 20

func newJSONLFileReader(f *os.File, path string, opt ReadOptions) (*jsonlReader, error) {
	r := &jsonlReader{path: path, f: f, max: opt.maxLine(), lenient: opt.Lenient, strict: opt.Lossless, dec: jsonv.NewDecoder()}
	r.dec.Lossless = opt.Lossless
	var raw io.Reader = f
	if p := opt.part; p != nil { // a shard's line-aligned bytes, numbered from the line before them
		raw, r.line = io.NewSectionReader(f, p.start, p.end-p.start), p.line
	}
	if opt.Hashes != nil { // the file bytes, before any decompression, as HashFile reads them
		r.hash, r.hashes = newHashingReader(f), opt.Hashes
		raw = r.hash
	}
	// The buffers are no larger than the bytes there are to read (the file, or the
	// shard's part of it), plus one: opening a small file then costs no megabyte to clear.
	n := int64(-1)
	if p := opt.part; p != nil {
		n = p.end - p.start
	} else if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		n = st.Size()
	}
	fit := func(size int) int {
		if n >= 0 && n < int64(size) {
			return int(n) + 1
		}
		return size
	}
	src, closers, err := decompress(bufio.NewReaderSize(raw, fit(64<<10)))
	if err != nil {
		f.Close()
		return nil, newFileError(path, 0, err)
	}
	r.closers = closers
	if workers := opt.workers(); workers > 1 {
		r.startParallel(workers, src)
	} else if len(closers) == 0 { // not compressed: the bytes read are the file's
		r.br = bufio.NewReaderSize(src, fit(jsonlBufSize))
	} else {
		r.br = bufio.NewReaderSize(src, jsonlBufSize)
	}
	return r, nil
}

// decompress wraps br in a gzip or zstd decoder when its first bytes say so.
func decompress(br *bufio.Reader) (io.Reader, []func() error, error) {
	magic, _ := br.Peek(4)
	switch {
	case len(magic) >= 2 && magic[0] == 0x1f && magic[1] == 0x8b:
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, nil, fmt.Errorf("gzip: %w", err)
		}
		return codecErrors{zr, "gzip"}, []func() error{zr.Close}, nil
	case len(magic) == 4 && bytes.Equal(magic, []byte{0x28, 0xb5, 0x2f, 0xfd}):
		// One decoder goroutine bounds memory and CPU per file.
		zr, err := zstd.NewReader(br, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(1<<27))
		if err != nil {
			return nil, nil, fmt.Errorf("zstd: %w", err)
		}
		return codecErrors{zr, "zstd"}, []func() error{func() error { zr.Close(); return nil }}, nil
	}
	return br, nil, nil
}

// codecErrors says which decompressor failed, and what a truncated stream means: the
// decoders' own "unexpected EOF" named neither the compression nor the cause.
type codecErrors struct {
	r    io.Reader
	name string
}

func (c codecErrors) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	switch {
	case err == nil || err == io.EOF:
	case errors.Is(err, io.ErrUnexpectedEOF):
		err = fmt.Errorf("%s data ends early: the file is cut short, or bytes follow its end (%w)", c.name, err)
	default:
		err = fmt.Errorf("%s: %w", c.name, err)
	}
	return n, err
}

func (r *jsonlReader) close() error {
	r.stopParallel()
	if r.hash != nil && r.eof && !r.failed {
		r.hash.finish(r.hashes, r.path)
		r.hash = nil
	}
	var first error
	for _, c := range r.closers {
		if err := c(); err != nil && first == nil {
			first = err
		}
	}
	r.closers = nil
	if r.f != nil {
		if err := r.f.Close(); err != nil && first == nil {
			first = err
		}
		r.f = nil
	}
	return first
}

// readLine returns the next line without its newline. A line longer than the limit is
// consumed and reported as errLineTooLong.
func (r *jsonlReader) readLine() ([]byte, error) {
	r.line++
	b, err := r.br.ReadSlice('\n')
	if err == nil || (err == io.EOF && len(b) > 0) {
		if len(b) > r.max+1 || (len(b) == r.max+1 && b[len(b)-1] != '\n') {
			return nil, errLineTooLong
		}
		r.unended = b[len(b)-1] != '\n'
		return trimEOL(b), nil
	}
	if err != bufio.ErrBufferFull {
		r.eof = err == io.EOF
		return nil, err // io.EOF with no data, or a read error
	}
	r.buf = append(r.buf[:0], b...)
	for {
		if len(r.buf) > r.max+1 {
			// Stop here rather than read on to a newline that may never come (/dev/zero,
			// a sparse file): memory and time stay bounded by the limit.
			r.buf = r.buf[:0]
			return nil, errLineTooLong
		}
		b, err = r.br.ReadSlice('\n')
		r.buf = append(r.buf, b...)
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil && err != io.EOF {
			return nil, err
		}
		break
	}
	if len(r.buf) > r.max+1 || (len(r.buf) > r.max && r.buf[len(r.buf)-1] != '\n') {
		return nil, errLineTooLong
	}
	r.unended = len(r.buf) > 0 && r.buf[len(r.buf)-1] != '\n'
	return trimEOL(r.buf), nil
}

var errLineTooLong = fmt.Errorf("line too long")

// tooLong is the problem of an over-long line r.line, which ends its file.
func (r *jsonlReader) tooLong() Problem {
	return Problem{File: r.path, Line: r.line,
		Msg: fmt.Sprintf("line longer than the limit of %d bytes; the rest of the file is not read", r.max)}
}

var utf8BOM = []byte{0xef, 0xbb, 0xbf}

func trimEOL(b []byte) []byte {
	if n := len(b); n > 0 && b[n-1] == '\n' {
		b = b[:n-1]
	}
	if n := len(b); n > 0 && b[n-1] == '\r' {
		b = b[:n-1]
	}
	return b
}

func isBlank(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\r' {
			return false
		}
	}
	return true
}

func (r *jsonlReader) next() (*Episode, error) {
	if r.order != nil {
		return r.nextParallel()
	}
	for {
		if r.stopped {
			return nil, io.EOF
		}
		b, err := r.readLine()
		switch {
		case err == errLineTooLong:
			r.stopped = true
			return nil, r.tooLong()
		case err == io.EOF:
			return nil, io.EOF
		case err != nil:
			return nil, newFileError(r.path, r.line, err)
		}
		if r.line == 1 {
			b = bytes.TrimPrefix(b, utf8BOM) // some Windows tools start files with one
		}
		if isBlank(b) {
			continue // blank lines (e.g. a trailing one) carry no episode
		}
		e, err := decodeEpisodeLine(r.dec, b, r.path, r.line, r.lenient)
		if err != nil && r.unended {
			err = endsMidLine(err)
		}
		return e, err
	}
}

// endsMidLine says, of a last line without a newline that is not JSON, that the file
// ends there: a file cut short (a copy or a run stopped mid-write) reads otherwise as
// a line that is merely malformed ("unterminated string").
func endsMidLine(err error) error {
	if p, ok := err.(Problem); ok && strings.HasPrefix(p.Msg, "invalid JSON: ") {
		p.Msg += "; the file ends in this line (no newline after it): cut short?"
		return p
	}
	return err
}

// skipTo reads the lines before line without decoding them, so that next returns the
// episode of line (or of the first line after it with one). The reader reads its lines
// itself (one worker); a line it cannot read there is an error, as no episode was
// decoded past it.
func (r *jsonlReader) skipTo(line int) error {
	for r.order == nil && r.line < line-1 {
		if _, err := r.readLine(); err != nil {
			if err == errLineTooLong {
				return r.tooLong()
			}
			return newFileError(r.path, r.line, err)
		}
	}
	return nil
}

// decodeEpisodeLine decodes one JSONL line into an episode.
func decodeEpisodeLine(dec *jsonv.Decoder, b []byte, path string, line int, lenient bool) (*Episode, error) {
	v, err := dec.Parse(b)
	if err != nil && line == 1 {
		// The whole file says more than its first line: a pretty-printed document, a CSV.
		if k := sniff.File(path); k.Known() && !otherShapeKinds[k.ID] {
			return nil, notEpisodes(path, k.Refusal(episodesWanted))
		}
	}
	if err != nil {
		if shape := otherShape(b, line); shape != "" {
			return nil, notEpisodes(path, "invalid JSON: "+jsonErrText(err)+shape)
		}
		return nil, Problem{File: path, Line: line, Msg: "invalid JSON: " + jsonErrText(err)}
	}
	if p := lostProblem(dec, b, "", path, line); p != nil {
		return nil, *p
	}
	o, ok := v.(*jsonv.Object)
	if line == 1 && (!ok || isVerdictLine(o) || !o.Has("schema") && !o.Has("config") && !o.Has("case_id")) {
		if k := sniff.Record(b); k.Known() {
			return nil, notEpisodes(path, k.Refusal(episodesWanted))
		}
	}
	if !ok {
		msg := "an episode must be a JSON object, got " + TypeName(v)
		if _, isList := v.([]any); isList && line == 1 {
			return nil, notEpisodes(path, msg+"; a JSON array of episodes? JSONL holds one episode a line (jq -c '.[]' writes it)")
		}
		return nil, Problem{File: path, Line: line, Msg: msg}
	}
	if isVerdictLine(o) {
		msg := "a verdict line (written by score), not an episode: " + verdictAdvice
		if line == 1 {
			return nil, notEpisodes(path, msg)
		}
		return nil, Problem{File: path, Line: line, Msg: msg}
	}
	e, probs := decodeEpisode(o, path, line, lenient)
	if probs != nil {
		return nil, problemErr(probs)
	}
	return e, nil
}

// otherShapeKinds are the kinds otherShape names better: compressed data again after
// decompression, UTF-16 (with the column), and episodes after all.
var otherShapeKinds = map[string]bool{sniff.IDGzip: true, sniff.IDZstd: true, sniff.IDUTF16: true, sniff.IDEpisodes: true}

// episodesWanted is what --runs and validate take, as a refusal names it.
const episodesWanted = "episodes (sabench.episode/v1 JSONL, one a line, or Parquet)"

// tauAdvice is where τ-bench and τ²-bench results files go instead of --runs.
const tauAdvice = "τ-bench and τ²-bench results files go through ingest --tau, which writes their episodes"

// notEpisodes ends the reading of a file whose first line shows it holds no JSONL
// episodes (another shape, verdicts): its other lines would each repeat the defect as a
// problem of their own and be counted as episodes read.
func notEpisodes(path, msg string) error {
	return newFileError(path, 1, errors.New(msg))
}

// jsonErrText renders a syntax error with a 1-based column, as editors count.
func jsonErrText(err error) string {
	if se, ok := err.(*jsonv.SyntaxError); ok {
		return fmt.Sprintf("column %d: %s", se.Offset+1, se.Msg)
	}
	return err.Error()
}

// otherShape names, on a file's first line that is not JSON, the shape the file has
// instead when it is a common one, since the message of the first line is all that
// most readers look at; "" otherwise.
func otherShape(b []byte, line int) string {
	if line != 1 {
		return ""
	}
	switch t := bytes.TrimSpace(b); {
	case string(t) == "{" || len(t) > 0 && t[0] == '[':
		return "; a JSON document over several lines (pretty-printed?) or an array, not one episode a line (JSONL); " + tauAdvice + ", and Inspect logs through --inspect"
	case bytes.HasPrefix(b, []byte{0x1f, 0x8b}):
		return "; gzip data again once decompressed: the file was compressed twice"
	case bytes.HasPrefix(b, []byte{0x28, 0xb5, 0x2f, 0xfd}):
		return "; zstd data again once decompressed: the file was compressed twice"
	case bytes.HasPrefix(b, []byte("PK\x03\x04")):
		return "; a ZIP archive (an Inspect .eval log?), not JSONL: Inspect logs go through --inspect"
	case bytes.HasPrefix(b, []byte{0xff, 0xfe}) || bytes.HasPrefix(b, []byte{0xfe, 0xff}) || bytes.HasPrefix(b, []byte{'{', 0}) || bytes.HasPrefix(b, []byte{0, '{'}):
		// Windows PowerShell's > and Out-File write UTF-16; every line after the first
		// would be one more "unexpected '\x00'".
		return "; UTF-16 text (as Windows PowerShell's > writes it), not UTF-8: save the file as UTF-8"
	}
	return ""
}

// verdictAdvice ends the message for a verdict file read as episodes: its twenty
// missing-field problems would not say what is wrong.
const verdictAdvice = "--runs and validate take episode files (sabench.episode/v1); pass the episodes the verdicts were scored from, or a Parquet verdict dataset to --verdicts"

// isVerdictLine: a line of score's JSONL output (no schema, a policy hash and an ecs).
func isVerdictLine(o *jsonv.Object) bool {
	return !o.Has("schema") && o.Has("policy_hash") && o.Has("ecs")
}
