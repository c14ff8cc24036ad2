package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// citation matches a reference to a document or an issue tracker the repository does not
// hold: a design section, an issue number (also the bare "#16.4" form), the shared docs
// the project was specified from and the folder that held them (a relative "shared" folder; an
// absolute path such as /shared/verdicts is an example's file system). Built from parts so
// that this file does not match.
var citation = regexp.MustCompile(`DESIGN(\.md)? §|[Ii]ssue #\d|(^|[\s(])#1\d\.\d|` + "evaluator" + ` doc §|(^|[\s(` + "`" + `'"])` + "shar" + `ed/|` +
	strings.Join([]string{"safeactbench-" + "evaluator", "go-" + "notes", "paper-" + "numbers", "v3-shard-" + "replay", "eval-analysis-" + "anchors"}, "|"))

// section matches a numbered section (a section sign and its number) of a document the line does not name: the
// evaluator's rules were cited so. A section of a published work, cited by its year
// (Davison & Hinkley 1997, §4.4), is allowed by paperSection.
var (
	section      = regexp.MustCompile(`§\s?\d`)
	paperSection = regexp.MustCompile(`(19|20)\d\d,? §\s?\d`)
)

// docRef matches a file under docs/ that a comment or message points to.
var docRef = regexp.MustCompile(`docs/[A-Za-z0-9_.-]+\.md`)

// testRef matches a test, benchmark, fuzz target or example a comment or doc names; a -run
// pattern before it, a * after it ("TestPolicy*") or a | beside it (an alternation of
// a -run or -skip pattern) names a family, not one function.
var (
	testRef  = regexp.MustCompile(`(-run '?\^?)?\b((?:Test|Benchmark|Fuzz|Example)[A-Z][A-Za-z0-9_]*)\b(\*)?`)
	testFunc = regexp.MustCompile(`(?m)^func ((?:Test|Benchmark|Fuzz|Example)[A-Za-z0-9_]*)\(`)
)

// TestNoCitationsOutsideTheRepository: no Go comment or message (nor a README, a doc, or a
// script under .ci/ or examples/)
// cites a design section, an issue number or a document the repository does not contain,
// every file under docs/ that the code names exists, and every test, benchmark or fuzz
// target named is one a test file defines (docs/command-checks.md named a test by its name
// before a rename).
func TestNoCitationsOutsideTheRepository(t *testing.T) {
	t.Parallel()
	root := filepath.Join("..", "..")
	tests := testFuncs(t, root)
	n := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		rel, _ := filepath.Rel(root, path)
		script := strings.HasPrefix(rel, ".ci"+string(filepath.Separator)) || strings.HasPrefix(rel, "examples"+string(filepath.Separator))
		if d.IsDir() || !(script || strings.HasSuffix(path, ".go") || strings.HasSuffix(path, ".md")) {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		n++
		for i, line := range strings.Split(string(b), "\n") {
			if m := citation.FindString(line); m != "" {
				t.Errorf("%s:%d cites %q, which the repository does not hold: %s", path, i+1, m, strings.TrimSpace(line))
			}
			if m := section.FindString(line); m != "" && !paperSection.MatchString(line) {
				t.Errorf("%s:%d cites section %q of a document the repository does not hold: %s", path, i+1, m, strings.TrimSpace(line))
			}
			for _, ref := range docRef.FindAllString(line, -1) {
				if _, err := os.Stat(filepath.Join(root, ref)); err != nil {
					t.Errorf("%s:%d names %s, which does not exist", path, i+1, ref)
				}
			}
			for _, m := range testRef.FindAllStringSubmatchIndex(line, -1) {
				name := line[m[4]:m[5]]
				pattern := m[2] >= 0 || m[6] >= 0 || strings.HasSuffix(line[:m[4]], "|") || strings.HasPrefix(line[m[5]:], "|")
				if !pattern && name != "TestMain" && !tests[name] {
					t.Errorf("%s:%d names %s, which no test file defines", path, i+1, name)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 100 {
		t.Fatalf("read only %d files: is the walk rooted at the module?", n)
	}
}

// testFuncs is the set of test, benchmark, fuzz and example functions the module's test files define.
func testFuncs(t *testing.T, root string) map[string]bool {
	t.Helper()
	names := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range testFunc.FindAllStringSubmatch(string(b), -1) {
			names[m[1]] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !names["TestNoCitationsOutsideTheRepository"] {
		t.Fatal("found no test functions: is the walk rooted at the module?")
	}
	return names
}
