package main

import (
	"fmt"
	"io"
	"runtime/debug"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/cmd/internal/cli"
	"github.com/sabench/sabench-stats/results"
)

func init() {
	register(cli.Command{Name: "version", Summary: "print the tool's module version and VCS revision", Run: runVersion})
}

// toolName is the program's name in provenance records.
const toolName = "sabench-stats"

// toolVersion reads the module version and VCS stamp of the running binary.
func toolVersion() results.Tool {
	bi, ok := debug.ReadBuildInfo()
	return results.ToolOf(toolName, bi, ok)
}

func runVersion(e *cli.Env, args []string) error {
	fs := e.FlagSet("version", "")
	if err := e.Parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("version takes no arguments (got %q)", fs.Args())
	}
	_, err := io.WriteString(e.Stdout, toolVersion().Line())
	return err
}

// meta is the provenance of this command's outputs: the tool, the data and the hash of
// every input file read, the policies, the interval settings and the shared harness.
func (c *common) meta(sr *analysis.ScoredRelease) (*results.Meta, error) {
	m := results.NewMeta(sr, c.opts, c.stat.Method, c.stat.Quantile, c.choices)
	m.Tool = toolVersion()
	if c.loaded != nil {
		if err := m.AddInputs(c.loaded.Bench.ClusterCounts, c.loaded.Files, c.loaded.Hashes); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// stamp attaches the provenance to tables, says on stderr why any table is empty, and
// returns the provenance.
func (c *common) stamp(e *cli.Env, cmd string, sr *analysis.ScoredRelease, ts []*results.Table) (*results.Meta, error) {
	m, err := c.meta(sr)
	if err != nil {
		return nil, err
	}
	results.Stamp(ts, m)
	for _, t := range ts {
		if t.Empty != "" {
			fmt.Fprintf(e.Stderr, "sabench-stats %s: table %s is empty: %s\n", cmd, t.ID, t.Empty)
		}
	}
	return m, nil
}
