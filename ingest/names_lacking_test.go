package ingest

import (
	"slices"
	"testing"
)

// A name is listed once, where it first comes, when any of its characters is rejected;
// names whose characters are all accepted are not.
func TestNamesLacking(t *testing.T) {
	ascii := func(r rune) bool { return r < 0x80 }
	got := NamesLacking([]string{"gpt-5", "通义/qwen", "claude", "Ωmega", "通义/qwen", ""}, ascii)
	if want := []string{"通义/qwen", "Ωmega"}; !slices.Equal(got, want) {
		t.Errorf("NamesLacking = %q, want %q", got, want)
	}
	if got := NamesLacking([]string{"a", "b"}, ascii); got != nil {
		t.Errorf("all accepted: %q, want none", got)
	}
}
