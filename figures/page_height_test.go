package figures

import (
	"fmt"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"
)

// paperNames are n configuration names as papers write them, some 40 characters and more.
func paperNames(n int) []string {
	models := []string{"Claude 3.5 Sonnet (2024-10-22)", "GPT-4o (2024-08-06)", "Llama-3.1-70B-Instruct", "Qwen2.5-72B-Instruct",
		"o1-mini (2024-09-12)", "DeepSeek-V3-0324 (671B MoE)", "Gemini 1.5 Pro (gemini-1.5-pro-002)", "GLM-4.5 (355B-A32B)"}
	harnesses := []string{"OpenHands CodeAct v2.1", "Inspect"}
	var out []string
	for i := 0; len(out) < n; i++ {
		name := models[i/2%len(models)] + "/" + harnesses[i%2]
		if i >= 2*len(models) {
			name += fmt.Sprintf(" #%d", i/(2*len(models)))
		}
		out = append(out, name)
	}
	return out
}

// The failure types of the paper's 16-configuration study, at the column width, stacked
// their five panels two by two and named each configuration three times: 14.4 in tall,
// which no page holds. A figure of free height taller than a page is drawn at the page's
// width when it then fits one (one row of five panels, 3.6 in tall), and says so; one that
// does not fit a page even so (ecs_by_protocol of 40 configurations) keeps its width and
// says it is taller than a page; a figure that fits is as before.
func TestFigureTallerThanAPageIsDrawnAcrossIt(t *testing.T) {
	protocols := []string{"Legacy", "V0", "V1", "V2", "V3"}
	mix := func(n int) FailureMix {
		f := FailureMix{Configs: paperNames(n), Protocols: protocols, Categories: []string{Success, "premature_action", "early_stop"}}
		for range n {
			var byP [][]float64
			for range protocols {
				byP = append(byP, []float64{0.5, 0.3, 0.2})
			}
			f.Shares = append(f.Shares, byP)
		}
		return f
	}
	ecs := func(n int) ECSByProtocol {
		e := ECSByProtocol{Configs: paperNames(n), Protocols: protocols, Level: 0.95}
		for range n {
			var row []Interval
			for range protocols {
				row = append(row, Interval{Estimate: 0.6, Lo: 0.5, Hi: 0.7})
			}
			e.ECS = append(e.ECS, row)
		}
		return e
	}
	for _, tc := range []struct {
		name  string
		fig   Figure
		width vg.Length
		maxH  vg.Length
		note  string
	}{
		{"failure_types, 16", mix(16), Page.Width, PageHeight, "drawn 7.0 in wide (not 3.5): 18.8 in tall at 3.5 in, more than a page's 9 in"},
		// At the page's width its 56-character names leave room for three panels in
		// a row: 12 in tall, no better for a paper than 45 in at the column's (three
		// lines a name since "(gemini-1.5-pro-002)/OpenHands" is kept whole).
		{"failure_types, 40", mix(40), Column.Width, 45 * vg.Inch, "drawn 44.6 in tall, more than a page's 9 in: too many rows for one figure on a page"},
		{"failure_types, 2", mix(2), Column.Width, PageHeight, ""},
		{"ecs_by_protocol, 16", ecs(16), Column.Width, PageHeight, ""},
		{"ecs_by_protocol, 40", ecs(40), Column.Width, 20 * vg.Inch, "drawn 16.0 in tall, more than a page's 9 in: too many rows for one figure on a page"},
	} {
		o, err := Fitted(tc.fig, Options{})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		_, h, _ := Size(tc.fig, Options{})
		if o.Width != tc.width || h > tc.maxH {
			t.Errorf("%s: drawn %.2f × %.2f in, want %.1f in wide and at most %.1f in tall", tc.name, o.Width/vg.Inch, h/vg.Inch, tc.width/vg.Inch, tc.maxH/vg.Inch)
		}
		if got := PageNote(tc.fig, Options{}); got != tc.note {
			t.Errorf("%s: note %q, want %q", tc.name, got, tc.note)
		}
		// A set height (a slide) is kept to, however many rows.
		if got := PageNote(tc.fig, Slide); got != "" || strings.Contains(got, "page") {
			t.Errorf("%s at a slide's size: note %q", tc.name, got)
		}
	}
}

// A figure that fitting its names widens before it is found taller than a page says how
// tall it was at that width: a heat map of 30 configurations and 12 domains, asked at the
// column's 3.5 in, is laid out 5.9 in wide and 9.2 in tall there; the note said "9.2 in
// tall at 3.5 in", a height it never had at that width.
func TestPageNoteSaysTheWidthItWasTallAt(t *testing.T) {
	var domains []string
	for i := range 12 {
		domains = append(domains, fmt.Sprintf("domain_number_%02d", i))
	}
	h := DomainHeatMap{Configs: paperNames(30), Domains: domains}
	for range h.Configs {
		h.ECS = append(h.ECS, make([]float64, len(domains)))
	}
	want := "drawn 7.0 in wide (not 3.5): 9.2 in tall at 5.9 in, more than a page's 9 in"
	if got := PageNote(h, Options{}); got != want {
		t.Errorf("note %q, want %q", got, want)
	}
}

// A figure taller than a page even across it, that fitting its names widened, says both:
// the tall note stood in for the width's, and a heat map of 60 configurations drawn 5.9 in
// wide when 3.5 in was asked said only "drawn 17.1 in tall".
func TestPageNoteTooTallSaysItsWidth(t *testing.T) {
	var domains []string
	for i := range 12 {
		domains = append(domains, fmt.Sprintf("domain_number_%02d", i))
	}
	h := DomainHeatMap{Configs: paperNames(60), Domains: domains}
	for range h.Configs {
		h.ECS = append(h.ECS, make([]float64, len(domains)))
	}
	want := "drawn 5.9 in wide (not 3.5) to fit its names and 17.1 in tall, more than a page's 9 in: too many rows for one figure on a page"
	if got := PageNote(h, Options{}); got != want {
		t.Errorf("note %q, want %q", got, want)
	}
}
