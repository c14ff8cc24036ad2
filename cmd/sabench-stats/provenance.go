package main

import (
	"fmt"
	"io"
	"runtime/debug"

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

// stamp attaches the provenance of the last release scored to tables (job.Options.Stamp)
// and says on stderr why any table is empty.
func (c *common) stamp(e *cli.Env, ts []*results.Table) (*results.Meta, error) {
	m, err := c.Stamp(c.rel, ts)
	if err != nil {
		return nil, err
	}
	noteEmpty(e, c.name, ts)
	return m, nil
}

// noteEmpty says on stderr why each empty table is empty.
func noteEmpty(e *cli.Env, cmd string, ts []*results.Table) {
	for _, t := range ts {
		if t.Empty != "" {
			fmt.Fprintf(e.Stderr, "sabench-stats %s: table %s is empty: %s\n", cmd, t.ID, t.Empty)
		}
	}
}
