package main

import (
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
	if err := e.Parse(fs, args, cli.Inputs{}); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("version takes no arguments (got %q)", fs.Args())
	}
	_, err := io.WriteString(e.Stdout, toolVersion().Line())
	return err
}
