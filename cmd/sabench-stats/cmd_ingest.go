package main

import (
	"fmt"
	"io"

	"github.com/sabench/sabench-stats/ingest"
)

func init() {
	register(command{name: "ingest", summary: "turn a SafeActBench batch or interactive output directory into sabench.episode/v1 episodes", run: runIngest})
}

func runIngest(e *env, args []string) error {
	fs := newFlagSet(e, "ingest", "(--batch DIR | --interactive DIR) --config C [flags]")
	batch := fs.String("batch", "", "a run_benchmark.py --output-dir directory (raw_outputs/, traces/, records/, normalized_results/, summary.json)")
	interactive := fs.String("interactive", "", "a run_interactive.py --output-dir directory (result.json), or a folder of them")
	var opt ingest.HarnessOptions
	fs.StringVar(&opt.Config, "config", "", "configuration name, e.g. claude-5/claude-code (required)")
	fs.StringVar(&opt.Model, "model", "", "model name (default: --config up to its last '/')")
	fs.StringVar(&opt.Harness, "harness", "", "harness name (default: --config after its last '/')")
	fs.IntVar(&opt.Repeat, "repeat", 0, "repeat index of these episodes (≥ 0)")
	fs.StringVar(&opt.Condition, "condition", ingest.DefaultCondition, "condition of these episodes (main, withheld, scgr_eg, …)")
	out := fs.String("out", "-", "output file: .jsonl, .jsonl.gz, .jsonl.zst or .parquet (default JSONL on stdout); written atomically")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	switch {
	case fs.NArg() > 0:
		return usagef("ingest takes no arguments (got %q)", fs.Args())
	case (*batch == "") == (*interactive == ""):
		return usagef("give exactly one of --batch DIR and --interactive DIR")
	case opt.Config == "":
		return usagef("--config is required")
	case opt.Repeat < 0:
		return usagef("--repeat must be ≥ 0")
	case opt.Condition == "":
		return usagef("--condition must not be empty")
	}
	var eps []*ingest.Episode
	var probs []ingest.Problem
	var err error
	if *batch != "" {
		eps, probs, err = ingest.ReadBatchDir(*batch, opt)
	} else {
		eps, probs, err = ingest.ReadInteractiveDir(*interactive, opt)
	}
	if err != nil {
		return err
	}
	for _, p := range probs {
		fmt.Fprintln(e.stderr, p)
	}
	if len(probs) > 0 {
		return fmt.Errorf("%d problems in the harness output; nothing written", len(probs))
	}
	i := 0
	n, err := writeEpisodeFile(e, *out, func() (*ingest.Episode, error) {
		if i >= len(eps) {
			return nil, io.EOF
		}
		i++
		return eps[i-1], nil
	})
	if err != nil {
		return err
	}
	counts := map[string]int{}
	for _, ep := range eps {
		counts[ep.Status]++
	}
	fmt.Fprintf(e.stderr, "ingested %d episodes (completed %d, infra_failure %d, harness_failure %d, censored %d)\n", n,
		counts[ingest.StatusCompleted], counts[ingest.StatusInfraFailure], counts[ingest.StatusHarnessFailure], counts[ingest.StatusCensored])
	return nil
}
