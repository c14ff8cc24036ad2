package main

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestFiguresPDFTextBuiltin reads the built-in report's harness forest back from its PDF,
// as a reader copying from the paper would, at every size: the column header "Δ [95% CI]"
// and GLM-5.2's difference "−7.6" (Unicode minus) are there, as in the SVG and PNG. The
// figures package checks every string of every figure; this is the command's output.
func TestFiguresPDFTextBuiltin(t *testing.T) {
	if testing.Short() {
		t.Skip("scores the built-in release")
	}
	tool, err := exec.LookPath("pdftotext")
	if err != nil {
		missingTool(t, "pdftotext is missing (apt-get install poppler-utils; .ci/run does this)")
	}
	t.Parallel()
	for _, size := range []string{"column", "page", "slide"} {
		dir := filepath.Join(t.TempDir(), size)
		// One policy and 200 resamples: the text checked is the header and a point
		// estimate, the same under any resample count, and the other presets feed only
		// policy_ranks; scoring every preset with 5000 resamples, three times, cost seconds.
		mustRun(t, "figures", "--size", size, "--out", dir, "-j", "2", "--policy", "safeact", "--resamples", "200", "--force")
		out, err := exec.Command(tool, "-layout", "-enc", "UTF-8", filepath.Join(dir, "harness_differences.pdf"), "-").Output()
		if err != nil {
			t.Fatal(err)
		}
		text := string(out)
		for _, want := range []string{"Δ [95% CI]", "−7.6", "Family harness − Inspect (ECS, V0–V3)"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: pdftotext of harness_differences.pdf lacks %q:\n%s", size, want, text)
			}
		}
		if regexp.MustCompile(`â|Î|Ã`).MatchString(text) {
			t.Errorf("%s: mojibake in the PDF text:\n%s", size, text)
		}
	}
}
