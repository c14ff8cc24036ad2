package job

import (
	"fmt"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/results"
)

// Tables builds the tables of specs from the release, or with no specs the default
// tables for it (results.DefaultFor: which depend on its policies), stamped with the
// release's provenance (Stamp), as every method of Options that returns tables of a
// release stamps them: the SYNTHETIC mark of generated data is then their first note
// whatever renders them.
func (o *Options) Tables(r *Release, specs []results.Spec) ([]*results.Table, error) {
	if len(specs) == 0 {
		specs = results.DefaultFor(r.Releases[0], len(r.Releases))
	}
	// A bench of action-rules cases on disk is known only once loaded.
	if err := results.CheckApply(specs, r.Releases[0].OfficialTasks()); err != nil {
		return nil, optionError(err)
	}
	// A verdict dataset's policies are known only once it is read (CheckPolicyTables
	// refuses one --policy before scoring).
	if err := onePolicyCompared(specs, r.Releases[0].Policy.Name, len(r.Releases)); err != nil {
		return nil, optionError(err)
	}
	return o.stamped(r)(results.Build(o.TableInput(r.ScoredRelease), specs))
}

// CheckPolicyTables refuses, before scoring, tables of the policy comparison (policies,
// policy_ranks, policy_settings) when --policy names one policy: they compared it with
// itself (Δ 0.0 and Kendall τ-b 1.000 for every configuration), which reads as a finding.
func (o *Options) CheckPolicyTables(specs []results.Spec) error {
	if len(o.Policies) == 0 {
		return nil
	}
	pols, err := o.PolicyList(false)
	if err != nil || len(pols) != 1 {
		return err
	}
	return optionError(onePolicyCompared(specs, pols[0].Name, 1))
}

// onePolicyCompared is the error of CheckPolicyTables, for specs built from n policies.
// Only the tables of the policy comparison are refused: others that read every scored
// policy (τ-bench's official, reward against authorized success) mean as much of one.
func onePolicyCompared(specs []results.Spec, policy string, n int) error {
	if n > 1 {
		return nil
	}
	var ids []string
	for _, s := range specs {
		if s.ComparesPolicies() {
			ids = append(ids, s.ID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	return fmt.Errorf("%s compare%s authorization policies, and only one is scored (%s): give two or more --policy, or none for the default comparison", strings.Join(ids, ", "), map[bool]string{true: "s", false: ""}[len(ids) == 1], policy)
}

// Domains builds the domain tables of every release after resolving the filter's names
// in the first (a name that is not there is an OptionError), stamped (Stamp).
func (o *Options) Domains(r *Release, f analysis.DomainFilter) ([]*results.Table, error) {
	if err := f.Resolve(r.Releases[0]); err != nil {
		return nil, optionError(err)
	}
	return o.stamped(r)(results.BuildDomainsEach(r.Releases, f, o.Stat))
}
