package job

import (
	"errors"
	"fmt"
	"slices"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/source"
	"github.com/sabench/sabench-stats/oracle"
)

// Validation is what Validate found.
type Validation struct {
	Bench   *casespec.Bench          // nil for the bench "none"
	Report  *ingest.ValidationReport // nil when there is no episode file to check
	Skipped []ingest.Problem         // what a directory search passed over
	// BuiltinIDRules counts the built-in bench's cases that carry a released case's id
	// without the shape of the evaluator's rule for that id: true of the synthetic cases
	// and not the user's concern, so they are counted in one note, not warned of one by one.
	BuiltinIDRules int
}

// BenchError is a bench that did not load; ingest.AsProblems(Err) lists its problems.
type BenchError struct {
	Bench string
	Err   error
}

func (e *BenchError) Error() string { return e.Err.Error() }
func (e *BenchError) Unwrap() error { return e.Err }

// Validate loads the bench (Source.Bench "none": no case checks) and checks the episode
// files that patterns and Source.Runs name, else the runs file beside a bench directory
// (source.ValidateFiles), reading lines of up to maxLine bytes and listing the first
// maxProblems problems (0: ingest.DefaultMaxProblems; the rest are counted). The
// Validation comes back with any error but the bench's, without a Report when the
// episode files could not be listed.
func (o *Options) Validate(patterns []string, maxLine, maxProblems int) (*Validation, error) {
	if err := source.CheckDedupe(o.Source.Dedupe); err != nil {
		return nil, optionError(err)
	}
	if len(o.Source.Inspect) > 0 || o.Source.RecordFrom != "" {
		return nil, optionError(errors.New("validate checks episode files: turn Inspect logs into episodes with ingest --inspect first (it lists every problem of the logs)"))
	}
	if len(patterns) > 0 && o.Source.Bench == "" {
		_, err := source.ResolveBench("", "validating episode files")
		return nil, optionError(err)
	}
	so, err := o.SourceOptions()
	if err != nil {
		return nil, err
	}
	if so.Bench == "none" && (len(so.Sets) > 0 || so.ClustersFile != "") {
		flag := "--set"
		if len(so.Sets) == 0 {
			flag = "--clusters"
		}
		return nil, optionError(fmt.Errorf("%s applies to a bench's cases; --bench none skips the case checks, so it would not be read", flag))
	}
	if len(patterns) == 0 {
		// No file given: on the built-in bench no episode file is read at all.
		so.MaxLineBytes = maxLine
		if err := source.CheckMaxLineBytes(so, ""); err != nil {
			return nil, optionError(err)
		}
		if err := source.CheckBuiltinEpisodes(so); err != nil {
			return nil, optionError(err)
		}
	}
	v := &Validation{}
	if so.Bench != "none" {
		if v.Bench, _, err = source.LoadBench(so.Bench, so.BenchOptions); err != nil {
			return nil, &BenchError{Bench: so.Bench, Err: err}
		}
		if ws := oracle.IDRuleWarnings(v.Bench); v.Bench.Source == source.Builtin {
			v.BuiltinIDRules = len(ws)
		} else {
			v.Bench.Warnings = append(v.Bench.Warnings, ws...)
		}
	}
	v.Report, v.Skipped, err = source.ValidateFiles(so.Bench, v.Bench, append(slices.Clone(patterns), so.Runs...),
		ingest.ReadOptions{Dedupe: source.DedupePolicy(so.Dedupe), MaxLineBytes: maxLine, MaxProblems: maxProblems})
	if err != nil { // the patterns could not be expanded: no episode file was checked
		v.Report = nil
	}
	return v, err
}

// Lines says what v found, as the validate command prints it: the problems (one line each,
// then how many more there are), and the notes: the bench's warnings and summary, what a
// directory search passed over, the duplicates dropped, and the counts.
func (v *Validation) Lines() (problems, notes []string) {
	if b := v.Bench; b != nil {
		for _, w := range b.Warnings {
			notes = append(notes, "warning: "+w.String())
		}
		if v.BuiltinIDRules > 0 {
			notes = append(notes, fmt.Sprintf("note: %s the id of a released case the evaluator scores by an id-specific rule, without the shape that rule reads: it does not apply to %s, as to any such case (docs/id-rules.md)", ingest.PluralVerb(v.BuiltinIDRules, "built-in synthetic case", "carries", "carry"), map[bool]string{true: "it", false: "them"}[v.BuiltinIDRules == 1]))
		}
		notes = append(notes, fmt.Sprintf("bench %s (%s): %s, %s; clusters: %s", b.Source, b.Kind, ingest.Plural(len(b.Cases), "case"), ingest.Plural(len(b.Sets), "case set"), b.ClusterSummary()))
	}
	notes = append(notes, SkippedNotes(v.Skipped)...)
	rep := v.Report
	if rep == nil {
		return problems, notes
	}
	if v.Bench != nil && v.Bench.Source == source.Builtin {
		notes = append(notes, "note: case ids and records are checked against the built-in synthetic bench; pass --bench for your own (or --bench none)")
	}
	for _, p := range rep.Problems {
		problems = append(problems, p.String())
	}
	if rep.Unlisted > 0 {
		listed := fmt.Sprintf("the first %d are", len(rep.Problems))
		if len(rep.Problems) == 1 {
			listed = "the first is"
		}
		problems = append(problems, fmt.Sprintf("… and %d more %s, not listed (%s; --max-problems)", rep.Unlisted, nounOf(rep.Unlisted, "problem"), listed))
	}
	for _, o := range rep.OwnIDs {
		notes = append(notes, fmt.Sprintf("note: %s their case in %s by the bench's own id (%s, …), not in the form %s that the %s schema sets for the release's ids: that pattern is not held against them (each must still name its episode's case), and score scores them as any other",
			ingest.PluralVerb(o.Episodes, o.Protocol.Label()+" episode", "names", "name"), o.Field, o.Example, o.Pattern, o.Schema))
	}
	if rep.RecordProblems > 0 {
		notes = append(notes, fmt.Sprintf("note: %d of the %s %s in the records themselves (outside their schema, or naming another case or domain): score does not refuse those episodes: it scores each completed one, a malformed conversation event (τ-bench) as a failure of its episode, anything else as the record is",
			rep.RecordProblems, ingest.Plural(rep.ProblemCount(), "problem"), map[bool]string{true: "is", false: "are"}[rep.RecordProblems == 1]))
	}
	notes = append(notes, DroppedNotes(rep.Reported)...)
	if rep.ReportedUnlisted > 0 {
		notes = append(notes, fmt.Sprintf("note: %d more dropped %s, not listed (--max-problems)", rep.ReportedUnlisted, nounOf(rep.ReportedUnlisted, "duplicate")))
	}
	notes = append(notes, fmt.Sprintf("%s, %s read, %d without problems, %s", ingest.Plural(rep.Files, "file"), ingest.Plural(rep.Lines, "episode"), rep.Episodes, ingest.Plural(rep.ProblemCount(), "problem")))
	return problems, notes
}

// Err is the validation's verdict: an error when the episodes have problems or there are
// none to check; nil otherwise (and when no episode file was checked).
func (v *Validation) Err() error {
	rep := v.Report
	switch {
	case rep == nil:
		return nil
	case rep.ProblemCount() > 0:
		return fmt.Errorf("%s found", ingest.Plural(rep.ProblemCount(), "problem"))
	case rep.Lines == 0:
		if rep.Files == 1 {
			return errors.New("no episodes: the episode file holds none")
		}
		return fmt.Errorf("no episodes: the %d episode files hold none", rep.Files)
	}
	return nil
}
