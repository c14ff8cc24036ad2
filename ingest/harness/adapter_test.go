package harness

import (
	"bytes"
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"
)

// Every adapter is found by its name, and the adapters' names are the ones the CLI uses.
func TestAdaptersLookup(t *testing.T) {
	var names []string
	for _, a := range Adapters() {
		names = append(names, a.Name())
		got, ok := Lookup(a.Name())
		if !ok || got.Name() != a.Name() {
			t.Errorf("Lookup(%q) = %v, %v", a.Name(), got, ok)
		}
	}
	if strings.Join(names, " ") != "batch interactive inspect tau" {
		t.Errorf("adapter names %q, want [batch interactive inspect tau]", names)
	}
	if a, ok := Lookup("nope"); ok || a != nil {
		t.Errorf("Lookup(nope) = %v, %v", a, ok)
	}
}

// The adapters read exactly what their Read*Dir functions read (the golden files), and
// refuse the options Check refuses.
func TestAdaptersRead(t *testing.T) {
	for _, tc := range []struct {
		a      Adapter
		dir    string
		opt    Options
		golden string
	}{
		{Batch, batchFixture, Options{Config: "claude-5/claude-code", Repeat: 2}, "testdata/batch.golden.jsonl"},
		{Interactive, interactiveFixture, Options{Config: glm, Condition: "scgr_eg"}, "testdata/interactive.golden.jsonl"},
	} {
		res, err := tc.a.Read(tc.dir, tc.opt)
		if err != nil || len(res.Problems) > 0 {
			t.Fatalf("%s: %v %v", tc.a.Name(), err, res.Problems)
		}
		want, err := os.ReadFile(tc.golden)
		if err != nil {
			t.Fatal(err)
		}
		if got := jsonlBytes(res.Episodes); !bytes.Equal(got, want) {
			t.Errorf("%s: episodes differ from %s", tc.a.Name(), tc.golden)
		}
		if _, err := tc.a.Read(tc.dir, Options{}); err == nil {
			t.Errorf("%s: no error without a configuration", tc.a.Name())
		}
	}
}

// The batch adapter refuses the interactive-only repeat derivation instead of ignoring it.
func TestBatchAdapterRefusesRepeatFrom(t *testing.T) {
	_, err := Batch.Read(batchFixture, Options{Config: "claude-5/claude-code", RepeatFrom: RepeatFromDirname})
	if err == nil || !strings.Contains(err.Error(), "interactive runs only") {
		t.Errorf("err = %v, want a refusal of --repeat-from", err)
	}
	if _, err := Interactive.Read(interactiveFixture, Options{Config: glm, RepeatFrom: RepeatFromDirname}); err != nil {
		t.Errorf("interactive with dirname repeats: %v", err)
	}
}

// The package comment introduces every adapter of Adapters() by its variable ("Batch (",
// "Tau ("), as `go doc` readers look for it there. (It named batch, interactive and
// Inspect logs, "later other runners' logs", after Tau had been added.)
func TestPackageCommentNamesEveryAdapter(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		t.Fatal(err)
	}
	doc := f.Doc.Text()
	for _, a := range Adapters() {
		if v := strings.ToUpper(a.Name()[:1]) + a.Name()[1:] + " ("; !strings.Contains(doc, v) {
			t.Errorf("the package comment does not introduce adapter %s (%q)", a.Name(), v)
		}
	}
}
