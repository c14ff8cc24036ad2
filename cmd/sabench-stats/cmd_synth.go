package main

import (
	"fmt"
	"path/filepath"

	"github.com/sabench/sabench-stats/cmd/internal/cli"
	"github.com/sabench/sabench-stats/ingest/synth"
	"github.com/sabench/sabench-stats/results/job"
)

func init() {
	register(cli.Command{Name: "synth", Summary: "write the built-in SYNTHETIC release (or another seed or scale) to disk in the SafeActBench checkout layout", Run: runSynth})
}

// runSynth writes a synthetic release: env/ catalogs and manifest, sets/, runs.jsonl and
// runs.parquet, and with --format inspect also one Inspect .eval log per configuration ×
// condition under inspect/. --scale N gives 3N main-condition repeats per configuration
// and case (a load test: about 19,680 main episodes per unit), streamed to disk.
func runSynth(e *cli.Env, args []string) error {
	fs := e.FlagSet("synth", "--out DIR [--seed N] [--scale N] [--format jsonl|inspect] [--parquet-layout typed|json]")
	var out, format string
	var seed uint64
	var scale int
	fs.StringVar(&out, "out", "", "directory to write the release to (required): created, or replaced when it is empty or an earlier output of sabench-stats; a directory with other files is refused")
	fs.Uint64Var(&seed, "seed", 1, "master seed of the generator (1 is the built-in release)")
	fs.IntVar(&scale, "scale", 1, "multiply the main condition's repeats (3 × N per configuration and case) for load tests")
	fs.StringVar(&format, "format", "jsonl", "episode files: jsonl (runs.jsonl and runs.parquet) or inspect (those plus one Inspect .eval log per configuration × condition under inspect/)")
	layout := parquetLayoutFlag(fs)
	if err := e.Parse(fs, args, cli.Inputs{}); err != nil {
		return err
	}
	if err := checkParquetLayout(fs, *layout, "runs.parquet"); err != nil {
		return err
	}
	switch {
	case fs.NArg() > 0:
		return usagef("synth: unexpected argument %q", fs.Arg(0))
	case out == "":
		return usagef("synth: --out DIR is required")
	case scale < 1:
		return usagef("synth: --scale must be ≥ 1")
	case format != "jsonl" && format != "inspect":
		return usagef("synth: --format must be jsonl or inspect, not %q", format)
	}
	opt := synth.Options{Seed: seed, Scale: scale, ParquetLayout: *layout}
	n, logs, err := job.WriteSynth(out, opt, format == "inspect")
	if err != nil {
		return err
	}
	if format == "inspect" {
		fmt.Fprintf(e.Stderr, "wrote a synthetic release (seed %d, scale %d): %d episodes to %s (runs.jsonl, runs.parquet) and as %d Inspect logs (one per configuration × condition) to %s\n",
			seed, scale, n, out, logs, filepath.Join(out, synth.InspectDir))
	} else {
		fmt.Fprintf(e.Stderr, "wrote a synthetic release (seed %d, scale %d): %d episodes to %s\n", seed, scale, n, out)
	}
	fmt.Fprintln(e.Stderr, "note: the data is synthetic, generated in the SafeActBench schemas and calibrated to the paper's published aggregates; it is not the paper's traces")
	return nil
}
