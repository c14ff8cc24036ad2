package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/ingest/source"
	"github.com/sabench/sabench-stats/results"
)

// listFlag collects a repeatable flag; commas also separate values.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }

func (l *listFlag) Set(v string) error {
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			*l = append(*l, s)
		}
	}
	return nil
}

// optInt is an int flag with no default: the int stays -1 until the flag is given (≥ 0),
// and -h shows no "(default -1)".
type optInt struct{ p *int }

func (o optInt) String() string {
	if o.p == nil || *o.p < 0 {
		return ""
	}
	return strconv.Itoa(*o.p)
}

func (o optInt) Set(v string) error {
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return fmt.Errorf("want an integer ≥ 0, not %q", v)
	}
	*o.p = n
	return nil
}

// outFormat returns the table format (checkFlags has resolved it).
func (c *common) outFormat() results.Format {
	f, _ := results.ParseFormat(c.format)
	return f
}

// common holds the flags of the analysis commands (DESIGN §8). A command registers only
// the groups it reads (flagGroup), so that its -h lists what it uses; the fields of the
// groups it does not take keep their defaults.
type common struct {
	src           source.Options // --bench, --runs, --clusters, --dedupe, --lenient; load adds the rest
	sets          listFlag
	policies      listFlag
	stat          analysis.StatNames   // the bootstrap flags, as given
	opts          analysis.StatOptions // stat, parsed by check
	jobs          int
	infraFailures string
	format        string // after parse: the canonical name of the output format
	out           string
	verdicts      string           // a verdict dataset to read instead of scoring (groupVerdicts)
	choices       analysis.Choices // the paper's choices; set by addChoices

	output *results.OutputKind // what --format names; nil when the command has no --format

	stderr io.Writer // for progress, shown only when it is a terminal

	render results.RenderOptions // the LaTeX layout flags (latex_flags.go)

	name string // the command, for messages

	// loaded is the last input loaded and scored the last release scored, for the
	// provenance of the outputs.
	loaded *source.Input
	scored *analysis.ScoredRelease
}

// flagGroup is a set of related flags; each command declares the groups it takes.
type flagGroup uint16

const (
	// groupInput: --bench, --runs, --policy, --infra-failures, --dedupe.
	groupInput flagGroup = 1 << iota
	// groupJobs: -j, for commands that score many episodes.
	groupJobs
	// groupSets: --set (case sets, read by the tables that name one).
	groupSets
	// groupStats: --seed, --resamples, --interval, --quantile, --level, --clusters (the
	// bootstrap).
	groupStats
	// groupClustered: --clustered (resample clusters rather than cases).
	groupClustered
	// groupTables: --format (a table format) and --out (a file, or a directory for several
	// tables).
	groupTables
	// groupOut: --out alone, for a command whose output is a directory or a page.
	groupOut
	// groupLaTeX: --latex-width, --latex-env without --format (report's .tex files);
	// groupTables has them too.
	groupLaTeX
	// groupVerdicts: --verdicts (build from a verdict dataset instead of scoring).
	groupVerdicts
	// groupHarness: --shared-harness, the one paper choice (analysis.Choices) figures read.
	groupHarness
	// groupChoices: every paper choice: --shared-harness, the tables' strategy conditions
	// and case-set names.
	groupChoices

	// groupAnalysis is what a command that builds tables from a scored release reads.
	groupAnalysis = groupInput | groupJobs | groupSets | groupStats | groupClustered
)

// newFlagSet returns a flag set whose errors are usage errors and whose help goes to
// stderr.
func newFlagSet(e *env, name, usage string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: sabench-stats %s %s\n\nflags:\n", name, usage)
		fs.PrintDefaults()
	}
	return fs
}

// addCommon registers the flags of the groups a command takes; defaultOut is its --out
// default ("" for stdout).
func addCommon(e *env, fs *flag.FlagSet, groups flagGroup, defaultOut string) *common {
	c := &common{stderr: e.stderr, name: fs.Name(), src: source.Options{Bench: source.Builtin},
		stat: analysis.DefaultStatNames(), jobs: runtime.GOMAXPROCS(0), infraFailures: "exclude", out: defaultOut}
	if groups&groupInput != 0 {
		fs.StringVar(&c.src.Bench, "bench", c.src.Bench, "case specs: a SafeActBench checkout, a directory of case JSON files, a JSONL of {case_id, protocol, case_spec} rows, or builtin")
		fs.Var((*listFlag)(&c.src.Runs), "runs", "episode files, globs or directories (repeatable; default: the built-in release's episodes)")
		fs.Var(&c.policies, "policy", "authorization policy: a preset (safeact, near-miss, toolsandbox, tau-bench, appworld) or a JSON policy file (repeatable where a command compares policies)")
		fs.StringVar(&c.infraFailures, "infra-failures", c.infraFailures, "infra_failure episodes: exclude (the paper) or fail (the SafeActBench batch runner)")
		fs.StringVar(&c.src.Dedupe, "dedupe", "", "duplicate episode keys: error (default), first or last")
	}
	if groups&groupJobs != 0 {
		fs.IntVar(&c.jobs, "j", c.jobs, "worker goroutines (results do not depend on it)")
	}
	if groups&groupSets != 0 {
		fs.Var(&c.sets, "set", "case set NAME=FILE, one case id per line (repeatable)")
	}
	if groups&groupStats != 0 {
		st := &c.stat
		fs.Uint64Var(&st.Seed, "seed", st.Seed, "master seed of every resampling")
		fs.IntVar(&st.Resamples, "resamples", st.Resamples, "bootstrap resamples")
		fs.StringVar(&st.Method, "interval", st.Method, "bootstrap interval: percentile, basic or bca")
		fs.StringVar(&st.Quantile, "quantile", st.Quantile, "quantile convention: scipy (np.percentile, linear) or r (boot's norm.inter)")
		fs.Float64Var(&st.Level, "level", st.Level, "confidence level of the intervals")
		fs.StringVar(&c.src.ClustersFile, "clusters", "", "CSV case_id,cluster_id for the template-clustered bootstrap")
		fs.StringVar(&st.Adjust, "adjust", st.Adjust, "multiplicity adjustment of a table's family of p-values: holm or bh (Benjamini–Hochberg)")
		fs.StringVar(&st.PassK, "passk", st.PassK, "pass^k convention: planned (tau-bench: n = repeats planned, missing repeats fail) or per-case (tau2-bench: n = the case's scored repeats)")
		fs.BoolVar(&st.Force, "force", false, fmt.Sprintf("allow --resamples below %d (intervals then rest on near-extreme order statistics)", bootstrap.MinResamples))
	}
	if groups&groupClustered != 0 {
		fs.BoolVar(&c.stat.Clustered, "clustered", false, "resample template clusters instead of cases")
	}
	if groups&groupTables != 0 {
		c.addFormat(fs, results.TableOutput)
		fs.StringVar(&c.out, "out", defaultOut, "output file (its extension sets the format when --format is not given), or a directory (existing, ending in /, or needed for several tables) that receives one file per table; default stdout")
	}
	if groups&groupOut != 0 {
		fs.StringVar(&c.out, "out", defaultOut, "output directory or file")
	}
	if groups&(groupTables|groupLaTeX) != 0 {
		addLaTeXFlags(fs, &c.render)
	}
	if groups&groupVerdicts != 0 {
		fs.StringVar(&c.verdicts, "verdicts", "", "build from a verdict dataset (score --format parquet --out DIR, possibly in shards) instead of scoring: its policies in its order, no re-scoring; --bench must name the cases it was scored on")
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
	c.choices = analysis.PaperChoices()
	ch := &c.choices
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

// tableInput is what the tables of a scored release are built from.
func (c *common) tableInput(sr *analysis.ScoredRelease) *results.Input {
	return &results.Input{Releases: sr.Releases, Stats: c.opts, Choices: c.choices}
}

// parseFlags parses args and turns flag errors into usage errors. It returns errDone
// when -h was given, which run reports as success.
func parseFlags(fs *flag.FlagSet, args []string) error {
	// The flag package prints its message and the whole usage on a parse error; the error
	// is reported once by exitCode instead, and the usage printed for -h only.
	out := fs.Output()
	fs.SetOutput(io.Discard)
	err := fs.Parse(flagsFirst(fs, args))
	fs.SetOutput(out)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.Usage()
			return errDone
		}
		if strings.HasPrefix(err.Error(), "flag provided but not defined") {
			return usagef("%s: %v (sabench-stats %s -h lists the flags it takes)", fs.Name(), err, fs.Name())
		}
		return usagef("%s: %v", fs.Name(), err)
	}
	return nil
}

// errDone ends a command early without failing: help was printed (-h), or tables --list
// listed; run reports it as success.
var errDone = errors.New("done")

// checkFlags validates the shared flags and resolves the output format from --format or
// the --out extension (output.go).
func (c *common) checkFlags(fs *flag.FlagSet) error {
	if err := c.check(); err != nil {
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

// check validates the shared flags (analysis.StatNames and the input's).
func (c *common) check() (err error) {
	c.stat.Workers = c.jobs
	if c.opts, err = c.stat.Options(); err != nil {
		return usagef("%v", err)
	}
	if _, err := analysis.ParseInfraFailures(c.infraFailures); err != nil {
		return usagef("%v", err)
	}
	if err := source.CheckDedupe(c.src.Dedupe); err != nil {
		return usagef("%v", err)
	}
	return nil
}

// flagsFirst moves positional arguments after the flags, so that `tables T2 --format md`
// works as users expect; the standard flag package stops at the first positional. A value
// that follows a non-boolean flag stays with it, and "--" ends the flags.
func flagsFirst(fs *flag.FlagSet, args []string) []string {
	var flags, pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			pos = append(pos, args[i+1:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			pos = append(pos, a)
			continue
		}
		flags = append(flags, a)
		name := strings.TrimLeft(a, "-")
		if strings.Contains(name, "=") {
			continue
		}
		f := fs.Lookup(name)
		if f == nil {
			continue
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			continue
		}
		if i+1 < len(args) {
			i++
			flags = append(flags, args[i])
		}
	}
	if len(pos) == 0 {
		return flags
	}
	return append(append(flags, "--"), pos...)
}

// checkChoices refuses a choice flag that names nothing in the release.
func (c *common) checkChoices(sr *analysis.ScoredRelease) error {
	if c.choices == (analysis.Choices{}) { // a command without choice flags
		return nil
	}
	if err := c.choices.Check(sr.Releases[0]); err != nil {
		return usagef("%v", err)
	}
	return nil
}
