package job

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/source"
	"github.com/sabench/sabench-stats/ingest/tau"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results"
)

// Options are what an analysis job reads, as a command line gives them. Check validates
// them before anything is loaded, and parses Stats into Stat: Release and the Inspect
// leaderboard and comparison refuse options that did not go through it.
type Options struct {
	// Source names the bench and the episodes (Bench, Runs, ClustersFile, Dedupe,
	// Lenient); Workers, Sets and Hash are set from the fields below.
	Source source.Options
	// Sets are the case sets, NAME=FILE.
	Sets []string
	// Policies are presets or policy files; none: safeact, or every preset where a job
	// compares policies.
	Policies []string
	// InfraFailures is "exclude" (the paper) or "fail" (the SafeActBench batch runner).
	InfraFailures string
	// Verdicts is a verdict dataset to build from instead of scoring.
	Verdicts string
	Workers  int
	// Stats are the bootstrap settings by name; Check parses them into Stat.
	Stats   analysis.StatNames
	Stat    analysis.StatOptions
	Choices analysis.Choices // the paper's choices; the zero value when a command has none
	// CheckBench, when set, is called with the bench once it is loaded, before anything is
	// scored or a verdict dataset read: for the checks that depend on what the bench holds
	// where its name does not say (a folder of action-rules cases has the tables of a
	// tau-bench: bench). Its error ends the job.
	CheckBench func(b *casespec.Bench) error
	// Progress, when set, is told how many episodes are scored so far.
	Progress func(done int)
	Tool     results.Tool // the program, for provenance
}

// Defaults are the options of a command line that sets no flag.
func Defaults() Options {
	return Options{Stats: analysis.DefaultStatNames(), InfraFailures: "exclude", Workers: 1}
}

// OptionError is a mistake in the options (a command line's usage error), not in the data.
type OptionError struct{ Err error }

func (e *OptionError) Error() string { return e.Err.Error() }
func (e *OptionError) Unwrap() error { return e.Err }

// optionError wraps a non-nil err as an OptionError.
func optionError(err error) error {
	if err == nil {
		return nil
	}
	return &OptionError{Err: err}
}

// checked refuses options that did not go through Check, which parses Stats into Stat:
// its zero value (no resamples) would give every table no interval, whatever Stats asks.
// Check refuses a level outside (0, 1), so level 0 is the sign.
func (o *Options) checked() error {
	if o.Stat.Level == 0 {
		return optionError(errors.New("job: Options.Check was not called (it parses Stats, the bootstrap settings, into Stat, which every interval reads)"))
	}
	return nil
}

// Check validates the settings that need no file: the bench (an unnamed one is the
// built-in release, refused with episodes: source.ResolveBench), the bootstrap's (parsed
// into Stat; one resample is refused), the infra_failure rule and the dedupe policy.
func (o *Options) Check() (err error) {
	if o.Source.Bench, err = source.ResolveBench(o.Source.Bench, o.episodesFlag()); err != nil {
		return optionError(err)
	}
	if _, serr := os.Stat(o.Source.Bench); o.Source.Bench == "none" && serr != nil {
		// validate's bench "none" (no case checks) read as a path: "no such file".
		return optionError(errors.New("--bench none applies to validate, which can check episode files without cases; scoring needs the cases the episodes were run on"))
	}
	o.Stats.Workers = o.Workers
	if o.Stat, err = o.Stats.Options(); err != nil {
		return optionError(err)
	}
	// One replicate has no spread: the rank sets need two, and an interval of one is its
	// own endpoints. Refused here rather than by the first rank set, after scoring.
	if o.Stat.Resamples == 1 {
		return optionError(errors.New("--resamples 1: a bootstrap needs at least 2 resamples (or 0 for no intervals)"))
	}
	// A τ-bench domain's cases are its tasks, each its own cluster: clusters would resample
	// exactly as cases, and every number would be the same.
	if o.Stats.Clustered && o.OfficialBench() && o.Source.ClustersFile == "" {
		return optionError(fmt.Errorf("--clustered on %s needs --clusters FILE: each of its cases (a task) is its own cluster, so resampling clusters is resampling cases and would change no number", o.Source.Bench))
	}
	if o.Stats.Clustered && o.Source.ClustersFile == "" {
		// Any other bench whose clusters are its cases is known once loaded: a folder of
		// τ-bench specs, a bench of one's own without template_id.
		o.AddBenchCheck(func(b *casespec.Bench) error {
			for _, cc := range b.ClusterCounts {
				if cc.Clusters != cc.Cases {
					return nil
				}
			}
			return fmt.Errorf("--clustered on %s needs --clusters FILE: every cluster of it holds one case (its clusters: %s), so resampling clusters is resampling cases and would change no number", o.Source.Bench, b.ClusterSummary())
		})
	}
	if _, err := analysis.ParseInfraFailures(o.InfraFailures); err != nil {
		return optionError(err)
	}
	if err := source.CheckInspect(o.Source); err != nil {
		return optionError(err)
	}
	if err := source.CheckMaxLineBytes(o.Source, o.Verdicts); err != nil {
		return optionError(err)
	}
	if err := source.CheckBuiltinEpisodes(o.Source); err != nil && o.Verdicts == "" {
		return optionError(err)
	}
	return optionError(source.CheckDedupe(o.Source.Dedupe))
}

// episodesFlag names the option that gives episodes, for source.ResolveBench.
func (o *Options) episodesFlag() string {
	switch {
	case o.Verdicts != "":
		return "--verdicts"
	case len(o.Source.Runs) > 0:
		return "--runs"
	case len(o.Source.Inspect) > 0:
		return "--inspect"
	}
	return ""
}

// OfficialBench says whether the bench is known before it is loaded to take task success
// from the benchmark's own verdict (a tau-bench: bench), so that its tables are
// results.SpecsFor(true). Another bench of such cases is known once loaded
// (casespec.OfficialTasks, for CheckBench).
func (o *Options) OfficialBench() bool { return tau.IsBenchName(o.Source.Bench) }

// CheckOfficial runs check for the bench as its name tells (OfficialBench) and sets
// CheckBench to run it again, once the bench is loaded and before scoring, when what the
// bench holds says otherwise: a folder of action-rules cases (casespec.OfficialTasks),
// which no name announces.
func (o *Options) CheckOfficial(check func(official bool) error) error {
	o.AddBenchCheck(func(b *casespec.Bench) error {
		if official := casespec.OfficialTasks(b.Cases); official != o.OfficialBench() {
			return check(official)
		}
		return nil
	})
	return check(o.OfficialBench())
}

// AddBenchCheck sets check to run once the bench is loaded (CheckBench), after the checks
// added before it.
func (o *Options) AddBenchCheck(check func(b *casespec.Bench) error) {
	prev := o.CheckBench
	o.CheckBench = func(b *casespec.Bench) error {
		if prev != nil {
			if err := prev(b); err != nil {
				return err
			}
		}
		return check(b)
	}
}

// SourceOptions are Source with the workers, the case sets and the bench resolved.
func (o *Options) SourceOptions() (source.Options, error) {
	so := o.Source
	so.Workers = o.Workers
	var err error
	if so.Bench, err = source.ResolveBench(so.Bench, o.episodesFlag()); err != nil {
		return so, optionError(err)
	}
	so.Sets, err = source.ParseSets(o.Sets)
	return so, optionError(err)
}

// PolicyList resolves Policies (oracle.LookupPoliciesFor): every preset for none when all
// is true, or on a τ-bench domain bench tau-strict and the policies compared there. An
// unknown name is an OptionError; a policy file with bad contents is an input error.
func (o *Options) PolicyList(all bool) ([]oracle.Policy, error) {
	pols, err := oracle.LookupPoliciesFor(o.Policies, all, tau.IsBenchName(o.Source.Bench))
	var unknown *oracle.UnknownPolicyError
	if errors.As(err, &unknown) {
		return nil, optionError(err)
	}
	return pols, err
}

// PoliciesFor is PolicyList once the bench b is loaded: without --policy, the default
// follows what b holds (casespec.OfficialTasks), so that a folder of action-rules cases,
// which no tau-bench: name announces, is scored under tau-strict (and compared under the
// confirmation presets) as the τ-bench domains are.
func (o *Options) PoliciesFor(all bool, b *casespec.Bench) ([]oracle.Policy, error) {
	if len(o.Policies) > 0 || b == nil {
		pols, err := o.PolicyList(all)
		if err == nil && len(o.Policies) > 0 && b != nil {
			err = optionError(checkPoliciesRead(pols, b.Cases))
		}
		return pols, err
	}
	return oracle.LookupPoliciesFor(nil, all, casespec.OfficialTasks(b.Cases))
}

// checkPoliciesRead refuses a policy given that would score every episode of the cases as
// another does: as safeact (tau-strict, its settings, on a bench of action-rules cases) or
// as a policy given before it, differing from it only in switches no case reads
// (oracle.Policy.ReadBy). Its outputs would carry its own name and hash over the other's
// numbers: tau-lenient on SafeActBench cases, whose one switch only action_rules read, or
// safeact-4f33847 on the τ-bench domains, whose cases read binding, timing and
// confirmation alone.
func checkPoliciesRead(pols []oracle.Policy, cases []*casespec.Case) error {
	rules, others := false, false
	for _, c := range cases {
		if c.HasActionRules() {
			rules = true
		} else {
			others = true
		}
	}
	base := oracle.SafeAct
	if rules && !others {
		base = oracle.ConfirmationPresets[0]
	}
	var why string
	switch {
	case !rules:
		why = "which only cases with action_rules read, and the bench has none"
	case !others:
		why = "which cases with action_rules do not read (they read binding, timing and confirmation; binding alone when it is off), and every case of the bench has them"
	default:
		why = "which no case reads with binding off"
	}
	for i, p := range pols {
		for _, q := range append([]oracle.Policy{base}, pols[:i]...) {
			if p.Hash() != q.Hash() && p.ReadBy(rules, others) == q.ReadBy(rules, others) {
				return fmt.Errorf("--policy %s would score every episode of this bench as %s does, under another name: it differs from %s only in %s, %s",
					p.Name, q.Name, q.Name, strings.Join(p.SwitchesApart(q), " "), why)
			}
		}
	}
	return nil
}

// TableInput is what the tables of a scored release are built from.
func (o *Options) TableInput(sr *analysis.ScoredRelease) *results.Input {
	return &results.Input{Releases: sr.Releases, Stats: o.Stat, Choices: o.Choices, Dropped: sr.Dropped}
}
