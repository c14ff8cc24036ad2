package render

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/num"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// golden compares got with testdata/golden/name, or rewrites the file under -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (go test -update rewrites it)\n%s", name, firstDiff(string(want), string(got)))
	}
}

// firstDiff shows the first differing line of two texts.
func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(wl), len(gl)); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return "line " + itoa(i+1) + ":\nwant: " + w + "\ngot:  " + g
		}
	}
	return "(trailing bytes differ)"
}

func itoa(i int) string { return string(num.Integer(int64(i), false, "-")) }

// TestGolden renders every fixture in every format twice: the output must match the
// golden file and be the same bytes both times.
func TestGolden(t *testing.T) {
	for _, fx := range fixtures() {
		for _, f := range Formats() {
			name := fx.name + "." + f.Ext()
			t.Run(name, func(t *testing.T) {
				var a, b bytes.Buffer
				if err := Render(&a, fx.table, f); err != nil {
					t.Fatal(err)
				}
				if err := Render(&b, fx.table, f); err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(a.Bytes(), b.Bytes()) {
					t.Fatalf("two renders differ")
				}
				golden(t, name, a.Bytes())
			})
		}
	}
}

// TestGoldenRenderAll covers several tables in one stream.
func TestGoldenRenderAll(t *testing.T) {
	tables := []*results.Table{table4(), interventions()}
	for _, f := range Formats() {
		name := "all." + f.Ext()
		t.Run(name, func(t *testing.T) {
			var b bytes.Buffer
			if err := RenderAll(&b, tables, f); err != nil {
				t.Fatal(err)
			}
			golden(t, name, b.Bytes())
		})
	}
}

// TestConcurrentRender: renders share tablewriter's process-wide width setting; parallel
// renders must still produce the golden bytes (run with -race).
func TestConcurrentRender(t *testing.T) {
	want, err := os.ReadFile(filepath.Join("testdata", "golden", "specials.txt"))
	if err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, 8)
	for range 8 {
		go func() {
			var b bytes.Buffer
			err := Render(&b, specials(), FormatText)
			if err == nil && !bytes.Equal(b.Bytes(), want) {
				err = errors.New("parallel render differs from the golden file")
			}
			errs <- err
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

func TestRenderNoTables(t *testing.T) {
	for _, f := range Formats() {
		var b bytes.Buffer
		if err := RenderAll(&b, nil, f); err != nil {
			t.Fatal(err)
		}
		want := ""
		if f == FormatJSON {
			want = "[]\n"
		}
		if b.String() != want {
			t.Errorf("%s: %q, want %q", f, b.String(), want)
		}
	}
}

// TestEmptyTable: a table with columns but no rows still renders a header in every form.
func TestEmptyTable(t *testing.T) {
	tab := &results.Table{ID: "none", Columns: []results.Column{{Key: "a", Header: "A", Kind: results.KindCount}}}
	want := map[Format]string{
		FormatText:     "none\n┌───┐\n│ A │\n└───┘\n",
		FormatMarkdown: "**none**\n\n|   A |\n| --: |\n",
		FormatCSV:      "a\n",
		FormatJSON: `{
  "table": "none",
  "title": "",
  "columns": [
    {"key": "a", "header": "A", "kind": "count", "decimals": 0, "fields": ["a"]}
  ],
  "rows": [],
  "notes": []
}
`,
	}
	for f, w := range want {
		var b bytes.Buffer
		if err := Render(&b, tab, f); err != nil {
			t.Fatal(err)
		}
		if b.String() != w {
			t.Errorf("%s:\n%q\nwant\n%q", f, b.String(), w)
		}
	}
}
