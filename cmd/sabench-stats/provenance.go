package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/results"
)

func init() {
	register(command{name: "version", summary: "print the tool's module version and VCS revision", run: runVersion})
}

// toolName is the program's name in provenance records.
const toolName = "sabench-stats"

// toolVersion reads the module version and VCS stamp of the running binary.
func toolVersion() results.Tool {
	bi, ok := debug.ReadBuildInfo()
	return versionOf(bi, ok)
}

// versionOf is toolVersion for given build info: the main module's version ("(devel)"
// for a build from a working tree) and the vcs.revision and vcs.modified settings that
// `go build` stamps in a VCS checkout (go run and go test do not).
func versionOf(bi *debug.BuildInfo, ok bool) results.Tool {
	t := results.Tool{Name: toolName, Version: "(devel)"}
	if !ok || bi == nil {
		return t
	}
	if bi.Main.Version != "" {
		t.Version = bi.Main.Version
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			t.Revision = s.Value
		case "vcs.modified":
			t.Modified = s.Value == "true"
		}
	}
	return t
}

// versionLine is what `version` and `--version` print.
func versionLine(t results.Tool) string {
	rev := t.Revision
	switch {
	case rev == "":
		rev = "unknown (built without VCS stamping, e.g. go run)"
	case t.Modified:
		rev += " (modified)"
	}
	return fmt.Sprintf("%s %s, revision %s\n", t.Name, t.Version, rev)
}

func runVersion(e *env, args []string) error {
	fs := newFlagSet(e, "version", "")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("version takes no arguments (got %q)", fs.Args())
	}
	_, err := io.WriteString(e.stdout, versionLine(toolVersion()))
	return err
}

// meta is the provenance of this command's outputs: the tool, the data and the hash of
// every input file read, the policies, the interval settings and the shared harness.
func (c *common) meta(sr *analysis.ScoredRelease) (*results.Meta, error) {
	m := results.NewMeta(sr, c.stats(), c.method, c.quantile, c.choices)
	m.Tool = toolVersion()
	if c.loaded != nil {
		if c.clustered {
			for _, cc := range c.loaded.bench.ClusterCounts {
				if cc.Clusters > 0 {
					m.Intervals.ClusterRules = append(m.Intervals.ClusterRules, results.ClusterRule{Rule: cc.Rule, Clusters: cc.Clusters, Cases: cc.Cases})
				}
			}
		}
		for _, p := range c.loaded.files {
			f, err := hashFile(p)
			if err != nil {
				return nil, fmt.Errorf("provenance: %w", err)
			}
			m.Inputs = append(m.Inputs, f)
		}
	}
	return m, nil
}

// hashFile is a file's size and SHA-256.
func hashFile(p string) (results.InputFile, error) {
	f, err := os.Open(p)
	if err != nil {
		return results.InputFile{}, err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return results.InputFile{}, fmt.Errorf("%s: %w", p, err)
	}
	return results.InputFile{Path: p, Bytes: n, SHA256: hex.EncodeToString(h.Sum(nil))}, nil
}

// stamp attaches the provenance to tables, says on stderr why any table is empty, and
// returns the provenance.
func (c *common) stamp(e *env, cmd string, sr *analysis.ScoredRelease, ts []*results.Table) (*results.Meta, error) {
	m, err := c.meta(sr)
	if err != nil {
		return nil, err
	}
	results.Stamp(ts, m)
	for _, t := range ts {
		if t.Empty != "" {
			fmt.Fprintf(e.stderr, "sabench-stats %s: table %s is empty: %s\n", cmd, t.ID, t.Empty)
		}
	}
	return m, nil
}
