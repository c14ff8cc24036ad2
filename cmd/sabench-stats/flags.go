package main

import (
	"flag"
	"fmt"
	"runtime"
	"slices"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/cmd/internal/cli"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/source"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results/job"
	"github.com/sabench/sabench-stats/results/render"
)

// outFormat returns the table format (checkFlags has resolved it).
func (c *common) outFormat() render.Format {
	f, _ := render.ParseFormat(c.format)
	return f
}

// common holds the flags of the analysis commands: the job's options
// (job.Options) and the output's. A command registers only the groups it reads
// (flagGroup), so that its -h lists what it uses; the fields of the groups it does not
// take keep their defaults.
type common struct {
	job.Options
	format string               // after parse: the canonical name of the output format
	out    string               // --out
	output *job.OutputKind      // what --format names; nil when the command has no --format
	render render.RenderOptions // the LaTeX layout flags (output.go)
	name   string               // the command, for messages
	rel    *job.Release         // the last release scored, for the provenance of the outputs
}

// flagGroup is a set of related flags; each command declares the groups it takes.
type flagGroup uint16

const (
	// groupInput: --bench, --runs, --inspect and --record-from (unless groupOwnInspect),
	// --policy, --infra-failures, --dedupe.
	groupInput flagGroup = 1 << iota
	// groupJobs: -j, for commands that score many episodes.
	groupJobs
	// groupSets: --set (case sets, read by the tables that name one).
	groupSets
	// groupStats: the bootstrap's --seed, --resamples, --interval, --quantile, --level, …
	// (--clusters with groupInput only, --adjust unless groupNoPValues, --passk unless
	// groupNoPassK; --interval, --level, --adjust and --passk not with groupPlan)
	groupStats
	// groupClustered: --clustered (resample clusters rather than cases).
	groupClustered
	// groupTables: --format (a table format) and --out (a file, or a directory of tables).
	groupTables
	// groupOut: --out alone, for a command whose output is a directory or a page.
	groupOut
	// groupLaTeX: --latex-width, --latex-env without --format (groupTables has them too).
	groupLaTeX
	// groupVerdicts: --verdicts (build from a verdict dataset instead of scoring).
	groupVerdicts
	// groupHarness: --shared-harness, the one paper choice (analysis.Choices) figures read.
	groupHarness
	// groupChoices: every paper choice: the shared harness, strategies and case-set names.
	groupChoices
	// groupOwnInspect: the command's --inspect is its own (compare's: A and B are Inspect
	// logs compared scorer by scorer), not groupInput's Inspect logs as the episodes; such
	// a command reads episodes from --runs only.
	groupOwnInspect
	// groupNoPValues: the command's tables have no p-values (domains; leaderboard: its rank
	// sets are simultaneous already), so it takes no --adjust.
	groupNoPValues
	// groupPlan: the command plans a study whose test is fixed (power: the two-sided
	// percentile bootstrap at its --alpha), so it takes no --interval, --level, --adjust or
	// --passk.
	groupPlan
	// groupNoPassK: the command takes no --passk of groupStats: no output of it reads the
	// pass^k convention (the variance table does), or its --passk is its own (leaderboard's
	// list of k).
	groupNoPassK

	// groupAnalysis is what a command that builds tables from a scored release reads.
	groupAnalysis = groupInput | groupJobs | groupSets | groupStats | groupClustered
)

// episodeFlags names the flags of a command that give episodes (or verdicts) instead of
// the built-in ones, for its --bench help: a command's help names only flags it takes.
func episodeFlags(groups flagGroup) string {
	with := []string{"--runs"}
	if groups&groupOwnInspect == 0 {
		with = append(with, "--inspect")
	}
	if groups&groupVerdicts != 0 {
		with = append(with, "--verdicts")
	}
	if len(with) == 1 {
		return with[0]
	}
	return strings.Join(with[:len(with)-1], ", ") + " or " + with[len(with)-1]
}

// addCommon registers the flags of the groups a command takes; defaultOut is its --out
// default ("" for stdout).
func addCommon(fs *flag.FlagSet, groups flagGroup, defaultOut string) *common {
	c := &common{Options: job.Defaults(), name: fs.Name(), out: defaultOut}
	c.Workers, c.Tool = runtime.GOMAXPROCS(0), toolVersion()
	if groups&groupInput != 0 {
		fs.StringVar(&c.Source.Bench, "bench", c.Source.Bench, "case specs: a SafeActBench checkout, a directory of case JSON files, a JSONL of {case_id, protocol, case_spec} rows, or builtin (the built-in synthetic cases); required with "+episodeFlags(groups)+", default without them: builtin")
		fs.Var(pathList(&c.Source.Runs), "runs", "episode files, globs or directories (repeatable; default: the built-in release's episodes, or runs.jsonl / runs.parquet beside a --bench on disk)")
		if groups&groupOwnInspect == 0 {
			fs.Var(pathList(&c.Source.Inspect), "inspect", "Inspect logs of a SafeActBench task instead of --runs: .eval or .json files, folders (their .eval and .json logs) or globs (repeatable); a log's configuration is its model/solver")
			fs.StringVar(&c.Source.RecordFrom, "record-from", "", "with --inspect: where a sample's decision record is: output (the final completion, as JSON; the default), store:KEY or tool:NAME")
		}
		fs.Var(&cli.PathList{Values: &c.Policies, Known: func(v string) bool { return slices.Contains(oracle.AllPresetNames(), v) }}, "policy", "authorization policy: a preset ("+strings.Join(oracle.AllPresetNames(), ", ")+") or a JSON policy file (repeatable where a command compares policies); default safeact, tau-strict on a tau-bench: bench, and where policies are compared the six SafeActBench presets, or tau-strict, tau-lenient, tau-reads and tau-bench; docs/policies.md says what each does")
		fs.StringVar(&c.InfraFailures, "infra-failures", c.InfraFailures, "infra_failure episodes: exclude (the paper) or fail (the SafeActBench batch runner)")
		fs.StringVar(&c.Source.Dedupe, "dedupe", "", "duplicate episode keys: error (default), first or last")
		maxLineBytesFlag(fs, &c.Source.MaxLineBytes)
	}
	if groups&groupJobs != 0 {
		fs.IntVar(&c.Workers, "j", c.Workers, "worker goroutines (results do not depend on it)")
	}
	if groups&groupSets != 0 {
		fs.Var(setList(&c.Sets), "set", "case set NAME=FILE, one case id per line (repeatable)")
	}
	if groups&groupStats != 0 {
		st := &c.Stats
		fs.Uint64Var(&st.Seed, "seed", st.Seed, "master seed of every resampling")
		fs.IntVar(&st.Resamples, "resamples", st.Resamples, "bootstrap resamples")
		if groups&groupPlan == 0 {
			fs.StringVar(&st.Method, "interval", st.Method, "bootstrap interval: percentile, basic or bca")
		}
		fs.StringVar(&st.Quantile, "quantile", st.Quantile, "quantile convention: scipy (np.percentile, linear) or r (boot's norm.inter)")
		if groups&groupPlan == 0 {
			fs.Float64Var(&st.Level, "level", st.Level, "confidence level of the intervals")
		}
		// --clusters maps SafeActBench case ids: a command that reads no episodes has none.
		if groups&groupInput != 0 {
			what := "the clustered intervals"
			if groups&groupClustered != 0 {
				what = "--clustered and the clustered intervals"
			}
			fs.StringVar(&c.Source.ClustersFile, "clusters", "", "CSV case_id,cluster_id: the clusters "+what+" resample, instead of the bench's (template_id, Legacy contrast pairs, derived components)")
		}
		if groups&(groupNoPValues|groupPlan) == 0 {
			fs.StringVar(&st.Adjust, "adjust", st.Adjust, "multiplicity adjustment of a table's family of p-values: holm, bh (Benjamini–Hochberg) or none")
		}
		if groups&(groupPlan|groupNoPassK) == 0 {
			fs.StringVar(&st.PassK, "passk", st.PassK, "pass^k convention: planned (tau-bench: n = repeats planned, missing repeats fail) or per-case (tau2-bench: n = the case's scored repeats)")
		}
		fs.BoolVar(&st.Force, "force", false, fmt.Sprintf("allow --resamples below %d, down to 2 (intervals then rest on near-extreme order statistics)", bootstrap.MinResamples))
	}
	if groups&groupClustered != 0 {
		fs.BoolVar(&c.Stats.Clustered, "clustered", false, "resample clusters instead of cases: a --clusters file's, else the bench's (template_id, Legacy contrast pairs, derived components); the notes name the rule")
	}
	if groups&groupTables != 0 {
		c.addFormat(fs, job.TableOutput)
		fs.StringVar(&c.out, "out", defaultOut, "output file (its extension sets the format when --format is not given), or a directory (existing, ending in /, or needed for several tables) that receives one file per table; default stdout")
	}
	if groups&groupOut != 0 {
		fs.StringVar(&c.out, "out", defaultOut, "output directory or file")
	}
	if groups&(groupTables|groupLaTeX) != 0 {
		addLaTeXFlags(fs, &c.render)
	}
	if groups&groupVerdicts != 0 {
		fs.StringVar(&c.Verdicts, "verdicts", "", "build from a verdict dataset (score --format parquet --out DIR, possibly in shards) instead of scoring: its policies in its order, no re-scoring; --bench must name the cases it was scored on")
	}
	if groups&(groupHarness|groupChoices) != 0 {
		c.addChoices(fs, groups&groupChoices != 0)
	}
	return c
}

// addChoices registers the flags of the paper's fixed choices (analysis.Choices) that a
// command reads: the shared harness, and with tables the strategy conditions and case-set
// names.
func (c *common) addChoices(fs *flag.FlagSet, tables bool) {
	c.Choices = analysis.PaperChoices()
	ch := &c.Choices
	fs.StringVar(&ch.SharedHarness, "shared-harness", ch.SharedHarness, "the harness every model also ran with, that T4, its forest plot and the disagreement table pair the others with (case-insensitive)")
	if !tables {
		return
	}
	fs.StringVar(&ch.StrategyAll, "t13-strategy", ch.StrategyAll, "T13's strategy condition, compared with main on all protocols")
	fs.StringVar(&ch.StrategyExec, "t14-strategy", ch.StrategyExec, "T14's strategy condition, compared with main on V0–V3")
	fs.StringVar(&ch.SetT9, "t9-set", ch.SetT9, "T9's case set (matched V1 cases)")
	fs.StringVar(&ch.SetT10, "t10-set", ch.SetT10, "T10's case set (class-balanced cases)")
	fs.StringVar(&ch.SetInterventions, "interventions-set", ch.SetInterventions, "the interventions table's case set")
}

// checkFlags validates the shared flags and resolves the output format from --format or
// the --out extension (output.go).
func (c *common) checkFlags(fs *flag.FlagSet) error {
	if fs.Lookup("max-line-bytes") != nil {
		if err := checkMaxLineBytes(c.Source.MaxLineBytes); err != nil {
			return err
		}
	}
	if err := c.Check(); err != nil {
		return err
	}
	if err := c.resolveFormat(fs); err != nil {
		return err
	}
	if c.output == nil { // no --format (report writes every format): --latex-* always apply
		return nil
	}
	return checkLaTeXFlags(fs, c.outFormat())
}

// maxLineBytesFlag registers --max-line-bytes, the one declaration of every command that
// reads episode files (validate, convert and the commands of groupInput), so that the
// limit validate reports can be raised wherever the file is read.
func maxLineBytesFlag(fs *flag.FlagSet, p *int) {
	fs.IntVar(p, "max-line-bytes", ingest.DefaultMaxLineBytes, "longest JSONL line accepted, and longest JSON text cell of a Parquet episode file")
}

// commonInputs are the flags of addCommon's groups that name files a command reads (a
// --policy names a JSON file or a preset): with a command's own, its declaration of
// inputs (cli.Inputs), which an --out may not name.
var commonInputs = []string{"bench", "runs", "inspect", "policy", "set", "clusters", "verdicts"}

// inputs is the declaration of a command taking addCommon's input flags and its own.
func inputs(own ...string) cli.Inputs {
	return cli.Inputs{Flags: append(slices.Clip(commonInputs), own...), Names: benchNames}
}

// benchNames: a --bench that names a bench built in reads no file of that name.
var benchNames = map[string]func(string) bool{"bench": source.BenchNamed}

// pathList is the flag value of a list of paths: a value naming an existing path is taken
// whole, commas in its name and all.
func pathList(p *[]string) *cli.PathList { return &cli.PathList{Values: p} }

// setList is pathList for NAME=FILE values: the FILE decides.
func setList(p *[]string) *cli.PathList {
	return &cli.PathList{Values: p, Path: func(v string) string {
		_, file, _ := strings.Cut(v, "=")
		return file
	}}
}
