package main

import (
	"fmt"
	"io"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/cmd/internal/cli"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/source"
	"github.com/sabench/sabench-stats/results"
)

func init() {
	register(cli.Command{Name: "score", Summary: "per-episode verdicts as JSONL, CSV or Parquet, with a reconciliation and agreement summary on stderr", Run: runScore, Streams: true})
}

func runScore(e *cli.Env, args []string) error {
	fs := e.FlagSet("score", "[flags]")
	c := addCommon(e, fs, groupInput|groupJobs|groupOut, "")
	c.addFormat(fs, results.VerdictOutput)
	fs.Lookup("out").Usage = "output file (default stdout; its extension .jsonl, .csv or .parquet sets the format when --format is not given); written atomically; with --format parquet, a directory (an existing one, a path ending in /, or one without an extension) receives a Hive-partitioned dataset config=…/part-NNNN.parquet"
	shard := fs.String("shard", "", "score only shard I/N (1 ≤ I ≤ N): the episodes whose index in the input is I-1 modulo N, so that N machines split a release; with a dataset --out, the shard writes part I-1")
	audit := fs.String("audit", "", "CSV case_id,run_id,label of audited verdicts (label pass/fail, true/false or 1/0): report the oracle's agreement with them")
	detail := fs.Bool("detail", false, "add each verdict's detail (checkpoints with requirement results, coverage, completed commits, invalid reads, ledger facts with provenance) as a \"detail\" object; jsonl only, memory-hungry")
	fs.BoolVar(&c.src.Lenient, "lenient", false, "score episodes validate rejects for a missing schema or record or an unknown top-level field: they are excluded by that reason (default: refused)")
	disagreements := fs.Bool("disagreements", false, "write, instead of the verdicts, every episode whose harness verdict differs from the oracle's: one tab-separated line each (run_id, config, case_id, policy, official, oracle, outcome, failure_type) under a header")
	if err := e.Parse(fs, args); err != nil {
		return err
	}
	if *disagreements && (cli.Given(fs, "format") != "" || *detail) {
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
	si, sn, err := source.ParseShard(*shard)
	if err != nil {
		return usagef("%v", err)
	}
	dataset := format == "parquet" && c.out != "" && c.out != "-" && results.IsDatasetDir(c.out)
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
	in.Shard(si, sn)
	var s *analysis.Scored
	var dropped []ingest.Problem
	var auditText string // the audit's summary, once computed
	// Stream unless the whole release is needed first: score and write chunk by chunk,
	// keeping only the summary's tally (no verdict, but with an audit), so that the
	// episodes (and details, the ledger of every episode) of one chunk at a time are
	// alive. An audit is checked before anything is written, so it takes the other path
	// (unless with --detail), as do a dataset and the disagreements.
	stream := !dataset && (*detail || labels == nil) && !*disagreements
	if !stream {
		if s, dropped, err = c.score(in, analysis.ScoreOptions{Policies: pols}, 0, nil); err != nil {
			return err
		}
		if labels != nil { // a bad audit file writes no verdicts
			if auditText, err = results.AuditSummary(labels, s); err != nil {
				return err
			}
		}
	}
	var write func(w io.Writer) error
	switch {
	case dataset:
		seq := func(i int) int64 { return int64(si + i*sn) }
		err = results.WriteVerdictDataset(c.out, si, s.Policies, s.Verdicts, seq)
	case stream:
		chunk := streamChunk
		if *detail {
			chunk = detailChunk
		}
		write = func(w io.Writer) error {
			vw, err := results.NewVerdictWriter(w, format, pols, *detail)
			if err != nil {
				return err
			}
			s, dropped, err = c.score(in, analysis.ScoreOptions{Policies: pols, Detail: *detail, Keep: labels != nil}, chunk, vw.Write)
			if err != nil {
				vw.Close()
				return err
			}
			return vw.Close()
		}
	case *disagreements:
		write = func(w io.Writer) error { return results.WriteDisagreements(w, s.Policies, s.Verdicts) }
	default:
		write = func(w io.Writer) error { return results.WriteVerdicts(w, format, s.Policies, s.Verdicts, false) }
	}
	switch {
	case write == nil: // a dataset, written above
	case c.out != "" && c.out != "-":
		err = results.WriteFileAtomic(c.out, write)
	default:
		err = write(e.Stdout)
	}
	if err != nil {
		return err
	}
	tally := s.Tally
	if tally == nil {
		tally = analysis.TallyOf(s)
	}
	summary := results.ScoreSummary(tally, len(dropped))
	if sn > 1 {
		summary = fmt.Sprintf("score: shard %d/%d: the episodes whose input index is %d modulo %d; the counts below are the shard's\n", si+1, sn, si, sn) + summary
	}
	if labels != nil && stream { // streamed with --detail: checked after writing
		if auditText, err = results.AuditSummary(labels, s); err != nil {
			return err
		}
	}
	summary += auditText
	io.WriteString(e.Stderr, summary)
	return nil
}

// detailChunk and streamChunk are the numbers of episodes scored at a time with and
// without detail (variables so that tests can cross chunk boundaries on small inputs).
var detailChunk, streamChunk = 2048, 1 << 16
