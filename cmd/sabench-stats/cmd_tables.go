package main

import (
	"flag"
	"io"

	"github.com/sabench/sabench-stats/cmd/internal/cli"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/job"
)

func init() {
	registerAnalysis(analysisCommand{name: "tables", summary: "print tables by id (tables --list names them all)", usage: "[flags] [ID ...]",
		groups: groupAnalysis | groupTables | groupVerdicts | groupChoices, setup: setupTables})
}

func setupTables(e *cli.Env, fs *flag.FlagSet, c *common) *steps {
	list := fs.Bool("list", false, "list every table id with its title, and exit")
	var specs []results.Spec
	st := &steps{}
	st.args = func(ids []string) error {
		if *list {
			if len(ids) > 0 {
				return usagef("tables --list takes no ids (got %q)", ids)
			}
			other := ""
			fs.Visit(func(f *flag.Flag) {
				if other == "" && f.Name != "list" {
					other = f.Name
				}
			})
			if other != "" {
				return usagef("tables --list takes no other flag (got --%s)", other)
			}
			if _, err := io.WriteString(e.Stdout, results.Listing()); err != nil {
				return err
			}
			return cli.ErrDone
		}
		var err error
		if specs, err = results.LookupAll(ids); err != nil {
			for _, id := range ids {
				if isFile(id) {
					return usagef("%v%s", err, leftoverHint(fs))
				}
			}
			return usagef("%v", err)
		}
		if err := results.CheckApply(specs, c.OfficialBench()); err != nil {
			return usagef("tables: %v", err)
		}
		if err := c.CheckPolicyTables(specs); err != nil {
			return err
		}
		// The tables named, or the default ones of the bench as its name and then its
		// cases tell.
		err = c.CheckOfficial(func(official bool) error {
			if len(specs) > 0 {
				return c.checkTableReads(fs, specs)
			}
			// Without --policy a bench of action-rules cases is scored under every
			// confirmation preset (job.Scoring.AllOnOfficial).
			return c.checkTableReads(fs, results.DefaultOf(official, c.ScoredPolicies(official)))
		})
		if err != nil {
			return err
		}
		st.scoring = job.TablesScoring(specs, len(c.Policies))
		return nil
	}
	st.outputs = func() (int, error) {
		if len(specs) == 0 {
			return len(results.Default(1)), nil // the default tables: several
		}
		return len(specs), nil
	}
	st.tables = func(r *job.Release) ([]*results.Table, error) { return c.Tables(r, specs) }
	return st
}
