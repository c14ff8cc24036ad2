package job

import (
	"errors"
	"fmt"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/source"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results/verdicts"
	"github.com/sabench/sabench-stats/results/view"
)

// Load opens the bench and its episodes (source.Open); Input.Skipped says what a --runs
// directory search passed over. No episode to read is an OptionError.
func (o *Options) Load() (*source.Input, error) { return o.load(o.Source.Hash) }

// load is Load, hashing the episode files as they are read when hash is set.
func (o *Options) load(hash bool) (*source.Input, error) {
	so, err := o.SourceOptions()
	if err != nil {
		return nil, err
	}
	so.Hash = hash
	in, err := source.Open(so)
	var noEpisodes *source.NoEpisodesError
	if errors.As(err, &noEpisodes) {
		return nil, optionError(err)
	}
	return in, err
}

// Score streams in's episodes once and scores them under opt.Policies with the options'
// workers, infra_failure rule and progress: all at once (analysis.Score), or with chunk > 0
// chunk episodes at a time, each chunk's verdicts handed to emit (analysis.ScoreChunked).
// It also returns what a lenient read dropped.
func (o *Options) Score(in *source.Input, opt analysis.ScoreOptions, chunk int, emit func([][]oracle.Verdict) error) (*analysis.Scored, []ingest.Problem, error) {
	src, err := in.Open()
	if err != nil {
		return nil, nil, err
	}
	defer src.Close()
	opt.Workers, opt.InfraFailuresFail, opt.Progress = o.Workers, o.InfraFailures == "fail", o.Progress
	var s *analysis.Scored
	if chunk > 0 {
		s, err = analysis.ScoreChunked(src, in.Bench.Case, opt, chunk, emit)
	} else {
		s, err = analysis.Score(src, in.Bench.Case, opt)
	}
	if err != nil {
		return nil, nil, err
	}
	return s, src.Reported(), nil
}

// Scoring says how Release scores.
type Scoring struct {
	// All: with no Policies, score every preset rather than safeact alone.
	All bool
	// AllOnOfficial is All on a bench whose cases take their success from the benchmark's
	// own verdict (τ-bench's): its default tables hold official, which reads every scored
	// policy, and scored the first alone printed one row where `tables official` prints one
	// per preset. Which bench it is is known once it is loaded.
	AllOnOfficial bool
	// MainOnly scores the policies after the first on the main-condition episodes only
	// (analysis.ScoreOptions.Others): a policy comparison reads nothing else, and scoring
	// is a report's largest cost. Otherwise every episode is scored under every policy.
	MainOnly bool
	// Collect encodes the viewer's episodes from the stream of scored batches
	// (view.Collector, on its own goroutine), so that the input is read once.
	Collect bool
	// Dataset is what the command reads of a verdict dataset (Options.Verdicts): some
	// policies, some columns; the zero value is all of it.
	Dataset verdicts.DatasetRead
}

// aggregate says whether the releases keep aggregate records (analysis.ScoreOptions.Aggregate):
// the first policy's and the baseline's full ones, which every table reads, and the other
// policies' of their main condition alone, which is all a command that scores them for the
// policy comparison alone (MainOnly) or a report or viewer (Collect) reads of them.
func (s Scoring) aggregate() bool { return s.MainOnly || s.Collect }

// Release is a scored release and what it was read from.
type Release struct {
	*analysis.ScoredRelease
	Input     *source.Input   // nil when built from a verdict dataset
	Collector *view.Collector // with Scoring.Collect and episodes to show; else nil
	// Files, built from a verdict dataset: the bench's files and the dataset's, for
	// provenance (with episodes, Input.Files says what was read).
	Files []string
}

// Release loads the input and scores it in one pass: every episode under the first
// policy, and under the others those Scoring admits. With Verdicts it reads the
// dataset instead, and there are no episodes. The episode files are hashed as they are
// read, for the provenance of the outputs. A choice that names nothing in the release is
// an OptionError; a shared harness matched in another case takes the release's spelling.
// Options not through Check are an OptionError.
func (o *Options) Release(s Scoring) (*Release, error) {
	if err := o.checked(); err != nil {
		return nil, err
	}
	r, err := o.release(s)
	if err != nil {
		return nil, err
	}
	if o.Choices != (analysis.Choices{}) {
		if err := o.Choices.Check(r.Releases[0]); err != nil {
			return nil, optionError(err)
		}
		o.Choices = o.Choices.Spelled(r.Releases[0])
	}
	return r, nil
}

func (o *Options) release(s Scoring) (*Release, error) {
	if o.Verdicts != "" {
		d := s.Dataset
		d.Aggregate = s.aggregate()
		sr, files, err := o.readVerdicts(d)
		return &Release{ScoredRelease: sr, Files: files}, err
	}
	// The policy names are checked before the episodes are read; the bench may change
	// the default (PoliciesFor).
	if _, err := o.PolicyList(s.All); err != nil {
		return nil, err
	}
	in, err := o.load(true)
	if err != nil {
		return nil, err
	}
	if err := o.checkBench(in.Bench); err != nil {
		return nil, err
	}
	pols, err := o.PoliciesFor(s.All || s.AllOnOfficial && casespec.OfficialTasks(in.Bench.Cases), in.Bench)
	if err != nil {
		return nil, err
	}
	r := &Release{Input: in}
	// The release keeps records of the verdicts, not the verdicts (analysis.Record).
	opt := analysis.ScoreOptions{Policies: pols, Records: true, Aggregate: s.aggregate()}
	if s.MainOnly {
		opt.Others = func(ep *ingest.Episode) bool { return ep.Condition == ingest.DefaultCondition }
	}
	if s.Collect {
		if r.Collector, err = view.NewCollector(in.Bench.Cases, pols); err != nil {
			return nil, err
		}
		opt.Each, opt.DetailFirst = r.Collector.Add, true
	}
	var sc *analysis.Scored
	var dropped []ingest.Problem
	if len(in.Runs()) == 0 && len(o.Source.Inspect) == 0 && !s.Collect {
		// The built-in release's episodes: scored once per process (builtinScores). Without
		// Collect, MainOnly in the key also says whether the releases are aggregated.
		so, err := o.SourceOptions()
		if err != nil {
			return nil, err
		}
		sc, err = scoreBuiltin(builtinKey(pols, o.InfraFailures == "fail", s.MainOnly, so.BenchOptions), func() (*analysis.Scored, error) {
			sc, _, err := o.Score(in, opt, 0, nil)
			if err == nil {
				sc.Keep() // every job makes its own scored release of it
			}
			return sc, err
		})
		if err != nil {
			return nil, err
		}
		if o.Progress != nil {
			o.Progress(sc.Counts.Read)
		}
	} else {
		sc, dropped, err = o.Score(in, opt, 0, nil)
	}
	if r.Collector != nil {
		// The viewer's encoding ran beside scoring (view.Collector): wait for its last batch.
		if ferr := r.Collector.Finish(); err == nil {
			err = ferr
		}
	}
	if err != nil {
		return nil, err
	}
	r.ScoredRelease = analysis.NewScoredRelease(in.Describe, in.Bench, sc, dropped)
	// The built-in cases with the user's episodes: only the cases are synthetic. A bench
	// from a path (`synth --out`) does not say whether the episodes given are its own.
	r.OwnEpisodes = in.OwnEpisodes()
	return r, nil
}

// checkBench checks the case-set choices and runs CheckBench, if set, on the loaded bench
// b; its error is an OptionError.
func (o *Options) checkBench(b *casespec.Bench) error {
	if o.CheckBench != nil {
		if err := o.CheckBench(b); err != nil {
			return optionError(err)
		}
	}
	// A case-set choice that names no set of the bench (Choices.Check refuses it too,
	// once scored, for the other choices' sake); after CheckBench, which refuses the
	// choices no table built reads.
	if o.Choices != (analysis.Choices{}) {
		return optionError(o.Choices.CheckSets(b.Sets))
	}
	return nil
}

// readVerdicts builds the scored release from Verdicts (verdicts.Scored),
// refusing the options that would change choices made when the dataset was written.
// It also returns the files read: the bench's and the dataset's.
func (o *Options) readVerdicts(r verdicts.DatasetRead) (*analysis.ScoredRelease, []string, error) {
	if len(o.Source.Inspect) > 0 {
		return nil, nil, optionError(errors.New("--verdicts replaces --inspect: the episodes were scored when the dataset was written"))
	}
	if err := verdicts.RefuseRescoring(o.Source.Runs, o.Policies, o.InfraFailures, o.Source.Dedupe); err != nil {
		return nil, nil, optionError(err)
	}
	so, err := o.SourceOptions()
	if err != nil {
		return nil, nil, err
	}
	parts, err := verdicts.DatasetFiles(o.Verdicts)
	if err != nil {
		return nil, nil, fmt.Errorf("--verdicts: %w", err)
	}
	bench, describe, err := source.LoadBench(so.Bench, so.BenchOptions)
	if err != nil {
		return nil, nil, err
	}
	if err := o.checkBench(bench); err != nil {
		return nil, nil, err
	}
	sr, err := verdicts.Scored(o.Verdicts, bench, describe, r)
	if err != nil {
		return nil, nil, err
	}
	return sr, append(bench.InputFiles(so.BenchOptions), parts...), nil
}
