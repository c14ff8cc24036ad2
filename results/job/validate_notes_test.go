package job

import (
	"slices"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
)

// The episodes of a bench with its own ids are one statement: how many, of which
// protocol, which field, which pattern, and that score scores them.
func TestValidationOwnIDsNote(t *testing.T) {
	v := &Validation{Report: &ingest.ValidationReport{Files: 1, Lines: 2373, Episodes: 2373,
		OwnIDs: []ingest.OwnIDs{{Protocol: ingest.V0, Schema: "no_action_execution_record", Field: "record.episode_id",
			Pattern: "^SAB-V0-[0-9]{3}$", Episodes: 2373, Example: "acme.v0-001"}}}}
	problems, notes := v.Lines()
	want := "note: 2373 V0 episodes name their case in record.episode_id by the bench's own id (acme.v0-001, …), not in the form ^SAB-V0-[0-9]{3}$ " +
		"that the no_action_execution_record schema sets for the release's ids: that pattern is not held against them (each must still name its episode's case), and score scores them as any other"
	if len(problems) != 0 || !slices.Contains(notes, want) || v.Err() != nil {
		t.Errorf("problems %q, notes %q, err %v; want the note\n%s", problems, notes, v.Err(), want)
	}
}

// Problems in records are counted apart from the rest: score does not refuse those
// episodes, and validate says so rather than disagree with it silently.
func TestValidationRecordProblemsNote(t *testing.T) {
	v := &Validation{Report: &ingest.ValidationReport{Files: 1, Lines: 9, Episodes: 2, RecordProblems: 2,
		Problems: make([]ingest.Problem, 5)}}
	_, notes := v.Lines()
	want := "note: 2 of the 5 problems are in the records themselves (outside their schema, or naming another case or domain): " +
		"score does not refuse those episodes: it scores each completed one, a malformed conversation event (τ-bench) as a failure of its episode, anything else as the record is"
	if !slices.Contains(notes, want) {
		t.Errorf("notes %q; want\n%s", notes, want)
	}
	v.Report.RecordProblems = 0
	if _, notes = v.Lines(); len(notes) != 1 {
		t.Errorf("no record problem: notes %q, want only the counts", notes)
	}
}

// Files that hold no episode are an error counted in words that agree with the count:
// one file read "the 1 episode file(s) hold none".
func TestValidationNoEpisodesCount(t *testing.T) {
	for files, want := range map[int]string{
		1: "no episodes: the episode file holds none",
		3: "no episodes: the 3 episode files hold none",
	} {
		v := &Validation{Report: &ingest.ValidationReport{Files: files}}
		if err := v.Err(); err == nil || err.Error() != want {
			t.Errorf("%d files: err %v, want %q", files, err, want)
		}
	}
}

// The line after the listed problems agrees with how many are listed: one read "(the first
// 1 are; --max-problems)".
func TestValidationUnlistedCount(t *testing.T) {
	for listed, want := range map[int]string{
		1: "… and 2 more problems, not listed (the first is; --max-problems)",
		3: "… and 2 more problems, not listed (the first 3 are; --max-problems)",
	} {
		v := &Validation{Report: &ingest.ValidationReport{Files: 1, Lines: 5, Episodes: 5,
			Problems: make([]ingest.Problem, listed), Unlisted: 2}}
		if problems, _ := v.Lines(); !slices.Contains(problems, want) {
			t.Errorf("%d listed: %q, want the line %q", listed, problems, want)
		}
	}
}
