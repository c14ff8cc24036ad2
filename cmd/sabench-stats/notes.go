package main

import (
	"fmt"

	"github.com/sabench/sabench-stats/cmd/internal/cli"
)

// printLines prints each line a library returned for the reader (job.EmptyNotes, …) on
// stderr, after "sabench-stats CMD: " when cmd is given; an empty line is none.
func printLines(e *cli.Env, cmd string, lines ...string) {
	for _, l := range lines {
		if l == "" {
			continue
		}
		if cmd != "" {
			fmt.Fprintf(e.Stderr, "sabench-stats %s: %s\n", cmd, l)
		} else {
			fmt.Fprintln(e.Stderr, l)
		}
	}
}
