package job

import (
	"io"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/results/fsx"
)

// WriteEpisodeFile writes every episode next returns (until io.EOF) to path, in the
// format its extension names (ingest.EpisodeFormat; another extension is an OptionError),
// or as JSONL to stdout when path is "-". The file is written atomically: any problem in the input leaves no output file.
// problem sees each problem as it is met; the count is of the episodes written.
// layout is that of a Parquet output (ingest.ParquetLayouts).
func WriteEpisodeFile(stdout io.Writer, path, layout string, next func() (*ingest.Episode, error), problem func(ingest.Problem)) (int, error) {
	format, err := episodeFormat(path)
	if err != nil {
		return 0, err
	}
	n := 0
	fill := func(w io.Writer) error {
		ew, err := ingest.NewEpisodeWriter(w, format, layout)
		if err != nil {
			return err
		}
		n, err = ingest.CopyEpisodes(ew, next, problem)
		return err
	}
	if path == "-" {
		return n, fill(stdout)
	}
	return n, fsx.WriteFileAtomic(path, fill)
}

// CheckEpisodePath refuses, as an OptionError, an episode output path that cannot be
// written (CheckFileTarget: a directory, or a file in a directory that does not exist) or
// whose extension names no episode format ("-" is JSONL on stdout): commands check it
// before they read anything, so that a mistyped output costs no read. name is how the
// command line gave path (--out, or OUT).
func CheckEpisodePath(name, path string) error {
	if err := CheckFileTarget(name, path); err != nil {
		return err
	}
	_, err := episodeFormat(path)
	return err
}

func episodeFormat(path string) (string, error) {
	if path == "-" {
		return ingest.FormatJSONL, nil
	}
	format, err := ingest.EpisodeFormat(path)
	if err != nil {
		return "", optionError(err)
	}
	return format, nil
}

// Convert copies the episodes of the file in (JSONL, plain or compressed, or Parquet,
// whatever its name) to out as WriteEpisodeFile writes them, and returns how many it
// wrote and the notes on the episodes the reader dropped (DroppedNotes).
func Convert(stdout io.Writer, in, out, layout string, read ingest.ReadOptions, problem func(ingest.Problem)) (int, []string, error) {
	r, err := ingest.OpenEpisodes(in, read)
	if err != nil {
		return 0, nil, err
	}
	defer r.Close()
	n, err := WriteEpisodeFile(stdout, out, layout, r.Next, problem)
	if err != nil {
		return n, nil, err
	}
	return n, DroppedNotes(r.Reported()), nil
}
