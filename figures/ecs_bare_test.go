package figures

import (
	"bytes"
	"math"
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
