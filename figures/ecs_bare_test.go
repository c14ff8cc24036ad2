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
