package job

import (
	"errors"
	"fmt"
	"io"
	iofs "io/fs"
	"strings"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/harness"
	"github.com/sabench/sabench-stats/ingest/paths"
	"github.com/sabench/sabench-stats/ingest/source"
)

// EpisodeOutput is where an ingest job writes its episodes (WriteEpisodeFile), and whom
// it tells what it passed over. Its path is checked before anything is read.
type EpisodeOutput struct {
	Stdout io.Writer // receives the episodes, as JSONL, when Path is "-"
	Path   string    // .jsonl, .jsonl.gz, .jsonl.zst or .parquet, or "-"
	Layout string    // a Parquet output's (ingest.ParquetLayouts)
	// Note, when set, is told each line for the reader, in order: the adapter's warnings,
	// its problems, then each problem of an episode as it is written.
	Note func(line string)
}

func (out EpisodeOutput) note(line string) {
	if out.Note != nil {
		out.Note(line)
	}
}

// IngestRunner reads a runner's output directory with its adapter (harness.Batch,
// harness.Interactive) and writes the episodes to out. It returns what was ingested
// (harness.Result.Report), for the reader. Options the adapter cannot honour are an
// OptionError; a directory that cannot be opened is named by the adapter's flag.
func IngestRunner(a harness.Adapter, dir string, opt harness.Options, out EpisodeOutput) (string, error) {
	if err := opt.Check(); err != nil {
		return "", optionError(err)
	}
	if err := CheckEpisodePath("--out", out.Path); err != nil {
		return "", err
	}
	res, err := a.Read(dir, opt)
	if pe := (*iofs.PathError)(nil); errors.As(err, &pe) && pe.Path == dir {
		return "", fmt.Errorf("--%s %s: %w", a.Name(), dir, pe.Err)
	}
	if err != nil {
		return "", err
	}
	n, err := out.writeResult(res, "warning: ", "the harness output")
	if err != nil {
		return "", err
	}
	return res.Report(n, opt.Mode), nil
}

// IngestTau reads τ-bench / τ²-bench result files (harness.ReadTauFiles) into one
// episode file, and returns how many episodes it wrote from which files.
func IngestTau(files []string, domain string, opt harness.Options, out EpisodeOutput) (string, error) {
	if err := opt.Check(); err != nil {
		return "", optionError(err)
	}
	if err := CheckEpisodePath("--out", out.Path); err != nil {
		return "", err
	}
	res, err := harness.ReadTauFiles(files, domain, opt)
	if err != nil {
		return "", err
	}
	n, err := out.writeResult(res, "", "the τ-bench results")
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("ingest: %s written from %s\n", ingest.Plural(n, "episode"), strings.Join(paths.Distinct(files), ", ")), nil
}

// IngestInspect reads Inspect logs (files, folders, globs) against the case specs of
// bench, which must be named ("" is refused; builtin names the built-in cases)
// (source.ReadInspectEpisodes) into episodes: every problem is noted and then
// nothing is written; a log that is not a SafeActBench task is a warning that says why.
// It returns how many logs were read, and what was ingested.
func IngestInspect(logs []string, bench string, opt harness.Options, out EpisodeOutput) (string, error) {
	// The bench must be named, as for the commands that score --inspect logs: it sorts each
	// call into INFO_CALL and CONSEQUENTIAL_CALL by the case's info_tools, and the real
	// benchmark's case ids are also the built-in synthetic cases'.
	bench, err := source.ResolveBench(bench, "--inspect")
	if err != nil {
		return "", optionError(err)
	}
	if err := opt.CheckInspect(); err != nil {
		return "", optionError(err)
	}
	if err := CheckEpisodePath("--out", out.Path); err != nil {
		return "", err
	}
	res, nfiles, err := source.ReadInspectEpisodes(logs, bench, opt)
	if err != nil {
		return "", err
	}
	for _, e := range res.Episodes {
		harness.PlaceInExtra(e)
	}
	n, err := out.writeResult(res, "warning: ", "the Inspect logs")
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("read %s against the bench %s\n", ingest.Plural(nfiles, "Inspect log"), bench) + res.Report(n, harness.ModeAnalyst), nil
}

// writeResult notes what an adapter said, its warnings (each after warnPrefix) and then
// every problem, and writes its episodes unless there is a problem (then nothing is
// written and the error counts them, naming what was read). It returns the episodes
// written.
func (out EpisodeOutput) writeResult(res *harness.Result, warnPrefix, what string) (int, error) {
	for _, w := range res.Warnings {
		out.note(warnPrefix + w)
	}
	for _, p := range res.Problems {
		out.note(p.String())
	}
	if len(res.Problems) > 0 {
		return 0, fmt.Errorf("%s in %s; nothing written", ingest.Plural(len(res.Problems), "problem"), what)
	}
	return WriteEpisodeFile(out.Stdout, out.Path, out.Layout, (&ingest.SliceSource{Episodes: res.Episodes}).Next,
		func(p ingest.Problem) { out.note(p.String()) })
}
