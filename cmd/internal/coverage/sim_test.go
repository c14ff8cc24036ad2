package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestSimulateCoverage runs the program's simulation small: a paired Δ of one episode per
// case on 5 cases covers far less than 95% (docs/coverage.md: 0.57), on 200 cases close
// to it; the table has a row per design and unit count plus the rank sets.
func TestSimulateCoverage(t *testing.T) {
	small, err := simulate(designs[2], 5, 300, 200, 1)
	if err != nil {
		t.Fatal(err)
	}
	large, err := simulate(designs[2], 200, 300, 200, 1)
	if err != nil {
		t.Fatal(err)
	}
	if c := small.coverage(0); c > 0.75 {
		t.Errorf("5 cases: percentile coverage %.3f, want well below 0.95", c)
	}
	if c := large.coverage(0); c < 0.9 || c > 0.99 {
		t.Errorf("200 cases: percentile coverage %.3f, want near 0.95", c)
	}
	var b bytes.Buffer
	if err := write(&b, []int{5, 10}, 20, 100, 1); err != nil {
		t.Fatal(err)
	}
	if rows := strings.Count(b.String(), "\n| "); rows != len(designs)*2+2+1 {
		t.Errorf("%d table rows:\n%s", rows, b.String())
	}
}
