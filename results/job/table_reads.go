package job

import (
	"fmt"
	"maps"
	"slices"

	"github.com/sabench/sabench-stats/ingest/source"
	"github.com/sabench/sabench-stats/results"
)

// CheckTableReads refuses, before scoring, a flag (given: the names set on the command
// line of command) that only some tables read (an interval setting, --adjust, --passk,
// --clusters, a paper choice, --policy, --infra-failures, --dedupe, and a second
// --policy) when none of specs, the tables the command builds, reads it,
// and a --set whose name none of them reads (results.CheckReads, results.CheckSets): the
// flag would change nothing. Each refusal is an OptionError.
func (o *Options) CheckTableReads(command string, specs []results.Spec, given []string) error {
	if len(o.Policies) > 1 {
		given = append(slices.Clip(given), results.PoliciesAfterFirst)
	}
	if err := results.CheckReads(specs, given, o.Stats.Clustered); err != nil {
		return optionError(fmt.Errorf("%s: %w", command, err))
	}
	sets, err := source.ParseSets(o.Sets)
	if err != nil {
		return optionError(err)
	}
	if err := results.CheckSets(specs, o.Choices, slices.Sorted(maps.Keys(sets))); err != nil {
		return optionError(fmt.Errorf("%s: %w", command, err))
	}
	return nil
}

// ScoredPolicies is how many policies a command that scores every preset without
// --policy (all) will score, for the tables that depend on it (results.DefaultOf); 2
// stands for several where the count is not known before reading (a verdict dataset).
func (o *Options) ScoredPolicies(all bool) int {
	if len(o.Policies) == 0 && (o.Verdicts != "" || all) {
		return 2
	}
	return len(o.Policies)
}
