package cli

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// A value that names an existing path is taken whole, commas and all; a comma list whose
// parts exist is split; when neither reading names anything, the error says both.
func TestPathListCommaNames(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"a,b.jsonl", "a", "b.jsonl", "c.jsonl", "p,1.json"} {
		if err := os.WriteFile(filepath.Join(dir, n), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	j := func(n string) string { return filepath.Join(dir, n) }
	cases := []struct {
		in   string
		want []string
	}{
		{j("a,b.jsonl"), []string{j("a,b.jsonl")}}, // whole, though its parts exist too
		{j("c.jsonl") + "," + j("b.jsonl"), []string{j("c.jsonl"), j("b.jsonl")}},
		{j("*,b.jsonl"), []string{j("*,b.jsonl")}}, // a pattern that matches, whole
		{j("c.jsonl") + ", " + j("*.jsonl"), []string{j("c.jsonl"), j("*.jsonl")}},
		{j("missing.jsonl"), []string{j("missing.jsonl")}}, // left for the command to report
		{"", nil},
	}
	for _, c := range cases {
		var got []string
		if err := (&PathList{Values: &got}).Set(c.in); err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("Set(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	var got []string
	err := (&PathList{Values: &got}).Set(j("a,x.jsonl"))
	if err == nil || !strings.Contains(err.Error(), `read as a comma-separated list its part "x.jsonl" is none either`) ||
		!strings.Contains(err.Error(), "is no file, folder or matching pattern") || !strings.Contains(err.Error(), "repeating the flag") || len(got) != 0 {
		t.Errorf("neither reading: %q, %v", got, err)
	}
	// Known names (presets) and NAME=FILE values.
	pol := &PathList{Values: &got, Known: func(v string) bool { return v == "safeact" || v == "near-miss" }}
	got = nil
	if err := pol.Set(j("p,1.json")); err != nil || !reflect.DeepEqual(got, []string{j("p,1.json")}) {
		t.Errorf("policy file with a comma: %q, %v", got, err)
	}
	got = nil
	if err := pol.Set("safeact," + j("a")); err != nil || !reflect.DeepEqual(got, []string{"safeact", j("a")}) {
		t.Errorf("preset and file: %q, %v", got, err)
	}
	set := &PathList{Values: &got, Path: func(v string) string { _, f, _ := strings.Cut(v, "="); return f }}
	got = nil
	if err := set.Set("t9=" + j("a,b.jsonl")); err != nil || !reflect.DeepEqual(got, []string{"t9=" + j("a,b.jsonl")}) {
		t.Errorf("set file with a comma: %q, %v", got, err)
	}
}
