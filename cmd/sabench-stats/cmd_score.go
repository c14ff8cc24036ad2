package main

import (
	"fmt"
	"io"
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
	fs.Lookup("out").Usage = "output file (default stdout; its extension .jsonl, .csv or .parquet sets the format when --format is not given); written atomically"
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
	var s *analysis.Scored
	var dropped []ingest.Problem
	var write func(w io.Writer) error
	if *detail {
		// Details are large (the ledger of every episode): score and write them chunk by
		// chunk, keeping only the compact verdicts for the summary.
		write = func(w io.Writer) error {
			var err error
			s, dropped, err = c.scoreChunked(in, pols, func(vs [][]oracle.Verdict) error { return results.WriteVerdicts(w, format, vs, true) })
			return err
		}
	} else {
		if s, dropped, err = c.score(in, pols, false); err != nil {
			return err
		}
		// Check the audit before writing anything: a bad audit file writes no verdicts.
		if labels != nil {
			if _, err := auditSummary(labels, s); err != nil {
				return err
			}
		}
		write = func(w io.Writer) error { return results.WriteVerdicts(w, format, s.Verdicts, false) }
		if *disagreements {
			write = func(w io.Writer) error { return results.WriteDisagreements(w, s.Verdicts) }
		}
	}
	if c.out != "" && c.out != "-" {
		err = results.WriteFileAtomic(c.out, write)
	} else {
		err = write(e.stdout)
	}
	if err != nil {
		return err
	}
	summary := scoreSummary(s, dropped)
	if labels != nil {
		more, err := auditSummary(labels, s)
		if err != nil {
			return err
		}
		summary += more
	}
	io.WriteString(e.stderr, summary)
	return nil
}

// detailChunk is the number of episodes scored with detail at a time (a variable so that
// tests can cross chunk boundaries on small inputs).
var detailChunk = 2048

// scoreChunked scores with detail, detailChunk episodes at a time (analysis.ScoreChunked).
func (c *common) scoreChunked(in *input, pols []oracle.Policy, emit func([][]oracle.Verdict) error) (*analysis.Scored, []ingest.Problem, error) {
	src, err := in.open()
	if err != nil {
		return nil, nil, err
	}
	defer src.Close()
	s, err := analysis.ScoreChunked(src, in.bench.Case, analysis.ScoreOptions{Policies: pols, Workers: c.jobs,
		InfraFailuresFail: c.infraFailures == "fail"}, detailChunk, emit)
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

// scoreSummary reconciles the counts (read = scored + excluded by reason + dropped
// duplicates), gives ECS by protocol per policy, and the agreement with the harness's own
// verdicts when the episodes carry them.
func scoreSummary(s *analysis.Scored, dropped []ingest.Problem) string {
	var b strings.Builder
	cnt := s.Counts
	excluded := 0
	for _, n := range cnt.Excluded {
		excluded += n
	}
	fmt.Fprintf(&b, "score: read %d episodes = scored %d + excluded %d", cnt.Read+len(dropped), cnt.Scored, excluded+len(dropped))
	fmt.Fprintf(&b, " (%s)\n", excludedSummary(cnt, len(dropped)))
	for pi, pol := range s.Policies {
		vs := s.Verdicts[pi]
		var all analysis.Rate
		var by [ingest.NumProtocols]analysis.Rate
		for i := range vs {
			if vs[i].Excluded {
				continue
			}
			all.Add(vs[i].ECS)
			by[vs[i].Protocol].Add(vs[i].ECS)
		}
		fmt.Fprintf(&b, "policy %s: ECS %s", pol.String(), pctOf(all))
		for p := ingest.Legacy; p < ingest.NumProtocols; p++ {
			if by[p].Den > 0 {
				fmt.Fprintf(&b, ", %s %s", p.Label(), pctOf(by[p]))
			}
		}
		b.WriteString(" (all scored episodes, every condition, static judgments included)\n")
		if own := officialRate(vs); own.Den > 0 && own != all {
			fmt.Fprintf(&b, "  harness's own verdicts: %d/%d = %.1f%% (the scored episodes that carry one)\n", own.Num, own.Den, own.Pct())
		}
		b.WriteString(agreementSummary(vs))
	}
	return b.String()
}

// officialRate is the harness's own success rate over the scored episodes that carry a
// verdict (on a runner-mode harness folder, summary.json's accuracy).
func officialRate(vs []oracle.Verdict) analysis.Rate {
	var r analysis.Rate
	for i := range vs {
		if !vs[i].Excluded && vs[i].Official >= 0 {
			r.Add(vs[i].Official == 1)
		}
	}
	return r
}

func pctOf(r analysis.Rate) string {
	if r.Den == 0 {
		return "n/a (0 episodes)"
	}
	return fmt.Sprintf("%.1f%% (%d/%d)", r.Pct(), r.Num, r.Den)
}

func agreementSummary(vs []oracle.Verdict) string {
	a, err := analysis.AgreeWithOfficial(vs)
	return labelSummary("official verdicts", "official", a, err)
}

// labelSummary renders one agreement (or the error that kept it from being computed).
func labelSummary(source, short string, a analysis.Agreement, err error) string {
	if err != nil {
		return fmt.Sprintf("  agreement with %s: %v\n", source, err)
	}
	return results.AgreementSummary(source, short, a)
}

// auditSummary reports, per policy, the oracle's agreement with the audited labels.
func auditSummary(a *ingest.Audit, s *analysis.Scored) (string, error) {
	ags, err := analysis.AgreeWithAudit(a, s)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for pi, pol := range s.Policies {
		fmt.Fprintf(&b, "policy %s:\n", pol.Name)
		b.WriteString(labelSummary("the audit "+a.Path, "audit", ags[pi], nil))
	}
	return b.String(), nil
}
