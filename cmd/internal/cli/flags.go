package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/sabench/sabench-stats/ingest/paths"
)

// FlagSet returns the flag set of command name, whose errors are usage errors (Parse) and
// whose help (-h, asked for) goes to stdout, headed "usage: PROG NAME USAGE".
func (e *Env) FlagSet(name, usage string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.Stderr)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), strings.TrimRight(fmt.Sprintf("usage: %s %s %s", e.Prog, name, usage), " "))
		has := false
		fs.VisitAll(func(*flag.Flag) { has = true })
		if has {
			fmt.Fprint(fs.Output(), "\nflags:\n")
			fs.PrintDefaults()
		}
	}
	return fs
}

// Parse parses args, flags before or after the positional arguments, and turns flag errors
// into usage errors. It returns ErrDone when -h was given, after printing the usage. in
// declares the command's inputs, which an --out may not name (CheckOutNotInput).
func (e *Env) Parse(fs *flag.FlagSet, args []string, in Inputs) error {
	// The flag package prints its message and the whole usage on a parse error; the error
	// is reported once by ExitCode instead, and the usage printed for -h only.
	out := fs.Output()
	fs.SetOutput(io.Discard)
	args = flagsFirst(fs, args)
	restore := onceFlags(fs)
	err := fs.Parse(args)
	restore()
	fs.SetOutput(out)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			// Asked for, so the answer, as the program's own help: `CMD -h | grep x` works.
			fs.SetOutput(e.Stdout)
			fs.Usage()
			fs.SetOutput(out)
			return ErrDone
		}
		if name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: -"); ok {
			// A word with one dash may be a name the data holds ("-leading", a
			// configuration), which only "--" lets through as an argument.
			hint := ""
			if slices.Contains(args, "-"+name) {
				hint = fmt.Sprintf("; an argument that begins with \"-\", such as a name, goes after \"--\": %s %s [flags] -- -%s", e.Prog, fs.Name(), name)
			}
			return Usagef("%s: %v (%s %s -h lists the flags it takes%s)", fs.Name(), err, e.Prog, fs.Name(), hint)
		}
		return Usagef("%s: %v", fs.Name(), err)
	}
	return checkOutFlag(fs, in)
}

// flagsFirst moves positional arguments after the flags, so that `tables T2 --format md`
// works as users expect; the standard flag package stops at the first positional. A value
// that follows a non-boolean flag stays with it, and "--" ends the flags.
func flagsFirst(fs *flag.FlagSet, args []string) []string {
	var flags, pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			pos = append(pos, args[i+1:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			pos = append(pos, a)
			continue
		}
		flags = append(flags, a)
		name := strings.TrimLeft(a, "-")
		if strings.Contains(name, "=") {
			continue
		}
		f := fs.Lookup(name)
		if f == nil {
			continue
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			continue
		}
		if i+1 < len(args) {
			i++
			flags = append(flags, args[i])
		}
	}
	if len(pos) == 0 {
		return flags
	}
	return append(append(flags, "--"), pos...)
}

// once wraps the value of a flag that takes one value (all but a List) while parsing: given
// twice with two values, the last would win and the first be dropped without a word, so
// the second is refused. The same value twice is accepted.
type once struct {
	flag.Value
	set bool
	val string
}

func (o *once) Set(v string) error {
	if o.set && v != o.val {
		return fmt.Errorf("given twice (%q, then %q): give it once", o.val, v)
	}
	o.set, o.val = true, v
	return o.Value.Set(v)
}

// onceBool is once for a boolean flag, which takes no value after it.
type onceBool struct{ *once }

func (onceBool) IsBoolFlag() bool { return true }

// onceFlags wraps every flag of fs that takes one value in once, and returns the function
// that puts the values back (the usage reads them: -h prints their defaults).
func onceFlags(fs *flag.FlagSet) (restore func()) {
	orig := map[*flag.Flag]flag.Value{}
	fs.VisitAll(func(f *flag.Flag) {
		if _, ok := f.Value.(repeatable); ok {
			return
		}
		orig[f] = f.Value
		o := &once{Value: f.Value}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			f.Value = onceBool{o}
		} else {
			f.Value = o
		}
	})
	return func() {
		for f, v := range orig {
			f.Value = v
		}
	}
}

// Given returns the first of names that was set on the command line, or "".
func Given(fs *flag.FlagSet, names ...string) string {
	set := ""
	fs.Visit(func(f *flag.Flag) {
		for _, n := range names {
			if set == "" && f.Name == n {
				set = n
			}
		}
	})
	return set
}

// List collects a repeatable flag; commas also separate values.
type List []string

func (l *List) String() string { return strings.Join(*l, ",") }

// Set adds the comma-separated values of v.
func (l *List) Set(v string) error {
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			*l = append(*l, s)
		}
	}
	return nil
}

// Names collects a repeatable flag of names (configurations, domains) that also takes
// comma lists, keeping each value whole: a name may hold a comma ("Llama 3.1 70B,
// temp=0.7"), so only the command, which knows the names, splits a value that names none
// (analysis.MatchNames).
type Names []string

func (l *Names) String() string { return strings.Join(*l, ",") }

// Set adds v as given.
func (l *Names) Set(v string) error {
	*l = append(*l, v)
	return nil
}

// repeatable is a flag that collects every value given (List, Names, PathList): once leaves it be.
type repeatable interface{ repeatable() }

func (*List) repeatable()     {}
func (*Names) repeatable()    {}
func (*PathList) repeatable() {}

// PathList collects a repeatable flag of paths (files, folders, glob patterns) where commas
// also separate values, as List, but a value that names an existing path is taken whole,
// so that a name holding a comma is read as itself. A value is split only when it names
// nothing and every part does; when neither reading names anything, Set says both.
type PathList struct {
	Values *[]string
	// Known accepts a part that is no path (a preset name, NAME=FILE); nil: paths only.
	Known func(string) bool
	// Path is the path a value names (the FILE of NAME=FILE); nil: the value itself.
	Path func(string) string
}

func (l *PathList) String() string {
	if l == nil || l.Values == nil {
		return ""
	}
	return strings.Join(*l.Values, ",")
}

// Set adds v whole when it names something, else its comma-separated parts.
func (l *PathList) Set(v string) error {
	if l.names(v) {
		*l.Values = append(*l.Values, v)
		return nil
	}
	var parts []string
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			parts = append(parts, s)
		}
	}
	if strings.Contains(v, ",") {
		for _, s := range parts {
			if !l.names(s) {
				return fmt.Errorf("%q is no file, folder or matching pattern, and read as a comma-separated list its part %q is none either; a name that holds a comma is taken whole when it exists (check its spelling), and several paths can be given by repeating the flag", v, s)
			}
		}
	}
	// One value that names nothing is kept for the command to report as missing.
	*l.Values = append(*l.Values, parts...)
	return nil
}

// names reports whether v names an existing path, a pattern that matches one, or a known name.
func (l *PathList) names(v string) bool {
	if l.Known != nil && l.Known(v) {
		return true
	}
	p := v
	if l.Path != nil {
		if p = l.Path(v); p == "" {
			return false
		}
	}
	if _, err := os.Stat(p); err == nil {
		return true
	}
	if strings.ContainsAny(p, "*?[") {
		m, _, err := paths.Glob(p)
		return err == nil && len(m) > 0
	}
	return false
}

// OptInt is an int flag with no default: the int stays -1 until the flag is given (≥ 0),
// and -h shows no "(default -1)".
type OptInt struct{ p *int }

// NewOptInt returns the flag value that sets *p.
func NewOptInt(p *int) OptInt { return OptInt{p} }

func (o OptInt) String() string {
	if o.p == nil || *o.p < 0 {
		return ""
	}
	return strconv.Itoa(*o.p)
}

// Set parses an integer ≥ 0.
func (o OptInt) Set(v string) error {
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return fmt.Errorf("want an integer ≥ 0, not %q", v)
	}
	*o.p = n
	return nil
}
