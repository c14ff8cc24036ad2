package ingest

import (
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// The record of an episode that did not complete is what the run left (an Inspect sample
// stopped by its time limit has its tool calls and no answer): it is excluded, not scored,
// and not held to the schema, so that validate passes what ingest --inspect writes. Its
// episode_id must still name its case.
func TestCheckEpisodePartialRecord(t *testing.T) {
	ep := func(status string, rec string) *Episode {
		o, err := jsonv.ParseObject([]byte(rec))
		if err != nil {
			t.Fatal(err)
		}
		var fc any
		if status != StatusCompleted {
			fc = "time_limit"
		}
		return &Episode{Source: "r.jsonl", Line: 2, CaseID: "SAB-V1-001", Status: status, FailureClass: fc, Record: NewRecord(o)}
	}
	partial := `{"episode_id":"SAB-V1-001","events":[{"type":"INFO_CALL","call_id":"c1","tool":"t","arguments":{}}]}`
	for _, c := range []struct {
		status, rec, want string
	}{
		{StatusInfraFailure, partial, ""},
		{StatusHarnessFailure, partial, ""},
		{StatusCensored, partial, ""},
		{StatusCompleted, partial, "record.schema_version: required field is missing|record.env_id: required field is missing"},
		{StatusInfraFailure, strings.Replace(partial, "SAB-V1-001", "SAB-V1-002", 1), `record.episode_id: names case "SAB-V1-002", but the episode is for "SAB-V1-001"`},
	} {
		var got []string
		for _, p := range checkEpisode(&ValidationReport{}, ep(c.status, c.rec), nil) {
			got = append(got, p.Field+": "+strings.TrimSuffix(p.Msg, " (state_action_execution_record schema)"))
		}
		if g := strings.Join(got, "|"); g != c.want {
			t.Errorf("%s %s:\n got %s\nwant %s", c.status, c.rec, g, c.want)
		}
	}
}
