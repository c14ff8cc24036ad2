package ingest

import (
	"fmt"
	"io"
	"strings"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// Episode file formats, chosen by a file name's extension.
const (
	FormatJSONL     = "jsonl"
	FormatJSONLGzip = "jsonl.gz"
	FormatJSONLZstd = "jsonl.zst"
	FormatParquet   = "parquet"
)

// EpisodeFormat is the episode file format that path's extension names.
func EpisodeFormat(path string) (string, error) {
	l := strings.ToLower(path)
	switch {
	case strings.HasSuffix(l, ".parquet"):
		return FormatParquet, nil
	case strings.HasSuffix(l, ".jsonl.gz"), strings.HasSuffix(l, ".ndjson.gz"):
		return FormatJSONLGzip, nil
	case strings.HasSuffix(l, ".jsonl.zst"), strings.HasSuffix(l, ".jsonl.zstd"), strings.HasSuffix(l, ".ndjson.zst"):
		return FormatJSONLZstd, nil
	case strings.HasSuffix(l, ".jsonl"), strings.HasSuffix(l, ".ndjson"):
		return FormatJSONL, nil
	}
	return "", fmt.Errorf("cannot tell the output format of %q: use .parquet, .jsonl, .jsonl.gz or .jsonl.zst", path)
}

// EpisodeWriter is what the JSONL and Parquet writers share.
type EpisodeWriter interface {
	Write(*Episode) error
	Close() error
}

// compressed closes the episode writer, then the compressor under it.
type compressed struct {
	EpisodeWriter
	z io.Closer
}

func (c compressed) Close() error {
	if err := c.EpisodeWriter.Close(); err != nil {
		return err
	}
	return c.z.Close()
}

// NewEpisodeWriter writes episodes to w in one of the Format constants, Parquet in the
// given layout (ParquetLayouts; the other formats have none). Close flushes the writer
// and any compressor; it does not close w.
func NewEpisodeWriter(w io.Writer, format, layout string) (EpisodeWriter, error) {
	switch format {
	case FormatParquet:
		return NewParquetWriter(w, layout)
	case FormatJSONLGzip:
		zw := gzip.NewWriter(w)
		return compressed{NewJSONLWriter(zw), zw}, nil
	case FormatJSONLZstd:
		zw, err := zstd.NewWriter(w)
		if err != nil {
			return nil, err
		}
		return compressed{NewJSONLWriter(zw), zw}, nil
	case FormatJSONL:
		return NewJSONLWriter(w), nil
	}
	return nil, fmt.Errorf("unknown episode format %q", format)
}

// CopyEpisodes writes every episode next returns (until io.EOF) to ew and closes it.
// Problems in the input (ingest.Problem errors) are handed to problem and reading goes
// on, so that all of them are seen; after the first, nothing more is written and the
// error says so. It returns the number of episodes read without problems.
func CopyEpisodes(ew EpisodeWriter, next func() (*Episode, error), problem func(Problem)) (int, error) {
	n, problems := 0, 0
	for {
		ep, err := next()
		if err == io.EOF {
			break
		}
		if err != nil {
			ps := AsProblems(err)
			if ps == nil {
				return n, err
			}
			for _, p := range ps {
				problem(p)
			}
			problems += len(ps)
			continue
		}
		if problems == 0 {
			if err := ew.Write(ep); err != nil {
				return n, err
			}
		}
		n++
	}
	if err := ew.Close(); err != nil {
		return n, err
	}
	if problems > 0 {
		return n, fmt.Errorf("%s in the input; nothing written", Plural(problems, "problem"))
	}
	return n, nil
}
