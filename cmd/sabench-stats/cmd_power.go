package main

import (
	"flag"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/cmd/internal/cli"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/job"
)

func init() {
	registerAnalysis(analysisCommand{name: "power", summary: "plan a paired comparison: the minimum detectable Δ at given cases, repeats and templates, and the cases or repeats a target Δ needs, from a pilot (A and B as in compare) or stated rates",
		usage: "A B [--delta POINTS] [--power P] [--alpha A] [flags]", setup: setupPower,
		groups: groupInput | groupJobs | groupStats | groupTables | groupVerdicts | groupPlan})
}

func setupPower(e *cli.Env, fs *flag.FlagSet, c *common) *steps {
	fs.Lookup("clusters").Usage = "CSV case_id,cluster_id: the pilot's templates (the design effect, the template covariance and the simulation's template row), instead of the bench's (template_id, Legacy contrast pairs, derived components)"
	fs.Lookup("policy").Usage = "the authorization policy the pilot is scored under: one preset or JSON policy file (default safeact, tau-strict on a tau-bench: bench); docs/policies.md says what each does"
	fs.Lookup("verdicts").Usage = "plan from a verdict dataset (score --format parquet --out DIR, possibly in shards) instead of scoring: a dataset of one policy (power plans from one; one of several is refused), no re-scoring; --bench must name the cases it was scored on"
	ps := analysis.PowerSpec{Alpha: 0.05, Power: 0.8}
	var protos cli.List
	var delta float64
	fs.BoolVar(&ps.Compare.Conditions, "conditions", false, "A and B are two conditions of the configuration given by --config")
	fs.StringVar(&ps.Compare.Config, "config", "", "the configuration whose conditions are compared (with --conditions)")
	fs.StringVar(&ps.Compare.Condition, "condition", ingest.DefaultCondition, "the condition two configurations are compared under")
	fs.Var(&protos, "protocol", "protocols of the pilot (repeatable or comma list: legacy, v0, v1, v2, v3; default all)")
	fs.Float64Var(&delta, "delta", 0, "target difference in percentage points (e.g. 2): prints the power there and the cases and repeats it needs")
	fs.Float64Var(&ps.Power, "power", ps.Power, "power of the planned test")
	fs.Float64Var(&ps.Alpha, "alpha", ps.Alpha, "two-sided level of the planned test")
	fs.IntVar(&ps.Cases, "cases", 0, "cases of the planned study (default: the pilot's shared cases)")
	fs.IntVar(&ps.Repeats, "repeats", 0, "repeats per arm of the planned study (default: the pilot's)")
	fs.IntVar(&ps.Templates, "templates", 0, "templates of the planned study (default: as many as keep the pilot's cases per template)")
	fs.Float64Var(&ps.ICC, "icc", 0, "stated rates only: within-case correlation of repeats")
	fs.Float64Var(&ps.ArmCorr, "arm-corr", 0, "stated rates only: correlation of the two arms' per-case rates")
	fs.Float64Var(&ps.TempICC, "template-icc", 0, "stated rates only: within-template correlation of per-case differences (needs --templates)")
	fs.IntVar(&ps.Simulate, "simulate", 0, "check the plan by this many simulated studies drawn from the pilot, each tested by the paired bootstrap (--resamples)")
	st := &steps{}
	// Stated rates have no pilot: its flags are refused before the shared checks, which
	// would ask --runs or --inspect for a --bench first.
	st.early = func() error {
		pos := fs.Args()
		if len(pos) != 2 {
			return nil
		}
		if _, _, stated, _ := job.StatedRates(pos[0], pos[1]); !stated {
			return nil
		}
		if set := cli.Given(fs, "bench", "runs", "inspect", "record-from", "max-line-bytes", "policy", "verdicts", "infra-failures", "dedupe", "clusters",
			"conditions", "config", "condition", "protocol", "simulate", "seed", "resamples", "quantile", "force"); set != "" {
			return usagef("power: --%s needs a pilot; with stated rates there is none", set)
		}
		if cli.Given(fs, "j") != "" {
			return usagef("power: -j sets the workers that score a pilot; with stated rates there is none")
		}
		return nil
	}
	st.args = func(pos []string) error {
		if len(pos) != 2 {
			return usagef("power wants two arguments, A and B: two configurations (or conditions, with --conditions) or two rates such as 0.62 or 62%% (got %d)", len(pos))
		}
		ra, rb, stated, err := job.StatedRates(pos[0], pos[1])
		if err != nil {
			return err
		}
		if stated {
			// Stated rates: the pilot's flags were refused by early.
			ps.Stated, ps.RateA, ps.RateB = true, ra, rb
			ps.Compare.A, ps.Compare.B = pos[0], pos[1]
			return nil
		}
		if err := job.CompareArgs("power", pos[0], pos[1], protos, cli.Given(fs, "condition") != "", &ps.Compare); err != nil {
			return err
		}
		c.AddBenchCheck(job.CheckFilters(ps.Compare.Protocols, nil))
		return nil
	}
	st.check = func() error {
		ps.Resamples = c.Stat.Resamples
		if err := job.CheckPower(&ps, delta, func(name string) bool { return cli.Given(fs, name) != "" }); err != nil {
			return err
		}
		if len(c.Policies) > 1 {
			return usagef("power: one --policy at a time")
		}
		if ps.Stated {
			st.instead = func() ([]*results.Table, error) { return job.StatedPower(ps) }
			return nil
		}
		if set := cli.Given(fs, "icc", "arm-corr", "template-icc"); set != "" {
			return usagef("power: --%s is for stated rates; a pilot estimates it", set)
		}
		// The plan itself is a formula: only the simulation draws resamples.
		if set := cli.Given(fs, "seed", "resamples", "quantile", "force"); set != "" && ps.Simulate == 0 {
			return usagef("power: --%s applies to --simulate (the plan is computed, not resampled)", set)
		}
		return nil
	}
	st.outputs = func() (int, error) { return 1, nil }
	st.tables = func(r *job.Release) ([]*results.Table, error) { return c.Power(r, ps) }
	return st
}
