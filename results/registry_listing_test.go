package results

import (
	"fmt"
	"strings"
	"testing"
)

func TestListing(t *testing.T) {
	lines := strings.Split(strings.TrimSuffix(Listing(), "\n"), "\n")
	if len(lines) != len(Registry) || !strings.HasPrefix(lines[0], fmt.Sprintf("%-16s %s", Registry[0].ID, Registry[0].Title)) {
		t.Errorf("listing %q", lines[:1])
	}
}
