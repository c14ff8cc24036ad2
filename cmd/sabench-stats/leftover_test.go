package main

import (
	"os"
	"path/filepath"
	"testing"
)

// An unquoted glob after --inspect or --runs expands to several paths; the flag takes the
// first and the rest were refused as "takes no arguments" (or, by explain, taken as the
// run id), which did not say how to give them. The refusal now does, before anything is
// read.
func TestLeftoverPathsSayHowToGiveThem(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.eval"), filepath.Join(dir, "b.eval")
	for _, p := range []string{a, b} {
		os.WriteFile(p, []byte("not read"), 0o644)
	}
	const how = "--inspect takes one path: repeat it before every path, or quote a glob so that the shell does not expand it (--inspect 'logs/*')"
	wantUsage(t, "report takes no arguments (got [\""+b+"\"]); "+how, "report", "--bench", "builtin", "--inspect", a, b, "--out", filepath.Join(dir, "r"))
	wantUsage(t, "score takes no arguments (got [\""+b+"\"]); "+how, "score", "--bench", "builtin", "--inspect", a, b)
	wantUsage(t, "explain: the RUN_ID \""+b+"\" is a file; "+how, "explain", "--bench", "builtin", "--inspect", a, b)
	wantUsage(t, "unknown table \""+b+"\"", "tables", "T2", "--bench", "builtin", "--runs", a, b)
	wantUsage(t, "--runs takes one path: repeat it before every path", "tables", "T2", "--bench", "builtin", "--runs", a, b)
	wantUsage(t, "policies takes no arguments (got [\""+b+"\"]); choose policies with --policy; --inspect takes one path", "policies", "--bench", "builtin", "--inspect", a, b)
	wantUsage(t, "domains takes no arguments (got [\"V1\"]); filter with --protocol, --domain, --config", "domains", "V1")
}
