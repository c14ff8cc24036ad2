package inspect

import (
	"math"
	"testing"
)

// The expected values follow Inspect's value_to_float (inspect_ai/scorer/_metric.py):
// numbers and booleans cast, "C" 1, "P" 0.5, "I" and "N" 0, yes/true 1, no/false 0 in
// any case, numeric strings parsed, anything else a warning and 0 (here ok=false).
func TestValueToFloat(t *testing.T) {
	cases := []struct {
		in   string
		want float64
		ok   bool
	}{
		{`"C"`, 1, true}, {`"I"`, 0, true}, {`"P"`, 0.5, true}, {`"N"`, 0, true},
		{`1`, 1, true}, {`0.25`, 0.25, true}, {`-2e1`, -20, true}, {`true`, 1, true}, {`false`, 0, true},
		{`"yes"`, 1, true}, {`"No"`, 0, true}, {`"TRUE"`, 1, true}, {`"false"`, 0, true},
		{`"0.5"`, 0.5, true}, {`" 3 "`, 3, true},
		// Python's float() reads digits grouped by underscores but no hexadecimal form,
		// which Go's ParseFloat reads: Inspect warns on "0x1p-2" and counts it 0.
		{`"1_000"`, 1000, true}, {`"0x1p-2"`, 0, false}, {`"-0X1P1"`, 0, false}, {`"0x10"`, 0, false},
		{`"\u0043"`, 1, true}, {`" yes"`, 0, false}, {`"`, 0, false}, {`"C`, 0, false}, {`"C\"`, 0, false},
		{`"c"`, 0, false}, {`"maybe"`, 0, false}, {`"inf"`, 0, false}, {`[1]`, 0, false}, {`{"a":1}`, 0, false},
		// Not JSON: the reader never passes such a value, but the exported mapping still says 0.
		{`tru`, 0, false}, {`fals`, 0, false}, {`-`, 0, false}, {`1.2.3`, 0, false},
		// float() reads these, but not as finite numbers: Inspect warns and counts 0.
		{`"-inf"`, 0, false}, {`"-Infinity"`, 0, false}, {`"nan"`, 0, false}, {`"1e400"`, 0, false},
	}
	for _, c := range cases {
		got, ok := ValueToFloat([]byte(c.in))
		if got != c.want || ok != c.ok {
			t.Errorf("%s → %v %v, want %v %v", c.in, got, ok, c.want, c.ok)
		}
	}
	if v, ok := ValueToFloat([]byte(`null`)); ok || !math.IsNaN(v) {
		t.Errorf("null → %v %v, want NaN false (an unscored sample)", v, ok)
	}
}
