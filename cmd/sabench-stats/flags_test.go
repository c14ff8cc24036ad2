package main

import (
	"flag"
	"io"
	"path/filepath"
	"reflect"
	"testing"
)

func TestFlagsFirst(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	format := fs.String("format", "text", "")
	clustered := fs.Bool("clustered", false, "")
	args := []string{"T2", "--format", "md", "T3", "--clustered", "-x=1"}
	got := flagsFirst(fs, args)
	want := []string{"--format", "md", "--clustered", "-x=1", "--", "T2", "T3"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("flagsFirst = %q, want %q", got, want)
	}
	fs2 := flag.NewFlagSet("y", flag.ContinueOnError)
	format = fs2.String("format", "text", "")
	clustered = fs2.Bool("clustered", false, "")
	if err := fs2.Parse(flagsFirst(fs2, []string{"T2", "--format", "md", "--clustered", "--", "-neg"})); err != nil {
		t.Fatal(err)
	}
	if *format != "md" || !*clustered || !reflect.DeepEqual(fs2.Args(), []string{"T2", "-neg"}) {
		t.Errorf("parsed format=%q clustered=%v args=%q", *format, *clustered, fs2.Args())
	}
}

// TestResamplesFloor checks that --resamples below bootstrap.MinResamples is a usage error
// unless --force, and that 0 (no intervals) and the floor itself are accepted.
func TestResamplesFloor(t *testing.T) {
	wantUsage(t, "--resamples 999 is below 1000", "tables", "T1", "--resamples", "999")
	wantUsage(t, "pass --force", "tables", "T1", "--resamples", "1")
	for _, args := range [][]string{{"--resamples", "1", "--force"}, {"--resamples", "0"}, {"--resamples", "1000"}} {
		small := []string{"tables", "T4", "--bench", filepath.Join(ingestTestdata, "safeactbench"), "--runs", filepath.Join(ingestTestdata, "harness", "batch.golden.jsonl")}
		if _, stderr, code := runCLI(t, append(small, args...)...); code != 0 {
			t.Errorf("tables T1 %v: exit %d, stderr %s", args, code, stderr)
		}
	}
}
