package main

import (
	"io"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/results"
)

func init() {
	register(command{name: "tables", summary: "print tables by id (T1 T2 T3 T4 T7 T8 T9 T10 T13 T14, failures, interventions, disagreement, variance, coverage, domains, policies)", run: runTables})
}

func runTables(e *env, args []string) error {
	fs := newFlagSet(e, "tables", "[flags] [ID ...]")
	c := addCommon(e, fs, "")
	ro := addLaTeXFlags(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := c.check(); err != nil {
		return err
	}
	if err := checkLaTeXFlags(fs, c.outFormat()); err != nil {
		return err
	}
	ids := fs.Args()
	needPolicies := false
	for _, id := range ids {
		needPolicies = needPolicies || strings.EqualFold(id, "policies")
		if !knownTable(id) {
			return usagef("unknown table %q (known: %s, policies)", id, strings.Join(analysis.TableIDs, ", "))
		}
	}
	_, rels, _, _, err := c.scoreAll(needPolicies || len(ids) == 0 && len(c.policies) > 1)
	if err != nil {
		return err
	}
	if len(ids) == 0 && len(rels) == 1 {
		ids = analysis.TableIDs
	}
	ts, err := buildTables(rels, ids, c.stats())
	if err != nil {
		return err
	}
	if c.out != "" {
		return results.WriteFileAtomic(c.out, func(w io.Writer) error { return results.RenderAllWith(w, ts, c.outFormat(), *ro) })
	}
	return results.RenderAllWith(e.stdout, ts, c.outFormat(), *ro)
}

func knownTable(id string) bool {
	if strings.EqualFold(id, "policies") {
		return true
	}
	for _, k := range analysis.TableIDs {
		if strings.EqualFold(k, id) {
			return true
		}
	}
	return false
}
