package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/synth"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results"
)

// input is a loaded bench plus a way to stream its episodes.
type input struct {
	bench *ingest.Bench
	// open returns a fresh episode stream (scoring may need more than one pass).
	open func() (episodeStream, error)
	// describe says where the cases and the episodes came from, for notes.
	describe string
	// files are every file read (bench and episodes), for provenance.
	files []string
}

// episodeStream is an episode source that may have reported dropped duplicates.
type episodeStream interface {
	analysis.EpisodeSource
	Reported() []ingest.Problem
	Close() error
}

// sliceStream streams in-memory episodes (the built-in release).
type sliceStream struct{ analysis.SliceSource }

func (s *sliceStream) Reported() []ingest.Problem { return nil }
func (s *sliceStream) Close() error               { return nil }

// benchOptions turns --set and --clusters into ingest options.
func (c *common) benchOptions() (ingest.BenchOptions, error) {
	opt := ingest.BenchOptions{ClustersFile: c.clusters}
	for _, s := range c.sets {
		name, file, ok := strings.Cut(s, "=")
		if !ok || name == "" || file == "" {
			return opt, usagef("--set wants NAME=FILE, not %q", s)
		}
		if opt.Sets == nil {
			opt.Sets = map[string]string{}
		}
		opt.Sets[name] = file
	}
	return opt, nil
}

// load reads the bench and prepares the episode stream: --runs when given; otherwise the
// built-in release's episodes, or runs.jsonl / runs.parquet beside a bench on disk.
func (c *common) load() (*input, error) {
	bopt, err := c.benchOptions()
	if err != nil {
		return nil, err
	}
	in := &input{}
	var builtin []*ingest.Episode
	if c.bench == "builtin" {
		rel, err := synth.Default()
		if err != nil {
			return nil, fmt.Errorf("built-in release: %w", err)
		}
		if in.bench, err = ingest.NewBench("builtin", rel.Cases, rel.Sets, bopt); err != nil {
			return nil, err
		}
		builtin = rel.Episodes
		in.bench.DatasetID, in.bench.DatasetVersion = analysis.SyntheticDatasetID, fmt.Sprintf("synthetic-seed-%d", rel.Seed)
		in.describe = "the built-in synthetic release"
	} else {
		if in.bench, err = ingest.LoadBench(c.bench, bopt); err != nil {
			return nil, err
		}
		in.describe = c.bench
	}
	runs := []string(c.runs)
	if len(runs) == 0 && c.bench != "builtin" {
		for _, name := range []string{"runs.jsonl", "runs.jsonl.gz", "runs.jsonl.zst", "runs.parquet"} {
			if p := filepath.Join(c.bench, name); fileExists(p) {
				runs = []string{p}
				break
			}
		}
		if len(runs) == 0 {
			return nil, usagef("no episodes: pass --runs (the bench %s has no runs.jsonl or runs.parquet)", c.bench)
		}
	}
	in.files = in.bench.InputFiles(bopt)
	c.loaded = in
	dedupe := c.dedupe
	if dedupe == "error" {
		dedupe = ""
	}
	if len(runs) == 0 {
		in.open = func() (episodeStream, error) { return &sliceStream{analysis.SliceSource{Episodes: builtin}}, nil }
		return in, nil
	}
	files, skipped, err := ingest.ExpandRunsSkipped(runs)
	if err != nil {
		return nil, err
	}
	noteSkipped(c.stderr, skipped)
	in.describe += " with episodes from " + strings.Join(runs, ", ")
	in.files = append(in.files, files...)
	in.open = func() (episodeStream, error) {
		return ingest.OpenRuns(files, ingest.ReadOptions{Dedupe: dedupe, Bench: in.bench, Lenient: c.lenient, Workers: c.jobs})
	}
	return in, nil
}

// noteSkipped says, one line each and then a count, what a --runs directory search passed
// over (links to directories, entries that are not regular files).
func noteSkipped(w io.Writer, skipped []ingest.Problem) {
	if w == nil || len(skipped) == 0 {
		return
	}
	for _, p := range skipped {
		fmt.Fprintln(w, "note:", p)
	}
	fmt.Fprintf(w, "note: %d entries of the --runs directories skipped\n", len(skipped))
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}

// policies resolves --policy (default: safeact only, or all presets when all is true).
func (c *common) policyList(all bool) ([]oracle.Policy, error) {
	names := []string(c.policies)
	if len(names) == 0 {
		if all {
			names = oracle.PresetNames()
		} else {
			names = []string{oracle.SafeAct.Name}
		}
	}
	var out []oracle.Policy
	seen := map[string]bool{}
	for _, n := range names {
		p, err := oracle.LookupPolicy(n)
		if err != nil && fileExists(n) {
			return nil, err // a policy file with bad contents is an input error
		}
		if err != nil {
			return nil, usagef("%v", err)
		}
		if seen[p.Name] {
			continue
		}
		seen[p.Name] = true
		out = append(out, p)
	}
	return out, nil
}

// score streams the episodes once and scores them under every policy.
func (c *common) score(in *input, pols []oracle.Policy, detail bool) (*analysis.Scored, []ingest.Problem, error) {
	return c.scoreWith(in, pols, detail, nil)
}

// scoreWith is score with ScoreOptions.Others.
func (c *common) scoreWith(in *input, pols []oracle.Policy, detail bool, others func(*ingest.Episode) bool) (*analysis.Scored, []ingest.Problem, error) {
	src, err := in.open()
	if err != nil {
		return nil, nil, err
	}
	defer src.Close()
	bar := c.progress("scoring")
	defer bar.Finish()
	s, err := analysis.Score(src, in.bench.Case, analysis.ScoreOptions{Policies: pols, Workers: c.jobs,
		InfraFailuresFail: c.infraFailures == "fail", Detail: detail, Progress: bar.set, Others: others})
	if err != nil {
		return nil, nil, err
	}
	return s, src.Reported(), nil
}

// scoreAll resolves the policies (every preset by default when all is true), loads the
// input and scores it: every episode under the first policy and, for comparing
// leaderboards, only the main-condition episodes under the others (the policy tables and
// figures read nothing else, and scoring is the report's largest cost), in one pass.
func (c *common) scoreAll(all bool) (*analysis.ScoredRelease, error) {
	return c.scoreRelease(all, func(ep *ingest.Episode) bool { return ep.Condition == ingest.DefaultCondition })
}

// scoreRelease is scoreAll with the episodes the policies after the first score (all
// when others is nil).
func (c *common) scoreRelease(all bool, others func(*ingest.Episode) bool) (*analysis.ScoredRelease, error) {
	sr, _, err := c.scoreReleaseInput(all, others)
	return sr, err
}

// scoreReleaseInput is scoreRelease that also returns the input, for a second pass over
// the episodes (the viewer).
// With --verdicts there are no episodes: the input is nil.
func (c *common) scoreReleaseInput(all bool, others func(*ingest.Episode) bool) (*analysis.ScoredRelease, *input, error) {
	if c.verdicts != "" {
		sr, err := c.readVerdicts()
		c.scored = sr // the provenance stamp and the SYNTHETIC mark read it
		return sr, nil, err
	}
	pols, err := c.policyList(all)
	if err != nil {
		return nil, nil, err
	}
	in, err := c.load()
	if err != nil {
		return nil, nil, err
	}
	s, dropped, err := c.scoreWith(in, pols, false, others)
	if err != nil {
		return nil, nil, err
	}
	c.scored = analysis.NewScoredRelease(in.describe, in.bench, s, dropped)
	return c.scored, in, nil
}

// excludedSummary is kept for the score command (analysis.Counts.Summary).
func excludedSummary(c analysis.Counts, dropped int) string { return c.Summary(dropped) }

// addVerdicts registers --verdicts on a command that builds tables from a scored release.
func (c *common) addVerdicts(fs *flag.FlagSet) {
	fs.StringVar(&c.verdicts, "verdicts", "", "build from a verdict dataset (score --format parquet --out DIR, possibly in shards) instead of scoring: its policies in its order, no re-scoring; --bench must name the cases it was scored on")
}

// readVerdicts builds the scored release from --verdicts. The scoring choices were made
// when the dataset was written, so the flags that would change them are refused.
func (c *common) readVerdicts() (*analysis.ScoredRelease, error) {
	switch {
	case len(c.runs) > 0:
		return nil, usagef("--verdicts replaces --runs: the episodes were scored when the dataset was written")
	case len(c.policies) > 0:
		return nil, usagef("--verdicts carries its own policies; --policy cannot be honoured")
	case c.infraFailures != "exclude":
		return nil, usagef("--infra-failures was applied when the dataset was scored; it cannot be changed here")
	case c.dedupe != "":
		return nil, usagef("--dedupe was applied when the dataset was scored; it cannot be changed here")
	}
	bopt, err := c.benchOptions()
	if err != nil {
		return nil, err
	}
	var bench *ingest.Bench
	describe := c.bench
	if c.bench == "builtin" {
		rel, err := synth.Default()
		if err != nil {
			return nil, fmt.Errorf("built-in release: %w", err)
		}
		if bench, err = ingest.NewBench("builtin", rel.Cases, rel.Sets, bopt); err != nil {
			return nil, err
		}
		bench.DatasetID, bench.DatasetVersion = analysis.SyntheticDatasetID, fmt.Sprintf("synthetic-seed-%d", rel.Seed) // as load does
		describe = "the built-in synthetic release"
	} else if bench, err = ingest.LoadBench(c.bench, bopt); err != nil {
		return nil, err
	}
	dpols, vs, err := results.ReadVerdictDataset(c.verdicts)
	if err != nil {
		return nil, err
	}
	s := &analysis.Scored{Verdicts: vs, Counts: analysis.Counts{Excluded: map[string]int{}}}
	for _, dp := range dpols {
		p, err := oracle.LookupPolicy(dp.Name)
		if err != nil || p.Hash() != dp.Hash {
			return nil, fmt.Errorf("%s: policy %s (settings %s) is not a preset with those settings; tables need its settings", c.verdicts, dp.Name, dp.Hash)
		}
		s.Policies = append(s.Policies, p)
	}
	for i := range vs[0] {
		v := &vs[0][i]
		if bench.Case(v.CaseID()) == nil {
			return nil, fmt.Errorf("%s: case %s of run %s is not in the bench %s", c.verdicts, v.CaseID(), v.RunID(), bench.Source)
		}
		if v.Excluded() {
			s.Counts.Excluded[v.ExclusionReason()]++
		} else {
			s.Counts.Scored++
		}
	}
	s.Counts.Read = len(vs[0])
	return analysis.NewScoredRelease(describe+" with verdicts from "+c.verdicts, bench, s, nil), nil
}
