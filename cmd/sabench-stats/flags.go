package main

import (
	"errors"
	"io"

	"flag"
	"fmt"
	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/bootstrap"
	"github.com/sabench/sabench-stats/results"
	"runtime"
	"strings"
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
	return analysis.StatOptions{Resamples: c.resamples, Seed: c.seed, Workers: c.jobs, Level: c.level,
		Method: m, Quantile: q, Clustered: c.clustered}
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

	stderr io.Writer // for progress, shown only when it is a terminal
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
	c := &common{stderr: e.stderr}
	fs.StringVar(&c.bench, "bench", "builtin", "case specs: a SafeActBench checkout, a directory of case JSON files, a JSONL of {case_id, protocol, case_spec} rows, or builtin")
	fs.Var(&c.runs, "runs", "episode files, globs or directories (repeatable; default: the built-in release's episodes)")
	fs.Var(&c.policies, "policy", "authorization policy: a preset (safeact, near-miss, toolsandbox, tau-bench, appworld) or a JSON policy file (repeatable where a command compares policies)")
	fs.Uint64Var(&c.seed, "seed", 1, "master seed of every resampling")
	fs.IntVar(&c.resamples, "resamples", 5000, "bootstrap resamples")
	fs.StringVar(&c.format, "format", "text", "output format: text, md, latex, csv or json")
	fs.StringVar(&c.out, "out", defaultOut, "output directory or file")
	fs.IntVar(&c.jobs, "j", runtime.GOMAXPROCS(0), "worker goroutines (results do not depend on it)")
	fs.Var(&c.sets, "set", "case set NAME=FILE, one case id per line (repeatable)")
	fs.StringVar(&c.clusters, "clusters", "", "CSV case_id,cluster_id for the template-clustered bootstrap")
	fs.StringVar(&c.infraFailures, "infra-failures", "exclude", "infra_failure episodes: exclude (the paper) or fail (the SafeActBench batch runner)")
	fs.StringVar(&c.dedupe, "dedupe", "", "duplicate episode keys: error (default), first or last")
	fs.StringVar(&c.method, "interval", "percentile", "bootstrap interval: percentile, basic or bca")
	fs.StringVar(&c.quantile, "quantile", "scipy", "quantile convention: scipy (np.percentile, linear) or r (boot's norm.inter)")
	fs.Float64Var(&c.level, "level", 0.95, "confidence level of the intervals")
	fs.BoolVar(&c.clustered, "clustered", false, "resample template clusters instead of cases")
	return c
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

// errHelp signals that help was printed; it is not a failure.
var errHelp = errors.New("help requested")

// check validates the shared flags.
func (c *common) check() error {
	if c.resamples < 0 {
		return usagef("--resamples must be ≥ 0")
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
