package job

import (
	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/results"
)

// Tables builds the tables of specs from the release, or with no specs the default
// tables for it (results.DefaultFor: which depend on its policies).
func (o *Options) Tables(r *Release, specs []results.Spec) ([]*results.Table, error) {
	if len(specs) == 0 {
		specs = results.DefaultFor(r.Releases[0], len(r.Releases))
	}
	// A bench of action-rules cases on disk is known only once loaded.
	if err := results.CheckApply(specs, r.Releases[0].OfficialTasks()); err != nil {
		return nil, optionError(err)
	}
	return results.Build(o.TableInput(r.ScoredRelease), specs)
}

// Domains builds the domain tables of every release after resolving the filter's names
// in the first (a name that is not there is an OptionError).
func (o *Options) Domains(r *Release, f analysis.DomainFilter) ([]*results.Table, error) {
	if err := f.Resolve(r.Releases[0]); err != nil {
		return nil, optionError(err)
	}
	return results.BuildDomainsEach(r.Releases, f, o.Stat)
}
