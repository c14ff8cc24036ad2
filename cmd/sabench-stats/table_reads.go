package main

import (
	"flag"

	"github.com/sabench/sabench-stats/results"
)

// checkTableReads refuses, before scoring, a flag that none of specs, the tables the
// command builds, reads (job.Options.CheckTableReads).
func (c *common) checkTableReads(fs *flag.FlagSet, specs []results.Spec) error {
	var given []string
	fs.Visit(func(f *flag.Flag) { given = append(given, f.Name) })
	return c.CheckTableReads(fs.Name(), specs, given)
}
