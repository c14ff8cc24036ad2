package tau

import "testing"

// A reward is a success when (1 − 1e-6) ≤ reward ≤ (1 + 1e-6), as τ-bench's and τ²-bench's
// is_successful compare it (Python floats, so the same doubles): 0.999999 and 1.000001 are
// successes there, 0.9999989 and 1.0000011 failures. |reward − 1| ≤ 1e-6 made 0.999999 a
// failure, since 0.999999 − 1 is −1.0000000000287557e-06 in floats.
func TestOfficialRewardBounds(t *testing.T) {
	for _, c := range []struct {
		reward float64
		want   bool
	}{
		{1, true}, {0, false}, {0.5, false},
		{0.999999, true}, {1.000001, true},
		{0.9999989, false}, {1.0000011, false},
		{2, false}, {-1, false},
	} {
		got, _ := official(c.reward).Get("successful")
		if got != c.want {
			t.Errorf("reward %v: successful %v, want %v", c.reward, got, c.want)
		}
		// The end-state check reads a number by the same lower bound.
		if c.reward <= 1 {
			failed, _ := checkFailed(official(c.reward), "reward")
			if failed == c.want {
				t.Errorf("reward %v: checkFailed %v, but successful %v", c.reward, failed, c.want)
			}
		}
	}
}

// The verdict keeps the reward as written: raw_status with the shortest digits that read
// back as the reward, and the number itself.
func TestOfficialRawStatus(t *testing.T) {
	for _, c := range []struct {
		reward float64
		want   string
	}{{1, "reward=1"}, {0, "reward=0"}, {0.1234567, "reward=0.1234567"}, {0.999999, "reward=0.999999"}, {1e-7, "reward=1e-07"}} {
		o := official(c.reward)
		if s, _ := o.String("raw_status"); s != c.want {
			t.Errorf("reward %v: raw_status %q, want %q", c.reward, s, c.want)
		}
		if x, _ := o.Get("reward"); x != c.reward {
			t.Errorf("reward %v: reward member %v", c.reward, x)
		}
	}
}
