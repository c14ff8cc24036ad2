package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// runCLI runs the command line in-process and returns stdout, stderr and the exit status.
func runCLI(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := exitCode(&errb, run(&out, &errb, args))
	return out.String(), errb.String(), code
}

func TestUsageErrors(t *testing.T) {
	_, stderr, code := runCLI(t)
	if code != 2 {
		t.Errorf("no command: exit %d, want 2", code)
	}
	if !strings.Contains(stderr, "no command given") {
		t.Errorf("no command: stderr %q", stderr)
	}
	_, stderr, code = runCLI(t, "no-such-command")
	if code != 2 || !strings.Contains(stderr, `unknown command "no-such-command"`) {
		t.Errorf("unknown command: exit %d, stderr %q", code, stderr)
	}
}

func TestHelpListsCommands(t *testing.T) {
	stdout, _, code := runCLI(t, "help")
	if code != 0 {
		t.Fatalf("help: exit %d", code)
	}
	for _, name := range prog.Names() {
		if !strings.Contains(stdout, "  "+name+" ") {
			t.Errorf("help does not list %q:\n%s", name, stdout)
		}
	}
}

// An unknown policy name is a usage error (2); a policy file with bad contents is an
// input error (1) that names the file and the switch.
func TestPolicyErrors(t *testing.T) {
	_, stderr, code := runCLI(t, "tables", "T2", "--policy", "no-such-policy")
	if code != 2 || !strings.Contains(stderr, `"no-such-policy" is neither a preset`) {
		t.Errorf("unknown policy: exit %d, %q", code, stderr)
	}
	bad := filepath.Join(t.TempDir(), "p.json")
	if err := os.WriteFile(bad, []byte(`{"name":"x","binding":"loose"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code = runCLI(t, "tables", "T2", "--policy", bad)
	if code != 1 || !strings.Contains(stderr, bad) || !strings.Contains(stderr, `binding: "loose"`) {
		t.Errorf("bad policy file: exit %d, %q", code, stderr)
	}
}

// helpFlagMention is a flag a command's -h text names, with the word before it: a
// command's name there ("report --verdicts") names another command's flag.
var (
	helpFlagMention = regexp.MustCompile(`(\S+ )?--([a-z][a-z0-9-]*)`)
	helpFlagDefined = regexp.MustCompile(`(?m)^  -([a-z0-9-]+)`)
)

// TestHelpNamesItsOwnFlags: every flag a command's -h text names is one the command takes,
// unless the text names the command it belongs to. The --bench help of score, explain and
// view said it was required "with --runs, --inspect or --verdicts", and compare's --clusters
// help named --clustered: flags those commands refuse.
func TestHelpNamesItsOwnFlags(t *testing.T) {
	t.Parallel()
	commands := map[string]bool{"py": true} // a runner's script: run_safeact_agent_batch.py --output-dir
	for _, name := range prog.Names() {
		commands[name] = true
	}
	for _, name := range prog.Names() {
		help, _, code := runCLI(t, name, "-h")
		if code != 0 {
			t.Fatalf("%s -h: exit %d", name, code)
		}
		own := map[string]bool{}
		for _, m := range helpFlagDefined.FindAllStringSubmatch(help, -1) {
			own[m[1]] = true
		}
		for _, m := range helpFlagMention.FindAllStringSubmatch(help, -1) {
			before := strings.TrimSpace(m[1])
			if i := strings.LastIndexAny(before, "._/("); i >= 0 {
				before = before[i+1:]
			}
			if !own[m[2]] && !commands[before] {
				t.Errorf("%s -h names --%s, which %s does not take: %q", name, m[2], name, m[0])
			}
		}
	}
}
