package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/bootstrap"
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

// stats returns the interval options (check has validated them).
func (c *common) stats() analysis.StatOptions {
	m, _ := bootstrap.ParseMethod(c.method)
	q, _ := bootstrap.ParseQuantileMode(c.quantile)
	a, _ := analysis.ParseAdjustment(c.adjust)
	pk, _ := bootstrap.ParsePassKConvention(c.passk)
	return analysis.StatOptions{Resamples: c.resamples, Seed: c.seed, Workers: c.jobs, Level: c.level,
		Method: m, Quantile: q, Clustered: c.clustered, Adjust: a, PassK: pk}
}

// outFormat returns the parsed --format.
func (c *common) outFormat() results.Format {
	f, _ := results.ParseFormat(c.format)
	return f
}

// common holds the flags every analysis command reads (DESIGN §8).
type common struct {
	bench         string
	runs          listFlag
	policies      listFlag
	seed          uint64
	resamples     int
	format        string
	out           string
	jobs          int
	sets          listFlag
	clusters      string
	infraFailures string
	dedupe        string
	lenient       bool // score --lenient: ingest.ReadOptions.Lenient
	method        string
	quantile      string
	level         float64
	clustered     bool
	verdicts      string // a verdict dataset to read instead of scoring; set by addVerdicts
	force         bool
	adjust        string
	passk         string
	choices       analysis.Choices // the paper's choices; set by addChoices

	stderr io.Writer // for progress, shown only when it is a terminal

	fs         *flag.FlagSet         // the command's flags, for checks of what was set
	render     results.RenderOptions // the LaTeX layout flags (latex_flags.go)
	allFormats bool                  // the command writes every format (report): --latex-* always apply

	name string // the command, for messages

	// loaded is the last input loaded and scored the last release scored, for the
	// provenance of the outputs.
	loaded *input
	scored *analysis.ScoredRelease
}

// newFlagSet returns a flag set whose errors are usage errors and whose help goes to
// stderr.
func newFlagSet(e *env, name, usage string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		fmt.Fprintf(e.stderr, "usage: sabench-stats %s %s\n\nflags:\n", name, usage)
		fs.PrintDefaults()
	}
	return fs
}

// addCommon registers the shared flags; defaultOut is the command's --out default ("" for
// stdout).
func addCommon(e *env, fs *flag.FlagSet, defaultOut string) *common {
	c := &common{stderr: e.stderr, fs: fs, name: fs.Name()}
	addLaTeXFlags(fs, &c.render)
	d := analysis.DefaultStatOptions()
	fs.StringVar(&c.bench, "bench", "builtin", "case specs: a SafeActBench checkout, a directory of case JSON files, a JSONL of {case_id, protocol, case_spec} rows, or builtin")
	fs.Var(&c.runs, "runs", "episode files, globs or directories (repeatable; default: the built-in release's episodes)")
	fs.Var(&c.policies, "policy", "authorization policy: a preset (safeact, near-miss, toolsandbox, tau-bench, appworld) or a JSON policy file (repeatable where a command compares policies)")
	fs.Uint64Var(&c.seed, "seed", d.Seed, "master seed of every resampling")
	fs.IntVar(&c.resamples, "resamples", d.Resamples, "bootstrap resamples")
	fs.StringVar(&c.format, "format", "text", "output format: text, md, latex, csv or json")
	fs.StringVar(&c.out, "out", defaultOut, "output directory or file")
	fs.IntVar(&c.jobs, "j", runtime.GOMAXPROCS(0), "worker goroutines (results do not depend on it)")
	fs.Var(&c.sets, "set", "case set NAME=FILE, one case id per line (repeatable)")
	fs.StringVar(&c.clusters, "clusters", "", "CSV case_id,cluster_id for the template-clustered bootstrap")
	fs.StringVar(&c.infraFailures, "infra-failures", "exclude", "infra_failure episodes: exclude (the paper) or fail (the SafeActBench batch runner)")
	fs.StringVar(&c.dedupe, "dedupe", "", "duplicate episode keys: error (default), first or last")
	fs.StringVar(&c.method, "interval", "percentile", "bootstrap interval: percentile, basic or bca")
	fs.StringVar(&c.quantile, "quantile", "scipy", "quantile convention: scipy (np.percentile, linear) or r (boot's norm.inter)")
	fs.Float64Var(&c.level, "level", d.Level, "confidence level of the intervals")
	fs.BoolVar(&c.clustered, "clustered", false, "resample template clusters instead of cases")
	fs.StringVar(&c.adjust, "adjust", "holm", "multiplicity adjustment of a table's family of p-values: holm or bh (Benjamini–Hochberg)")
	fs.StringVar(&c.passk, "passk", "planned", "pass^k convention: planned (tau-bench: n = repeats planned, missing repeats fail) or per-case (tau2-bench: n = the case's scored repeats)")
	fs.BoolVar(&c.force, "force", false, fmt.Sprintf("allow --resamples below %d (intervals then rest on near-extreme order statistics)", bootstrap.MinResamples))
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

// formatSet reports whether --format was given on the command line.
func (c *common) formatSet(fs *flag.FlagSet) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == "format" })
	return set
}

// tableInput is what the tables of a scored release are built from.
func (c *common) tableInput(sr *analysis.ScoredRelease) *results.Input {
	return &results.Input{Releases: sr.Releases, Stats: c.stats(), Choices: c.choices}
}

// parseFlags parses args and turns flag errors into usage errors. It returns errHelp
// when -h was given, which run reports as success.
func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(flagsFirst(fs, args)); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return errHelp
		}
		return usagef("%s: %v", fs.Name(), err)
	}
	return nil
}

// parse parses an analysis command's arguments, checks the shared flags and refuses
// positional arguments (hint follows the refusal).
func (c *common) parse(fs *flag.FlagSet, args []string, hint string) error {
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := c.check(); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("%s takes no arguments (got %q)%s", fs.Name(), fs.Args(), hint)
	}
	return nil
}

// errHelp signals that help was printed; it is not a failure.
var errHelp = errors.New("help requested")

// check validates the shared flags.
func (c *common) check() error {
	if !c.allFormats {
		if err := checkLaTeXFlags(c.fs, c.outFormat()); err != nil {
			return err
		}
	}
	if c.resamples < 0 {
		return usagef("--resamples must be ≥ 0")
	}
	if c.resamples > 0 && c.resamples < bootstrap.MinResamples && !c.force {
		return usagef("--resamples %d is below %d: the interval endpoints would be near-extreme order statistics; pass --force to accept that (or --resamples 0 for no intervals)", c.resamples, bootstrap.MinResamples)
	}
	if c.jobs < 1 {
		return usagef("-j must be ≥ 1")
	}
	if c.level <= 0 || c.level >= 1 {
		return usagef("--level must be in (0, 1)")
	}
	if _, err := bootstrap.ParseMethod(c.method); err != nil {
		return usagef("--interval: %v", err)
	}
	if _, err := bootstrap.ParseQuantileMode(c.quantile); err != nil {
		return usagef("--quantile: %v", err)
	}
	if _, err := analysis.ParseAdjustment(c.adjust); err != nil {
		return usagef("--adjust: %v", err)
	}
	if _, err := bootstrap.ParsePassKConvention(c.passk); err != nil {
		return usagef("--passk: %v", err)
	}
	if _, err := results.ParseFormat(c.format); err != nil {
		return usagef("--format: %v", err)
	}
	switch c.infraFailures {
	case "exclude", "fail":
	default:
		return usagef("--infra-failures must be exclude or fail, not %q", c.infraFailures)
	}
	switch c.dedupe {
	case "", "error", "first", "last":
	default:
		return usagef("--dedupe must be first or last, not %q", c.dedupe)
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
