package source

import (
	"fmt"
	"strings"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/synth"
	"github.com/sabench/sabench-stats/ingest/tau"
)

// Builtin is the bench name of the built-in synthetic release.
const Builtin = "builtin"

// ParseSets turns NAME=FILE values (--set) into ingest.BenchOptions.Sets; nil when there
// are none.
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
		sets[name] = file
	}
	return sets, nil
}

// LoadBench loads the bench named: tau-bench:DOMAIN (the τ-bench domain's cases, generated
// from its rules file), Builtin, the built-in release's cases and sets
// (stamped with its dataset id and version, as a release written by `synth --out` is),
// or a path for ingest.LoadBench. describe names it for notes. The built-in release's
// episodes come back too (nil for a bench on disk).
func LoadBench(name string, opt ingest.BenchOptions) (b *ingest.Bench, describe string, episodes []*ingest.Episode, err error) {
	if tau.IsBenchName(name) {
		b, err = tau.LoadBench(name, opt)
		return b, "the τ-bench domain " + name + " (its rules file, built in)", nil, err
	}
	if name != Builtin {
		b, err = ingest.LoadBench(name, opt)
		return b, name, nil, err
	}
	rel, err := synth.Default()
	if err != nil {
		return nil, "", nil, fmt.Errorf("built-in release: %w", err)
	}
	if b, err = ingest.NewBench(Builtin, rel.Cases, rel.Sets, opt); err != nil {
		return nil, "", nil, err
	}
	b.DatasetID, b.DatasetVersion = ingest.SyntheticDatasetID, rel.DatasetVersion()
	return b, "the built-in synthetic release", rel.Episodes, nil
}
