package analysis

import (
	"fmt"
	"strconv"
	"strings"
)

// The power plan's inputs as a user states them, checked before planning.

// ParseRate reads a rate given as a proportion ("0.62") or a percentage ("62%"); ok is
// false for anything else, or a rate outside [0, 1].
func ParseRate(s string) (rate float64, ok bool) {
	scale := 1.0
	if t, cut := strings.CutSuffix(s, "%"); cut {
		s, scale = t, 100
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || !(x/scale >= 0 && x/scale <= 1) {
		return 0, false
	}
	return x / scale, true
}

// PowerRangeError is an option of a power plan outside its range. Options names the
// options the range applies to as PowerSpec's fields ("Delta", "Alpha", …), so that a
// caller can name them as its user knows them; Want says what is wrong.
type PowerRangeError struct {
	Options []string
	Want    string
}

func (e *PowerRangeError) Error() string {
	return strings.Join(e.Options, ", ") + " " + e.Want
}

// SetDeltaPoints sets Delta from a target difference in percentage points, which must be
// in [0, 100) (0: no target).
func (s *PowerSpec) SetDeltaPoints(points float64) error {
	s.Delta = points / 100
	if !(points >= 0 && points < 100) {
		return &PowerRangeError{Options: []string{"Delta"}, Want: fmt.Sprintf("%v points not in [0, 100)", points)}
	}
	return nil
}

// CheckRanges refuses a level or power outside (0, 1) and a negative count of cases,
// repeats, templates or simulated studies, and a simulation without resamples.
func (s PowerSpec) CheckRanges() error {
	switch {
	case !(s.Alpha > 0 && s.Alpha < 1) || !(s.Power > 0 && s.Power < 1):
		return &PowerRangeError{Options: []string{"Alpha", "Power"}, Want: "must be in (0, 1)"}
	case s.Cases < 0 || s.Repeats < 0 || s.Templates < 0 || s.Simulate < 0:
		return &PowerRangeError{Options: []string{"Cases", "Repeats", "Templates", "Simulate"}, Want: "must not be negative"}
	case s.Simulate > 0 && s.Resamples == 0:
		// Each simulated study is judged by its own bootstrap interval: none is drawn.
		return &PowerRangeError{Options: []string{"Simulate"}, Want: "needs resamples (not --resamples 0): each simulated study is tested by a paired bootstrap of its own"}
	}
	return nil
}
