package verdicts

import (
	"flag"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
)

// TestDataDictionary: docs/verdicts.md is what Dictionary generates from the one
// column list (go test -update rewrites it), and it documents every episode field.
func TestDataDictionary(t *testing.T) {
	got, err := Dictionary()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range episodeDocs {
		names = append(names, f.Name)
	}
	if want := ingest.EpisodeFields(); strings.Join(names, ",") != strings.Join(want, ",") {
		t.Errorf("episode fields documented %v, the format has %v", names, want)
	}
	for _, c := range Columns {
		if !strings.Contains(got, "| `"+c.Name+"` |") {
			t.Errorf("column %s missing from the dictionary", c.Name)
		}
	}
	const path = "../../docs/verdicts.md"
	// What follows handWritten (measurements) is kept as it is: -update rewrites the rest.
	file, err := os.ReadFile(path)
	if err != nil && !*update {
		t.Fatalf("%v (go test ./results/verdicts -run TestDataDictionary -update writes it)", err)
	}
	want, tail, found := strings.Cut(string(file), handWritten)
	if found {
		tail = handWritten + tail
	}
	if *update {
		if err := os.WriteFile(path, []byte(got+tail), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if want != got {
		t.Errorf("%s is stale (go test ./results/verdicts -run TestDataDictionary -update):\n%s", path, firstDiff(want, got))
	}
}

var update = flag.Bool("update", false, "rewrite docs/verdicts.md")

// handWritten starts the part of docs/verdicts.md that is not generated.
const handWritten = "\n<!-- Not generated below this line: TestDataDictionary keeps it as it is. -->\n"

// firstDiff names the first line where want and got differ.
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
			return "line " + strconv.Itoa(i+1) + ":\nwant: " + w + "\ngot:  " + g
		}
	}
	return "(trailing bytes differ)"
}
