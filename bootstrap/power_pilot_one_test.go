package bootstrap

import "testing"

// TestEstimatePairedOneCaseSingular: a pilot of one shared case (a release of one case,
// every repeat of it) was refused for "1 shared cases".
func TestEstimatePairedOneCaseSingular(t *testing.T) {
	for pilot, want := range map[int]string{
		0: "bootstrap: power pilot: 0 shared cases, want at least 2",
		1: "bootstrap: power pilot: 1 shared case, want at least 2",
	} {
		_, err := EstimatePaired(make([]PairedCase, pilot))
		if err == nil || err.Error() != want {
			t.Errorf("%d cases: %v, want %q", pilot, err, want)
		}
	}
}
