package bootstrap

import (
	"slices"
	"testing"
)

func TestParsePassKList(t *testing.T) {
	if ks, err := ParsePassKList(" 1,2 , 4"); err != nil || !slices.Equal(ks, []int{1, 2, 4}) {
		t.Errorf("ParsePassKList(\" 1,2 , 4\") = %v, %v; want [1 2 4]", ks, err)
	}
	for _, bad := range []string{"", "0", "1,,2", "x", "-1", "2,1.5"} {
		if ks, err := ParsePassKList(bad); err == nil {
			t.Errorf("ParsePassKList(%q) = %v, want an error", bad, ks)
		}
	}
}
