package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestMaxLineBytesWhereEpisodesAreRead: validate and convert took --max-line-bytes and
// score did not, so a file whose long line validate reported against the limit could not
// be scored with a higher one. Every command that reads episode files takes it (one
// declaration) and honours it; where no episode file is read (Inspect logs, a verdict
// dataset, the built-in release's episodes) a limit other than the default is refused.
func TestMaxLineBytesWhereEpisodesAreRead(t *testing.T) {
	bench := filepath.Join(ingestTestdata, "safeactbench")
	runs := filepath.Join(harnessTestdata, "batch.golden.jsonl") // its longest line is 2,035 bytes
	in := []string{"--bench", bench, "--runs", runs}
	for _, cmd := range [][]string{{"score"}, {"tables", "T2", "--resamples", "0"}, {"explain", "claude-5/claude-code|SAB-L-001|2|main"}} {
		_, stderr, code := runCLI(t, append(append(cmd, "--max-line-bytes", "2048"), in...)...)
		if code != 0 {
			t.Errorf("%s --max-line-bytes 2048: exit %d, %s", cmd[0], code, stderr)
		}
		_, stderr, code = runCLI(t, append(append(cmd, "--max-line-bytes", "1024"), in...)...)
		if code != 1 || !strings.Contains(stderr, "line longer than the limit of 1024 bytes") {
			t.Errorf("%s --max-line-bytes 1024: exit %d, stderr %q; want the line over the limit", cmd[0], code, stderr)
		}
	}
	for _, c := range []struct {
		want string
		args []string
	}{
		{"--max-line-bytes must be a positive number of bytes, not 0", append([]string{"score", "--max-line-bytes", "0"}, in...)},
		{"--max-line-bytes does not apply to --inspect", []string{"score", "--max-line-bytes", "1024", "--bench", "builtin", "--inspect", runs}},
		{"--max-line-bytes does not apply to --verdicts", []string{"tables", "T2", "--max-line-bytes", "1024", "--bench", bench, "--verdicts", t.TempDir()}},
		{"the built-in release's episodes are not read from one", []string{"tables", "T1", "--max-line-bytes", "1024"}},
	} {
		wantUsage(t, c.want, c.args...)
	}
}
