package job_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/sabench/sabench-stats/figures"
	"github.com/sabench/sabench-stats/results/job"
	"gonum.org/v1/plot/vg"
)

// A forest plot of two paired differences, written as SVG, PDF and PNG.
func ExampleWriteFigure() {
	dir, err := os.MkdirTemp("", "figures")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	fig := figures.Forest{
		Level: 0.95,
		Rows: []figures.Comparison{
			{Label: "Claude-5: Claude Code − Inspect", Estimate: 0.038, Lo: 0.012, Hi: 0.064},
			{Label: "GLM-5.2: ZCode − Inspect", Estimate: -0.033, Lo: -0.071, Hi: 0.004},
		},
	}
	paths, err := job.WriteFigure(dir, "harness_differences", fig, figures.Column)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range paths {
		fmt.Println(filepath.Base(p))
	}
	w, h, _ := figures.Size(fig, figures.Column)
	fmt.Printf("%.1f in wide\n", float64(w/vg.Inch))
	fmt.Println(h < w)
	// Output:
	// harness_differences.svg
	// harness_differences.pdf
	// harness_differences.png
	// 3.5 in wide
	// true
}
