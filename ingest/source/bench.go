package source

import (
	"errors"
	"fmt"
	"strings"

	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/synth"
	"github.com/sabench/sabench-stats/ingest/tau"
)

// Builtin is the bench name of the built-in synthetic release.
const Builtin = "builtin"

// ResolveBench resolves the bench a command line named: the built-in release when none is
// named and no episodes are given; with episodes (named by from: "--runs", "--verdicts"),
// a bench must be named. The real benchmark's case ids are also the synthetic cases'
// ids, so real episodes scored against the built-in cases would produce plausible and
// wrong numbers; the error says which flag to add.
func ResolveBench(bench, from string) (string, error) {
	switch {
	case bench != "":
		return bench, nil
	case from == "":
		return Builtin, nil
	}
	return "", fmt.Errorf("%s needs --bench: pass --bench DIR (the SafeActBench checkout or case files the episodes were run on), or --bench builtin for the built-in synthetic cases", from)
}

// ParseSets turns NAME=FILE values (--set) into casespec.BenchOptions.Sets; nil when there
// are none. A name given twice with two files is an error: one of them would be dropped.
func ParseSets(values []string) (map[string]string, error) {
	var sets map[string]string
	for _, s := range values {
		name, file, ok := strings.Cut(s, "=")
		if !ok || name == "" || file == "" {
			return nil, fmt.Errorf("--set wants NAME=FILE, not %q", s)
		}
		if sets == nil {
			sets = map[string]string{}
		}
		if prev, ok := sets[name]; ok && prev != file {
			return nil, fmt.Errorf("--set %s is given twice (%s and %s)", name, prev, file)
		}
		sets[name] = file
	}
	return sets, nil
}

// BenchNamed reports whether a --bench value names a bench built in (builtin,
// tau-bench:DOMAIN), which LoadBench loads without reading a file of that name.
func BenchNamed(name string) bool { return name == Builtin || tau.IsBenchName(name) }

// ErrBenchStdin refuses --bench -: the cases are a folder or files read by name.
var ErrBenchStdin = errors.New("--bench takes a folder or a file of case specifications (a SafeActBench checkout, a directory of case JSON files, a JSONL of case rows), builtin or tau-bench:DOMAIN, not standard input (-): save the cases to a file")

// LoadBench loads the bench named: tau-bench:DOMAIN (the τ-bench domain's cases, generated
// from its rules file), Builtin, the built-in release's cases and sets (stamped with its
// dataset id and version, as a release written by `synth --out` is), or a path for
// casespec.LoadBench. describe names it for notes. The built-in release's episodes are
// not generated: Open streams them to a command that reads them (synth.StreamDefault),
// and validate and the verdict datasets, which load the bench alone, need none.
func LoadBench(name string, opt casespec.BenchOptions) (b *casespec.Bench, describe string, err error) {
	if name == "-" {
		// It said "no such file or directory", as if "-" were a file's name.
		return nil, "", ErrBenchStdin
	}
	if tau.IsBenchName(name) {
		b, err = tau.LoadBench(name, opt)
		return b, "the τ-bench domain " + name + " (its rules file, built in)", err
	}
	if name != Builtin {
		b, err = casespec.LoadBench(name, opt)
		return b, name, err
	}
	rel, err := synth.DefaultCases()
	if err != nil {
		return nil, "", fmt.Errorf("built-in release: %w", err)
	}
	if b, err = casespec.NewBench(Builtin, rel.Cases, rel.Sets, opt); err != nil {
		return nil, "", err
	}
	b.DatasetID, b.DatasetVersion = casespec.SyntheticDatasetID, rel.DatasetVersion()
	return b, "the built-in synthetic release", nil
}
