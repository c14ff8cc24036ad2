package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// convert wrote an object with a key given twice back with its last value alone,
// silently; it refuses it, naming the line, the object and the key. score reads the same
// line as the evaluator does (the last value), and with the key once convert keeps the
// line's bytes.
func TestConvertRefusesAKeyGivenTwice(t *testing.T) {
	dir := t.TempDir()
	line := `{"schema":"sabench.episode/v1","run_id":"r","config":"m/h","model":"m","harness":"h","case_id":"SAB-V1-001","repeat":0,"condition":"main","status":"completed","failure_class":null,"record":{"schema_version":1,"env_id":"customer_policy_qa","episode_id":"SAB-V1-001","events":[{"type":"INFO_CALL","call_id":"c","tool":"t","arguments":{"id":"a","id":"b"}}]}}` + "\n"
	in := filepath.Join(dir, "in.jsonl")
	os.WriteFile(in, []byte(line), 0o644)
	want := `in.jsonl:1: record.events[0].arguments: cannot be kept as written: the key "id" given twice in one object (only its last value would be kept)`
	_, stderr, code := runCLI(t, "convert", in, filepath.Join(dir, "out.jsonl"))
	if code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("convert: exit %d, stderr:\n%s\nwant %s", code, stderr, want)
	}
	once := strings.Replace(line, `"id":"a",`, ``, 1)
	os.WriteFile(in, []byte(once), 0o644)
	mustRun(t, "convert", in, filepath.Join(dir, "once.jsonl"))
	if got, _ := os.ReadFile(filepath.Join(dir, "once.jsonl")); string(got) != once {
		t.Errorf("convert of the line with the key once:\n%s\nwant\n%s", got, once)
	}
	os.WriteFile(in, []byte(line), 0o644)
	if _, stderr, code := runCLI(t, "score", "--bench", filepath.Join(ingestTestdata, "safeactbench"), "--runs", in); code != 0 {
		t.Errorf("score of the line with the key twice: exit %d, stderr:\n%s", code, stderr)
	}
}
