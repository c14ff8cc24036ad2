package ingest

import (
	"fmt"
	"slices"
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
	// The configuration ignoring case, as compare and domains take it; SelectEpisode
	// prefers the exact name.
	return (s.Config == "" || strings.EqualFold(ep.Config, s.Config)) && (s.CaseID == "" || ep.CaseID == s.CaseID) &&
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
// run ids that contain the run id sought, ignoring case, and Configs the input's
// configurations when no episode has the one sought.
type NoEpisodeError struct {
	Selection Selection
	In        string // where the episodes came from
	Similar   []string
	Configs   []string
}

func (e *NoEpisodeError) Error() string {
	switch {
	case len(e.Similar) > 0:
		return fmt.Sprintf("no episode with %s in %s; similar run ids: %s", e.Selection, e.In, strings.Join(e.Similar, ", "))
	case len(e.Configs) > 0:
		return fmt.Sprintf("no episode with %s in %s: no configuration is named %q (configurations: %s)", e.Selection, e.In, e.Selection.Config, QuotedList(e.Configs))
	}
	return fmt.Sprintf("no episode with %s in %s", e.Selection, e.In)
}

// AmbiguousError says that a selection matched several episodes (the first ten run ids
// are named), or Configs, several configurations whose names equal the one sought
// ignoring case.
type AmbiguousError struct {
	Selection Selection
	RunIDs    []string
	Configs   []string
}

func (e *AmbiguousError) Error() string {
	if len(e.Configs) > 1 {
		return fmt.Sprintf("configuration %q is ambiguous: it matches %s ignoring case; give the exact name", e.Selection.Config, QuotedList(e.Configs))
	}
	ids := e.RunIDs
	if len(ids) > 10 {
		ids = append(ids[:10:10], fmt.Sprintf("… %d more", len(e.RunIDs)-10))
	}
	return fmt.Sprintf("%d episodes match %s (%s); narrow the selection or give a RUN_ID", len(e.RunIDs), e.Selection, strings.Join(ids, ", "))
}

// SelectEpisode reads next until io.EOF and returns the one episode s selects: none is
// a *NoEpisodeError, several an *AmbiguousError; in names the input in the first.
func SelectEpisode(next func() (*Episode, error), s Selection, in string) (*Episode, error) {
	var near, configs []string
	found := false // an episode of the configuration sought (ignoring case)
	similar := func(ep *Episode) {
		if !s.ByKey && len(near) < 5 && strings.Contains(strings.ToLower(ep.RunID), strings.ToLower(s.RunID)) {
			near = append(near, ep.RunID)
		}
		if s.ByKey && s.Config != "" && !found {
			if strings.EqualFold(ep.Config, s.Config) {
				found = true
			} else if !slices.Contains(configs, ep.Config) {
				configs = append(configs, ep.Config)
			}
		}
	}
	eps, err := FindEpisodes(next, s.Match, similar)
	if err != nil {
		return nil, err
	}
	// The configuration's exact name wins; else its one spelling ignoring case.
	if !s.ByKey || s.Config == "" {
		// nothing to prefer
	} else if exact := slices.DeleteFunc(slices.Clone(eps), func(ep *Episode) bool { return ep.Config != s.Config }); len(exact) > 0 {
		eps = exact
	} else if len(eps) > 1 {
		var spell []string
		for _, ep := range eps {
			if !slices.Contains(spell, ep.Config) {
				spell = append(spell, ep.Config)
			}
		}
		if len(spell) > 1 {
			return nil, &AmbiguousError{Selection: s, Configs: spell}
		}
	}
	switch {
	case len(eps) == 0:
		if found {
			configs = nil
		}
		return nil, &NoEpisodeError{Selection: s, In: in, Similar: near, Configs: configs}
	case len(eps) > 1:
		ids := make([]string, len(eps))
		for i, ep := range eps {
			ids[i] = ep.RunID
		}
		return nil, &AmbiguousError{Selection: s, RunIDs: ids}
	}
	return eps[0], nil
}
