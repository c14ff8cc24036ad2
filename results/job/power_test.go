package job

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/results/render"
)

// An option of a power plan out of range is an OptionError naming its flags.
func TestCheckPower(t *testing.T) {
	ok := analysis.PowerSpec{Alpha: 0.05, Power: 0.8}
	if err := CheckPower(&ok, 2, nil); err != nil || ok.Delta != 0.02 {
		t.Errorf("Δ 2 points: %v, Delta %v", err, ok.Delta)
	}
	for _, tc := range []struct {
		s     analysis.PowerSpec
		delta float64
		want  string
	}{
		{analysis.PowerSpec{Alpha: 0.05, Power: 0.8}, 150, "power: --delta 150 points not in [0, 100)"},
		{analysis.PowerSpec{Alpha: 0.05, Power: 0.8}, -0.5, "power: --delta -0.5 points not in [0, 100)"},
		{analysis.PowerSpec{Alpha: 1, Power: 0.8}, 0, "power: --alpha and --power must be in (0, 1)"},
		{analysis.PowerSpec{Alpha: 0.05, Power: 0}, 0, "power: --alpha and --power must be in (0, 1)"},
		{analysis.PowerSpec{Alpha: 0.05, Power: 0.8, Templates: -1}, 0, "power: --cases, --repeats, --templates and --simulate must not be negative"},
	} {
		err := CheckPower(&tc.s, tc.delta, nil)
		var oe *OptionError
		if !errors.As(err, &oe) || err.Error() != tc.want {
			t.Errorf("%+v, Δ %v: %v, want the OptionError %q", tc.s, tc.delta, err, tc.want)
		}
	}
}

// Stated rates plan without a release: the textbook sample size, and a spec it cannot
// plan from is an OptionError.
func TestStatedPower(t *testing.T) {
	ps := analysis.PowerSpec{Alpha: 0.05, Power: 0.8, Stated: true, RateA: 0.6, RateB: 0.5, Cases: 500, Repeats: 1}
	if err := CheckPower(&ps, 5, nil); err != nil {
		t.Fatal(err)
	}
	ts, err := StatedPower(ps)
	if err != nil || len(ts) != 1 || ts[0].ID != "power" {
		t.Fatalf("%v, %d tables", err, len(ts))
	}
	var b bytes.Buffer
	if err := render.Render(&b, ts[0], render.FormatJSON); err != nil {
		t.Fatal(err)
	}
	// n = (1.959964 + 0.841621)²·(0.24 + 0.25)/0.05² = 1538.4 → 1539.
	if !strings.Contains(b.String(), `"cases_needed": 1539,`) {
		t.Errorf("cases for 5 points, want 1539:\n%s", b.String())
	}
	ps.Repeats = 0
	var oe *OptionError
	if _, err := StatedPower(ps); !errors.As(err, &oe) {
		t.Errorf("no repeats: %v, want an OptionError", err)
	}
}
