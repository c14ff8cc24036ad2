package main

import (
	"bytes"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/results/render"
)

// Names a figure cannot draw as they are (over 200 bytes, a tab), as ingest takes them
// (a long --config, a tab from a spreadsheet), and the labels the figures draw instead.
var (
	longName   = ("Claude-5/" + strings.Repeat("claude-code-", 20))[:240] + "2026-01-01" // 250 bytes
	tabName    = "Claude-5/Inspect\tv2"
	sharedHead = "GLM-5.2/" + strings.Repeat("z", 192) // two names alike in their first 200 bytes
	longModel  = "GLM-5.2-" + strings.Repeat("m", 200)
	oddNames   = map[string]string{"Claude-5/Claude Code": longName, "Claude-5/Inspect": tabName,
		"GLM-5.2/ZCode": sharedHead + "/zcode-one", "GLM-5.2/Inspect": sharedHead + "/inspect-two"}
	oddLabels = []string{
		"Claude-5/claude-code-claude-code-claude-…e-code-cla2026-01-01",
		`Claude-5/Inspect\tv2`,
		"GLM-5.2/zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz…zzzzzzzzzz/zcode-one",
		"GLM-5.2/zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz…zzzzzzzz/inspect-two",
	}
	modelLabel = "GLM-5.2-mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm…mmmmmmmmmmmmmmmmmmmm"
)

// oddNamedRuns is the test subset with its configurations renamed to oddNames and the
// GLM model to longModel (the harness-differences figure's row).
func oddNamedRuns(t *testing.T) string {
	t.Helper()
	var eps []*ingest.Episode
	for _, ep := range subsetEpisodes(t) {
		c := *ep
		c.Config = oddNames[ep.Config]
		if c.Model == "GLM-5.2" {
			c.Model = longModel
		}
		eps = append(eps, &c)
	}
	return writeRuns(t, eps)
}

var svgTextOf = regexp.MustCompile(`<text [^>]*>([^<]*)</text>`)

// checkOddFigures checks that dir holds every figure in every format, each SVG's text
// naming every configuration (the harness differences: every model) by its label.
func checkOddFigures(t *testing.T, dir string) {
	t.Helper()
	magic := map[string][]byte{".svg": []byte("<?xml"), ".pdf": []byte("%PDF-"), ".png": []byte("\x89PNG")}
	for _, name := range []string{"failure_types", "ecs_by_protocol", "harness_differences", "domain_heatmap", "policy_ranks"} {
		for ext, m := range magic {
			b, err := os.ReadFile(filepath.Join(dir, name+ext))
			if err != nil || !bytes.HasPrefix(b, m) {
				t.Errorf("%s%s: not written (%v)", name, ext, err)
				continue
			}
			if ext != ".svg" {
				continue
			}
			var texts []string
			for _, m := range svgTextOf.FindAllSubmatch(b, -1) {
				texts = append(texts, html.UnescapeString(string(m[1])))
			}
			want := oddLabels
			if name == "harness_differences" {
				want = []string{modelLabel, "Claude-5"}
			}
			all := strings.Join(texts, "\n")
			// Every figure draws a long name on several lines, broken after "/" or "-", or
			// between characters where a part has neither, a space dropped at a break:
			// read back without spaces, its lines are the label.
			lines := strings.ReplaceAll(strings.Join(texts, ""), " ", "")
			for _, w := range want {
				if !strings.Contains(lines, strings.ReplaceAll(w, " ", "")) {
					t.Errorf("%s.svg: no text %q in\n%s", name, w, all)
				}
			}
			if strings.Contains(all, "\t") || strings.Contains(all, sharedHead) {
				t.Errorf("%s.svg: a name drawn as it is", name)
			}
		}
	}
}

// The note on the labels, as `figures` and the report state it.
var oddNote = []string{`"` + oddLabels[0] + `" shortens a 250-byte name`, `"Claude-5/Inspect\tv2" shows a tab as \t`,
	`"` + modelLabel + `" shortens a 208-byte name`}

// TestFiguresDrawOddNames: `figures` draws every figure of configurations named past
// what a label can hold (250 bytes, a tab, two long names alike in their first 200 bytes),
// labelled apart, and says what the labels stand for.
func TestFiguresDrawOddNames(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "figs")
	_, errOut := mustRun(t, "figures", "--bench", "builtin", "--runs", oddNamedRuns(t), "--resamples", "0", "--out", dir)
	checkOddFigures(t, dir)
	if !strings.Contains(errOut, "figures: 5 figures scored") || strings.Contains(errOut, "not written") {
		t.Errorf("figures left out:\n%s", errOut)
	}
	for _, w := range oddNote {
		if !strings.Contains(errOut, "figures: labels for names a figure cannot draw as they are: ") || !strings.Contains(errOut, w) {
			t.Errorf("stderr lacks %q:\n%s", w, errOut)
		}
	}
}

// TestReportDrawsOddNames: the report draws them too; its index and the viewer's tables
// page say what the labels stand for, beside each figure.
func TestReportDrawsOddNames(t *testing.T) {
	t.Parallel()
	out := filepath.Join(t.TempDir(), "rep")
	mustRun(t, "report", "--bench", "builtin", "--runs", oddNamedRuns(t), "--resamples", "0", "--out", out)
	checkOddFigures(t, filepath.Join(out, "figures"))
	index, err := os.ReadFile(filepath.Join(out, "index.md"))
	if err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(out, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range oddNote {
		// index.md writes the note as Markdown: "\t" escaped as "\\t", shown as "\t".
		if !strings.Contains(string(index), render.MarkdownInline(w)) {
			t.Errorf("index.md lacks %q:\n%s", render.MarkdownInline(w), index)
		}
		if !strings.Contains(string(page), "<br>Note: ") || !strings.Contains(string(page), html.EscapeString(w)) {
			t.Errorf("index.html lacks %q", w)
		}
	}
	// The official tables are for benches whose cases take task success from the
	// benchmark's own verdict: the index says why they are not written, and nothing else.
	if strings.Count(string(index), "Not written: ") != 1 || !strings.Contains(string(index), "- Not written: official, ") {
		t.Errorf("index.md leaves something out:\n%s", index)
	}
}
