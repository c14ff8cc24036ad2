package ingest

import (
	"fmt"
	"strings"
)

// Selection picks episodes by run id, or (ByKey) by key: configuration, case id, repeat
// and condition, where an empty field (a negative Repeat) matches any value.
type Selection struct {
	ByKey     bool
	RunID     string // when not ByKey
	Config    string
	CaseID    string
	Repeat    int
	Condition string
}

// Match reports whether ep is selected.
func (s Selection) Match(ep *Episode) bool {
	if !s.ByKey {
		return ep.RunID == s.RunID
	}
	return (s.Config == "" || ep.Config == s.Config) && (s.CaseID == "" || ep.CaseID == s.CaseID) &&
		(s.Repeat < 0 || ep.Repeat == s.Repeat) && (s.Condition == "" || ep.Condition == s.Condition)
}

// String says what is selected, for messages.
func (s Selection) String() string {
	if !s.ByKey {
		return fmt.Sprintf("run id %q", s.RunID)
	}
	// An empty field or a negative repeat matches any value, and is said so.
	field := func(name, v string) string {
		if v == "" {
			return "any " + name
		}
		return fmt.Sprintf("%s %q", name, v)
	}
	repeat := "any repeat"
	if s.Repeat >= 0 {
		repeat = fmt.Sprintf("repeat %d", s.Repeat)
	}
	return field("config", s.Config) + ", " + field("case", s.CaseID) + ", " + repeat + ", " + field("condition", s.Condition)
}

// NoEpisodeError says that a selection matched no episode; Similar lists up to five
// run ids that contain the run id sought, ignoring case.
type NoEpisodeError struct {
	Selection Selection
	In        string // where the episodes came from
	Similar   []string
}

func (e *NoEpisodeError) Error() string {
	if len(e.Similar) > 0 {
		return fmt.Sprintf("no episode with %s in %s; similar run ids: %s", e.Selection, e.In, strings.Join(e.Similar, ", "))
	}
	return fmt.Sprintf("no episode with %s in %s", e.Selection, e.In)
}

// AmbiguousError says that a selection matched several episodes (the first ten run ids
// are named).
type AmbiguousError struct {
	Selection Selection
	RunIDs    []string
}

func (e *AmbiguousError) Error() string {
	ids := e.RunIDs
	if len(ids) > 10 {
		ids = append(ids[:10:10], fmt.Sprintf("… %d more", len(e.RunIDs)-10))
	}
	return fmt.Sprintf("%d episodes match %s (%s); narrow the selection or give a RUN_ID", len(e.RunIDs), e.Selection, strings.Join(ids, ", "))
}

// SelectEpisode reads next until io.EOF and returns the one episode s selects: none is
// a *NoEpisodeError, several an *AmbiguousError; in names the input in the first.
func SelectEpisode(next func() (*Episode, error), s Selection, in string) (*Episode, error) {
	var near []string
	similar := func(ep *Episode) {
		if !s.ByKey && len(near) < 5 && strings.Contains(strings.ToLower(ep.RunID), strings.ToLower(s.RunID)) {
			near = append(near, ep.RunID)
		}
	}
	eps, err := FindEpisodes(next, s.Match, similar)
	switch {
	case err != nil:
		return nil, err
	case len(eps) == 0:
		return nil, &NoEpisodeError{Selection: s, In: in, Similar: near}
	case len(eps) > 1:
		ids := make([]string, len(eps))
		for i, ep := range eps {
			ids[i] = ep.RunID
		}
		return nil, &AmbiguousError{Selection: s, RunIDs: ids}
	}
	return eps[0], nil
}
