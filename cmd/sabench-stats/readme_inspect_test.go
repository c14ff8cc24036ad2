package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadmeInspect runs every command of the README's "Inspect AI logs" section and
// checks the output printed under it, so the README cannot drift from the program: a
// command's output in its code block must be what it prints (stdout, then stderr), and a
// Markdown table printed after a block must appear in the command's output as is.
func TestReadmeInspect(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	start := strings.Index(text, "\n## Inspect AI logs\n")
	if start < 0 {
		t.Fatal("README has no Inspect AI logs section")
	}
	section := text[start+1:]
	if end := strings.Index(section[3:], "\n## "); end >= 0 {
		section = section[:end+3]
	}
	lines := strings.Split(section, "\n")
	work := t.TempDir()
	ran := 0
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "$ sabench-stats ") {
			continue
		}
		cmd := strings.TrimPrefix(lines[i], "$ sabench-stats ")
		for strings.HasSuffix(cmd, `\`) && i+1 < len(lines) {
			i++
			cmd = strings.TrimSuffix(cmd, `\`) + strings.TrimSpace(lines[i])
		}
		// Its output: the lines up to the next command or the block's end; when the
		// block ends at once, the Markdown table after it.
		var want []string
		table := false
		j := i + 1
		for ; j < len(lines) && !strings.HasPrefix(lines[j], "$ ") && lines[j] != "```"; j++ {
			want = append(want, lines[j])
		}
		if len(want) == 0 && j < len(lines) && lines[j] == "```" {
			table = true
			k := j + 1
			for k < len(lines) && lines[k] == "" {
				k++
			}
			for ; k < len(lines) && strings.HasPrefix(lines[k], "|"); k++ {
				want = append(want, lines[k])
			}
		}
		args := strings.Fields(cmd)
		for n, a := range args {
			if strings.HasPrefix(a, "ingest/") {
				args[n] = "../../" + a
			}
			if n > 0 && args[n-1] == "--out" {
				args[n] = filepath.Join(work, a)
			}
		}
		var stdout, stderr bytes.Buffer
		if err := run(&stdout, &stderr, args); err != nil {
			t.Fatalf("%s: %v\n%s", cmd, err, stderr.String())
		}
		got := strings.ReplaceAll(stdout.String()+stderr.String(), "../../ingest/", "ingest/")
		wantText := strings.Join(want, "\n") + "\n"
		switch {
		case len(want) == 0:
			t.Errorf("%s: no output under it in the README", cmd)
		case table && !strings.Contains(got, wantText):
			t.Errorf("%s: the README's table is not in the output:\n%s\n--- output:\n%s", cmd, wantText, got)
		case !table && got != wantText:
			t.Errorf("%s: README shows\n%s--- the command prints\n%s", cmd, wantText, got)
		}
		ran++
	}
	if ran < 5 {
		t.Errorf("ran %d README commands, want at least 5", ran)
	}
}
