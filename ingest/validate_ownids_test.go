package ingest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// ownIDBench is a bench built like SafeActBench with ids of its own.
type ownIDBench map[string]CaseInfo

func (b ownIDBench) CaseInfo(id string) (CaseInfo, bool) { c, ok := b[id]; return c, ok }
func (b ownIDBench) BenchSource() string                 { return "acme.jsonl" }

// A V0 record of a bench with its own case ids names its case by that id: the release
// schema's episode_id pattern (the released ids) is not held against it, and the episodes
// are counted in one statement instead of a problem each; the record must still name its
// case, and a released id still meets the pattern.
func TestValidateOwnCaseIDs(t *testing.T) {
	rec := func(caseID, recID, repeat string) string {
		return `{"schema":"sabench.episode/v1","config":"c/h","case_id":"` + caseID + `","repeat":` + repeat +
			`,"record":{"schema_version":1,"env_id":"shop","episode_id":"` + recID +
			`","events":[{"type":"INFO_CALL","tool":"t","arguments":{}}],"terminal":{"type":"NO_ACTION","outcome":"BLOCK"}}}` + "\n"
	}
	p := filepath.Join(t.TempDir(), "runs.jsonl")
	lines := rec("acme.v0-001", "acme.v0-001", "0") + rec("acme.v0-001", "acme.v0-001", "1") + rec("acme.v0-002", "acme.v0-002", "0") +
		rec("acme.v0-001", "acme.v0-002", "2") + // names another case
		rec("SAB-V0-001", "SAB-V0-1", "0") // a released id off the pattern
	if err := os.WriteFile(p, []byte(lines), 0o644); err != nil {
		t.Fatal(err)
	}
	b := ownIDBench{"acme.v0-001": {Protocol: V0, Domain: "shop"}, "acme.v0-002": {Protocol: V0, Domain: "shop"},
		"SAB-V0-001": {Protocol: V0, Domain: "shop"}}
	rep, err := Validate([]string{p}, ReadOptions{Bench: b})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, pr := range rep.Problems {
		got = append(got, pr.String())
	}
	want := []string{
		p + `:4: record.episode_id: names case "acme.v0-002", but the episode is for "acme.v0-001"`,
		p + `:5: record.episode_id: "SAB-V0-1" does not match ^SAB-V0-[0-9]{3}$ (no_action_execution_record schema)`,
		p + `:5: record.episode_id: names case "SAB-V0-1", but the episode is for "SAB-V0-001"`,
	}
	// Every problem here is in a record, which score does not refuse.
	if rep.RecordProblems != 3 {
		t.Errorf("%d record problems, want 3", rep.RecordProblems)
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") || rep.Episodes != 3 {
		t.Errorf("problems:\n%s\nwant:\n%s\n(%d episodes without problems, want 3)", strings.Join(got, "\n"), strings.Join(want, "\n"), rep.Episodes)
	}
	wantOwn := []OwnIDs{{Protocol: V0, Schema: "no_action_execution_record", Field: "record.episode_id",
		Pattern: "^SAB-V0-[0-9]{3}$", Episodes: 4, Example: "acme.v0-001"}}
	if len(rep.OwnIDs) != 1 || rep.OwnIDs[0] != wantOwn[0] {
		t.Errorf("own ids %+v, want %+v", rep.OwnIDs, wantOwn)
	}
}
