package source

import (
	"errors"
	"fmt"

	"github.com/sabench/sabench-stats/ingest"
)

// CheckMaxLineBytes refuses a line limit (Options.MaxLineBytes other than 0 and the
// default) where no episode file is read through it: Inspect logs, a verdict dataset
// (verdicts names one) and the built-in release's own episodes have no JSONL lines, so
// the limit would change nothing.
func CheckMaxLineBytes(opt Options, verdicts string) error {
	if opt.MaxLineBytes == 0 || opt.MaxLineBytes == ingest.DefaultMaxLineBytes {
		return nil
	}
	switch {
	case opt.MaxLineBytes < 0:
		return errors.New("--max-line-bytes must be a positive number of bytes")
	case len(opt.Inspect) > 0:
		return errors.New("--max-line-bytes does not apply to --inspect: it limits a line of a JSONL or Parquet episode file, and Inspect logs are read by the Inspect adapter")
	case verdicts != "":
		return errors.New("--max-line-bytes does not apply to --verdicts: the dataset's episodes were read when it was written")
	case len(opt.Runs) == 0 && opt.Bench == Builtin:
		return errors.New("--max-line-bytes applies to episode files (--runs), and the built-in release's episodes are not read from one")
	}
	return nil
}

// CheckBuiltinEpisodes refuses the options that act on episode files where the episodes
// are the built-in release's own, generated in memory with unique keys and no defect:
// --lenient (it admits defective episodes) and --dedupe first or last (it drops
// duplicates) would change nothing, as --max-line-bytes would not (CheckMaxLineBytes).
func CheckBuiltinEpisodes(opt Options) error {
	if len(opt.Runs) > 0 || len(opt.Inspect) > 0 || opt.Bench != Builtin {
		return nil
	}
	switch {
	case opt.Lenient:
		return errors.New("--lenient applies to episode files (--runs): it admits episodes validate rejects, and the built-in release's episodes are not read from one")
	case opt.Dedupe != "" && opt.Dedupe != "error":
		return fmt.Errorf("--dedupe %s applies to episode files (--runs): the built-in release's episodes are not read from one and hold no duplicate", opt.Dedupe)
	}
	return nil
}
