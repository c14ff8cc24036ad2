package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The fixtures the CLI scripts use, small enough to score in a test.
var fixtureArgs = []string{"--bench", "../../ingest/testdata/safeactbench", "--runs", "../../ingest/harness/testdata/batch.golden.jsonl"}

// TestOutputFormatFromExtension: without --format, the --out extension picks the format:
// score --out v.parquet writes Parquet (it once wrote JSONL into the .parquet file), .csv
// writes CSV, and tables --out t2.md writes Markdown.
func TestOutputFormatFromExtension(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		args   []string
		file   string
		prefix string
	}{
		{[]string{"score"}, "v.parquet", "PAR1"},
		{[]string{"score"}, "v.csv", "run_id,config,model,"},
		{[]string{"score"}, "v.jsonl", `{"run_id":`},
		{[]string{"tables", "T2"}, "t2.md", "**T2: Main results"},
		{[]string{"tables", "T2"}, "t2.json", "{\n  \"table\": \"T2\""},
		{[]string{"tables", "T2"}, "t2.csv", "group,config,ecs,"},
	}
	for _, tc := range cases {
		p := filepath.Join(dir, tc.file)
		args := append(append(append([]string{}, tc.args...), fixtureArgs...), "--out", p)
		if _, stderr, code := runCLI(t, args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(b, []byte(tc.prefix)) {
			t.Errorf("%s begins %q, want %q", tc.file, b[:min(len(b), 40)], tc.prefix)
		}
	}
}

// TestEveryCommandListsOnlyItsFlags: -h shows the flags a command reads, no others.
func TestEveryCommandListsOnlyItsFlags(t *testing.T) {
	absent := map[string][]string{
		"explain":  {"-resamples", "-seed", "-j", "-clustered", "-set", "(default -1)"},
		"score":    {"-resamples", "-seed", "-interval", "-clustered", "-set", "-level"},
		"report":   {"-format"},
		"figures":  {"-format", "-set", "-t9-set"},
		"view":     {"-format"},
		"domains":  {"-set", "-t9-set"},
		"compare":  {"-clustered"},
		"policies": {"-set"},
	}
	for cmd, flags := range absent {
		help, _, code := runCLI(t, cmd, "-h")
		if code != 0 {
			t.Fatalf("%s -h: exit %d", cmd, code)
		}
		for _, f := range flags {
			if strings.Contains(help, "  "+f+" ") || strings.Contains(help, "  "+f+"\n") || (f[0] == '(' && strings.Contains(help, f)) {
				t.Errorf("%s -h lists %s:\n%s", cmd, f, help)
			}
		}
	}
}
