package main

import (
	"flag"
	"io"
	"slices"

	"github.com/sabench/sabench-stats/cmd/internal/cli"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/job"
	"github.com/sabench/sabench-stats/results/verdicts"
)

func init() {
	registerAnalysis(analysisCommand{name: "tables", summary: "print tables by id (tables --list names them all)", usage: "[flags] [ID ...]",
		groups: groupAnalysis | groupTables | groupVerdicts | groupChoices, setup: setupTables})
}

func setupTables(e *cli.Env, fs *flag.FlagSet, c *common) *steps {
	list := fs.Bool("list", false, "list every table id with its title, and exit")
	var specs []results.Spec
	st := &steps{scoring: job.Scoring{MainOnly: true}}
	st.args = func(ids []string) error {
		if *list {
			if len(ids) > 0 {
				return usagef("tables --list takes no ids (got %q)", ids)
			}
			if _, err := io.WriteString(e.Stdout, results.Listing()); err != nil {
				return err
			}
			return cli.ErrDone
		}
		var err error
		if specs, err = results.LookupAll(ids); err != nil {
			return usagef("%v", err)
		}
		n := len(specs)
		if n == 0 {
			n = len(results.Default(1)) // the default tables: several
		}
		st.scoring.All = results.NeedPoliciesIn(specs) || len(specs) == 0 && len(c.Policies) > 1
		// Of a verdict dataset, named tables read what they need: no run id (no table
		// shows one), the usage for the cost table alone, and the first policy alone unless
		// one compares policies. The default list depends on how many policies there are,
		// so it reads them all.
		if len(specs) > 0 {
			st.scoring.Dataset = verdicts.DatasetRead{NoRunIDs: true, NoUsage: !slices.ContainsFunc(specs, func(s results.Spec) bool { return s.ID == "cost" })}
			if !st.scoring.All {
				st.scoring.Dataset.Policies = 1
			}
		}
		return c.checkTableTarget(n)
	}
	st.tables = func(r *job.Release) ([]*results.Table, error) {
		if len(specs) == 0 {
			specs = results.DefaultFor(r.Releases[0], len(r.Releases))
		}
		return results.Build(c.TableInput(r.ScoredRelease), specs)
	}
	return st
}
