package job

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/inspect/inspecttest"
)

// TestInspectOtherReducerSaysWhatIsMissing: the line naming a header's other reducer said "metrics
// NaN" of an entry with neither an accuracy nor a mean metric, and "NaN as the mean of its
// scored rows" of a scorer that scored none; it now says what is missing.
func TestInspectOtherReducerSaysWhatIsMissing(t *testing.T) {
	o := Defaults()
	o.Stats.Resamples = 0
	if err := o.Check(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		edit func(name string, data []byte) []byte
		want string
	}{
		{"no accuracy", func(name string, data []byte) []byte {
			if name == "header.json" {
				return bytes.ReplaceAll(data, []byte(`"accuracy"`), []byte(`"hit_rate"`))
			}
			return data
		}, ": match by pass_at_2 (the header gives no accuracy or mean), 0.5833333333333334 as the mean of its scored rows\n"},
		{"none scored", inspecttest.Samples(t, func(_ string, doc map[string]any) {
			doc["scores"].(map[string]any)["match"].(map[string]any)["value"] = nil
		}), ": match accuracy 0.8333333333333333 by pass_at_2, no scored row\n"},
	} {
		path := filepath.Join(t.TempDir(), "red.eval")
		if err := os.WriteFile(path, inspecttest.RewriteFile(t, filepath.Join(reducerLogs, "red_pass_at_2.eval"), c.edit), 0o644); err != nil {
			t.Fatal(err)
		}
		in, err := o.ReadInspect([]string{path})
		if err != nil {
			t.Fatal(err)
		}
		got := in.checkMetrics()
		if !strings.Contains(got, "need not be the mean of the rows"+c.want) || strings.Contains(got, "NaN") {
			t.Errorf("%s: got\n%s\nwant a line ending %q", c.name, got, c.want)
		}
	}
}
