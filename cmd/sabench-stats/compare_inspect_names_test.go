package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/inspect/inspecttest"
)

// compare --inspect named the models of the logs joined with ", ", unquoted, when A or B
// was none of them: a model named "Llama 3.1 70B, temp=0.7" read as two models, and the
// name asked for could not be told from the list.
func TestCompareInspectUnknownModelQuoted(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	src := filepath.Join("..", "..", "ingest", "inspect", "testdata", "logs", "2025-02-11T15-18-04-05-00_popularity_mj7khqpMM4GBCfVQozKgzB.eval")
	for i, model := range []string{"Llama 3.1 70B, temp=0.7", `a"quoted"name`} {
		data := inspecttest.RewriteFile(t, src, func(_ string, b []byte) []byte {
			return bytes.ReplaceAll(b, []byte(`"openai/gpt-4o-mini"`), []byte(`"`+strings.ReplaceAll(model, `"`, `\"`)+`"`))
		})
		if err := os.WriteFile(filepath.Join(dir, []string{"a.eval", "b.eval"}[i]), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	wantUsage(t, `compare --inspect: no log of model "Llama 3.1 70B" (models: "Llama 3.1 70B, temp=0.7", "a\"quoted\"name")`,
		"compare", "--inspect", "--logs", dir, "--resamples", "0", "Llama 3.1 70B", `a"quoted"name`)
	// The names as they are compare.
	out, _ := mustRun(t, "compare", "--inspect", "--logs", dir, "--resamples", "0", "Llama 3.1 70B, temp=0.7", `a"quoted"name`)
	if !strings.Contains(out, `A = Llama 3.1 70B, temp=0.7, B = a"quoted"name`) {
		t.Errorf("compare of the two models:\n%s", out)
	}
}
