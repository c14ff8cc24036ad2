package main

import (
	"flag"
	"slices"

	"github.com/sabench/sabench-stats/ingest/source"
	"github.com/sabench/sabench-stats/results"
)

// checkTableReads refuses, before scoring, a flag that only some tables read (an
// interval setting, --adjust, --passk, --clusters, a paper choice) when none of specs,
// the tables the command builds, reads it, and a --set whose name none of them reads
// (results.CheckReads, results.CheckSets): the flag would change nothing.
func (c *common) checkTableReads(fs *flag.FlagSet, specs []results.Spec) error {
	var given []string
	fs.Visit(func(f *flag.Flag) { given = append(given, f.Name) })
	if err := results.CheckReads(specs, given, c.Stats.Clustered); err != nil {
		return usagef("%s: %v", fs.Name(), err)
	}
	sets, err := source.ParseSets(c.Sets)
	if err != nil {
		return usagef("%v", err)
	}
	names := make([]string, 0, len(sets))
	for n := range sets {
		names = append(names, n)
	}
	slices.Sort(names)
	if err := results.CheckSets(specs, c.Choices, names); err != nil {
		return usagef("%s: %v", fs.Name(), err)
	}
	return nil
}

// scoredPolicies is how many policies a command that scores every preset without
// --policy (all) will score, for the tables that depend on it (results.DefaultOf); 2
// stands for several where the count is not known before reading (a verdict dataset).
func (c *common) scoredPolicies(all bool) int {
	switch {
	case c.Verdicts != "" && len(c.Policies) == 0, all && len(c.Policies) == 0:
		return 2
	}
	return len(c.Policies)
}
