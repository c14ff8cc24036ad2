package main

import (
	"path/filepath"
	"testing"
)

// TestResamplesFloor checks that --resamples below bootstrap.MinResamples is a usage error
// unless --force, and that 0 (no intervals) and the floor itself are accepted.
func TestResamplesFloor(t *testing.T) {
	wantUsage(t, "--resamples 999 is below 1000", "tables", "T1", "--resamples", "999")
	wantUsage(t, "pass --force", "tables", "T1", "--resamples", "1")
	for _, args := range [][]string{{"--resamples", "1", "--force"}, {"--resamples", "0"}, {"--resamples", "1000"}} {
		small := []string{"tables", "T4", "--bench", filepath.Join(ingestTestdata, "safeactbench"), "--runs", filepath.Join(harnessTestdata, "batch.golden.jsonl")}
		if _, stderr, code := runCLI(t, append(small, args...)...); code != 0 {
			t.Errorf("tables T1 %v: exit %d, stderr %s", args, code, stderr)
		}
	}
}
