package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results"
)

func init() {
	register(command{name: "score", summary: "per-episode verdicts as JSONL, CSV or Parquet, with a reconciliation and agreement summary on stderr", run: runScore})
}

func runScore(e *env, args []string) error {
	fs := newFlagSet(e, "score", "[flags]")
	c := addCommon(e, fs, groupInput|groupJobs|groupOut, "")
	c.addFormat(fs, &verdictOutput)
	fs.Lookup("out").Usage = "output file (default stdout; its extension .jsonl, .csv or .parquet sets the format when --format is not given); written atomically; with --format parquet, a directory (an existing one, a path ending in /, or one without an extension) receives a Hive-partitioned dataset config=…/part-NNNN.parquet"
	shard := fs.String("shard", "", "score only shard I/N (1 ≤ I ≤ N): the episodes whose index in the input is I-1 modulo N, so that N machines split a release; with a dataset --out, the shard writes part I-1")
	audit := fs.String("audit", "", "CSV case_id,run_id,label of audited verdicts (label pass/fail, true/false or 1/0): report the oracle's agreement with them")
	detail := fs.Bool("detail", false, "add each verdict's detail (checkpoints with requirement results, coverage, completed commits, invalid reads, ledger facts with provenance) as a \"detail\" object; jsonl only, memory-hungry")
	fs.BoolVar(&c.lenient, "lenient", false, "score episodes validate rejects for a missing schema or record or an unknown top-level field: they are excluded by that reason (default: refused)")
	disagreements := fs.Bool("disagreements", false, "write, instead of the verdicts, every episode whose harness verdict differs from the oracle's: one tab-separated line each (run_id, config, case_id, policy, official, oracle, outcome, failure_type) under a header")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *disagreements && (formatSet(fs) || *detail) {
		return usagef("--disagreements writes tab-separated lines: --format and --detail do not apply")
	}
	if err := c.checkFlags(fs); err != nil {
		return err
	}
	format := c.format
	if *detail && format != "jsonl" {
		return usagef("--detail needs --format jsonl (the detail is nested)")
	}
	if fs.NArg() > 0 {
		return usagef("score takes no arguments (got %q)", fs.Args())
	}
	si, sn, err := parseShard(*shard)
	if err != nil {
		return err
	}
	dataset := format == "parquet" && c.out != "" && c.out != "-" && isDatasetDir(c.out)
	if dataset && *detail {
		return usagef("--detail needs --format jsonl")
	}
	pols, err := c.policyList(false)
	if err != nil {
		return err
	}
	var labels *ingest.Audit
	if *audit != "" {
		if labels, err = ingest.ReadAudit(*audit); err != nil {
			return err
		}
	}
	in, err := c.load()
	if err != nil {
		return err
	}
	if sn > 1 {
		open := in.open
		in.open = func() (episodeStream, error) {
			src, err := open()
			if err != nil {
				return nil, err
			}
			return &shardStream{episodeStream: src, i: si, n: sn}, nil
		}
	}
	var s *analysis.Scored
	var dropped []ingest.Problem
	var write func(w io.Writer) error
	if dataset {
		if s, dropped, err = c.score(in, pols, false); err != nil {
			return err
		}
		if labels != nil {
			if _, err := results.AuditSummary(labels, s); err != nil {
				return err
			}
		}
		seq := func(i int) int64 { return int64(si + i*sn) }
		if err := results.WriteVerdictDataset(c.out, si, s.Policies, s.Verdicts, seq); err != nil {
			return err
		}
		write = nil
	} else if (*detail || labels == nil) && !*disagreements {
		// Stream: score and write chunk by chunk, keeping only the compact verdicts for
		// the summary, so that the episodes (and details, the ledger of every episode)
		// of one chunk at a time are alive. An audit is checked before anything is
		// written, so it takes the other path (unless with --detail).
		chunk := streamChunk
		if *detail {
			chunk = detailChunk
		}
		write = func(w io.Writer) error {
			vw, err := results.NewVerdictWriter(w, format, pols, *detail)
			if err != nil {
				return err
			}
			s, dropped, err = c.scoreChunked(in, pols, *detail, chunk, vw.Write)
			if err != nil {
				vw.Close()
				return err
			}
			return vw.Close()
		}
	} else {
		if s, dropped, err = c.score(in, pols, false); err != nil {
			return err
		}
		// Check the audit before writing anything: a bad audit file writes no verdicts.
		if labels != nil {
			if _, err := results.AuditSummary(labels, s); err != nil {
				return err
			}
		}
		write = func(w io.Writer) error { return results.WriteVerdicts(w, format, s.Policies, s.Verdicts, false) }
		if *disagreements {
			write = func(w io.Writer) error { return results.WriteDisagreements(w, s.Policies, s.Verdicts) }
		}
	}
	switch {
	case write == nil: // written above
	case c.out != "" && c.out != "-":
		err = results.WriteFileAtomic(c.out, write)
	default:
		err = write(e.stdout)
	}
	if err != nil {
		return err
	}
	summary := results.ScoreSummary(s, len(dropped))
	if sn > 1 {
		summary = fmt.Sprintf("score: shard %d/%d: the episodes whose input index is %d modulo %d; the counts below are the shard's\n", si+1, sn, si, sn) + summary
	}
	if labels != nil {
		more, err := results.AuditSummary(labels, s)
		if err != nil {
			return err
		}
		summary += more
	}
	io.WriteString(e.stderr, summary)
	return nil
}

// parseShard reads --shard I/N into a 0-based index and the count (0, 1 when unset).
func parseShard(s string) (i, n int, err error) {
	if s == "" {
		return 0, 1, nil
	}
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return 0, 0, usagef("--shard wants I/N with 1 ≤ I ≤ N, not %q", s)
	}
	return i - 1, n, nil
}

// isDatasetDir: --out names a directory (an existing one, a trailing separator, or a
// path without an extension) rather than one Parquet file.
func isDatasetDir(p string) bool {
	if st, err := os.Stat(p); err == nil {
		return st.IsDir()
	}
	return strings.HasSuffix(p, "/") || strings.HasSuffix(p, string(os.PathSeparator)) || filepath.Ext(p) == ""
}

// shardStream passes on the episodes of one shard: input index ≡ i (mod n). Problems
// and errors pass whatever their index, so that every shard stops at the same bad line.
type shardStream struct {
	episodeStream
	i, n, k int
}

func (s *shardStream) Next() (*ingest.Episode, error) {
	for {
		ep, err := s.episodeStream.Next()
		if err != nil {
			return nil, err
		}
		s.k++
		if (s.k-1)%s.n == s.i {
			return ep, nil
		}
	}
}

// detailChunk and streamChunk are the numbers of episodes scored at a time with and
// without detail (variables so that tests can cross chunk boundaries on small inputs).
var detailChunk, streamChunk = 2048, 1 << 16

// scoreChunked scores chunk episodes at a time (analysis.ScoreChunked).
func (c *common) scoreChunked(in *input, pols []oracle.Policy, detail bool, chunk int, emit func([][]oracle.Verdict) error) (*analysis.Scored, []ingest.Problem, error) {
	src, err := in.open()
	if err != nil {
		return nil, nil, err
	}
	defer src.Close()
	bar := c.progress("scoring")
	defer bar.Finish()
	s, err := analysis.ScoreChunked(src, in.bench.Case, analysis.ScoreOptions{Policies: pols, Workers: c.jobs,
		InfraFailuresFail: c.infraFailures == "fail", Detail: detail, Progress: bar.set}, chunk, emit)
	if err != nil {
		return nil, nil, err
	}
	return s, src.Reported(), nil
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
