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
	register(command{name: "explain", summary: "explain one episode's verdict as a readable chain (reads, facts, gates, missing requirements)", run: runExplain})
}

func runExplain(e *env, args []string) error {
	fs := newFlagSet(e, "explain", "[RUN_ID] [flags]")
	c := addCommon(e, fs, groupInput, "")
	var config, caseID, condition string
	repeat := -1
	fs.StringVar(&config, "config", "", "select the episode by configuration (with --case, --repeat, --condition) instead of RUN_ID")
	fs.StringVar(&caseID, "case", "", "select the episode by case id (with @variant when it has one)")
	fs.Var(optInt{&repeat}, "repeat", "select the episode by repeat `N` (≥ 0)")
	fs.StringVar(&condition, "condition", "", "select the episode by condition (default main when selecting by key)")
	full := fs.Bool("full", false, "print long facts uncut (text cuts them at 240 characters)")
	c.addFormat(fs, &explainOutput)
	fs.Lookup("format").Usage = "explanation format: text or json (the same content, structured; default: the --out file's extension, else text)"
	fs.StringVar(&c.out, "out", "", "output file (default stdout); written atomically")
	// parseFlags accepts flags after the run id ("explain RUN_ID --policy near-miss").
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	pos := fs.Args()
	if err := c.checkFlags(fs); err != nil {
		return err
	}
	opt := results.ExplainOptions{Format: c.format, Full: *full}
	byKey := config != "" || caseID != "" || repeat >= 0 || condition != ""
	switch {
	case len(pos) > 1:
		return usagef("explain takes one RUN_ID (got %q)", pos)
	case len(pos) == 1 && byKey:
		return usagef("explain: give a RUN_ID or --config/--case/--repeat/--condition, not both")
	case len(pos) == 0 && !byKey:
		return usagef("explain: which episode? give a RUN_ID (see the run_id field of `sabench-stats score`) or --config and --case")
	}
	if byKey && condition == "" {
		condition = ingest.DefaultCondition
	}
	pols, err := c.policyList(false)
	if err != nil {
		return err
	}
	in, err := c.load()
	if err != nil {
		return err
	}
	var match func(ep *ingest.Episode) bool
	var what string
	if len(pos) == 1 {
		id := pos[0]
		match = func(ep *ingest.Episode) bool { return ep.RunID == id }
		what = fmt.Sprintf("run id %q", id)
	} else {
		match = func(ep *ingest.Episode) bool {
			return (config == "" || ep.Config == config) && (caseID == "" || ep.CaseID == caseID) &&
				(repeat < 0 || ep.Repeat == repeat) && ep.Condition == condition
		}
		what = fmt.Sprintf("config %q, case %q, repeat %d, condition %q", config, caseID, repeat, condition)
	}
	// Near misses for an unknown run id: run ids that contain it, ignoring case.
	var near []string
	similar := func(ep *ingest.Episode) {
		if len(pos) == 1 && len(near) < 5 && strings.Contains(strings.ToLower(ep.RunID), strings.ToLower(pos[0])) {
			near = append(near, ep.RunID)
		}
	}
	src, err := in.open()
	if err != nil {
		return err
	}
	defer src.Close()
	eps, err := ingest.FindEpisodes(src.Next, match, similar)
	if err != nil {
		return err
	}
	switch {
	case len(eps) == 0:
		if len(near) > 0 {
			return fmt.Errorf("explain: no episode with %s in %s; similar run ids: %s", what, in.describe, strings.Join(near, ", "))
		}
		return fmt.Errorf("explain: no episode with %s in %s", what, in.describe)
	case len(eps) > 1:
		var ids []string
		for _, ep := range eps {
			ids = append(ids, ep.RunID)
		}
		if len(ids) > 10 {
			ids = append(ids[:10], fmt.Sprintf("… %d more", len(eps)-10))
		}
		return usagef("explain: %d episodes match %s (%s); narrow the selection or give a RUN_ID", len(eps), what, strings.Join(ids, ", "))
	}
	write := func(w io.Writer) error { return explainEpisode(w, in, eps[0], pols, c, opt) }
	if c.out != "" {
		return results.WriteFileAtomic(c.out, write)
	}
	return write(e.stdout)
}

// explainEpisode scores one episode through the same pipeline as every other command (so
// --infra-failures applies) with detail, and prints one explanation per policy.
func explainEpisode(w io.Writer, in *input, ep *ingest.Episode, pols []oracle.Policy, c *common, opt results.ExplainOptions) error {
	cs := in.bench.Case(ep.CaseID)
	if cs == nil {
		return fmt.Errorf("%s:%d: case_id: unknown case %q", ep.Source, ep.Line, ep.CaseID)
	}
	s, err := analysis.Score(&analysis.SliceSource{Episodes: []*ingest.Episode{ep}}, in.bench.Case, analysis.ScoreOptions{Policies: pols,
		Workers: 1, InfraFailuresFail: c.infraFailures == "fail", Detail: true})
	if err != nil {
		return err
	}
	vs := make([]oracle.Verdict, len(pols))
	for pi := range pols {
		vs[pi] = s.Verdicts[pi][0]
	}
	return results.Explain(w, cs, ep, pols, vs, opt)
}
