package main

import (
	"flag"
	"fmt"

	"github.com/sabench/sabench-stats/cmd/internal/cli"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/source"
	"github.com/sabench/sabench-stats/results/job"
)

func init() {
	register(cli.Command{Name: "convert", Summary: "convert episode files between JSONL (plain, .gz, .zst) and Parquet, losslessly", Run: runConvert, GCPercent: 100})
}

func runConvert(e *cli.Env, args []string) error {
	fs := e.FlagSet("convert", "[flags] IN OUT\n\nIN is read as JSONL (plain, gzip or zstd) or Parquet, whatever its name; OUT's\nextension picks the output: .parquet, .jsonl, .jsonl.gz or .jsonl.zst (- is JSONL on stdout).")
	dedupe := fs.String("dedupe", "", "duplicate episode keys: error (default), first or last")
	maxLine := new(int)
	maxLineBytesFlag(fs, maxLine)
	layout := parquetLayoutFlag(fs)
	if err := e.Parse(fs, args, cli.Inputs{}); err != nil { // OUT, an argument, is checked below
		return err
	}
	if fs.NArg() != 2 {
		return usagef("convert wants IN and OUT, got %d arguments", fs.NArg())
	}
	if err := checkMaxLineBytes(*maxLine); err != nil {
		return err
	}
	if err := source.CheckDedupe(*dedupe); err != nil {
		return cli.Usage(err)
	}
	in, out := fs.Arg(0), fs.Arg(1)
	if err := job.CheckEpisodePath("OUT", out); err != nil {
		return err
	}
	if err := cli.CheckOutNotInput("OUT", out, map[string][]string{"IN": {in}}); err != nil {
		return err
	}
	if err := checkParquetLayout(fs, *layout, out); err != nil {
		return err
	}
	read := ingest.ReadOptions{Dedupe: source.DedupePolicy(*dedupe), MaxLineBytes: *maxLine, Lossless: true}
	n, dropped, err := job.Convert(e.Stdout, in, out, *layout, read, func(p ingest.Problem) { fmt.Fprintln(e.Stderr, p) })
	if err != nil {
		return err
	}
	printLines(e, "", dropped...)
	fmt.Fprintf(e.Stderr, "converted %s: %s -> %s\n", ingest.Plural(n, "episode"), in, out)
	return nil
}

// checkMaxLineBytes refuses a --max-line-bytes that is not a positive number of bytes
// (the readers take 0 and below as their default limit).
func checkMaxLineBytes(n int) error {
	if n <= 0 {
		return usagef("--max-line-bytes must be a positive number of bytes, not %d", n)
	}
	return nil
}

// parquetLayoutFlag defines --parquet-layout on a command that writes episode files.
func parquetLayoutFlag(fs *flag.FlagSet) *string {
	return fs.String("parquet-layout", ingest.DefaultParquetLayout, "layout of a .parquet output: typed (the record, its events, official and usage as typed nested columns) or json (each as JSON text, the layout written before; docs/parquet-layout.md)")
}

// checkParquetLayout refuses an unknown layout, and --parquet-layout given for an output
// that is not Parquet (the flag would be ignored).
func checkParquetLayout(fs *flag.FlagSet, layout, out string) error {
	if err := ingest.CheckParquetLayout(layout); err != nil {
		return usagef("--parquet-layout: %v", err)
	}
	if format, _ := ingest.EpisodeFormat(out); cli.Given(fs, "parquet-layout") != "" && (out == "-" || format != ingest.FormatParquet) {
		return usagef("--parquet-layout applies to a .parquet output, not %q", out)
	}
	return nil
}
