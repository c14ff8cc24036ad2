package main

import (
	"fmt"
	"io"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/results"
)

func init() {
	register(command{name: "convert", summary: "convert episode files between JSONL (plain, .gz, .zst) and Parquet, losslessly", run: runConvert, streams: true})
}

func runConvert(e *env, args []string) error {
	fs := newFlagSet(e, "convert", "[flags] IN OUT\n\nIN is read as JSONL (plain, gzip or zstd) or Parquet, whatever its name; OUT's\nextension picks the output: .parquet, .jsonl, .jsonl.gz or .jsonl.zst (- is JSONL on stdout).")
	dedupe := fs.String("dedupe", "", "duplicate episode keys: error (default), first or last")
	maxLine := fs.Int("max-line-bytes", ingest.DefaultMaxLineBytes, "longest JSONL line accepted")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 2 {
		return usagef("convert wants IN and OUT, got %d arguments", fs.NArg())
	}
	in, out := fs.Arg(0), fs.Arg(1)
	if _, err := ingest.EpisodeFormat(out); err != nil && out != "-" {
		return usagef("%v", err)
	}
	if *dedupe == "error" {
		*dedupe = ""
	}
	r, err := ingest.OpenEpisodes(in, ingest.ReadOptions{Dedupe: *dedupe, MaxLineBytes: *maxLine})
	if err != nil {
		return err
	}
	defer r.Close()
	n, err := writeEpisodeFile(e, out, r.Next)
	if err != nil {
		return err
	}
	reportDropped(e, r.Reported())
	fmt.Fprintf(e.stderr, "converted %d episodes: %s -> %s\n", n, in, out)
	return nil
}

// writeEpisodeFile writes every episode next returns (until io.EOF) to path, in the
// format its extension names ("-" is JSONL on stdout). The file is written atomically:
// any problem in the input leaves no output file. Every problem is printed to stderr
// before the error is returned.
func writeEpisodeFile(e *env, path string, next func() (*ingest.Episode, error)) (int, error) {
	format := ingest.FormatJSONL
	if path != "-" {
		var err error
		if format, err = ingest.EpisodeFormat(path); err != nil {
			return 0, usagef("%v", err)
		}
	}
	n := 0
	fill := func(w io.Writer) error {
		ew, err := ingest.NewEpisodeWriter(w, format)
		if err != nil {
			return err
		}
		n, err = ingest.CopyEpisodes(ew, next, func(p ingest.Problem) { fmt.Fprintln(e.stderr, p) })
		return err
	}
	if path == "-" {
		return n, fill(e.stdout)
	}
	return n, results.WriteFileAtomic(path, fill)
}

// reportDropped prints the duplicates a --dedupe policy dropped.
func reportDropped(e *env, dropped []ingest.Problem) {
	for _, p := range dropped {
		fmt.Fprintln(e.stderr, "note:", p)
	}
}
