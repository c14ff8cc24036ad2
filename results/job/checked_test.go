package job

import (
	"errors"
	"strings"
	"testing"
)

// TestReleaseNeedsCheck: Options not through Check (which parses Stats into Stat) were
// scored with the zero Stat, level 0 and no resamples, so every table of the release had
// no interval whatever Stats asked (three of this package's tests set Stat.Resamples and
// Stats was never read). Release and the Inspect leaderboard and comparison now refuse
// them as an OptionError saying to call Check.
func TestReleaseNeedsCheck(t *testing.T) {
	o := Defaults()
	o.Source.Bench, o.Source.Runs = testBench, []string{testRuns}
	o.Stats.Resamples = 1000
	var oe *OptionError
	const want = "Options.Check was not called"
	if _, err := o.Release(Scoring{}); !errors.As(err, &oe) || !strings.Contains(err.Error(), want) {
		t.Errorf("Release without Check: %v; want an OptionError saying %s", err, want)
	}
	in := Defaults()
	if _, err := in.InspectLeaderboard(InspectBoardRequest{Paths: []string{"../../ingest/inspect/testdata/logs/log_streaming.eval"}}); !errors.As(err, &oe) || !strings.Contains(err.Error(), want) {
		t.Errorf("InspectLeaderboard without Check: %v; want an OptionError saying %s", err, want)
	}
	if err := o.Check(); err != nil {
		t.Fatal(err)
	}
	r, err := o.Release(Scoring{})
	if err != nil {
		t.Fatal(err)
	}
	if iv := r.Releases[0].Intervals(o.Stat); iv.Resamples != 1000 {
		t.Errorf("after Check: %d resamples; want 1000", iv.Resamples)
	}
}
