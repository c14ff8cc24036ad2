package cli

import (
	"errors"
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
// with no trailing blank and no empty "flags:" heading, on stdout (asked for, it is the
// answer) and nothing on stderr.
func TestUsageWithoutFlags(t *testing.T) {
	var b, errb strings.Builder
	e := &Env{Stdout: &b, Stderr: &errb, Prog: "p"}
	if err := e.Parse(e.FlagSet("version", ""), []string{"-h"}, Inputs{}); err != ErrDone {
		t.Fatalf("-h: %v, want ErrDone", err)
	}
	if got := b.String(); got != "usage: p version\n" {
		t.Errorf("-h printed %q", got)
	}
	b.Reset()
	fs := e.FlagSet("x", "[flags]")
	fs.Bool("y", false, "why")
	if err := e.Parse(fs, []string{"-h"}, Inputs{}); err != ErrDone {
		t.Fatalf("-h: %v, want ErrDone", err)
	}
	if got := b.String(); !strings.HasPrefix(got, "usage: p x [flags]\n\nflags:\n  -y\twhy\n") {
		t.Errorf("-h printed %q", got)
	}
	if errb.Len() != 0 {
		t.Errorf("-h printed on stderr %q", errb.String())
	}
}

// TestFlagGivenTwice: a flag that takes one value, given twice with two values, kept the
// last and dropped the first without a word; it is a usage error. The same value twice,
// and a repeatable flag (List) given twice, are accepted; -h still prints the defaults.
func TestFlagGivenTwice(t *testing.T) {
	e := &Env{Stdout: io.Discard, Stderr: io.Discard, Prog: "p"}
	newFS := func() (*flag.FlagSet, *string, *bool, *List) {
		fs := e.FlagSet("x", "[flags]")
		var l List
		fs.Var(&l, "set", "repeatable")
		return fs, fs.String("format", "text", "format"), fs.Bool("force", false, "force"), &l
	}
	fs, _, _, _ := newFS()
	err := e.Parse(fs, []string{"--format", "md", "--format", "csv"}, Inputs{})
	var u *UsageError
	if !errors.As(err, &u) || !strings.Contains(err.Error(), `-format: given twice ("md", then "csv")`) {
		t.Errorf("--format md --format csv: %v, want a usage error naming both values", err)
	}
	fs, format, force, l := newFS()
	if err := e.Parse(fs, []string{"--format", "md", "--format", "md", "--force", "--force", "--set", "a", "--set", "b"}, Inputs{}); err != nil {
		t.Fatalf("same values twice: %v", err)
	}
	if *format != "md" || !*force || len(*l) != 2 {
		t.Errorf("parsed format=%q force=%v set=%q", *format, *force, *l)
	}
	var b strings.Builder
	e2 := &Env{Stdout: &b, Stderr: io.Discard, Prog: "p"}
	fs = e2.FlagSet("x", "[flags]")
	fs.String("format", "text", "format")
	if err := e2.Parse(fs, []string{"-h"}, Inputs{}); err != ErrDone || !strings.Contains(b.String(), `(default "text")`) || strings.Contains(b.String(), "panic") {
		t.Errorf("-h: %v\n%s", err, b.String())
	}
}

// TestDashNameHint: a name the data holds may begin with "-" (a configuration
// "-leading"); given as an argument it was refused as an unknown flag, with nothing to say
// that "--" lets it through. A word with one dash now gets that hint; "--x" does not.
func TestDashNameHint(t *testing.T) {
	e := &Env{Stdout: io.Discard, Stderr: io.Discard, Prog: "p"}
	fs := e.FlagSet("compare", "A B [flags]")
	fs.String("format", "text", "format")
	err := e.Parse(fs, []string{"-leading", ".."}, Inputs{})
	if want := `compare: flag provided but not defined: -leading (p compare -h lists the flags it takes; an argument that begins with "-", such as a name, goes after "--": p compare [flags] -- -leading)`; err == nil || err.Error() != want {
		t.Errorf("-leading: %v, want %q", err, want)
	}
	fs = e.FlagSet("compare", "A B [flags]")
	err = e.Parse(fs, []string{"--leading", ".."}, Inputs{})
	if want := `compare: flag provided but not defined: -leading (p compare -h lists the flags it takes)`; err == nil || err.Error() != want {
		t.Errorf("--leading: %v, want %q", err, want)
	}
	fs = e.FlagSet("compare", "A B [flags]")
	if err := e.Parse(fs, []string{"--", "-leading", ".."}, Inputs{}); err != nil || !reflect.DeepEqual(fs.Args(), []string{"-leading", ".."}) {
		t.Errorf("-- -leading ..: %v, args %q", err, fs.Args())
	}
}
