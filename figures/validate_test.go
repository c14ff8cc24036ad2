package figures

import (
	"bytes"
	"strings"
	"testing"
)

// TestValidate feeds each figure one defect and wants an error that names
// the field (with its indices) that holds it.
func TestValidate(t *testing.T) {
	long := strings.Repeat("x", maxNameLen+1)
	mix := func(edit func(*FailureMix)) Figure {
		f := smallFigures()["failure_mix"].(FailureMix)
		edit(&f)
		return f
	}
	ecs := func(edit func(*ECSByProtocol)) Figure {
		f := smallFigures()["ecs_by_protocol"].(ECSByProtocol)
		f.ECS = [][]Interval{append([]Interval(nil), f.ECS[0]...), append([]Interval(nil), f.ECS[1]...)}
		edit(&f)
		return f
	}
	forest := func(edit func(*Forest)) Figure {
		f := smallFigures()["forest"].(Forest)
		f.Rows = append([]Comparison(nil), f.Rows...)
		edit(&f)
		return f
	}
	heat := func(edit func(*DomainHeatMap)) Figure {
		f := smallFigures()["domain_heatmap"].(DomainHeatMap)
		f.ECS = [][]float64{append([]float64(nil), f.ECS[0]...), append([]float64(nil), f.ECS[1]...)}
		edit(&f)
		return f
	}
	ranks := func(edit func(*PolicyRanks)) Figure {
		f := smallFigures()["policy_ranks"].(PolicyRanks)
		f.Ranks = [][]float64{append([]float64(nil), f.Ranks[0]...), append([]float64(nil), f.Ranks[1]...), append([]float64(nil), f.Ranks[2]...)}
		edit(&f)
		return f
	}
	for _, tc := range []struct {
		fig  Figure
		want string
	}{
		{mix(func(f *FailureMix) { f.Configs = nil }), "FailureMix.Configs: empty"},
		{mix(func(f *FailureMix) { f.Configs = []string{"a", "a"} }), `FailureMix.Configs[1]: "a" repeats FailureMix.Configs[0]`},
		{mix(func(f *FailureMix) { f.Protocols = []string{"V0", " "} }), `FailureMix.Protocols[1] (" "): empty`},
		{mix(func(f *FailureMix) { f.Title = long }), "FailureMix.Title: 201 bytes"},
		{mix(func(f *FailureMix) { f.Configs[0] = "a\nb" }), `FailureMix.Configs[0] ("a\nb"): contains a line break`},
		{mix(func(f *FailureMix) { f.Configs[0] = "\xff" }), `FailureMix.Configs[0] ("\xff"): not valid UTF-8`},
		// A name too long to draw is named (its start), so that the reader knows which.
		{mix(func(f *FailureMix) { f.Configs[1] = "org/" + long }), `FailureMix.Configs[1] ("org/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"): 205 bytes, at most 200`},
		{mix(func(f *FailureMix) { f.Shares = f.Shares[:1] }), "FailureMix.Shares: 1 entries, want 2 (one per config)"},
		{mix(func(f *FailureMix) { f.Shares = [][][]float64{f.Shares[0], {f.Shares[1][0]}} }), "FailureMix.Shares[1]: 1 entries, want 2 (one per protocol)"},
		{mix(func(f *FailureMix) { f.Shares = [][][]float64{f.Shares[0], {{1}, f.Shares[1][1]}} }), "FailureMix.Shares[1][0]: 1 entries, want 4 (one per category)"},
		{mix(func(f *FailureMix) { f.Shares = [][][]float64{f.Shares[0], {{0.5, 0.2, 0, 0}, f.Shares[1][1]}} }), "FailureMix.Shares[1][0] (Beta / Beta CLI, V0): shares sum to 0.7, want 1"},
		{mix(func(f *FailureMix) { f.Shares = [][][]float64{f.Shares[0], {{1.5, -0.5, 0, 0}, f.Shares[1][1]}} }), "FailureMix.Shares[1][0][0]: 1.5 outside [0, 1]"},
		{mix(func(f *FailureMix) { f.Shares = [][][]float64{f.Shares[0], {{nan, 0, 0, 0}, f.Shares[1][1]}} }), "FailureMix.Shares[1][0][0]: NaN"},
		{mix(func(f *FailureMix) { f.Categories = []string{} }), "FailureMix.Categories: empty"},
		{ecs(func(f *ECSByProtocol) { f.Level = 95 }), "ECSByProtocol.Level: 95 outside (0, 1)"},
		{ecs(func(f *ECSByProtocol) { f.ECS[1][1] = Interval{0.5, 0.6, 0.4} }), "ECSByProtocol.ECS[1][1]: Lo 0.6 above Hi 0.4"},
		{ecs(func(f *ECSByProtocol) { f.ECS[0][1] = Interval{0.5, 0.4, nan} }), "ECSByProtocol.ECS[0][1]: Lo and Hi must both be set"},
		{ecs(func(f *ECSByProtocol) { f.ECS[0][0] = Interval{1.2, 0.4, 0.5} }), "ECSByProtocol.ECS[0][0].Estimate: 1.2 outside [0, 1]"},
		{ecs(func(f *ECSByProtocol) { f.ECS[0] = f.ECS[0][:1] }), "ECSByProtocol.ECS[0]: 1 entries, want 2 (one per protocol)"},
		{forest(func(f *Forest) { f.Rows = nil }), "Forest.Rows: empty"},
		{forest(func(f *Forest) { f.Rows[2].Label = "" }), "Forest.Rows[2].Label: empty"},
		{forest(func(f *Forest) { f.Rows[0].Estimate = nan }), "Forest.Rows[0].Estimate: NaN"},
		{forest(func(f *Forest) { f.Rows[0].Hi = 3 }), "Forest.Rows[0].Hi: 3 outside [-1, 1]"},
		{forest(func(f *Forest) { f.Rows[1].Lo = 0.5 }), "Forest.Rows[1]: Lo 0.5 above Hi 0.06"},
		{forest(func(f *Forest) { f.XLabel = "a\tb" }), "Forest.XLabel: contains a line break or tab"},
		{heat(func(f *DomainHeatMap) { f.ECS[1][2] = -0.1 }), "DomainHeatMap.ECS[1][2]: -0.1 outside [0, 1]"},
		{heat(func(f *DomainHeatMap) { f.Domains = append(f.Domains, "x") }), "DomainHeatMap.ECS[0]: 3 entries, want 4 (one per domain)"},
		{ranks(func(f *PolicyRanks) { f.Ranks[0][1] = 4 }), "PolicyRanks.Ranks[0][1]: rank 4 outside [1, 3]"},
		{ranks(func(f *PolicyRanks) { f.Ranks[1] = []float64{nan, nan, nan} }), "PolicyRanks.Ranks[1] (Beta / Beta CLI): no rank under any policy"},
		{ranks(func(f *PolicyRanks) { f.Policies = f.Policies[:2] }), "PolicyRanks.Ranks[0]: 3 entries, want 2 (one per policy)"},
	} {
		err := tc.fig.Validate()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("err = %v\nwant it to contain %q", err, tc.want)
			continue
		}
		// Render refuses the same input with the same error.
		if rerr := Render(tc.fig, SVG, new(bytes.Buffer), Column); rerr == nil || rerr.Error() != err.Error() {
			t.Errorf("Render: err = %v, want %v", rerr, err)
		}
	}
	for _, name := range smallNames {
		if err := smallFigures()[name].Validate(); err != nil {
			t.Errorf("%s: valid input rejected: %v", name, err)
		}
	}
}

// TestTooMany: more than maxItems names is an error, not a huge picture.
func TestTooMany(t *testing.T) {
	names := make([]string, maxItems+1)
	for i := range names {
		names[i] = strings.Repeat("n", 1+i%7) + string(rune('A'+i%26)) + strings.Repeat("x", i/26)
	}
	err := DomainHeatMap{Configs: names, Domains: []string{"d"}}.Validate()
	if err == nil || !strings.Contains(err.Error(), "DomainHeatMap.Configs: 201 names, at most 200") {
		t.Errorf("err = %v", err)
	}
}
