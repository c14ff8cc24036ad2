package source

import (
	"fmt"
	"io"
	"strings"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/harness"
	"github.com/sabench/sabench-stats/ingest/inspect"
)

// CheckInspect refuses what Inspect logs cannot be read with: episode files beside them
// (one source at a time), a dedupe policy (a duplicate key in the logs is always an
// error), a record source without logs. Open calls it.
func CheckInspect(opt Options) error {
	switch {
	case len(opt.Inspect) == 0 && opt.RecordFrom != "":
		return fmt.Errorf("--record-from applies to --inspect logs only")
	case len(opt.Inspect) == 0:
		return nil
	case len(opt.Runs) > 0:
		return fmt.Errorf("give --runs or --inspect, not both")
	case opt.Lenient:
		return fmt.Errorf("--lenient does not apply to --inspect: it admits episode-file defects, and Inspect logs are read by the Inspect adapter")
	case opt.Dedupe != "" && opt.Dedupe != "error":
		return fmt.Errorf("--dedupe %s does not apply to --inspect: a duplicate episode in Inspect logs is always an error", opt.Dedupe)
	}
	_, err := harness.ParseRecordFrom(opt.RecordFrom)
	return err
}

// openInspect prepares the Inspect logs of opt as the input's episodes: each log's
// configuration is its model/solver, each sample's condition its own (Inspect adapter).
func (in *Input) openInspect(opt Options) error {
	files, skipped, err := inspect.ExpandSkipped(opt.Inspect)
	if err != nil {
		return fmt.Errorf("--inspect: %w", err)
	}
	for _, sk := range skipped {
		in.Skipped = append(in.Skipped, ingest.Problem{File: sk.Dir, Msg: sk.Msg})
	}
	in.logs = files
	in.logOpt = harness.Options{RecordFrom: opt.RecordFrom, Bench: in.Bench, Workers: opt.Workers}
	in.Describe += " with episodes from the Inspect logs " + strings.Join(opt.Inspect, ", ")
	in.Files = append(in.Files, files...)
	return nil
}

// inspectStream is a stream of Inspect logs; the first pass adds the logs that gave no
// episode (not a SafeActBench task, no samples) and the adapter's warnings to
// Input.Skipped, so that commands say so.
type inspectStream struct {
	*harness.InspectStream
	in    *Input
	first bool
}

func (s *inspectStream) Next() (*ingest.Episode, error) {
	ep, err := s.InspectStream.Next()
	if err == io.EOF && s.first {
		s.first = false
		s.in.Skipped = append(s.in.Skipped, s.Skipped()...)
		for _, w := range s.Warnings() {
			s.in.Skipped = append(s.in.Skipped, ingest.Problem{File: "Inspect logs", Msg: w})
		}
	}
	return ep, err
}

func (s *inspectStream) Reported() []ingest.Problem { return nil }

// ReadInspectEpisodes reads the Inspect logs named by args (files, folders of logs, globs;
// inspect.Expand) into episodes against the bench at benchPath (a folder or
// Builtin), with opt's record source and configuration; it returns the result and the
// number of log files read. The bench tells which sample ids are cases and which tools
// are information tools.
func ReadInspectEpisodes(args []string, benchPath string, opt harness.Options) (*harness.Result, int, error) {
	files, skipped, err := inspect.ExpandSkipped(args)
	if err != nil {
		return nil, 0, fmt.Errorf("--inspect: %w", err)
	}
	b, _, err := LoadBench(benchPath, casespec.BenchOptions{})
	if err != nil {
		return nil, 0, err
	}
	opt.Bench = b
	res, err := harness.ReadInspectFiles(files, opt)
	if res != nil {
		for _, sk := range skipped {
			res.Warnings = append(res.Warnings, sk.Dir+": "+sk.Msg)
		}
	}
	return res, len(files), err
}
