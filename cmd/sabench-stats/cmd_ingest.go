package main

import (
	"fmt"
	"io"

	"github.com/sabench/sabench-stats/cmd/internal/cli"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/harness"
)

func init() {
	register(cli.Command{Name: "ingest", Summary: "turn a SafeActBench batch or interactive output directory, or τ-bench / τ²-bench result files, into sabench.episode/v1 episodes", Run: runIngest, Streams: true})
}

func runIngest(e *cli.Env, args []string) error {
	fs := e.FlagSet("ingest", "(--batch DIR | --interactive DIR | --tau FILE [FILE…]) --config C [flags]")
	batch := fs.String("batch", "", "a run_safeact_agent_batch.py --output-dir directory (raw_outputs/, traces/, records/, normalized_results/, logs/, summary.json; a deepseek_run_manifest.json is read too)")
	interactive := fs.String("interactive", "", "a run_english_interactive_rollout.py --output-dir directory (result.json), or a folder of them")
	tauFile := fs.String("tau", "", "a τ-bench result file (a JSON array of EnvRunResult) or a τ²-bench results file (simulations[]), detected by content; more files may follow as arguments")
	tauDomain := fs.String("domain", "", "--tau only: the τ-bench domain (airline, retail); default: read from the file")
	var opt harness.Options
	fs.StringVar(&opt.Config, "config", "", "configuration name, e.g. claude-5/claude-code (required)")
	fs.StringVar(&opt.Model, "model", "", "model name (default: --config up to its last '/'); compared with the model the runner recorded")
	fs.StringVar(&opt.Harness, "harness", "", "harness name (default: --config after its last '/')")
	fs.IntVar(&opt.Repeat, "repeat", 0, "repeat index of these episodes (≥ 0); interactive runs of one case count up from it")
	fs.StringVar(&opt.Condition, "condition", ingest.DefaultCondition, "condition of these episodes (main, withheld, scgr_eg, …)")
	fs.StringVar(&opt.Mode, "status-mode", harness.ModeAnalyst, "analyst: exclude each failure by its reason (DESIGN §2.2); runner: keep the runner's own denominator (only its exclusions are excluded, deferred batch cases become failed episodes), so that score reproduces summary.json")
	fs.StringVar(&opt.RepeatFrom, "repeat-from", "", "interactive only: order (runs of a case in directory-name order, the default) or dirname (the number a run directory's name ends with)")
	out := fs.String("out", "-", "output file: .jsonl, .jsonl.gz, .jsonl.zst or .parquet (default JSONL on stdout); written atomically")
	if err := e.Parse(fs, args); err != nil {
		return err
	}
	if *tauFile != "" {
		if *batch != "" || *interactive != "" {
			return usagef("give exactly one of --batch DIR, --interactive DIR and --tau FILE")
		}
		return runIngestTau(e, append([]string{*tauFile}, fs.Args()...), opt, *tauDomain, *out)
	}
	switch {
	case *tauDomain != "":
		return usagef("--domain applies to --tau only")
	case fs.NArg() > 0:
		return usagef("ingest takes no arguments (got %q)", fs.Args())
	case (*batch == "") == (*interactive == ""):
		return usagef("give exactly one of --batch DIR, --interactive DIR and --tau FILE")
	case opt.Condition == "":
		return usagef("--condition must not be empty")
	case *batch != "" && opt.RepeatFrom != "":
		return usagef("--repeat-from applies to --interactive only (a batch directory holds one run per case)")
	}
	if err := opt.Check(); err != nil {
		return usagef("%v", err)
	}
	adapter, dir := harness.Batch, *batch
	if *interactive != "" {
		adapter, dir = harness.Interactive, *interactive
	}
	res, err := adapter.Read(dir, opt)
	if err != nil {
		return err
	}
	for _, w := range res.Warnings {
		fmt.Fprintln(e.Stderr, "warning:", w)
	}
	for _, p := range res.Problems {
		fmt.Fprintln(e.Stderr, p)
	}
	if len(res.Problems) > 0 {
		return fmt.Errorf("%d problems in the harness output; nothing written", len(res.Problems))
	}
	n, err := writeEpisodeFile(e, *out, (&ingest.SliceSource{Episodes: res.Episodes}).Next)
	if err != nil {
		return err
	}
	io.WriteString(e.Stderr, res.Report(n, opt.Mode))
	return nil
}
