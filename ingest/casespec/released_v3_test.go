package casespec

import "testing"

// The released V3 ids are exactly SAB-V3- and three digits: a variant, another protocol
// or another width is not one of them.
func TestIsReleasedV3ID(t *testing.T) {
	for id, want := range map[string]bool{
		"SAB-V3-001": true, "SAB-V3-999": true,
		"SAB-V3-0012": false, "SAB-V3-01": false, "SAB-V2-001": false, "SAB-V3-001@strict": false, "sab-v3-001": false, "": false,
	} {
		if got := IsReleasedV3ID(id); got != want {
			t.Errorf("IsReleasedV3ID(%q) = %v, want %v", id, got, want)
		}
	}
}
