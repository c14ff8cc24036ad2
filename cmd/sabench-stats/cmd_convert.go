package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/results"
)

func init() {
	register(command{name: "convert", summary: "convert episode files between JSONL (plain, .gz, .zst) and Parquet, losslessly", run: runConvert})
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
	if _, err := outputKind(out); err != nil && out != "-" {
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

// Episode output kinds, chosen by the output file's extension.
const (
	outJSONL   = "jsonl"
	outJSONLGz = "jsonl.gz"
	outJSONLZs = "jsonl.zst"
	outParquet = "parquet"
)

func outputKind(path string) (string, error) {
	l := strings.ToLower(path)
	switch {
	case strings.HasSuffix(l, ".parquet"):
		return outParquet, nil
	case strings.HasSuffix(l, ".jsonl.gz"), strings.HasSuffix(l, ".ndjson.gz"):
		return outJSONLGz, nil
	case strings.HasSuffix(l, ".jsonl.zst"), strings.HasSuffix(l, ".jsonl.zstd"), strings.HasSuffix(l, ".ndjson.zst"):
		return outJSONLZs, nil
	case strings.HasSuffix(l, ".jsonl"), strings.HasSuffix(l, ".ndjson"):
		return outJSONL, nil
	}
	return "", fmt.Errorf("cannot tell the output format of %q: use .parquet, .jsonl, .jsonl.gz or .jsonl.zst", path)
}

// episodeWriter is what the ingest package's JSONL and Parquet writers share.
type episodeWriter interface {
	Write(*ingest.Episode) error
	Close() error
}

// writeEpisodeFile writes every episode next returns (until io.EOF) to path, in the
// format its extension names ("-" is JSONL on stdout). The file is written atomically:
// any problem in the input leaves no output file. Every problem is printed to stderr
// before the error is returned.
func writeEpisodeFile(e *env, path string, next func() (*ingest.Episode, error)) (int, error) {
	kind := outJSONL
	if path != "-" {
		var err error
		if kind, err = outputKind(path); err != nil {
			return 0, usagef("%v", err)
		}
	}
	n, problems := 0, 0
	fill := func(w io.Writer) error {
		var ew episodeWriter
		var closers []func() error
		switch kind {
		case outParquet:
			pw, err := ingest.NewParquetWriter(w)
			if err != nil {
				return err
			}
			ew = pw
		case outJSONLGz:
			zw := gzip.NewWriter(w)
			ew, closers = ingest.NewJSONLWriter(zw), []func() error{zw.Close}
		case outJSONLZs:
			zw, err := zstd.NewWriter(w)
			if err != nil {
				return err
			}
			ew, closers = ingest.NewJSONLWriter(zw), []func() error{zw.Close}
		default:
			ew = ingest.NewJSONLWriter(w)
		}
		for {
			ep, err := next()
			if err == io.EOF {
				break
			}
			if err != nil {
				ps := ingest.AsProblems(err)
				if ps == nil {
					return err
				}
				for _, p := range ps {
					fmt.Fprintln(e.stderr, p)
				}
				problems += len(ps)
				continue
			}
			if problems == 0 {
				if err := ew.Write(ep); err != nil {
					return err
				}
			}
			n++
		}
		if err := ew.Close(); err != nil {
			return err
		}
		for _, c := range closers {
			if err := c(); err != nil {
				return err
			}
		}
		if problems > 0 {
			return fmt.Errorf("%d problems in the input; nothing written", problems)
		}
		return nil
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
