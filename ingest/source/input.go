package source

import (
	"fmt"
	"strings"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/harness"
)

// Options say which bench and episodes to open.
type Options struct {
	Bench string   // Builtin or a path (LoadBench)
	Runs  []string // episode files, globs or directories; none: the built-in release's episodes, or the runs file beside a bench on disk
	// Inspect are Inspect logs of a SafeActBench task (files, folders of .eval logs,
	// globs), read instead of Runs by the Inspect adapter (harness.InspectStream);
	// RecordFrom says where their decision records are (harness.ParseRecordFrom).
	Inspect    []string
	RecordFrom string
	ingest.BenchOptions
	Dedupe  string // ingest.ReadOptions.Dedupe; "error" is the default, no dedupe
	Lenient bool   // ingest.ReadOptions.Lenient
	Workers int    // ingest.ReadOptions.Workers
	// Hash: hash the episode files as the streams read them (Input.Hashes), for a
	// command that records provenance; SHA-256 costs about 2 CPU-s per GB read.
	Hash bool
}

// Input is a loaded bench plus a way to stream its episodes.
type Input struct {
	Bench *ingest.Bench
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

	runs    []string // expanded episode files; none for the built-in episodes
	logs    []string // expanded Inspect logs, read instead of runs
	logOpt  harness.Options
	passes  int               // streams of the logs opened so far: the first one reports what it skipped
	builtin []*ingest.Episode // the built-in release's episodes
	read    ingest.ReadOptions
	shardI  int
	shardN  int
}

// Stream is an episode stream that may have reported dropped duplicates.
type Stream interface {
	Next() (*ingest.Episode, error)
	Reported() []ingest.Problem
	Close() error
}

// NoEpisodesError is returned when a bench on disk has no episode file beside it and no
// runs were given: a mistake in how the command was called.
type NoEpisodesError struct{ Bench string }

func (e *NoEpisodesError) Error() string {
	return fmt.Sprintf("no episodes: pass --runs (the bench %s has no runs.jsonl or runs.parquet)", e.Bench)
}

// Open reads the bench and prepares the episode stream: opt.Runs when given; otherwise
// the built-in release's episodes, or runs.jsonl / runs.parquet beside a bench on disk.
func Open(opt Options) (*Input, error) {
	if err := CheckInspect(opt); err != nil {
		return nil, err
	}
	b, describe, builtin, err := LoadBench(opt.Bench, opt.BenchOptions)
	if err != nil {
		return nil, err
	}
	in := &Input{Bench: b, Describe: describe, builtin: builtin}
	if len(opt.Inspect) > 0 {
		return in, in.openInspect(opt)
	}
	runs := opt.Runs
	if len(runs) == 0 && opt.Bench != Builtin {
		if p := ingest.RunsBeside(opt.Bench); p != "" {
			runs = []string{p}
		} else {
			return nil, &NoEpisodesError{Bench: opt.Bench}
		}
	}
	in.Files = b.InputFiles(opt.BenchOptions)
	if len(runs) == 0 {
		return in, nil
	}
	files, skipped, err := ingest.ExpandRunsSkipped(runs)
	if err != nil {
		return nil, err
	}
	in.Skipped, in.runs = skipped, files
	in.Describe += " with episodes from " + strings.Join(runs, ", ")
	in.Files = append(in.Files, files...)
	if opt.Hash {
		in.Hashes = ingest.NewFileHashes()
	}
	in.read = ingest.ReadOptions{Dedupe: DedupePolicy(opt.Dedupe), Bench: b, Lenient: opt.Lenient, Workers: opt.Workers, Hashes: in.Hashes}
	return in, nil
}

// Shard limits the episodes Open streams to shard i of n (0 ≤ i < n): those whose index
// in the input is i modulo n, so that n machines split a release.
func (in *Input) Shard(i, n int) { in.shardI, in.shardN = i, n }

// Open returns a fresh episode stream (scoring may need more than one pass).
func (in *Input) Open() (Stream, error) {
	var s Stream = &sliceStream{ingest.SliceSource{Episodes: in.builtin}}
	if len(in.logs) > 0 {
		r, err := harness.OpenInspect(in.logs, in.logOpt)
		if err != nil {
			return nil, err
		}
		in.passes++
		s = &inspectStream{InspectStream: r, in: in, first: in.passes == 1}
	} else if len(in.runs) > 0 {
		r, err := ingest.OpenRuns(in.runs, in.read)
		if err != nil {
			return nil, err
		}
		s = r
	}
	if in.shardN > 1 {
		s = &shardStream{Stream: s, i: in.shardI, n: in.shardN}
	}
	return s, nil
}

// sliceStream streams in-memory episodes (the built-in release).
type sliceStream struct{ ingest.SliceSource }

func (s *sliceStream) Reported() []ingest.Problem { return nil }
func (s *sliceStream) Close() error               { return nil }
