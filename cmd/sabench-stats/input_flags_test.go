package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// Every flag of every command, by whether its value names a file the command reads. A
// flag in neither list fails TestEveryInputFlagDeclared until it is put in one: an input
// flag a command does not declare (cli.Inputs) lets --out replace the file it names.
var (
	inputFlags = []string{"audit", "batch", "bench", "clusters", "inspect", "interactive", "logs", "policy", "runs", "set", "tau", "verdicts"}
	otherFlags = []string{"adjust", "alpha", "arm-corr", "by", "case", "cases", "cluster-by", "condition", "config", "dedupe", "delta",
		"domain", "format", "harness", "icc", "infra-failures", "interval", "interventions-set", "j", "latex-env", "latex-width",
		"level", "max-line-bytes", "max-problems", "model", "out", "parquet-layout", "passk", "power", "protocol", "quantile",
		"record-from", "repeat", "repeat-from", "repeats", "resamples", "scale", "seed", "shard", "shared-harness", "simulate",
		"size", "status-mode", "t10-set", "t13-strategy", "t14-strategy", "t9-set", "task", "template-icc", "templates"}
)

// helpValueFlag is a flag line of a command's -h that takes a value ("  -runs value");
// a boolean's line names the flag alone.
var helpValueFlag = regexp.MustCompile(`(?m)^  -([a-z0-9-]+) \S+$`)

// TestEveryInputFlagDeclared walks every command's flags (its -h): each flag that names a
// file it reads, given the file --out names, is refused before anything is read, naming
// the flag. A flag left out of a command's declaration of inputs was passed over, and the
// output written over the input.
func TestEveryInputFlagDeclared(t *testing.T) {
	t.Parallel()
	in := filepath.Join(t.TempDir(), "in.jsonl")
	if err := os.WriteFile(in, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range prog.Names() {
		help, _, code := runCLI(t, name, "-h")
		if code != 0 {
			t.Fatalf("%s -h: exit %d", name, code)
		}
		hasOut := strings.Contains(help, "\n  -out ")
		for _, m := range helpValueFlag.FindAllStringSubmatch(help, -1) {
			flag := m[1]
			switch {
			case slices.Contains(otherFlags, flag):
				continue
			case !slices.Contains(inputFlags, flag):
				t.Errorf("%s --%s: put it in inputFlags (it names a file the command reads) or otherFlags", name, flag)
				continue
			case !hasOut:
				continue
			}
			value := in
			if flag == "set" {
				value = "s=" + in // NAME=FILE
			}
			_, stderr, code := runCLI(t, name, "--"+flag, value, "--out", in)
			if want := "is also an input (--" + flag + " "; code != 2 || !strings.Contains(stderr, want) {
				t.Errorf("%s --%s %s --out %s: exit %d, stderr %q; want exit 2 and %q", name, flag, value, in, code, stderr, want)
			}
		}
	}
}
