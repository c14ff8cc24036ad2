package main

import (
	"bytes"
	"testing"
)

const inspectLogs = "../../ingest/inspect/testdata/logs"

// TestInspectOutputsIgnoreWorkers: the Inspect commands print the same bytes whatever -j
// (logs are read in parallel and delivered in path order; the bootstrap draws do not
// depend on the workers).
func TestInspectOutputsIgnoreWorkers(t *testing.T) {
	for _, args := range [][]string{
		{"samples", "--inspect", inspectLogs, "--format", "jsonl"},
		{"leaderboard", "--inspect", inspectLogs, "--passk", "1,2", "--format", "json"},
		{"compare", "--inspect", "openai/gpt-4o-mini", "azureai/Meta-Llama-3-1-405B-Instruct-jqf", "--logs", inspectLogs, "--format", "csv"},
	} {
		var want []byte
		for _, j := range []string{"1", "3", "8"} {
			var out, errb bytes.Buffer
			if err := run(&out, &errb, append(args, "-j", j)); err != nil {
				t.Fatalf("%v -j %s: %v\n%s", args, j, err, errb.String())
			}
			if want == nil {
				want = out.Bytes()
				continue
			}
			if !bytes.Equal(out.Bytes(), want) {
				t.Errorf("%v: -j %s differs from -j 1", args, j)
			}
		}
	}
}
