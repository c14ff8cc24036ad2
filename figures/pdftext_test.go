package figures

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// needTool returns the path of an outside program, skipping the test
// without it on a developer's machine and failing under CI (CI set), where
// a skip would hide a missing install step (.ci/run installs poppler-utils).
func needTool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s is missing (apt-get install poppler-utils)", name)
		}
		t.Skipf("%s is missing (apt-get install poppler-utils)", name)
	}
	return p
}

// textRecorder is a canvas that keeps every string drawn, in order.
type textRecorder struct {
	vg.CanvasSizer
	strs []string
}

func (r *textRecorder) FillString(f font.Face, pt vg.Point, s string) {
	r.strs = append(r.strs, s)
}

// drawnStrings returns the strings fig draws under o.
func drawnStrings(t *testing.T, fig Figure, o Options) []string {
	t.Helper()
	sc, _, err := prepare(fig, o)
	if err != nil {
		t.Fatal(err)
	}
	rec := &textRecorder{CanvasSizer: vgimg.New(sc.w, sc.h)}
	sc.draw(draw.New(rec))
	return rec.strs
}

var space = regexp.MustCompile(`\s+`)

// pdfText is the text pdftotext reads from a PDF, in content order, with
// runs of white space made one space.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	tool := needTool(t, "pdftotext")
	p := filepath.Join(t.TempDir(), "f.pdf")
	if err := os.WriteFile(p, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(tool, "-raw", "-enc", "UTF-8", p, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return space.ReplaceAllString(string(out), " ")
}

var bboxWord = regexp.MustCompile(`<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">([^<]*)</word>`)
var bboxPage = regexp.MustCompile(`<page width="([\d.]+)" height="([\d.]+)">`)

// outsideWords lists the words whose box pdftotext finds outside the page:
// the cut labels a reader would see.
func outsideWords(t *testing.T, pdf []byte) []string {
	t.Helper()
	tool := needTool(t, "pdftotext")
	p := filepath.Join(t.TempDir(), "f.pdf")
	if err := os.WriteFile(p, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(tool, "-bbox", "-enc", "UTF-8", p, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext -bbox: %v", err)
	}
	pg := bboxPage.FindSubmatch(out)
	if pg == nil {
		t.Fatalf("pdftotext -bbox: no page size in %.200q", out)
	}
	pw, _ := strconv.ParseFloat(string(pg[1]), 64)
	ph, _ := strconv.ParseFloat(string(pg[2]), 64)
	var bad []string
	for _, m := range bboxWord.FindAllSubmatch(out, -1) {
		var v [4]float64
		for i := range v {
			v[i], _ = strconv.ParseFloat(string(m[i+1]), 64)
		}
		// pdftotext's boxes use the font's full ascent and descent; half a
		// point of slack for rounding.
		if v[0] < -0.5 || v[1] < -0.5 || v[2] > pw+0.5 || v[3] > ph+0.5 {
			bad = append(bad, fmt.Sprintf("%s at [%.1f %.1f %.1f %.1f] on a %.1f × %.1f page", m[5], v[0], v[1], v[2], v[3], pw, ph))
		}
	}
	return bad
}

// TestPDFText reads every figure's PDF back with pdftotext, as a reader
// copying from it would: each string the figure draws (title, axis labels,
// names, tick and value labels, legend) is there, with its Unicode minus,
// en dash and Δ intact, and no word lies outside the page.
func TestPDFText(t *testing.T) {
	all := map[string]Figure{}
	for n, f := range smallFigures() {
		all["small/"+n] = f
	}
	for n, f := range realisticFigures() {
		all["realistic/"+n] = f
	}
	names := make([]string, 0, len(all))
	for n := range all {
		names = append(names, n)
	}
	sort.Strings(names)
	sizes := map[string]Options{"column": Column, "page": Page, "slide": Slide}
	for _, name := range names {
		for _, size := range []string{"column", "page", "slide"} {
			t.Run(name+"/"+size, func(t *testing.T) {
				fig, o := all[name], sizes[size]
				var b bytes.Buffer
				if err := Render(fig, PDF, &b, o); err != nil {
					t.Fatal(err)
				}
				got := pdfText(t, b.Bytes())
				// pdftotext reads rotated text (the heat map's domains, the
				// policies under the slope chart) a letter at a time.
				letters := space.ReplaceAllString(got, "")
				strs := drawnStrings(t, fig, o)
				if len(strs) < 5 {
					t.Fatalf("only %d strings drawn", len(strs))
				}
				for _, s := range strs {
					if !strings.Contains(got, space.ReplaceAllString(strings.TrimSpace(s), " ")) && !strings.Contains(letters, space.ReplaceAllString(s, "")) {
						t.Errorf("pdftotext lacks %q; it reads:\n%s", s, got)
					}
				}
				for _, w := range outsideWords(t, b.Bytes()) {
					t.Errorf("cut off: %s", w)
				}
			})
		}
	}
}

// TestPDFHarnessDifferences checks the paper's harness forest by name: the
// column header and a negative difference survive as Unicode.
func TestPDFHarnessDifferences(t *testing.T) {
	fig := Forest{
		Title: "Family harness − Inspect (ECS, V0–V3)",
		Level: 0.95,
		Rows: []Comparison{
			{Label: "Claude-5", Estimate: 0.042, Lo: 0.014, Hi: 0.073},
			{Label: "GLM-5.2", Estimate: -0.076, Lo: -0.112, Hi: -0.039},
		},
	}
	var b bytes.Buffer
	if err := Render(fig, PDF, &b, Column); err != nil {
		t.Fatal(err)
	}
	got := pdfText(t, b.Bytes())
	for _, want := range []string{"Family harness − Inspect (ECS, V0–V3)", "Δ [95% CI]", "−7.6 [−11.2, −3.9]", "+4.2 [+1.4, +7.3]"} {
		if !strings.Contains(got, want) {
			t.Errorf("pdftotext lacks %q; it reads:\n%s", want, got)
		}
	}
}
