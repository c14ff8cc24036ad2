package view

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHarnessFigureCaptionNamesTheSharedHarness: the harness forest plot's caption said
// "Each model's harness minus Inspect" whatever harness --shared-harness named, where the
// plot itself subtracts that one; it names the shared harness the plot pairs with.
func TestHarnessFigureCaptionNamesTheSharedHarness(t *testing.T) {
	in := fixture()
	in.SharedHarness = "Harbor <2>"
	in.Figures = append(in.Figures, Figure{Name: "harness_differences", SVG: in.Figures[0].SVG})
	dir, _ := write(t, in)
	page, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	const want = "Each model&#39;s harness minus Harbor &lt;2&gt;: paired ECS differences"
	if n := strings.Count(string(page), want); n != 2 || strings.Contains(string(page), "minus Inspect") {
		t.Errorf("the page names %q %d times (want 2: the caption and the contents), or says minus Inspect", want, n)
	}
	// Its link opens every protocol's scored episodes, and the figure plots V0–V3 only:
	// the link said "the scored episodes it plots".
	const link = "Open the scored episodes (of every protocol; it plots the V0–V3 cases both configurations of a model ran)."
	if !strings.Contains(string(page), link) {
		t.Errorf("the harness figure's link does not say it opens more than the figure plots (want %q)", link)
	}
}
