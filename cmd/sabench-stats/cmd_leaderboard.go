package main

import (
	"github.com/sabench/sabench-stats/cmd/internal/cli"
	"github.com/sabench/sabench-stats/results/job"
)

func init() {
	register(cli.Command{Name: "leaderboard", Summary: "Inspect AI logs: one row per model and task with its mean, interval, rank and simultaneous rank set; pass^k over epochs; --by breakdowns", Run: runLeaderboard})
}

func runLeaderboard(e *cli.Env, args []string) error {
	fs := e.FlagSet("leaderboard", "--inspect PATH... [flags]")
	// No --clusters (it maps SafeActBench case ids; --cluster-by is the logs' clusters) and
	// no --adjust (no p-values): -h lists only what the command honours.
	c := addCommon(fs, groupJobs|groupStats|groupTables|groupNoPassK|groupNoPValues, "")
	insp := fs.Bool("inspect", false, "the arguments are Inspect AI logs: .eval or .json files, folders (searched recursively), glob patterns")
	by := fs.String("by", "", "one board per value of metadata.KEY (the samples' metadata)")
	clusterBy := fs.String("cluster-by", "", "resample clusters of samples sharing metadata.KEY instead of samples")
	passk := fs.String("passk", "", "pass^k over epochs for these k (comma list, e.g. 1,2,4), in both conventions (planned and per-case)")
	if err := e.Parse(fs, args, cli.Inputs{Args: true}); err != nil { // the Inspect logs
		return err
	}
	if err := c.checkFlags(fs); err != nil {
		return err
	}
	switch {
	case !*insp:
		return usagef("leaderboard reads Inspect AI logs: leaderboard --inspect PATH... (the SafeActBench leaderboard is table T2: tables T2)")
	case fs.NArg() == 0:
		return usagef("leaderboard --inspect: no log given")
	}
	req, err := job.NewInspectBoardRequest(fs.Args(), *by, *clusterBy, *passk)
	if err != nil {
		return err
	}
	if err := c.checkTableTarget(1); err != nil {
		return err
	}
	ts, err := c.InspectLeaderboard(req)
	if err != nil {
		return err
	}
	printLines(e, "leaderboard", job.EmptyNotes(ts)...)
	return c.writeTables(e, ts)
}
