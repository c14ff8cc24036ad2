package ingest

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/sabench/sabench-stats/ingest/paths"
)

// DefaultMaxLineBytes is the default limit on one JSONL line (one episode). A longer
// line is an error, never silently skipped.
const DefaultMaxLineBytes = 64 << 20

// DefaultMaxFileBytes is the default limit on one episode file's size on disk, checked
// from stat before anything is read. The release is ~1 GB uncompressed; a file many times
// that is a mistake (a wrong path, a sparse file), not a result set.
const DefaultMaxFileBytes = 64 << 30

// Dedupe policies for duplicate episode keys.
const (
	DedupeNone  = ""      // a duplicate key is an error
	DedupeFirst = "first" // keep the first episode of a key, report the others
	DedupeLast  = "last"  // keep the last episode of a key, report the others
)

// ReadOptions controls how episodes are read.
type ReadOptions struct {
	// MaxLineBytes limits one JSONL line; 0 means DefaultMaxLineBytes.
	MaxLineBytes int
	// MaxFileBytes limits one file's size on disk; 0 means DefaultMaxFileBytes.
	MaxFileBytes int64
	// Dedupe is DedupeNone, DedupeFirst or DedupeLast.
	Dedupe string
	// Bench, when set, makes an episode whose case id it does not know a problem (a
	// *casespec.Bench; leave it nil, not a nil *casespec.Bench, for no case checks).
	Bench CaseIndex
	// Format forces "jsonl" or "parquet"; "" detects it from the file's first bytes
	// and, failing that, its name.
	Format string
	// Workers decode JSONL lines in parallel (0 or 1: on the reading goroutine). The
	// episodes, problems and errors come out in input order whatever the number.
	Workers int
	// Lenient accepts the defects listed by the Defect* constants (a missing schema or
	// record, unknown top-level fields), marking the episode's Defect instead of
	// returning a problem; scoring then excludes it by that reason.
	Lenient bool
	// Lossless refuses an object with a key given twice and a number a float64 does not
	// hold as written (1e400, 1e-400, 0.1000000000000000000001, the integer -0), naming
	// them, where they are otherwise read as the evaluator reads them (the last value,
	// the nearest float64): for convert, which would write them back changed.
	Lossless bool
	// Hashes, when set, receives the size and SHA-256 of each file read to its end,
	// computed from the bytes as they are read (for provenance, which then need not
	// read the file again). A shard reads part of its files and hashes none.
	Hashes *FileHashes
	// Shard, when set, reads only the shard's part of the files (PlanShard, planned
	// over the same files with the same options). Duplicates are checked within the
	// shard; Dedupe must be DedupeNone, as a shard cannot see the others' episodes.
	Shard *RunShard
	// MaxProblems bounds the problems a validation lists (the rest are counted); 0 means
	// DefaultMaxProblems.
	MaxProblems int

	part *shardPart // the shard's part of the file being opened
}

func (o ReadOptions) workers() int { return max(o.Workers, 1) }

func (o ReadOptions) maxProblems() int {
	if o.MaxProblems <= 0 {
		return DefaultMaxProblems
	}
	return o.MaxProblems
}

func (o ReadOptions) maxLine() int {
	if o.MaxLineBytes <= 0 {
		return DefaultMaxLineBytes
	}
	return o.MaxLineBytes
}

func (o ReadOptions) maxFile() int64 {
	if o.MaxFileBytes <= 0 {
		return DefaultMaxFileBytes
	}
	return o.MaxFileBytes
}

func (o ReadOptions) check() error {
	switch o.Dedupe {
	case DedupeNone, DedupeFirst, DedupeLast:
	default:
		return fmt.Errorf("unknown dedupe policy %q (want first or last)", o.Dedupe)
	}
	switch o.Format {
	case "", "jsonl", "parquet":
	default:
		return fmt.Errorf("unknown episode format %q (want jsonl or parquet)", o.Format)
	}
	if o.Shard != nil && o.Dedupe != DedupeNone {
		return fmt.Errorf("dedupe policy %q needs every episode of the input, and a shard reads only its part: score in one process to drop duplicates (across shards, the step that reads their verdicts together refuses them)", o.Dedupe)
	}
	return nil
}

// EpisodeReader streams episodes. Next returns io.EOF after the last episode. Any
// other error is either a recoverable problem with one line or row (a Problem or
// Problems value, see AsProblems), after which the caller may keep calling Next, or a
// fatal error (I/O, a corrupt file), after which Next keeps returning it.
type EpisodeReader interface {
	Next() (*Episode, error)
	// Reported lists what was dropped without being an error: the duplicates that a
	// dedupe policy discarded. Complete after Next has returned io.EOF.
	Reported() []Problem
	// Count is the number of episodes returned so far.
	Count() int
	Close() error
}

// AsProblems returns the problems carried by err (a Problem or Problems), or nil when
// err is not a recoverable problem.
func AsProblems(err error) []Problem {
	var p Problem
	var ps Problems
	switch {
	case errors.As(err, &ps):
		return ps
	case errors.As(err, &p):
		return []Problem{p}
	}
	return nil
}

func problemErr(ps []Problem) error {
	if len(ps) == 1 {
		return ps[0]
	}
	return Problems(ps)
}

// fileReader reads the episodes of one file.
type fileReader interface {
	next() (*Episode, error)
	close() error
}

// OpenEpisodes opens one episode file (JSONL, optionally .gz or .zst, or Parquet).
// Duplicate keys within the file are handled as opt.Dedupe says.
func OpenEpisodes(path string, opt ReadOptions) (EpisodeReader, error) {
	return OpenRuns([]string{path}, opt)
}

// OpenRuns opens a sequence of episode files (see ExpandRuns) as one stream, in the
// order given. Duplicate keys across and within the files are handled as opt.Dedupe
// says; with DedupeLast the files are read twice (once for the keys), so memory stays
// bounded by the number of keys, not the size of the records.
func OpenRuns(paths []string, opt ReadOptions) (EpisodeReader, error) {
	if err := opt.check(); err != nil {
		return nil, err
	}
	for _, p := range paths {
		if _, err := statEpisodeFile(p, opt); err != nil {
			return nil, err
		}
	}
	if opt.Shard != nil {
		if len(opt.Shard.parts) != len(paths) {
			return nil, fmt.Errorf("shard %d/%d was planned over %d files, not these %d", opt.Shard.I+1, opt.Shard.N, len(opt.Shard.parts), len(paths))
		}
		opt.Hashes = nil
	}
	r := &runsReader{paths: paths, opt: opt}
	r.init(nil)
	if opt.Dedupe == DedupeLast {
		if err := r.scanLast(); err != nil {
			return nil, err
		}
	}
	return r, nil
}

type runsReader struct {
	paths  []string
	opt    ReadOptions
	idx    int
	cur    fileReader
	ord    uint32 // ordinal of the next episode decoded (read_dups.go)
	places places
	// DupCheck: seen, the first of each key (emitted, or refused for its run id), and
	// runIDs, each emitted run id's hash, with its episode (a run id is unique within a
	// release). With DedupeLast seen only interns keys, and lastOf has the last of each key
	// read more than once, from a first pass.
	DupCheck
	lastOf map[keyRef]uint32
	// exact: seen and runIDs keep ordinals, since the first key or run-id hash they met
	// twice (toExact); before, a bit per key and a hash per run id.
	exact  bool
	dupIDs map[string]uint32 // run ids confirmed repeated, with their first ordinal
	again  rereader
	rep    []Problem
	count  int
	err    error
}

func (r *runsReader) Count() int          { return r.count }
func (r *runsReader) Reported() []Problem { return r.rep }

func (r *runsReader) Close() error {
	r.again.close()
	r.DupCheck.Close()
	if r.err == nil { // the checks are gone: reading on would miss duplicates
		r.err = errors.New("the episode reader is closed")
	}
	if r.cur != nil {
		err := r.cur.close()
		r.cur = nil
		return err
	}
	return nil
}

func (r *runsReader) Next() (*Episode, error) {
	for {
		if r.err != nil {
			return nil, r.err
		}
		if r.cur == nil {
			if r.idx >= len(r.paths) {
				r.again.close()
				r.err = io.EOF
				return nil, io.EOF
			}
			opt := r.opt
			if opt.Shard != nil {
				if opt.part = &opt.Shard.parts[r.idx]; opt.part.skip {
					r.idx++
					continue
				}
			}
			fr, err := openFile(r.paths[r.idx], opt)
			if err != nil {
				r.err = err
				return nil, err
			}
			r.cur = fr
		}
		e, err := r.cur.next()
		if err == io.EOF {
			cerr := r.cur.close()
			r.cur = nil
			r.idx++
			if cerr != nil {
				r.err = cerr
				return nil, cerr
			}
			continue
		}
		if err != nil {
			if AsProblems(err) == nil {
				r.err = err
			}
			return nil, err
		}
		here, err := r.number(e)
		if err != nil {
			r.err = err
			return nil, err
		}
		if r.opt.Bench != nil {
			if _, ok := r.opt.Bench.CaseInfo(e.CaseID); !ok {
				return nil, Problem{File: e.Source, Line: e.Line, Field: "case_id",
					Msg: fmt.Sprintf("unknown case id %q (not in bench %s)", e.CaseID, r.opt.Bench.BenchSource())}
			}
		}
		k := r.seen.ref(e)
		if r.opt.Dedupe == DedupeLast {
			// A key read more than once has its last ordinal from the first pass, which read
			// the same files.
			if w, ok := r.lastOf[k]; ok && w != here {
				r.rep = append(r.rep, dropped(e, r.dupProblem(e, w, "dropped: --dedupe last keeps")))
				continue
			}
		} else if _, dup := r.seen.get(k); dup {
			if !r.exact {
				if err := r.toExact(e, here); err != nil {
					r.err = err
					return nil, err
				}
			}
			w, dup := r.seen.get(k)
			if !dup {
				r.err = newFileError(e.Source, e.Line, errChanged)
				return nil, r.err
			}
			if r.opt.Dedupe == DedupeFirst {
				r.rep = append(r.rep, dropped(e, r.dupProblem(e, w, "dropped: --dedupe first keeps")))
				continue
			}
			p := r.dupProblem(e, w, "first seen at")
			if f, _ := r.places.at(w); f != r.idx {
				if hint := sameFilesHint(r.paths[f], r.paths[r.idx], r.opt); hint != "" {
					p.Msg += ": " + hint
				}
			}
			return nil, p
		}
		h := r.idHash(e.RunID)
		var w uint32
		var dup bool
		if !r.exact {
			if _, dup, _ = r.runIDs.find(h, nil); dup {
				if err := r.toExact(e, here); err != nil {
					r.err = err
					return nil, err
				}
			}
		}
		if r.opt.Dedupe != DedupeLast { // after toExact, which fills the checks up to here
			r.seen.set(k, here)
		}
		if r.exact {
			if w, dup, err = r.runIDs.find(h, func(o uint32) (bool, error) { return r.sameRunID(o, e.RunID) }); err != nil {
				r.err = err
				return nil, err
			}
		}
		if dup {
			file, line := r.places.at(w)
			if r.opt.Dedupe != DedupeNone {
				r.rep = append(r.rep, dropped(e, runIDProblem(e, r.paths[file], line, "dropped: --dedupe keeps the first,")))
				continue
			}
			return nil, runIDProblem(e, r.paths[file], line, "first seen at")
		}
		r.runIDs.add(h, here)
		r.count++
		return e, nil
	}
}

// number gives e, just decoded from file r.idx, the next ordinal and notes its place.
func (r *runsReader) number(e *Episode) (uint32, error) {
	if r.ord > maxOrdinal {
		return 0, fmt.Errorf("%s:%d: over %d episodes in one read, more than the duplicate checks number", e.Source, e.Line, uint64(maxOrdinal)+1)
	}
	o := r.ord
	r.ord++
	r.places.note(o, r.idx, e.Line)
	return o, nil
}

// sameRunID reports whether the episode of ordinal o, whose run id hashes as id does, has
// run id id: known when id was confirmed before, else read again from its file.
func (r *runsReader) sameRunID(o uint32, id string) (bool, error) {
	if first, ok := r.dupIDs[id]; ok {
		return first == o, nil
	}
	got, err := r.runIDAt(o)
	if err != nil || got != id {
		return false, err
	}
	if r.dupIDs == nil {
		r.dupIDs = map[string]uint32{}
	}
	r.dupIDs[strings.Clone(id)] = o
	return true, nil
}

// rereader reads episodes again, forward from where it last stopped in the same file, or
// from the file's start (the shard's part of it): the duplicates of one input mostly
// repeat in order, so most of them cost one more read at most. JSONL lines before the
// one sought are skipped undecoded; gzip and zstd files are decompressed again up to it,
// Parquet rows decoded.
type rereader struct {
	fr   fileReader
	file int
	line int // the line of the last episode read
}

func (a *rereader) close() {
	if a.fr != nil {
		a.fr.close()
		a.fr = nil
	}
}

// runIDAt returns the run id of the episode of ordinal o, read again from its file.
func (r *runsReader) runIDAt(o uint32) (string, error) {
	file, line := r.places.at(o)
	a := &r.again
	if a.fr == nil || a.file != file || a.line >= line {
		a.close()
		opt := r.opt
		opt.Hashes, opt.Workers, opt.part = nil, 1, nil
		if opt.Shard != nil {
			opt.part = &opt.Shard.parts[file]
		}
		fr, err := openFile(r.paths[file], opt)
		if err != nil {
			return "", err
		}
		a.fr, a.file, a.line = fr, file, 0
	}
	if s, ok := a.fr.(*jsonlReader); ok {
		if err := s.skipTo(line); err != nil {
			a.close()
			return "", err
		}
	}
	for {
		e, err := a.fr.next()
		if err != nil && err != io.EOF && AsProblems(err) != nil {
			continue
		}
		if err != nil || e.Line > line {
			a.close()
			if err == nil || err == io.EOF {
				err = errors.New("the episode is not there when the file is read again to check a duplicate run id (did the file change?)")
			}
			return "", newFileError(r.paths[file], line, err)
		}
		if a.line = e.Line; e.Line == line {
			return e.RunID, nil
		}
	}
}

// dropped marks p as the report of e, dropped by a dedupe policy.
func dropped(e *Episode, p Problem) Problem {
	k := e.Key()
	p.Dropped = &k
	return p
}

// runIDProblem reports a run id seen before on another key: --audit labels and explain
// address episodes by run id, so two episodes must never share one.
func runIDProblem(e *Episode, file string, line int, what string) Problem {
	return Problem{File: e.Source, Line: e.Line, Field: "run_id", Other: file,
		Msg: fmt.Sprintf("duplicate run_id %q (run ids are unique within a release); %s %s:%d", e.RunID, what, file, line)}
}

// dupProblem reports e's key seen before, at ordinal first.
func (r *runsReader) dupProblem(e *Episode, first uint32, what string) Problem {
	f, line := r.places.at(first)
	file := r.paths[f]
	k := e.Key()
	return Problem{File: e.Source, Line: e.Line, Field: "", Other: file,
		Msg: fmt.Sprintf("duplicate episode key (config %q, case_id %q, repeat %d, condition %q); %s %s:%d",
			k.Config, k.CaseID, k.Repeat, k.Condition, what, file, line)}
}

// scanLast reads every file once and records where the last episode of each key read
// more than once is. Lines with problems are skipped here; the second pass reports them.
func (r *runsReader) scanLast() error {
	r.lastOf = map[keyRef]uint32{}
	err := r.eachEpisode(r.opt, func(e *Episode, file int) (bool, error) {
		r.idx = file
		o, err := r.number(e)
		if err != nil {
			return false, err
		}
		k := r.seen.ref(e)
		if _, ok := r.seen.get(k); ok {
			r.lastOf[k] = o
		} else {
			r.seen.set(k, o)
		}
		return true, nil
	})
	r.seen.reset(false) // the second pass only interns keys
	r.idx, r.ord = 0, 0
	return err
}

// eachEpisode reads the files in order, from their start (the shard's part of them), and
// hands fn each episode decoded, until fn returns false or an error. Lines with problems
// are skipped.
func (r *runsReader) eachEpisode(opt ReadOptions, fn func(e *Episode, file int) (bool, error)) error {
	for i, p := range r.paths {
		if opt.Shard != nil {
			if opt.part = &opt.Shard.parts[i]; opt.part.skip {
				continue
			}
		}
		fr, err := openFile(p, opt)
		if err != nil {
			return err
		}
		for {
			e, err := fr.next()
			if err == io.EOF {
				break
			}
			more := true
			if err == nil {
				more, err = fn(e, i)
			}
			if err != nil && AsProblems(err) != nil {
				continue
			}
			if err != nil || !more {
				fr.close()
				return err
			}
		}
		if err := fr.close(); err != nil {
			return err
		}
	}
	return nil
}

// toExact makes the checks keep ordinals, from the episode of ordinal here on: until a key
// or a run-id hash is met twice, they keep a bit per key and a hash per run id, and no
// ordinal (a valid input never needs one, bar a 64-bit collision), so at the first repeat
// the episodes before it are read again to find their ordinals. They are checked as they
// were then: each was new, so every one kept (of a known case, the last of its key with
// DedupeLast) goes in as it went then, without checks.
func (r *runsReader) toExact(e *Episode, here uint32) error {
	r.exact = true
	if r.opt.Dedupe != DedupeLast {
		r.seen.reset(true)
	}
	r.runIDs.reset(true)
	opt := r.opt
	opt.Hashes = nil
	o := uint32(0)
	err := r.eachEpisode(opt, func(a *Episode, _ int) (bool, error) {
		if o == here {
			return false, nil
		}
		o++
		if r.opt.Bench != nil {
			if _, ok := r.opt.Bench.CaseInfo(a.CaseID); !ok {
				return true, nil
			}
		}
		k := r.seen.ref(a)
		if r.opt.Dedupe == DedupeLast {
			if w, ok := r.lastOf[k]; ok && w != o-1 {
				return true, nil
			}
		} else {
			if _, dup := r.seen.get(k); dup {
				return false, errChanged
			}
			r.seen.set(k, o-1)
		}
		r.runIDs.add(r.idHash(a.RunID), o-1)
		return true, nil
	})
	if err == nil && o < here {
		err = errChanged
	}
	if err == errChanged {
		err = newFileError(e.Source, e.Line, err)
	}
	return err
}

// errChanged is what reading the files again finds when they changed since.
var errChanged = errors.New("the episodes before this one are not as they were when first read, read again to find where a duplicate was first seen (did the file change?)")

// Episode file formats.
const (
	formatJSONL   = "jsonl"
	formatParquet = "parquet"
)

// fileError is a fatal error in one file (it cannot be read further), located like a
// problem so that reports neither repeat the file name nor lose the line.
type fileError struct {
	p   Problem
	err error
}

func (e *fileError) Error() string { return e.p.String() }
func (e *fileError) Unwrap() error { return e.err }

func newFileError(path string, line int, err error) error {
	return &fileError{p: Problem{File: path, Line: line, Msg: err.Error()}, err: err}
}

// notRegular refuses path, of mode m, as no regular file (a pipe, a device, a socket).
func notRegular(path string, m os.FileMode) error {
	return newFileError(path, 0, fmt.Errorf("%s, not a regular file; episodes are read from regular files only", paths.Kind(m)))
}

// statEpisodeFile refuses, before anything is read, what cannot be an episode file:
// standard input (not supported: give a file), directories, devices, pipes and sockets
// (/dev/zero would never end), and files over the size limit.
func statEpisodeFile(path string, opt ReadOptions) (os.FileInfo, error) {
	if path == "-" {
		return nil, newFileError(path, 0, errors.New("reading episodes from standard input is not supported; save them to a file"))
	}
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	return st, checkFileInfo(path, st, opt)
}

func checkFileInfo(path string, st os.FileInfo, opt ReadOptions) error {
	switch {
	case st.IsDir():
		return newFileError(path, 0, errors.New("is a directory, not an episode file"))
	case !st.Mode().IsRegular():
		return notRegular(path, st.Mode())
	case st.Size() > opt.maxFile():
		return newFileError(path, 0, fmt.Errorf("%d bytes, over the limit of %d per episode file", st.Size(), opt.maxFile()))
	}
	return nil
}

// openFile opens one file with the reader its content calls for.
func openFile(path string, opt ReadOptions) (fileReader, error) {
	if _, err := statEpisodeFile(path, opt); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	// Check what was opened, not only what the name pointed to a moment ago.
	if st, err := f.Stat(); err != nil || checkFileInfo(path, st, opt) != nil {
		f.Close()
		if err == nil {
			err = checkFileInfo(path, st, opt)
		}
		return nil, err
	}
	format := opt.Format
	if format == "" {
		var magic [4]byte
		n, _ := io.ReadFull(f, magic[:])
		format = detectFormat(magic[:n], path)
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			f.Close()
			return nil, err
		}
	}
	if format == formatParquet {
		return newParquetFileReader(f, path, opt)
	}
	return newJSONLFileReader(f, path, opt)
}
