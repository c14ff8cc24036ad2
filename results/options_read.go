package results

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
)

// Option is a setting that only some tables read: a bootstrap setting, a paper choice
// (analysis.Choices), a setting of what is scored (the policies, how infra_failure
// episodes and duplicates count). Each Spec declares those it reads (Spec.Reads), so that
// a command can refuse one that none of the tables it builds reads instead of ignoring it.
type Option uint32

const (
	OptSeed Option = 1 << iota
	OptResamples
	OptLevel
	OptInterval
	OptQuantile
	// OptClustered: the table resamples clusters under --clustered (and so reads the
	// clusters then).
	OptClustered
	// OptClusters: the table reads the clusters without --clustered too.
	OptClusters
	OptAdjust
	OptPassK
	OptSharedHarness
	OptStrategyAll
	OptStrategyExec
	OptSetT9
	OptSetT10
	OptSetInterventions
	// OptPolicy: the table reads the first policy: its verdicts, or its settings.
	OptPolicy
	// OptPolicies: the table reads the policies after the first (the policy comparison).
	OptPolicies
	// OptInfraFailures: the table reads whether infra_failure episodes are excluded or
	// scored as failures (--infra-failures).
	OptInfraFailures
	// OptDedupe: the table reads which of duplicate episodes is kept (--dedupe).
	OptDedupe

	// optIntervals is what a table with bootstrap intervals reads.
	optIntervals = OptSeed | OptResamples | OptLevel | OptInterval | OptQuantile | OptClustered
	// optScored is what a table of the first policy's scored episodes reads.
	optScored = OptPolicy | OptInfraFailures | OptDedupe
)

// PoliciesAfterFirst stands in the given flags of CheckReads for a --policy that names
// several policies: the policies after the first are read by the policy comparison alone.
const PoliciesAfterFirst = "policy#2"

// optionFlags are the command-line flags of the options, in the order the refusals name
// them. --force only allows a small --resamples, so it is the resamples' too. One --policy
// is read by a table of the first policy; a second, by one that compares policies.
var optionFlags = []struct {
	opt  Option
	flag string
}{
	{OptPolicy | OptPolicies, "policy"}, {OptPolicies, PoliciesAfterFirst}, {OptInfraFailures, "infra-failures"}, {OptDedupe, "dedupe"},
	{OptSeed, "seed"}, {OptResamples, "resamples"}, {OptResamples, "force"}, {OptLevel, "level"},
	{OptInterval, "interval"}, {OptQuantile, "quantile"}, {OptClustered, "clustered"},
	{OptClusters | OptClustered, "clusters"}, {OptAdjust, "adjust"}, {OptPassK, "passk"},
	{OptSharedHarness, "shared-harness"}, {OptStrategyAll, "t13-strategy"}, {OptStrategyExec, "t14-strategy"},
	{OptSetT9, "t9-set"}, {OptSetT10, "t10-set"}, {OptSetInterventions, "interventions-set"},
}

// readers are the ids of specs that read any of o.
func readers(specs []Spec, o Option) []string {
	var ids []string
	for _, s := range specs {
		if s.Reads&o != 0 {
			ids = append(ids, s.ID)
		}
	}
	return ids
}

// allSpecs are Registry then OfficialRegistry.
func allSpecs() []Spec { return append(append([]Spec(nil), Registry...), OfficialRegistry...) }

// CheckReads refuses the first of the flags given (their names, without dashes) whose
// option none of specs reads, naming the tables that would read it; flags that set no
// table option pass. clustered says whether --clustered is given: without it, --clusters
// is read only by a table that reads the clusters either way.
func CheckReads(specs []Spec, given []string, clustered bool) error {
	for _, f := range optionFlags {
		if !slices.Contains(given, f.flag) {
			continue
		}
		o := f.opt
		if f.flag == "clusters" && !clustered {
			o = OptClusters
		}
		if len(readers(specs, o)) > 0 {
			continue
		}
		would, without := "no table", ""
		if ids := readers(allSpecs(), o); len(ids) > 0 {
			would = strings.Join(ids, ", ")
		}
		if o != f.opt { // --clusters without --clustered
			would, without = would+", and with --clustered to every table --clustered applies to", " without --clustered"
		}
		if f.flag == PoliciesAfterFirst {
			return fmt.Errorf("--policy names several policies, but the tables built (%s) read the first only; the others apply to %s", specIDs(specs), would)
		}
		return fmt.Errorf("--%s changes none of the tables built (%s)%s; it applies to %s", f.flag, specIDs(specs), without, would)
	}
	return nil
}

// CheckSets refuses a case set given by name (--set NAME=FILE) that none of specs reads
// under the choices ch (T9's, T10's and the interventions table's sets are named by
// choices), naming the sets they read.
func CheckSets(specs []Spec, ch analysis.Choices, names []string) error {
	read := map[string][]string{}
	var order []string
	for _, s := range specs {
		for _, x := range []struct {
			o    Option
			name string
		}{{OptSetT9, ch.SetT9}, {OptSetT10, ch.SetT10}, {OptSetInterventions, ch.SetInterventions}} {
			if s.Reads&x.o == 0 {
				continue
			}
			if _, ok := read[x.name]; !ok {
				order = append(order, x.name)
			}
			read[x.name] = append(read[x.name], s.ID)
		}
	}
	for _, n := range names {
		if _, ok := read[n]; ok {
			continue
		}
		if len(order) == 0 {
			return fmt.Errorf("--set %s: none of the tables built (%s) reads a case set (T9, T10 and interventions do)", n, specIDs(specs))
		}
		var sets []string
		for _, name := range order {
			sets = append(sets, fmt.Sprintf("%s (%s)", name, strings.Join(read[name], ", ")))
		}
		return fmt.Errorf("--set %s: no table built reads a case set of that name; they read %s (--t9-set, --t10-set and --interventions-set choose the names)", n, strings.Join(sets, ", "))
	}
	return nil
}

// specIDs lists the ids of specs, for messages.
func specIDs(specs []Spec) string {
	ids := make([]string, len(specs))
	for i, s := range specs {
		ids[i] = s.ID
	}
	return strings.Join(ids, ", ")
}
