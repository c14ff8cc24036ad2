package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The CLI scripts, in the style of benchstat's tests: each testdata/script/*.txt holds
// comment lines (#), one command line ("sabench-stats ARGS"), its exit status ("exit N")
// and its expected output in "-- stdout --" and "-- stderr --" sections. The command runs
// in-process through run. In arguments, $TESTDATA is ingest's testdata directory,
// $HARNESS ingest/harness's and $WORK a fresh temporary directory; in outputs the
// temporary directory is written back as $WORK, so the files do not depend on the machine.
// go test -update rewrites the exit status and the sections (review the diff).

type script struct {
	comments []string
	args     []string
	exit     int
	stdout   string
	stderr   string
}

func parseScript(path string, data []byte) (*script, error) {
	s := &script{}
	var section *string
	var body strings.Builder
	flush := func() {
		if section != nil {
			*section = body.String()
		}
		body.Reset()
	}
	for i, line := range strings.SplitAfter(string(data), "\n") {
		if line == "" {
			break // after the last newline
		}
		trimmed := strings.TrimSuffix(line, "\n")
		switch {
		case trimmed == "-- stdout --":
			flush()
			section = &s.stdout
		case trimmed == "-- stderr --":
			flush()
			section = &s.stderr
		case section != nil:
			body.WriteString(line)
		case strings.HasPrefix(trimmed, "#") || trimmed == "":
			s.comments = append(s.comments, trimmed)
		case strings.HasPrefix(trimmed, "sabench-stats"):
			args, err := splitArgs(strings.TrimPrefix(trimmed, "sabench-stats"))
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %v", path, i+1, err)
			}
			s.args = args
		case strings.HasPrefix(trimmed, "exit "):
			n, err := strconv.Atoi(strings.TrimPrefix(trimmed, "exit "))
			if err != nil {
				return nil, fmt.Errorf("%s:%d: exit: %v", path, i+1, err)
			}
			s.exit = n
		default:
			return nil, fmt.Errorf("%s:%d: unexpected line %q", path, i+1, trimmed)
		}
	}
	flush()
	if s.args == nil {
		return nil, fmt.Errorf("%s: no sabench-stats command line", path)
	}
	return s, nil
}

// splitArgs splits a command line at spaces; single or double quotes keep spaces.
func splitArgs(line string) ([]string, error) {
	args := []string{}
	var cur strings.Builder
	in, quote := false, byte(0)
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			cur.WriteByte(c)
		case c == '\'' || c == '"':
			quote, in = c, true
		case c == ' ' || c == '\t':
			if in {
				args = append(args, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unterminated quote")
	}
	if in {
		args = append(args, cur.String())
	}
	return args, nil
}

func (s *script) format() []byte {
	var b bytes.Buffer
	for _, c := range s.comments {
		b.WriteString(c + "\n")
	}
	b.WriteString("sabench-stats")
	for _, a := range s.args {
		if a == "" || strings.ContainsAny(a, " \t'\"") {
			a = strconv.Quote(a)
		}
		b.WriteString(" " + a)
	}
	fmt.Fprintf(&b, "\nexit %d\n-- stdout --\n%s-- stderr --\n%s", s.exit, s.stdout, s.stderr)
	return b.Bytes()
}

func TestScripts(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "script", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no scripts: %v", err)
	}
	for _, path := range files {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txt"), func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			want, err := parseScript(path, data)
			if err != nil {
				t.Fatal(err)
			}
			work := t.TempDir()
			args := make([]string, len(want.args))
			for i, a := range want.args {
				args[i] = strings.NewReplacer("$TESTDATA", ingestTestdata, "$HARNESS", harnessTestdata, "$WORK", work).Replace(a)
			}
			var stdout, stderr bytes.Buffer
			code := exitCode(&stderr, run(&stdout, &stderr, args))
			norm := func(s string) string { return strings.ReplaceAll(s, work, "$WORK") }
			got := *want
			got.exit, got.stdout, got.stderr = code, norm(stdout.String()), norm(stderr.String())
			if *update {
				if err := os.WriteFile(path, got.format(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if got.exit != want.exit {
				t.Errorf("exit %d, want %d; stderr:\n%s", got.exit, want.exit, got.stderr)
			}
			if got.stdout != want.stdout {
				t.Errorf("stdout differs (go test -run TestScripts -update rewrites it after review):\n--- got\n%s--- want\n%s", got.stdout, want.stdout)
			}
			if got.stderr != want.stderr {
				t.Errorf("stderr differs:\n--- got\n%s--- want\n%s", got.stderr, want.stderr)
			}
		})
	}
}

func TestSplitArgs(t *testing.T) {
	got, err := splitArgs(` compare --config "Claude-5/Claude Code"  'a b' c""d `)
	if err != nil || strings.Join(got, "|") != "compare|--config|Claude-5/Claude Code|a b|cd" {
		t.Errorf("%q, %v", got, err)
	}
	if _, err := splitArgs(`x "y`); err == nil {
		t.Error("unterminated quote: no error")
	}
}
