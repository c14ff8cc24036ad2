package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// readmeOutput is an output block of the README, marked by the HTML comment before it:
//
//	<!-- output of: sabench-stats ARGS; stdout|stderr [begins with] -->
//
// "begins with" compares the block with the first lines of the output, else with all of it.
var readmeOutput = regexp.MustCompile("(?s)<!-- output of: sabench-stats ([^;]*); (stdout|stderr)( begins with)? -->\n```\n(.*?)```\n")

// TestREADMEOutputs runs each marked command of the README in-process and checks that the
// block below it is what the command prints (on the built-in release, as the README says).
// An argument after --out names a directory in a fresh temporary one, and the temporary
// path is removed from the output, so the README shows the path a user would type.
func TestREADMEOutputs(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := readmeOutput.FindAllStringSubmatch(string(readme), -1)
	if len(blocks) < 2 {
		t.Fatalf("the README has %d marked output blocks, want the report summary and T4", len(blocks))
	}
	for _, m := range blocks {
		line, stream, prefix, want := m[1], m[2], m[3] != "", m[4]
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
				}
			}
			stdout, stderr, code := runCLI(t, args...)
			if code != 0 {
				t.Fatalf("exit %d; stderr:\n%s", code, stderr)
			}
			got := stdout
			if stream == "stderr" {
				got = stderr
			}
			got = strings.ReplaceAll(got, work+string(filepath.Separator), "")
			if prefix {
				if n := strings.Count(want, "\n"); strings.Count(got, "\n") >= n {
					got = strings.Join(strings.SplitAfter(got, "\n")[:n], "")
				}
			}
			if got != want {
				t.Errorf("the README's block differs from the %s of `sabench-stats %s`:\n--- got\n%s--- README\n%s", stream, line, got, want)
			}
		})
	}
}
