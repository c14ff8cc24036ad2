package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// copyFile copies src into dir and returns the copy's path.
func copyFile(t *testing.T, src, dir string) string {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, filepath.Base(src))
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestOutputIsNotAnInput: an output file that is also an input, however it is spelled (the
// same path, ./path, a glob, a symbolic link), is a usage error before anything is read,
// and the input keeps its bytes. score --runs r.jsonl --out r.jsonl replaced the episodes
// with their verdicts (exit 0).
func TestOutputIsNotAnInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	runs := copyFile(t, filepath.Join(harnessTestdata, "interactive.golden.jsonl"), dir)
	log := copyFile(t, filepath.Join(inspectLogs, "2025-05-12T20-28-13-04-00_popularity.json"), dir)
	log2 := copyFile(t, filepath.Join(inspectLogs, "2025-02-11T15-18-04-05-00_popularity_mj7khqpMM4GBCfVQozKgzB.eval"), dir)
	link := filepath.Join(dir, "link.jsonl")
	if err := os.Symlink(runs, link); err != nil {
		t.Fatal(err)
	}
	before := map[string][]byte{}
	for _, p := range []string{runs, log, log2} {
		before[p], _ = os.ReadFile(p)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"score", "--bench", "builtin", "--runs", runs, "--out", runs}, "--out " + runs + " is also an input (--runs " + runs + ")"},
		{[]string{"score", "--bench", "builtin", "--runs", filepath.Join(dir, "*.jsonl"), "--out", link, "--format", "jsonl"}, "is also an input (--runs "},
		{[]string{"tables", "T2", "--bench", "builtin", "--runs", runs, "--out", filepath.Join(dir, ".", "interactive.golden.jsonl"), "--format", "csv"}, "is also an input (--runs "},
		{[]string{"explain", "x", "--bench", "builtin", "--runs", runs, "--out", runs, "--format", "json"}, "is also an input (--runs "},
		{[]string{"samples", "--inspect", log, "--out", log, "--format", "csv"}, "is also an input (argument "},
		{[]string{"convert", runs, link}, "OUT " + link + " is also an input (IN " + runs + ")"},
		{[]string{"score", "--bench", "builtin", "--runs", runs, "--audit", link, "--out", runs}, "is also an input (--audit "},
		{[]string{"tables", "T2", "--clustered", "--clusters", runs, "--out", runs, "--format", "csv"}, "is also an input (--clusters "},
		{[]string{"tables", "T9", "--set", "t9=" + runs, "--out", runs, "--format", "csv"}, "is also an input (--set t9=" + runs + ")"},
		{[]string{"tables", "T2", "--policy", runs, "--out", runs, "--format", "csv"}, "is also an input (--policy "},
		{[]string{"leaderboard", "--inspect", log, "--out", log, "--format", "csv"}, "is also an input (argument "},
		{[]string{"compare", "a", "b", "--inspect", "--logs", log, "--out", log, "--format", "csv"}, "is also an input (--logs "},
		// A and B are the logs with --inspect: the output replaced B (exit 0).
		{[]string{"compare", "--inspect", log, log2, "--out", log2, "--format", "csv"}, "--out " + log2 + " is also an input (argument " + log2 + ")"},
		{[]string{"ingest", "--inspect", log, "--bench", "builtin", "--out", log2, log2}, "--out " + log2 + " is also an input (argument " + log2 + ")"},
		{[]string{"ingest", "--tau", runs, "--config", "a/b", "--out", runs}, "is also an input (--tau "},
	} {
		_, stderr, code := runCLI(t, tc.args...)
		if code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", tc.args, code, stderr, tc.want)
		}
		for p, b := range before {
			if got, _ := os.ReadFile(p); !bytes.Equal(got, b) {
				t.Fatalf("%v: %s was changed", tc.args, p)
			}
		}
	}
}

// TestOutputCheckIgnoresNonInputs: with a file named csv or T2 in the working directory,
// `score --format csv --out csv` and `tables --out T2 T2` were refused as writing over an
// input (--format csv, the argument T2): every flag value and argument counted. Only the
// flags and arguments a command reads files from count now (cli.Inputs); both run and write
// their output; so do --bench builtin beside a file named builtin, and --bench
// tau-bench:DOMAIN. Not parallel: it changes the working directory.
func TestOutputCheckIgnoresNonInputs(t *testing.T) {
	runs, err := filepath.Abs(filepath.Join(harnessTestdata, "interactive.golden.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	for _, f := range []string{"csv", "T2", "builtin", "tau-bench:airline"} {
		if err := os.WriteFile(f, []byte("old\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		args []string
		out  string
		head string
	}{
		{[]string{"score", "--bench", "builtin", "--runs", runs, "--format", "csv", "--out", "csv"}, "csv", "run_id,"},
		{[]string{"tables", "--bench", "builtin", "--runs", runs, "--out", "T2", "T2"}, "T2", "T2: "},
		// --bench builtin and tau-bench:DOMAIN name benches built in, not the files of that name
		{[]string{"score", "--bench", "builtin", "--runs", runs, "--format", "csv", "--out", "builtin"}, "builtin", "run_id,"},
	} {
		if _, stderr, code := runCLI(t, tc.args...); code != 0 {
			t.Errorf("%v: exit %d, stderr %q; want 0 (no input names %s)", tc.args, code, stderr, tc.out)
		}
		if b, _ := os.ReadFile(tc.out); !strings.HasPrefix(string(b), tc.head) {
			t.Errorf("%v: %s begins %.40q, want %q", tc.args, tc.out, b, tc.head)
		}
	}
	// The episodes are not the domain's (the command fails on their case ids), but not as
	// writing over an input.
	args := []string{"score", "--bench", "tau-bench:airline", "--runs", runs, "--out", "tau-bench:airline"}
	if _, stderr, code := runCLI(t, args...); code == 2 || strings.Contains(stderr, "is also an input") {
		t.Errorf("%v: exit %d, stderr %q; want no refusal of the output", args, code, stderr)
	}
}

// TestStoppedBySignal: a stop by SIGINT or SIGTERM exits as a shell reports a program the
// signal killed (130, 143) and names the unfinished outputs it removed.
func TestStoppedBySignal(t *testing.T) {
	var b bytes.Buffer
	if code := stopped(&b, syscall.SIGINT, []string{"out/.v.jsonl.tmp-1"}); code != 130 {
		t.Errorf("SIGINT: exit %d, want 130", code)
	}
	if want := "sabench-stats: stopped by signal 2 (interrupt): removed the unfinished out/.v.jsonl.tmp-1; outputs already in place are whole\n"; b.String() != want {
		t.Errorf("SIGINT: %q, want %q", b.String(), want)
	}
	// docs/cli-contract.md quotes the message of `score --out v.jsonl` (it showed the
	// temporary as ./.v.jsonl.tmp-…, a path the command does not print).
	b.Reset()
	stopped(&b, syscall.SIGINT, []string{".v.jsonl.tmp-…"})
	page, err := os.ReadFile("../../docs/cli-contract.md")
	if err != nil {
		t.Fatal(err)
	}
	if quoted := strings.TrimSuffix(b.String(), "\n"); !strings.Contains(strings.Join(strings.Fields(string(page)), " "), quoted) {
		t.Errorf("docs/cli-contract.md does not quote the message as printed: %q", quoted)
	}
	b.Reset()
	if code := stopped(&b, syscall.SIGTERM, nil); code != 143 || !strings.Contains(b.String(), "no output was being written") {
		t.Errorf("SIGTERM: exit %d, %q", code, b.String())
	}
}
