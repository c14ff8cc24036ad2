package cli

import (
	"flag"
	"io"
	"reflect"
	"strings"
	"testing"
)

func TestFlagsFirst(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.String("format", "text", "")
	fs.Bool("clustered", false, "")
	args := []string{"T2", "--format", "md", "T3", "--clustered", "-x=1"}
	got := flagsFirst(fs, args)
	want := []string{"--format", "md", "--clustered", "-x=1", "--", "T2", "T3"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("flagsFirst = %q, want %q", got, want)
	}
	fs2 := flag.NewFlagSet("y", flag.ContinueOnError)
	format := fs2.String("format", "text", "")
	clustered := fs2.Bool("clustered", false, "")
	if err := fs2.Parse(flagsFirst(fs2, []string{"T2", "--format", "md", "--clustered", "--", "-neg"})); err != nil {
		t.Fatal(err)
	}
	if *format != "md" || !*clustered || !reflect.DeepEqual(fs2.Args(), []string{"T2", "-neg"}) {
		t.Errorf("parsed format=%q clustered=%v args=%q", *format, *clustered, fs2.Args())
	}
}

// TestUsageWithoutFlags checks -h of a command that takes no flag: the usage line alone,
// with no trailing blank and no empty "flags:" heading.
func TestUsageWithoutFlags(t *testing.T) {
	var b strings.Builder
	e := &Env{Stdout: io.Discard, Stderr: &b, Prog: "p"}
	if err := e.Parse(e.FlagSet("version", ""), []string{"-h"}); err != ErrDone {
		t.Fatalf("-h: %v, want ErrDone", err)
	}
	if got := b.String(); got != "usage: p version\n" {
		t.Errorf("-h printed %q", got)
	}
	b.Reset()
	fs := e.FlagSet("x", "[flags]")
	fs.Bool("y", false, "why")
	if err := e.Parse(fs, []string{"-h"}); err != ErrDone {
		t.Fatalf("-h: %v, want ErrDone", err)
	}
	if got := b.String(); !strings.HasPrefix(got, "usage: p x [flags]\n\nflags:\n  -y\twhy\n") {
		t.Errorf("-h printed %q", got)
	}
}
