package ingest

import (
	"errors"
	"io"
	"testing"
)

func TestSelectEpisode(t *testing.T) {
	eps := []*Episode{
		{RunID: "run-a1", Config: "m/h", CaseID: "C1", Repeat: 0, Condition: DefaultCondition},
		{RunID: "run-a2", Config: "m/h", CaseID: "C1", Repeat: 1, Condition: DefaultCondition},
		{RunID: "run-b1", Config: "m/h", CaseID: "C2", Repeat: 0, Condition: "withheld"},
	}
	next := func() func() (*Episode, error) {
		i := 0
		return func() (*Episode, error) {
			if i == len(eps) {
				return nil, io.EOF
			}
			i++
			return eps[i-1], nil
		}
	}
	ep, err := SelectEpisode(next(), Selection{RunID: "run-a2"}, "in")
	if err != nil || ep != eps[1] {
		t.Errorf("by run id: %v, %v", ep, err)
	}
	ep, err = SelectEpisode(next(), Selection{ByKey: true, CaseID: "C2", Repeat: -1, Condition: "withheld"}, "in")
	if err != nil || ep != eps[2] {
		t.Errorf("by key: %v, %v", ep, err)
	}
	_, err = SelectEpisode(next(), Selection{RunID: "RUN-A"}, "the input")
	var none *NoEpisodeError
	if !errors.As(err, &none) || err.Error() != `no episode with run id "RUN-A" in the input; similar run ids: run-a1, run-a2` {
		t.Errorf("unknown run id: %v", err)
	}
	_, err = SelectEpisode(next(), Selection{ByKey: true, Config: "m/h", CaseID: "C1", Repeat: -1, Condition: DefaultCondition}, "in")
	var amb *AmbiguousError
	if !errors.As(err, &amb) || err.Error() != `2 episodes match config "m/h", case "C1", any repeat, condition "main" (run-a1, run-a2); narrow the selection or give a RUN_ID` {
		t.Errorf("ambiguous: %v", err)
	}
}

func TestAmbiguousErrorCutsLongLists(t *testing.T) {
	e := &AmbiguousError{Selection: Selection{RunID: "x"}}
	for range 12 {
		e.RunIDs = append(e.RunIDs, "r")
	}
	if got, want := e.Error(), `12 episodes match run id "x" (r, r, r, r, r, r, r, r, r, r, … 2 more); narrow the selection or give a RUN_ID`; got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	if len(e.RunIDs) != 12 {
		t.Error("Error changed RunIDs")
	}
}

func TestParseProtocols(t *testing.T) {
	ps, err := ParseProtocols([]string{"V1", "legacy", "v1", "L"})
	if err != nil || len(ps) != 2 || ps[0] != V1 || ps[1] != Legacy {
		t.Errorf("ParseProtocols = %v, %v", ps, err)
	}
	if _, err := ParseProtocols([]string{"v9"}); err == nil || err.Error() != `unknown protocol "v9" (known: "legacy", "v0", "v1", "v2", "v3")` {
		t.Errorf("v9: %v", err)
	}
}

// TestSelectEpisodeConfigCase: explain --config matched the configuration's exact name
// only, where compare and domains take it ignoring case; and a name that is no
// configuration said only that no episode matched. The exact name wins, else the one
// name equal ignoring case; two such names are ambiguous, and a name matching none lists
// the configurations.
func TestSelectEpisodeConfigCase(t *testing.T) {
	eps := []*Episode{
		{RunID: "r1", Config: "GPT-4o/ReAct", CaseID: "C1", Condition: DefaultCondition},
		{RunID: "r2", Config: "GPT-4o/react", CaseID: "C1", Condition: DefaultCondition},
		{RunID: "r3", Config: "Llama 3.1 70B, temp=0.7", CaseID: "C1", Condition: DefaultCondition},
	}
	sel := func(config string) (*Episode, error) {
		i := 0
		return SelectEpisode(func() (*Episode, error) {
			if i == len(eps) {
				return nil, io.EOF
			}
			i++
			return eps[i-1], nil
		}, Selection{ByKey: true, Config: config, CaseID: "C1", Repeat: -1, Condition: DefaultCondition}, "in")
	}
	for config, want := range map[string]string{"GPT-4o/react": "r2", "GPT-4o/ReAct": "r1", "llama 3.1 70b, TEMP=0.7": "r3"} {
		if ep, err := sel(config); err != nil || ep.RunID != want {
			t.Errorf("%q: %v, %v; want %s", config, ep, err, want)
		}
	}
	_, err := sel("gpt-4o/REACT")
	var amb *AmbiguousError
	if !errors.As(err, &amb) || err.Error() != `configuration "gpt-4o/REACT" is ambiguous: it matches "GPT-4o/ReAct", "GPT-4o/react" ignoring case; give the exact name` {
		t.Errorf("two spellings: %v", err)
	}
	_, err = sel("Llama 3.1 70B")
	var none *NoEpisodeError
	if !errors.As(err, &none) || err.Error() != `no episode with config "Llama 3.1 70B", case "C1", any repeat, condition "main" in in: no configuration is named "Llama 3.1 70B" (configurations: "GPT-4o/ReAct", "GPT-4o/react", "Llama 3.1 70B, temp=0.7")` {
		t.Errorf("no such configuration: %v", err)
	}
}
