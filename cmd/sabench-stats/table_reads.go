package main

import (
	"flag"

	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/results"
)

// checkTableReads refuses, before scoring, a flag that none of specs, the tables the
// command builds, reads (job.Options.CheckTableReads).
func (c *common) checkTableReads(fs *flag.FlagSet, specs []results.Spec) error {
	var given []string
	fs.Visit(func(f *flag.Flag) { given = append(given, f.Name) })
	return c.CheckTableReads(fs.Name(), specs, given)
}

// checkTableReadsOnLoad checks the flags again once the bench is loaded, before scoring,
// when what it holds gives other tables than its name said: a folder of action-rules
// cases (casespec.OfficialTasks) has the tables of a tau-bench: bench, which no name
// announces. specs are the tables built for a bench whose cases take task success from
// the benchmark's own verdict (official) or not.
func (c *common) checkTableReadsOnLoad(fs *flag.FlagSet, specs func(official bool) []results.Spec) {
	c.CheckBench = func(b *casespec.Bench) error {
		if official := casespec.OfficialTasks(b.Cases); official != c.OfficialBench() {
			return c.checkTableReads(fs, specs(official))
		}
		return nil
	}
}
