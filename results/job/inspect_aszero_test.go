package job

import (
	"testing"
)

// TestInspectMetricsCountUnmappedAsZero: Inspect's value_to_float counts a value it cannot
// map (a list, an unknown string) as 0, with a warning; the rows leave it unscored. mj7k
// with its two "I" values written as ["I"] and "wrong" has the same header (accuracy 0.8,
// stderr 0.1333: Inspect would have computed it so), which the check said the rows did not
// reproduce (1 from the rows, over the 8 samples left). It reproduces it now, counting
// those values 0 for the check alone, and says so.
func TestInspectMetricsCountUnmappedAsZero(t *testing.T) {
	log := rewriteLog(t, "2025-02-11T15-18-04-05-00_popularity_mj7khqpMM4GBCfVQozKgzB.eval", func(member string, doc map[string]any) {
		score := doc["scores"].(map[string]any)["match"].(map[string]any)
		switch member {
		case "samples/3_epoch_1.json":
			score["value"] = []any{"I"}
		case "samples/7_epoch_1.json":
			score["value"] = "wrong"
		}
	})
	o := Defaults()
	in, err := o.ReadInspect([]string{log})
	if err != nil {
		t.Fatal(err)
	}
	want := "samples: " + log + ": match: 2 values that value_to_float cannot map (a list, an unknown string) counted 0 to reproduce the header, as Inspect counts them; the rows leave them unscored\n" +
		"samples: the rows reproduce the header's accuracy and stderr for 1 of 1 logs with both\n"
	if got := in.checkMetrics(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// The statistics still leave them out: the leaderboard's mean is over the 8 others.
	scored := 0
	for _, r := range in.Rows {
		if r.Scored {
			scored++
		}
	}
	if scored != 8 {
		t.Errorf("%d scored rows, want 8", scored)
	}
}
