package figures

import (
	"bytes"
	"math"
	"slices"
	"strings"
	"testing"
)

// A bar without an interval (a rate over one case, or --resamples 0) was drawn under
// "whiskers: 95% CI" with none, as if the rate were known exactly; the axis label now says
// what a bar without whiskers means, and only when there is one.
func TestECSByProtocolSaysABarHasNoInterval(t *testing.T) {
	nan := math.NaN()
	for _, tc := range []struct {
		ecs   [][]Interval
		label string
	}{
		{[][]Interval{{{0.6, 0.5, 0.7}}, {{1, nan, nan}}}, "ECS (%); whiskers: 95% CI (a bar without: no interval)"},
		{[][]Interval{{{0.6, 0.5, 0.7}}, {{nan, nan, nan}}}, "ECS (%); whiskers: 95% CI<"},
		{[][]Interval{{{0.6, nan, nan}}, {{1, nan, nan}}}, "ECS (%); no intervals"},
		{[][]Interval{{{0.6, nan, nan}}, {{1, nan, nan}}}, ">ECS per protocol<"},
	} {
		var b bytes.Buffer
		f := ECSByProtocol{Configs: []string{"a/h", "b/h"}, Protocols: []string{"V1"}, Level: 0.95, ECS: tc.ecs}
		if err := Render(f, SVG, &b, Column); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), tc.label) {
			t.Errorf("%v: the SVG lacks the label %q", tc.ecs, tc.label)
		}
	}
}

// TestECSByProtocolMissingBarSaysNoData: a protocol a configuration has no scored episodes
// of was marked "n/a" (not applicable: it applies, it was not run), and the same gap reads
// "no data" in failure_types; both say "no data".
func TestECSByProtocolMissingBarSaysNoData(t *testing.T) {
	nan := math.NaN()
	f := ECSByProtocol{Configs: []string{"a/h"}, Protocols: []string{"V1", "V2"}, Level: 0.95, ECS: [][]Interval{{{0.6, 0.5, 0.7}, {nan, nan, nan}}}}
	got := drawnStrings(t, f, Options{})
	if !slices.Contains(got, "no data") || slices.Contains(got, "n/a") {
		t.Errorf("drawn %q, want \"no data\" for the missing bar", got)
	}
}

// TestECSByProtocolZeroBarIsDrawn: a rate of 0 (a configuration that failed every episode of
// a protocol, common on few real cases) drew no bar at all, its slot as empty as a gap; it
// is drawn as a hairline bar at 0 in its protocol's colour.
func TestECSByProtocolZeroBarIsDrawn(t *testing.T) {
	f := ECSByProtocol{Configs: []string{"a/h", "b/h"}, Protocols: []string{"V1"}, ECS: [][]Interval{{{0.5, nan, nan}}, {{0, nan, nan}}}}
	var b bytes.Buffer
	if err := Render(f, SVG, &b, Column); err != nil {
		t.Fatal(err)
	}
	// Two bars and the legend's key.
	if n := strings.Count(b.String(), "fill:#0072B2"); n != 3 {
		t.Errorf("the V1 colour is filled %d times, want 3 (two bars, one legend key)", n)
	}
}

// TestECSByProtocolBasicIntervalPastZero: a basic interval (2θ̂ − q_hi, 2θ̂ − q_lo) of a
// low rate can pass 0 (the real cases under --interval basic: 11.1 [−11.1, 22.2] in T2), and
// ecs_by_protocol was left out, "Lo: −0.111 outside [0, 1]". It is drawn as the table prints
// it, the axis widened by a tick to hold it, the bars still starting at 0.
func TestECSByProtocolBasicIntervalPastZero(t *testing.T) {
	f := ECSByProtocol{Configs: []string{"a/h"}, Protocols: []string{"V1", "V2"}, Level: 0.95,
		ECS: [][]Interval{{{0.111, -0.111, 0.222}, {0.9, 0.8, 1.1}}}}
	got := drawnStrings(t, f, Options{})
	for _, tick := range []string{"−20", "0", "100", "120"} {
		if !slices.Contains(got, tick) {
			t.Errorf("drawn %q: no tick %q", got, tick)
		}
	}
	f.ECS[0][0].Lo = -1.5
	if err := f.Validate(); err == nil || !strings.Contains(err.Error(), "outside [-1, 2]") {
		t.Errorf("a bound no interval of a rate reaches: %v", err)
	}
}
