package ingest_test

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/sabench/sabench-stats/ingest"
)

// Stream episodes, keep going past a bad line, and list what was wrong.
func ExampleOpenEpisodes() {
	dir, _ := os.MkdirTemp("", "example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "runs.jsonl")
	os.WriteFile(path, []byte(`{"schema":"sabench.episode/v1","config":"claude-5/claude-code","case_id":"SAB-V1-001","repeat":0,"record":{"events":[]}}
{"schema":"sabench.episode/v1","config":"claude-5/claude-code","case_id":"SAB-V1-002","repeat":"zero","record":{"events":[]}}
{"schema":"sabench.episode/v1","config":"gpt-6/codex","case_id":"SAB-V1-001","repeat":0,"condition":"withheld","status":"censored"}
`), 0o644)

	r, err := ingest.OpenEpisodes(path, ingest.ReadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer r.Close()
	for {
		e, err := r.Next()
		if err == io.EOF {
			break
		}
		if ps := ingest.AsProblems(err); ps != nil {
			for _, p := range ps {
				fmt.Printf("problem at line %d: %s: %s\n", p.Line, p.Field, p.Msg)
			}
			continue
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(e.RunID, e.Model, e.Harness, e.Status)
	}
	// Output:
	// claude-5/claude-code|SAB-V1-001|0|main claude-5 claude-code completed
	// problem at line 2: repeat: must be an integer, got a string
	// gpt-6/codex|SAB-V1-001|0|withheld gpt-6 codex censored
}
