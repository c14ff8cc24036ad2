package cli

import (
	"errors"
	"flag"
	"io"
	"os"
	"strings"
	"testing"
)

// TestOutputCheckReadsDeclaredInputsOnly: the output-is-input check took every flag value
// and argument for a possible input, so once a file named csv or T2 existed in the working
// directory, `--format csv --out csv` and `--out T2 T2` were refused. Only the flags and
// arguments a command declares as inputs count now; those still refuse their file.
func TestOutputCheckReadsDeclaredInputsOnly(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, f := range []string{"csv", "T2"} {
		if err := os.WriteFile(f, []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var runs []string
	parse := func(in Inputs, args ...string) error {
		runs = nil
		fs := flag.NewFlagSet("cmd", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		fs.String("format", "text", "")
		fs.Bool("inspect", false, "")
		fs.String("out", "", "")
		fs.Var(&PathList{Values: &runs, Known: func(v string) bool { return v == "preset" }}, "runs", "")
		e := &Env{Prog: "prog", Stdout: io.Discard, Stderr: io.Discard}
		return e.Parse(fs, args, in)
	}
	declared := Inputs{Flags: []string{"runs"}}
	for _, args := range [][]string{
		{"--format", "csv", "--out", "csv"},
		{"--out", "T2", "T2"},
		{"--runs", "preset", "--out", "csv"}, // a known name, not the file csv
	} {
		if err := parse(Inputs{Flags: declared.Flags, ArgsWith: "inspect"}, args...); err != nil {
			t.Errorf("%q: %v; want no refusal (no input names the output)", args, err)
		}
	}
	for _, tc := range []struct {
		in   Inputs
		args []string
		want string
	}{
		{declared, []string{"--runs", "csv", "--out", "csv"}, "--out csv is also an input (--runs csv)"},
		{declared, []string{"--runs", "*s*", "--out", "csv"}, "--out csv is also an input (--runs *s*)"},
		{Inputs{Args: true}, []string{"--out", "T2", "T2"}, "--out T2 is also an input (argument T2)"},
		// compare --inspect A B: the arguments are logs; without --inspect, names.
		{Inputs{ArgsWith: "inspect"}, []string{"--inspect", "--out", "T2", "T1", "T2"}, "--out T2 is also an input (argument T2)"},
	} {
		err := parse(tc.in, tc.args...)
		var u *UsageError
		if !errors.As(err, &u) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v; want a usage error with %q", tc.args, err, tc.want)
		}
	}
}
