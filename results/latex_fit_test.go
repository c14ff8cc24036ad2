package results_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/ingest/synth"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/render"
)

var latexDir = flag.String("latexdir", "", "keep the LaTeX fit test's documents and logs in this directory")

// builtinReport is builtinReportTables' result, built once: the two tests that read it
// render the tables and leave them unchanged.
var builtinReport struct {
	once   sync.Once
	tables []*results.Table
	err    error
}

// builtinReportTables returns every table of the report on the built-in release, as
// `sabench-stats report` builds them (all presets scored, the others on the main
// condition only), with 1000 resamples: the layout does not depend on the count.
func builtinReportTables(t *testing.T) []*results.Table {
	t.Helper()
	builtinReport.once.Do(func() { builtinReport.tables, builtinReport.err = buildBuiltinReport() })
	if builtinReport.err != nil {
		t.Fatal(builtinReport.err)
	}
	return builtinReport.tables
}

func buildBuiltinReport() ([]*results.Table, error) {
	rel, err := synth.Default()
	if err != nil {
		return nil, err
	}
	b, err := casespec.NewBench("builtin", rel.Cases, rel.Sets, casespec.BenchOptions{})
	if err != nil {
		return nil, err
	}
	s, err := analysis.Score(&ingest.SliceSource{Episodes: rel.Episodes}, b.Case, analysis.ScoreOptions{Policies: oracle.Presets, Workers: 2,
		Others: func(ep *ingest.Episode) bool { return ep.Condition == ingest.DefaultCondition }})
	if err != nil {
		return nil, err
	}
	sr := analysis.NewScoredRelease("builtin", b, s, nil)
	o := analysis.DefaultStatOptions()
	o.Resamples, o.Workers = 1000, 2
	return results.Build(&results.Input{Releases: sr.Releases, Stats: o, Choices: analysis.PaperChoices()}, results.Registry)
}

// TestLaTeXFitsBuiltinReport compiles every table of the built-in report, in the default
// layout, with pdflatex in a one-column and a two-column article at 10, 11 and 12 pt
// (booktabs) and fails on an overfull box wider than 1 pt, a float too large for the page
// or any error, for every table (T2's nine intervals are turned sideways with their
// caption on a one-column page, the domains longtable set on landscape pages).
// Longtables cannot be set in two-column mode, so that document sets them after
// \onecolumn, as a paper's appendix would.
func TestLaTeXFitsBuiltinReport(t *testing.T) {
	if testing.Short() {
		t.Skip("scores the built-in release and runs pdflatex")
	}
	pdflatex, err := exec.LookPath("pdflatex")
	if err != nil {
		if os.Getenv("SABENCH_REQUIRE_PDFLATEX") != "" {
			t.Fatal("pdflatex not found and SABENCH_REQUIRE_PDFLATEX is set")
		}
		t.Skip("pdflatex not installed (.ci/run installs texlive-latex-recommended and texlive-latex-extra)")
	}
	tables := builtinReportTables(t)
	dir := *latexDir
	if dir == "" {
		dir = t.TempDir()
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	// A paper's class options change the text block and what \small means: every table must
	// fit at 10, 11 and 12 pt, in one and two columns.
	for _, size := range []string{"10pt", "11pt", "12pt"} {
		for _, class := range []string{"onecolumn", "twocolumn"} {
			t.Run(class+"-"+size, func(t *testing.T) {
				doc, spans := fitDocument(t, tables, class, size)
				log := compile(t, pdflatex, dir, class+"-"+size, doc)
				for _, p := range latexProblems(log) {
					t.Errorf("%s: %s", spans.at(p.line), p.text)
				}
			})
		}
	}
}

// TestLaTeXCaptionTurnsWithTable: a fitted float's caption is the fitting macro's last
// argument, so that a table set sideways has its caption sideways with it, on its page;
// no fitted float sets a caption of its own before the macro.
func TestLaTeXCaptionTurnsWithTable(t *testing.T) {
	if testing.Short() {
		t.Skip("scores the built-in release")
	}
	fitted := 0
	for _, tb := range builtinReportTables(t) {
		var b bytes.Buffer
		if err := render.Render(&b, tb, render.FormatLaTeX); err != nil {
			t.Fatal(err)
		}
		tex := b.String()
		i := strings.Index(tex, `\sabenchfitcap{`)
		if i < 0 {
			continue
		}
		fitted++
		if strings.Contains(tex[:i], `\caption{`) {
			t.Errorf("table %s: a caption before the fitting macro would stay upright when the table turns", tb.ID)
		}
		if tb.Title != "" && !strings.Contains(tex[i:], "}{%\n\\caption{") {
			t.Errorf("table %s: the caption is not the macro's last argument:\n%s", tb.ID, tex[i:])
		}
	}
	if fitted < 10 {
		t.Errorf("only %d fitted tables", fitted)
	}
}

// span is the input lines of one table in the test document.
type span struct {
	id         string
	first, end int
}

type spans []span

// at names the table an input line belongs to.
func (s spans) at(line int) string {
	for _, x := range s {
		if line >= x.first && line < x.end {
			return "table " + x.id
		}
	}
	if line > 0 {
		return "line " + strconv.Itoa(line)
	}
	return "document"
}

// fitDocument writes every table into one article; each float is followed by \clearpage
// (a page of its own keeps the float queue short); longtables come last.
func fitDocument(t *testing.T, tables []*results.Table, class, size string) (string, spans) {
	var floats, longs []string
	var floatIDs, longIDs []string
	for _, tb := range tables {
		var b bytes.Buffer
		if err := render.Render(&b, tb, render.FormatLaTeX); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(b.String(), `\begin{longtable}`) {
			longs, longIDs = append(longs, b.String()), append(longIDs, tb.ID)
		} else {
			floats, floatIDs = append(floats, b.String()), append(floatIDs, tb.ID)
		}
	}
	var doc strings.Builder
	line := 1
	write := func(s string) {
		doc.WriteString(s)
		line += strings.Count(s, "\n")
	}
	opt := "[" + size + "]"
	if class == "twocolumn" {
		opt = "[twocolumn," + size + "]"
	}
	write(`\documentclass` + opt + "{article}\n\\usepackage{booktabs,graphicx,longtable,lscape}\n\\begin{document}\n")
	var sp spans
	add := func(id, tex string) {
		first := line
		write(tex)
		sp = append(sp, span{id, first, line})
		write("\\clearpage\n")
	}
	for i, f := range floats {
		add(floatIDs[i], f)
	}
	if len(longs) > 0 && class == "twocolumn" {
		write("\\onecolumn\n")
	}
	for i, l := range longs {
		add(longIDs[i], l)
	}
	write("\\end{document}\n")
	return doc.String(), sp
}

// compile runs pdflatex until longtable's column widths settle (at most three runs) and
// returns the last log.
func compile(t *testing.T, pdflatex, dir, name, doc string) string {
	if err := os.WriteFile(filepath.Join(dir, name+".tex"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	var log []byte
	for run := 0; run < 3; run++ {
		cmd := exec.Command(pdflatex, "-interaction=nonstopmode", "-halt-on-error", "-draftmode", name+".tex")
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if log, _ = os.ReadFile(filepath.Join(dir, name+".log")); log == nil {
			log = out
		}
		if err != nil {
			t.Fatalf("pdflatex %s: %v\n%s", name, err, tail(string(log), 40))
		}
		if !bytes.Contains(log, []byte("Rerun LaTeX")) {
			break
		}
	}
	return string(log)
}

type latexProblem struct {
	line int
	text string
}

var (
	overfull = regexp.MustCompile(`Overfull \\[hv]box \(([0-9.]+)pt too (?:wide|high)\)[^\n]*`)
	atLine   = regexp.MustCompile(`lines? (\d+)`)
	tooLarge = regexp.MustCompile(`Float too large for page by ([0-9.]+)pt on input line (\d+)`)
)

// latexProblems lists the overfull boxes wider or higher than 1 pt and the floats too
// large for their page.
func latexProblems(log string) []latexProblem {
	var out []latexProblem
	for _, m := range overfull.FindAllStringSubmatch(log, -1) {
		if pt, _ := strconv.ParseFloat(m[1], 64); pt > 1 {
			line := 0
			if l := atLine.FindStringSubmatch(m[0]); l != nil {
				line, _ = strconv.Atoi(l[1])
			}
			out = append(out, latexProblem{line, strings.TrimSpace(m[0])})
		}
	}
	for _, m := range tooLarge.FindAllStringSubmatch(log, -1) {
		line, _ := strconv.Atoi(m[2])
		out = append(out, latexProblem{line, m[0]})
	}
	return out
}

func tail(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// TestLaTeXProblems: the log scanner finds what pdflatex writes.
func TestLaTeXProblems(t *testing.T) {
	log := "Overfull \\hbox (0.5pt too wide) in paragraph at lines 3--4\n" +
		"Overfull \\hbox (24.1pt too wide) in paragraph at lines 10--12\n" +
		"Overfull \\vbox (3.0pt too high) has occurred while \\output is active\n" +
		"LaTeX Warning: Float too large for page by 139.2pt on input line 77.\n"
	got := fmt.Sprint(latexProblems(log))
	want := "[{10 Overfull \\hbox (24.1pt too wide) in paragraph at lines 10--12} {0 Overfull \\vbox (3.0pt too high) has occurred while \\output is active} {77 Float too large for page by 139.2pt on input line 77}]"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// longName is a configuration name of 107 characters, as long as one a review met: the
// domains and policies longtables overflowed a landscape page with it by 162 pt.
const longName = "GLM-5.2/ZCode-agentic-harness-v2.3.1-with-extended-tool-calling-and-retrieval-augmentation-enabled-run-0417"

// TestLaTeXWrapsLongNames compiles the built-in report's longtables (domains, policies)
// with one configuration renamed to longName in an 11 pt article, the least room a 10, 11
// or 12 pt article gives a landscape page (and a larger \scriptsize for the bounds than
// 10 pt's), and fails on an overfull box wider than 1 pt: the name column wraps (a p{} column, ragged right) when a
// name is longer than fits, and only then (the tables with the built-in names keep l).
func TestLaTeXWrapsLongNames(t *testing.T) {
	if testing.Short() {
		t.Skip("scores the built-in release and runs pdflatex")
	}
	if len(longName) != 107 {
		t.Fatalf("longName has %d characters", len(longName))
	}
	pdflatex, err := exec.LookPath("pdflatex")
	if err != nil {
		if os.Getenv("SABENCH_REQUIRE_PDFLATEX") != "" {
			t.Fatal("pdflatex not found and SABENCH_REQUIRE_PDFLATEX is set")
		}
		t.Skip("pdflatex not installed")
	}
	var long []*results.Table
	for _, tb := range builtinReportTables(t) {
		if tb.ID != "domains" && tb.ID != "policies" {
			continue
		}
		var plain bytes.Buffer
		if err := render.Render(&plain, tb, render.FormatLaTeX); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(plain.String(), `\raggedright GLM`) || strings.Contains(plain.String(), "p{") {
			t.Errorf("%s with the built-in names has a wrapped column", tb.ID)
		}
		long = append(long, renamedCopy(t, tb, "GLM-5.2/ZCode", longName))
	}
	if len(long) != 2 {
		t.Fatalf("%d of the domains and policies tables", len(long))
	}
	for _, tb := range long {
		var b bytes.Buffer
		if err := render.Render(&b, tb, render.FormatLaTeX); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), `\raggedright GLM-5.2/\allowbreak{}ZCode`) {
			t.Errorf("%s: the long name is not wrapped", tb.ID)
		}
	}
	doc, spans := fitDocument(t, long, "onecolumn", "11pt")
	log := compile(t, pdflatex, t.TempDir(), "longname", doc)
	for _, p := range latexProblems(log) {
		t.Errorf("%s: %s", spans.at(p.line), p.text)
	}
}

// renamedCopy is a copy of tb with the text cells that read from renamed to, its id
// marked (the rows and their cells are copied).
func renamedCopy(t *testing.T, tb *results.Table, from, to string) *results.Table {
	t.Helper()
	c := *tb
	c.ID = tb.ID + "-longname"
	c.Rows = make([]results.Row, len(tb.Rows))
	renamed := 0
	for i, r := range tb.Rows {
		c.Rows[i] = results.Row{Group: r.Group, Cells: append([]results.Cell(nil), r.Cells...)}
		for j, cell := range r.Cells {
			if s, ok := cell.CellText(); ok && s == from {
				c.Rows[i].Cells[j] = results.Text(to)
				renamed++
			}
		}
	}
	if renamed == 0 {
		t.Fatalf("%s: no %s row to rename", tb.ID, from)
	}
	return &c
}

// runName is a 96-character configuration name with a run of 70 characters that holds no
// break point (no space, "-", "/" or "_").
var runName = "very-long-name-" + strings.Repeat("abcdefghij", 7) + "-2024-08-06"

// TestLaTeXFitsNameWithLongRun compiles the built-in report's tables that name
// configurations with one renamed to runName, in an 11 pt article, and fails on an
// overfull box wider than 1 pt or a float too large for the page. The wrapped name
// column broke the name at its hyphens only, so its 70-character run overflowed the
// domains and policies tables by 132 pt; T4, disagreement and variance, turned sideways
// as wide as the table, ran past the page's height ("Float too large for page by 195pt");
// T2, wrapped, was set in 8 pt type for 7 pt bounds where an 11 pt article's are 8 pt,
// and overflowed by 18 pt.
func TestLaTeXFitsNameWithLongRun(t *testing.T) {
	if testing.Short() {
		t.Skip("scores the built-in release and runs pdflatex")
	}
	pdflatex, err := exec.LookPath("pdflatex")
	if err != nil {
		if os.Getenv("SABENCH_REQUIRE_PDFLATEX") != "" {
			t.Fatal("pdflatex not found and SABENCH_REQUIRE_PDFLATEX is set")
		}
		t.Skip("pdflatex not installed")
	}
	var long []*results.Table
	for _, tb := range builtinReportTables(t) {
		switch tb.ID {
		case "T2", "T4", "disagreement", "variance", "domains", "policies":
			long = append(long, renamedCopy(t, tb, "GLM-5.2/ZCode", runName))
		}
	}
	if len(long) != 6 {
		t.Fatalf("%d of the six tables", len(long))
	}
	for _, size := range []string{"10pt", "11pt", "12pt"} {
		doc, spans := fitDocument(t, long, "onecolumn", size)
		dir := *latexDir
		if dir == "" {
			dir = t.TempDir()
		}
		log := compile(t, pdflatex, dir, "runname-"+size, doc)
		for _, p := range latexProblems(log) {
			t.Errorf("%s %s: %s", size, spans.at(p.line), p.text)
		}
	}
}
