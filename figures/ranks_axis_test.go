package figures

import (
	"fmt"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// TestRanksAxisNamesOnlyDrawnBars: the axis label of policy_ranks explained "grey bars:
// tie groups" on a chart without a grey bar (one configuration, as a τ-bench run of one
// model; or rank sets that all stand apart), naming in its legend what is not drawn.
func TestRanksAxisNamesOnlyDrawnBars(t *testing.T) {
	for _, c := range []struct {
		name string
		fig  PolicyRanks
		want string // in the axis label; "" for no word on tie groups
	}{
		{"one configuration", PolicyRanks{Policies: []string{"tau-strict", "tau-bench"}, Configs: []string{"gpt-4o/tool-calling"},
			Ranks: [][]float64{{1, 1}}, TieGroups: [][][]int{{{0}}, {{0}}}, TieLevel: 0.95}, ""},
		{"apart", PolicyRanks{Policies: []string{"a", "b"}, Configs: []string{"x/y", "z/w"},
			Ranks: [][]float64{{1, 1}, {2, 2}}, TieGroups: [][][]int{{{0}, {1}}, {{0}, {1}}}, TieLevel: 0.9}, "no tie groups: no two simultaneous 90% rank sets overlap"},
		{"tied", PolicyRanks{Policies: []string{"a", "b"}, Configs: []string{"x/y", "z/w"},
			Ranks: [][]float64{{1, 1}, {2, 2}}, TieGroups: [][][]int{{{0, 1}}, {{0}, {1}}}, TieLevel: 0.95}, "grey bars: tie groups (overlapping simultaneous 95% rank sets)"},
		{"not computed", PolicyRanks{Policies: []string{"a", "b"}, Configs: []string{"x/y", "z/w"},
			Ranks: [][]float64{{1, 1}, {2, 2}}}, ""},
	} {
		text := strings.Join(drawnStrings(t, c.fig, Options{}), " ")
		switch {
		case c.want == "" && (strings.Contains(text, "grey") || strings.Contains(text, "tie")):
			t.Errorf("%s: the axis speaks of tie groups with none drawn: %q", c.name, text)
		case c.want != "" && !strings.Contains(text, c.want):
			t.Errorf("%s: drawn %q, want %q in the axis label", c.name, text, c.want)
		}
	}
}

// TestRanksAxisNamesTheMeasure: the axis said "rank 1 = highest ECS" on a bench of action
// rules, whose leaderboards rank authorized success (RanksOf sets Measure there).
func TestRanksAxisNamesTheMeasure(t *testing.T) {
	fig := PolicyRanks{Policies: []string{"tau-strict", "tau-bench"}, Configs: []string{"x/y", "z/w"}, Ranks: [][]float64{{1, 2}, {2, 1}}}
	for measure, want := range map[string]string{"": "rank 1 = highest ECS)", "authorized success": "rank 1 = highest authorized success)"} {
		fig.Measure = measure
		if text := strings.Join(drawnStrings(t, fig, Options{}), " "); !strings.Contains(text, want) {
			t.Errorf("measure %q: drawn %q, want %q", measure, text, want)
		}
	}
}

// strokeRecorder is a canvas that keeps every path stroked, as its points.
type strokeRecorder struct {
	vg.CanvasSizer
	paths []string
}

func (r *strokeRecorder) Stroke(p vg.Path) {
	var b strings.Builder
	for _, c := range p {
		fmt.Fprintf(&b, "%.2f,%.2f ", float64(c.Pos.X), float64(c.Pos.Y))
	}
	r.paths = append(r.paths, b.String())
}

// TestRanksIdenticalConfigsApart: two configurations with the same rank under every
// policy (identical results) were drawn as one line, the second over the first, so the
// chart showed one of them; configurations that share a rank are now drawn a little apart
// around it, two parallel lines, and a rank held by one is drawn on its row.
func TestRanksIdenticalConfigsApart(t *testing.T) {
	fig := PolicyRanks{Policies: []string{"safeact", "near-miss", "tau-bench"}, Configs: []string{"A/x", "B/y", "B/y copy"},
		Ranks: [][]float64{{1, 1, 1}, {2, 2, 2}, {2, 2, 2}}}
	sc, _, err := prepare(fig, Options{})
	if err != nil {
		t.Fatal(err)
	}
	rec := &strokeRecorder{CanvasSizer: vgimg.New(sc.w, sc.h)}
	sc.draw(draw.New(rec))
	seen := map[string]int{}
	for _, p := range rec.paths {
		if strings.Count(p, " ") == 3 { // a series' line: one point per policy
			seen[p]++
		}
	}
	if len(seen) != 3 {
		t.Errorf("%d distinct series lines, want 3: %v", len(seen), seen)
	}
	// The lone configuration's points are on its row: y the same under every policy, as
	// drawn before (the frame's own rows).
	f := &ranksFrame{rowH: 10, em: 10}
	d := fig.dodge(f)
	if d[0][0] != 0 || d[1][0] == d[2][0] || d[1][0] != -d[2][0] {
		t.Errorf("offsets %v: want none for A/x, and B/y and its copy either side of their row", d)
	}
}

// TestFiguresNameTheMeasure: ecs_by_protocol and domain_heatmap said ECS in their titles,
// axis and scale on a bench of action rules, whose rate is authorized success (ecsOf and
// HeatMapOf set Measure there); unset, they say ECS as before.
func TestFiguresNameTheMeasure(t *testing.T) {
	iv := Interval{Estimate: 0.5, Lo: 0.4, Hi: 0.6}
	for measure, want := range map[string][]string{
		"":                   {"ECS per protocol (95% CI)", "ECS (%); whiskers: 95% CI", "ECS per domain (%)", "ECS (%)"},
		"authorized success": {"Authorized success per protocol (95% CI)", "Authorized success (%); whiskers: 95% CI", "Authorized success per domain (%)", "Authorized success (%)"},
	} {
		ecs := ECSByProtocol{Configs: []string{"x/y"}, Protocols: []string{"V1"}, Level: 0.95, ECS: [][]Interval{{iv}}, Measure: measure}
		heat := DomainHeatMap{Configs: []string{"x/y"}, Domains: []string{"airline"}, ECS: [][]float64{{0.5}}, Measure: measure}
		text := strings.Join(append(drawnStrings(t, ecs, Options{}), drawnStrings(t, heat, Options{})...), "\n")
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Errorf("measure %q: drawn\n%s\nwant %q", measure, text, w)
			}
		}
	}
}
