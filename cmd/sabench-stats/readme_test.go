package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// readmeMarker is the HTML comment before an output block of the README or of a page
// under docs/. "begins with" compares the block with the first lines of the output, else
// with all of it; "exit N" is the exit status the command must end with (else 0).
const readmeMarker = "<!-- output of: sabench-stats ARGS; stdout|stderr [begins with][; exit N] -->"

// readmeOutput is a marked output block (readmeMarker).
var readmeOutput = regexp.MustCompile("(?s)<!-- output of: sabench-stats ([^;]*); (stdout|stderr)( begins with)?(?:; exit ([0-9]))? -->\n```\n(.*?)```\n")

// TestREADMEOutputs runs each marked command of the README and docs/*.md in-process and
// checks that the block below it is what the command prints (on the built-in release
// unless it names inputs). An argument after --out names a directory in a fresh temporary
// one, and the temporary path is removed from the output, so the page shows the path a
// user would type; another argument that names a path of the repository (the pages are
// read from its root) is given as that path, and the output shows it as the page does.
func TestREADMEOutputs(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	// The README's Development section states the marker's form (it left out "begins
	// with", which its own report block uses).
	if !strings.Contains(strings.Join(strings.Fields(string(readme)), " "), readmeMarker) {
		t.Errorf("the README does not state the output blocks' marker as %s", readmeMarker)
	}
	blocks := readmeOutput.FindAllStringSubmatch(string(readme), -1)
	if len(blocks) < 2 {
		t.Fatalf("the README has %d marked output blocks, want the report summary and T4", len(blocks))
	}
	pages, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pages {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		blocks = append(blocks, readmeOutput.FindAllStringSubmatch(string(b), -1)...)
	}
	const root = "../../"
	for _, m := range blocks {
		line, stream, prefix, want := m[1], m[2], m[3] != "", m[5]
		exit := 0
		if m[4] != "" {
			exit = int(m[4][0] - '0')
		}
		t.Run(line, func(t *testing.T) {
			t.Parallel()
			args, err := splitArgs(line)
			if err != nil {
				t.Fatal(err)
			}
			work := t.TempDir()
			for i := 1; i < len(args); i++ {
				if args[i-1] == "--out" {
					args[i] = filepath.Join(work, args[i])
				} else if _, err := os.Stat(root + args[i]); err == nil && !strings.HasPrefix(args[i], "-") {
					args[i] = root + args[i]
				}
			}
			stdout, stderr, code := runCLI(t, args...)
			if code != exit {
				t.Fatalf("exit %d, want %d; stderr:\n%s", code, exit, stderr)
			}
			got := stdout
			if stream == "stderr" {
				got = stderr
			}
			got = strings.ReplaceAll(got, work+string(filepath.Separator), "")
			got = strings.ReplaceAll(got, root, "")
			if prefix {
				if n := strings.Count(want, "\n"); strings.Count(got, "\n") >= n {
					got = strings.Join(strings.SplitAfter(got, "\n")[:n], "")
				}
			}
			if got != want {
				t.Errorf("the page's block differs from the %s of `sabench-stats %s`:\n--- got\n%s--- page\n%s", stream, line, got, want)
			}
		})
	}
}
