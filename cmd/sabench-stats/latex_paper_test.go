package main

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// studyConfigs are 16 configurations named as papers name them (25 to 46 characters).
var studyConfigs = []string{
	"Claude 3.5 Sonnet (2024-10-22)/Claude Code", "Claude 3.5 Sonnet (2024-10-22)/Inspect",
	"GPT-4o (2024-08-06)/Codex CLI v0.1.2504", "GPT-4o (2024-08-06)/Inspect",
	"Llama-3.1-70B-Instruct/OpenHands CodeAct v2.1", "Llama-3.1-70B-Instruct/Inspect",
	"Qwen2.5-72B-Instruct/Qwen Code v0.0.9", "Qwen2.5-72B-Instruct/Inspect",
	"o1-mini (2024-09-12)/Codex CLI v0.1.2504", "o1-mini (2024-09-12)/Inspect",
	"DeepSeek-V3-0324 (671B MoE)/DeepSeek Harness", "DeepSeek-V3-0324 (671B MoE)/Inspect",
	"Gemini 1.5 Pro (gemini-1.5-pro-002)/Gemini CLI", "Gemini 1.5 Pro (gemini-1.5-pro-002)/Inspect",
	"GLM-4.5 (355B-A32B)/ZCode", "GLM-4.5 (355B-A32B)/Inspect",
}

// TestLaTeXFitsSixteenConfigurations compiles every LaTeX table of a report on the real
// cases scored from 16 such configurations with five repeats each, in one- and two-column
// articles at 10 and 11 pt, and fails on an overfull box wider than 1 pt or a float too
// large for its page. Before: the variance table (six intervals with five repeats) was
// turned to landscape pages with its names broken between letters and still ran 47 pt
// past them; T2's bounds, in \scriptsize, were 8 pt in an 11 pt article where its width
// was measured with 7 pt (10 pt over); T3 and the domains table were fitted to a 10 pt
// article's landscape page, longer than an 11 pt one's (6 and 2 pt over). The variance
// table's names still wrap there; its bounds, on a row of their own, came after a name's
// last line, beside the next name: they are in the estimate's cell now.
func TestLaTeXFitsSixteenConfigurations(t *testing.T) {
	if testing.Short() {
		t.Skip("runs report and pdflatex")
	}
	pdflatex, err := exec.LookPath("pdflatex")
	if err != nil {
		if os.Getenv("SABENCH_REQUIRE_PDFLATEX") != "" {
			t.Fatal("pdflatex not found and SABENCH_REQUIRE_PDFLATEX is set")
		}
		t.Skip("pdflatex not installed")
	}
	t.Parallel()
	bench := filepath.Join(ingestTestdata, "safeactbench", "cases")
	// Each configuration fails a share of its episodes, from 15% to 58%.
	runs := writeRepeats(t, bench, studyConfigs, 5, func(config, caseID string, repeat int) bool {
		h := fnv.New32a()
		fmt.Fprintf(h, "%s|%s|%d|main", config, caseID, repeat)
		i := slices.Index(studyConfigs, config)
		return float64(h.Sum32()%1000)/1000 < 0.15+0.5*float64(i%7)/7
	})
	// A strategy condition beside main, as papers run: the first repeat again under
	// scgr_select.
	main, err := os.ReadFile(runs)
	if err != nil {
		t.Fatal(err)
	}
	var strategy []byte
	for _, line := range strings.Split(strings.TrimSpace(string(main)), "\n") {
		var ep map[string]any
		if err := json.Unmarshal([]byte(line), &ep); err != nil {
			t.Fatal(err)
		}
		if ep["repeat"] == 0.0 {
			ep["condition"], ep["run_id"] = "scgr_select", ep["run_id"].(string)+"|scgr_select"
			b, _ := json.Marshal(ep)
			strategy = append(append(strategy, b...), '\n')
		}
	}
	if err := os.WriteFile(runs, append(main, strategy...), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "report")
	if _, stderr, code := runCLI(t, "report", "--bench", bench, "--runs", runs, "--out", out, "--resamples", "200", "--force", "-j", "2"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	texs, _ := filepath.Glob(filepath.Join(out, "tables", "*.tex"))
	if len(texs) != 20 {
		t.Fatalf("%d LaTeX tables", len(texs))
	}
	var floats, longs []string
	for _, p := range texs {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		// Beside a name wrapped on several lines, an interval's bounds are under its
		// estimate in its cell, not on a row of their own after the name's last line.
		if strings.Contains(string(b), `\begin{longtable}{p{`) && strings.Contains(string(b), "\n & ") {
			t.Errorf("%s: bounds on a row of their own beside a wrapped name", filepath.Base(p))
		}
		part := "%% TABLE " + strings.TrimSuffix(filepath.Base(p), ".tex") + "\n" + string(b) + "\\clearpage\n"
		if strings.Contains(string(b), `\begin{longtable}`) {
			longs = append(longs, part)
		} else {
			floats = append(floats, part)
		}
	}
	overfull := regexp.MustCompile(`Overfull \\[hv]box \(([0-9.]+)pt too (?:wide|high)\)[^\n]*lines? (\d+)`)
	tooLarge := regexp.MustCompile(`Float too large for page by [0-9.]+pt on input line (\d+)`)
	dir := t.TempDir()
	for _, size := range []string{"10pt", "11pt"} {
		for _, class := range []string{"onecolumn", "twocolumn"} {
			name := class + "-" + size
			doc := `\documentclass[` + size + "," + class + "]{article}\n\\usepackage[T1]{fontenc}\n\\usepackage{booktabs,graphicx,longtable,lscape}\n\\begin{document}\n" +
				strings.Join(floats, "")
			if class == "twocolumn" {
				doc += "\\onecolumn\n" // longtables need one-column pages
			}
			doc += strings.Join(longs, "") + "\\end{document}\n"
			lines := strings.Split(doc, "\n")
			table := func(line int) string {
				for i := min(line, len(lines)) - 1; i >= 0; i-- {
					if id, ok := strings.CutPrefix(lines[i], "%% TABLE "); ok {
						return id
					}
				}
				return "?"
			}
			if err := os.WriteFile(filepath.Join(dir, name+".tex"), []byte(doc), 0o644); err != nil {
				t.Fatal(err)
			}
			var log []byte
			for range 3 {
				cmd := exec.Command(pdflatex, "-interaction=nonstopmode", "-halt-on-error", "-draftmode", name+".tex")
				cmd.Dir = dir
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("pdflatex %s: %v\n%s", name, err, out)
				}
				log, _ = os.ReadFile(filepath.Join(dir, name+".log"))
				if !strings.Contains(string(log), "Rerun LaTeX") {
					break
				}
			}
			for _, m := range overfull.FindAllStringSubmatch(string(log), -1) {
				if pt, _ := strconv.ParseFloat(m[1], 64); pt > 1 {
					line, _ := strconv.Atoi(m[2])
					t.Errorf("%s: table %s: %s", name, table(line), m[0])
				}
			}
			for _, m := range tooLarge.FindAllStringSubmatch(string(log), -1) {
				line, _ := strconv.Atoi(m[1])
				t.Errorf("%s: table %s: %s", name, table(line), m[0])
			}
		}
	}
}
