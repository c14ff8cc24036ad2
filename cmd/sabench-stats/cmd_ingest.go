package main

import (
	"flag"
	"fmt"
	"io"
	"runtime"

	"github.com/sabench/sabench-stats/cmd/internal/cli"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/harness"
	"github.com/sabench/sabench-stats/results/job"
)

func init() {
	register(cli.Command{Name: "ingest", Summary: "turn a SafeActBench batch or interactive output directory, Inspect logs of a SafeActBench task, or τ-bench / τ²-bench result files, into sabench.episode/v1 episodes", Run: runIngest, GCPercent: 100})
}

func runIngest(e *cli.Env, args []string) error {
	fs := e.FlagSet("ingest", "(--batch DIR | --interactive DIR | --tau FILE [FILE…]) --config C [flags]  |  --inspect PATH [PATH…] --bench B [--config C] [flags]")
	batch := fs.String("batch", "", "a run_safeact_agent_batch.py --output-dir directory (raw_outputs/, traces/, records/, normalized_results/, logs/, summary.json; a deepseek_run_manifest.json is read too)")
	interactive := fs.String("interactive", "", "a run_english_interactive_rollout.py --output-dir directory (result.json), or a folder of them")
	tauFile := fs.String("tau", "", "a τ-bench result file (a JSON array of EnvRunResult) or a τ²-bench results file (simulations[]), detected by content; more files may follow as arguments")
	tauDomain := fs.String("domain", "", "--tau only: the τ-bench domain (airline, retail); default: read from the file")
	var logs []string
	fs.Var(pathList(&logs), "inspect", "Inspect logs of a SafeActBench task: .eval or .json files, folders (their .eval and .json logs) or globs (repeatable; more paths may follow as arguments)")
	bench := fs.String("bench", "", "--inspect only, and required with it: the case specs the samples name (which sample ids are cases, which tools are information tools): a SafeActBench checkout, a directory of case JSON files, a JSONL of case rows, or builtin (the built-in synthetic cases)")
	var opt harness.Options
	fs.StringVar(&opt.RecordFrom, "record-from", "", "--inspect only: where a sample's decision record is: output (the final completion, as JSON; the default), store:KEY or tool:NAME (the last call's arguments, or its one string argument, as JSON)")
	fs.StringVar(&opt.Config, "config", "", "configuration name, e.g. claude-5/claude-code (required; for --inspect the default is model/harness: --model, else each log's model, and --harness, else its solver)")
	fs.StringVar(&opt.Model, "model", "", "model name (default: --config up to its last '/'); compared with the model the runner recorded")
	fs.StringVar(&opt.Harness, "harness", "", "harness name (default: --config after its last '/'; for --inspect without --config, also the configuration's part after the '/')")
	fs.IntVar(&opt.Repeat, "repeat", 0, "repeat index of these episodes (≥ 0); interactive runs of one case count up from it; an Inspect sample's repeat is this plus its epoch − 1")
	fs.StringVar(&opt.Condition, "condition", "", "condition of these episodes (main, withheld, scgr_eg, …; default main; for --inspect the default is the sample's metadata.condition, else the task's task_args.condition, else main)")
	fs.StringVar(&opt.Mode, "status-mode", harness.ModeAnalyst, "analyst: exclude each failure by its reason; runner: keep the runner's own denominator (only its exclusions are excluded, deferred batch cases become failed episodes), so that score reproduces summary.json")
	fs.StringVar(&opt.RepeatFrom, "repeat-from", "", "interactive only: order (runs of a case in directory-name order, the default) or dirname (the number a run directory's name ends with)")
	outPath := fs.String("out", "-", "output file: .jsonl, .jsonl.gz, .jsonl.zst or .parquet, written atomically, or - for JSONL on stdout")
	layout := parquetLayoutFlag(fs)
	if err := e.Parse(fs, args, cli.Inputs{Flags: []string{"batch", "interactive", "tau", "inspect", "bench"}, Args: true, Names: benchNames}); err != nil {
		return err
	}
	if err := checkParquetLayout(fs, *layout, *outPath); err != nil {
		return err
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	switch {
	case given["condition"] && opt.Condition == "":
		return usagef("--condition must not be empty")
	case btoi(*batch != "")+btoi(*interactive != "")+btoi(*tauFile != "")+btoi(len(logs) > 0) != 1:
		return usagef("give exactly one of --batch DIR, --interactive DIR, --tau FILE and --inspect PATH")
	case len(logs) == 0 && (given["bench"] || given["record-from"]):
		return usagef("--bench and --record-from apply to --inspect only")
	case *tauFile == "" && *tauDomain != "":
		return usagef("--domain applies to --tau only")
	}
	out := job.EpisodeOutput{Stdout: e.Stdout, Path: *outPath, Layout: *layout, Note: func(line string) { fmt.Fprintln(e.Stderr, line) }}
	if len(logs) > 0 {
		// The condition stays "" unless given: each sample's own then applies.
		opt.Workers = runtime.GOMAXPROCS(0)
		summary, err := job.IngestInspect(append(logs, fs.Args()...), *bench, opt, out)
		return printSummary(e, summary, err)
	}
	if opt.Condition == "" {
		opt.Condition = ingest.DefaultCondition
	}
	if *tauFile != "" {
		return runIngestTau(e, append([]string{*tauFile}, fs.Args()...), opt, *tauDomain, out)
	}
	switch {
	case fs.NArg() > 0:
		return usagef("ingest takes no arguments (got %q)%s", fs.Args(), leftoverHint(fs))
	case *batch != "" && opt.RepeatFrom != "":
		return usagef("--repeat-from applies to --interactive only (a batch directory holds one run per case)")
	}
	adapter, dir := harness.Batch, *batch
	if *interactive != "" {
		adapter, dir = harness.Interactive, *interactive
	}
	summary, err := job.IngestRunner(adapter, dir, opt, out)
	return printSummary(e, summary, err)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// printSummary prints on stderr what an ingest job returned it wrote.
func printSummary(e *cli.Env, summary string, err error) error {
	if err != nil {
		return err
	}
	io.WriteString(e.Stderr, summary)
	return nil
}
