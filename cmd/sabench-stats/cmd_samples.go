package main

import (
	"io"

	"github.com/sabench/sabench-stats/cmd/internal/cli"
	"github.com/sabench/sabench-stats/results/job"
)

func init() {
	register(cli.Command{Name: "samples", Summary: "Inspect AI logs as rows, one per (log, sample, epoch, scorer): CSV, JSONL or Parquet", Run: runSamples, GCPercent: 100})
}

func runSamples(e *cli.Env, args []string) error {
	fs := e.FlagSet("samples", "--inspect PATH... [flags]")
	c := addCommon(fs, groupJobs|groupOut, "")
	c.addFormat(fs, job.SampleOutput)
	fs.Lookup("out").Usage = "output file (default stdout; its extension .csv, .jsonl or .parquet sets the format when --format is not given); written atomically"
	insp := fs.Bool("inspect", false, "the arguments are Inspect AI logs: .eval or .json files, folders (searched recursively), glob patterns")
	if err := e.Parse(fs, args, cli.Inputs{Args: true}); err != nil { // the Inspect logs
		return err
	}
	if err := c.checkFlags(fs); err != nil {
		return err
	}
	switch {
	case !*insp:
		return usagef("samples reads Inspect AI logs: samples --inspect PATH...")
	case fs.NArg() == 0:
		return usagef("samples --inspect: no log given")
	}
	if err := job.CheckFileTarget("--out", c.out); err != nil {
		return err
	}
	summary, err := c.InspectSamples(e.Stdout, job.SamplesRequest{Paths: fs.Args(), Format: c.format, Out: c.out})
	if err != nil {
		return err
	}
	io.WriteString(e.Stderr, summary)
	return nil
}
