package source

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/harness"
	"github.com/sabench/sabench-stats/ingest/synth"
)

// Options say which bench and episodes to open.
type Options struct {
	Bench string   // Builtin or a path (LoadBench); "": Builtin without Runs, refused with them (ResolveBench)
	Runs  []string // episode files, globs or directories; none: the built-in release's episodes, or the runs file beside a bench on disk
	// Inspect are Inspect logs of a SafeActBench task (files, folders of logs, globs:
	// inspect.Expand), read instead of Runs by the Inspect adapter (harness.InspectStream);
	// RecordFrom says where their decision records are (harness.ParseRecordFrom).
	Inspect    []string
	RecordFrom string
	casespec.BenchOptions
	Dedupe  string // ingest.ReadOptions.Dedupe; "error" is the default, no dedupe
	Lenient bool   // ingest.ReadOptions.Lenient
	// MaxLineBytes is ingest.ReadOptions.MaxLineBytes (0: the default); CheckMaxLineBytes
	// refuses it where no episode file is read.
	MaxLineBytes int
	Workers      int // ingest.ReadOptions.Workers
	// Hash: hash the episode files as the streams read them (Input.Hashes), for a
	// command that records provenance; SHA-256 costs about 2 CPU-s per GB read.
	Hash bool
}

// Input is a loaded bench plus a way to stream its episodes.
type Input struct {
	Bench *casespec.Bench
	// Describe says where the cases and the episodes came from, for notes.
	Describe string
	// Files are every file read (bench and episodes), for provenance.
	Files []string
	// Hashes are the episode files' hashes, taken as the streams read them, so that
	// provenance reads only the files no stream read to its end; nil without Options.Hash.
	Hashes *ingest.FileHashes
	// Skipped are the entries a --runs directory search passed over (links to
	// directories, entries that are not regular files).
	Skipped []ingest.Problem

	runs      []string // expanded episode files; none for the built-in episodes
	logs      []string // expanded Inspect logs, read instead of runs
	logOpt    harness.Options
	passes    int  // streams of the logs opened so far: the first one reports what it skipped
	builtin   bool // the built-in release's bench (its episodes unless runs or logs are given)
	read      ingest.ReadOptions
	shardI    int
	shardN    int
	shardBase int64
}

// Stream is an episode stream that may have reported dropped duplicates.
type Stream interface {
	Next() (*ingest.Episode, error)
	Reported() []ingest.Problem
	Close() error
}

// NoEpisodesError is returned when a bench on disk has no episode file beside it and no
// runs were given: a mistake in how the command was called. A bench that is a file (a
// JSONL of cases) has no runs file of its own; Beside is the one in its folder, if any,
// which only --runs reads (a folder may hold several benches' files).
type NoEpisodesError struct{ Bench, Beside string }

func (e *NoEpisodesError) Error() string {
	switch {
	case e.Beside != "":
		return fmt.Sprintf("no episodes: the bench %s is a file of cases, read without its folder's episodes; pass --runs %s to score the episodes beside it", e.Bench, e.Beside)
	case !isDir(e.Bench):
		return fmt.Sprintf("no episodes: the bench %s is a file of cases, with no episodes; pass --runs with the episode files (JSONL or Parquet, files, globs or directories)", e.Bench)
	}
	return fmt.Sprintf("no episodes: the bench %s has no runs.jsonl or runs.parquet; pass --runs with the episode files (JSONL or Parquet, files, globs or directories)", e.Bench)
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// Open reads the bench and prepares the episode stream: opt.Runs when given; otherwise
// the built-in release's episodes, or runs.jsonl / runs.parquet beside a bench on disk.
func Open(opt Options) (*Input, error) {
	var err error
	if opt.Bench, err = ResolveBench(opt.Bench, episodesFlag(opt)); err != nil {
		return nil, err
	}
	if err := CheckInspect(opt); err != nil {
		return nil, err
	}
	if err := checkFlagFiles(opt); err != nil {
		return nil, err
	}
	b, describe, err := LoadBench(opt.Bench, opt.BenchOptions)
	if err != nil {
		return nil, flagPathError("--bench", err)
	}
	// The bench's files are inputs whatever holds the episodes: the provenance lists them
	// with their hashes, and a verdict dataset's bench digest is taken over them.
	in := &Input{Bench: b, Describe: describe, builtin: opt.Bench == Builtin, Files: b.InputFiles(opt.BenchOptions)}
	if len(opt.Inspect) > 0 {
		return in, in.openInspect(opt)
	}
	runs := opt.Runs
	if len(runs) == 0 && opt.Bench != Builtin {
		if p := ingest.RunsBeside(opt.Bench); p != "" {
			runs = []string{p}
		} else {
			e := &NoEpisodesError{Bench: opt.Bench}
			if !isDir(opt.Bench) {
				e.Beside = ingest.RunsBeside(filepath.Dir(opt.Bench))
			}
			return nil, e
		}
	}
	if len(runs) == 0 {
		return in, nil
	}
	files, skipped, err := ingest.ExpandRunsSkipped(runs)
	if err != nil {
		return nil, fmt.Errorf("--runs: %w", err)
	}
	in.Skipped, in.runs = skipped, files
	in.Describe += " with episodes from " + strings.Join(runs, ", ")
	in.Files = append(in.Files, files...)
	if opt.Hash {
		in.Hashes = ingest.NewFileHashes()
	}
	in.read = ingest.ReadOptions{Dedupe: DedupePolicy(opt.Dedupe), Bench: b, Lenient: opt.Lenient, MaxLineBytes: opt.MaxLineBytes, Workers: opt.Workers, Hashes: in.Hashes}
	return in, nil
}

// OwnEpisodes reports whether the bench is the built-in release (synthetic cases) and the
// episodes are the user's (--runs or --inspect), not its generated ones.
func (in *Input) OwnEpisodes() bool { return in.builtin && len(in.runs)+len(in.logs) > 0 }

// Runs are the episode files the stream reads, expanded (none for the built-in episodes).
func (in *Input) Runs() []string { return in.runs }

// BenchFiles are the files of the bench read (in.Files before the episode files or logs).
func (in *Input) BenchFiles() []string { return in.Files[:len(in.Files)-len(in.runs)-len(in.logs)] }

// ErrShardInspect refuses --shard of Inspect logs.
var ErrShardInspect = errors.New("--shard splits episode files (JSONL, Parquet) by byte range and cannot split Inspect logs: write them as episodes first (ingest --inspect … --bench B --out F.jsonl), then shard F.jsonl")

// Shard limits the episodes Open streams to shard i of n (0 ≤ i < n), so that n
// machines split a release: of episode files, the lines of plain JSONL and the row
// groups of Parquet that start in the shard's equal byte range (ingest.PlanShard, which
// reads the bytes before the range to number its lines); of the built-in release, the
// i-th of n runs of consecutive episodes. Each shard's episodes are consecutive in the
// input, the first being number ShardBase. --dedupe first or last cannot be honoured by a
// shard and is refused.
func (in *Input) Shard(i, n int) error {
	in.shardI, in.shardN, in.read.Shard, in.shardBase = i, n, nil, 0
	if n <= 1 {
		return nil
	}
	if len(in.logs) > 0 {
		return ErrShardInspect
	}
	if len(in.runs) == 0 {
		eps, err := builtinEpisodes()
		if err != nil {
			return err
		}
		in.shardBase = int64(len(eps) * i / n)
		return nil
	}
	if in.read.Dedupe != ingest.DedupeNone {
		return fmt.Errorf("--dedupe %s needs every episode of the input, and a shard reads only its part: score in one process to drop duplicates (across shards, reading their verdicts together refuses them)", in.read.Dedupe)
	}
	plan, err := ingest.PlanShard(in.runs, in.read, i, n)
	if err != nil {
		return err
	}
	in.read.Shard, in.shardBase = plan, plan.Base
	return nil
}

// ShardBase is the input index of the shard's first episode (0 without a shard).
func (in *Input) ShardBase() int64 { return in.shardBase }

// Open returns a fresh episode stream (scoring may need more than one pass).
func (in *Input) Open() (Stream, error) {
	if len(in.logs) > 0 {
		r, err := harness.OpenInspect(in.logs, in.logOpt)
		if err != nil {
			return nil, err
		}
		in.passes++
		return &inspectStream{InspectStream: r, in: in, first: in.passes == 1}, nil
	}
	if len(in.runs) > 0 {
		r, err := ingest.OpenRuns(in.runs, in.read)
		if err != nil || in.read.Shard != nil {
			return r, err // a shard of a small input may rightly hold no episode
		}
		return &nonEmptyStream{Stream: r, files: in.runs}, nil
	}
	if !in.builtin {
		return &sliceStream{}, nil
	}
	if in.shardN <= 1 {
		return newBuiltinStream(), nil
	}
	eps, err := builtinEpisodes()
	if err != nil {
		return nil, err
	}
	eps = eps[len(eps)*in.shardI/in.shardN : len(eps)*(in.shardI+1)/in.shardN]
	return &sliceStream{ingest.SliceSource{Episodes: eps}}, nil
}

// builtinEpisodes are the built-in release's episodes, kept for the process (a shard
// of them needs their number before it streams).
func builtinEpisodes() ([]*ingest.Episode, error) {
	rel, err := synth.Default()
	if err != nil {
		return nil, fmt.Errorf("built-in release: %w", err)
	}
	return rel.Episodes, nil
}

// sliceStream streams in-memory episodes (the built-in release).
type sliceStream struct{ ingest.SliceSource }

func (s *sliceStream) Reported() []ingest.Problem { return nil }
func (s *sliceStream) Close() error               { return nil }

// episodesFlag names the flag that gave episodes, for ResolveBench: "--runs", "--inspect",
// or "" for none.
func episodesFlag(opt Options) string {
	switch {
	case len(opt.Runs) > 0:
		return "--runs"
	case len(opt.Inspect) > 0:
		return "--inspect"
	}
	return ""
}

// flagPathError names the flag whose path could not be opened ("--bench x: no such file
// or directory" rather than "stat x: …"); other errors name their file already.
func flagPathError(flag string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s %s: %w", flag, pe.Path, pe.Err)
	}
	return err
}

// EmptyInputError: the episode files hold no episode. Every table and figure of an empty
// input would be empty, so it is an error, not a report of nothing.
type EmptyInputError struct{ Files []string }

func (e *EmptyInputError) Error() string {
	return fmt.Sprintf("no episodes: the --runs files (%s) hold none", strings.Join(e.Files, ", "))
}

// nonEmptyStream ends in an EmptyInputError instead of io.EOF when it yielded nothing.
type nonEmptyStream struct {
	Stream
	files []string
	n     int
}

func (s *nonEmptyStream) Next() (*ingest.Episode, error) {
	ep, err := s.Stream.Next()
	switch {
	case err == nil:
		s.n++
	case err == io.EOF && s.n == 0:
		return nil, &EmptyInputError{Files: s.files}
	}
	return ep, err
}

// checkFlagFiles checks that the files --clusters and --set name exist, so that a typo is
// reported with its flag rather than as a bench problem.
func checkFlagFiles(opt Options) error {
	check := func(what, p string) error {
		if _, err := os.Stat(p); err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			return fmt.Errorf("%s: %w", what, err)
		}
		return nil
	}
	if opt.ClustersFile != "" {
		if err := check("--clusters "+opt.ClustersFile, opt.ClustersFile); err != nil {
			return err
		}
	}
	names := make([]string, 0, len(opt.Sets))
	for name := range opt.Sets {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if err := check("--set "+name+"="+opt.Sets[name], opt.Sets[name]); err != nil {
			return err
		}
	}
	return nil
}
