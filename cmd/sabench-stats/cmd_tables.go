package main

import (
	"io"

	"github.com/sabench/sabench-stats/results"
)

func init() {
	register(command{name: "tables", summary: "print tables by id (tables --list names them all)", run: runTables})
}

func runTables(e *env, args []string) error {
	fs := newFlagSet(e, "tables", "[flags] [ID ...]")
	c := addCommon(e, fs, groupAnalysis|groupTables, "")
	c.addVerdicts(fs)
	c.addChoices(fs, true)
	list := fs.Bool("list", false, "list every table id with its title, and exit")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := c.checkFlags(fs); err != nil {
		return err
	}
	if *list {
		if fs.NArg() > 0 {
			return usagef("tables --list takes no ids (got %q)", fs.Args())
		}
		_, err := io.WriteString(e.stdout, results.Listing())
		return err
	}
	var specs []results.Spec
	needPolicies := false
	for _, id := range fs.Args() {
		s, err := results.Lookup(id)
		if err != nil {
			return usagef("%v", err)
		}
		specs = append(specs, s)
		needPolicies = needPolicies || s.Needs == results.NeedPolicies
	}
	n := len(specs)
	if n == 0 {
		n = len(results.Default(1)) // the default tables: several
	}
	if err := c.checkTableTarget(n); err != nil {
		return err
	}
	sr, err := c.scoreAll(needPolicies || len(specs) == 0 && len(c.policies) > 1)
	if err != nil {
		return err
	}
	if len(specs) == 0 {
		specs = results.Default(len(sr.Releases))
	}
	ts, err := results.Build(c.tableInput(sr), specs)
	if err != nil {
		return err
	}
	return c.writeTables(e, ts)
}
