// Package cli is the command-line machinery of sabench-stats that knows nothing of
// SafeActBench: a registry of subcommands with help and --version, usage errors and their
// exit statuses, flag parsing that accepts flags after positional arguments, repeatable and
// optional flag values, a progress display and a writer that remembers its first error.
// cmd/sabench-stats holds what is particular to the tool: its flags, what each command
// loads and calls, and what it writes.
package cli

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
)

// Env is what a command may touch: its output streams.
type Env struct {
	Stdout io.Writer
	Stderr io.Writer
	Prog   string // the program's name, for usage lines and hints
}

// Command is one subcommand.
type Command struct {
	Name    string
	Summary string
	Run     func(e *Env, args []string) error
	// GCPercent is the garbage collector's pace for the command (as GOGC), for a command
	// that keeps little alive per input record and so can afford a quicker pace than the
	// program's own default (see cmd/sabench-stats main); 0 keeps that default.
	GCPercent int
}

// Program is a set of subcommands under one program name.
type Program struct {
	Name     string
	Version  func() string // the --version line; nil: no --version
	commands map[string]Command
}

// Register adds a command; a name registered twice is a programming error.
func (p *Program) Register(c Command) {
	if p.commands == nil {
		p.commands = map[string]Command{}
	}
	if _, dup := p.commands[c.Name]; dup {
		panic(p.Name + ": command registered twice: " + c.Name)
	}
	p.commands[c.Name] = c
}

// Lookup returns the command named name.
func (p *Program) Lookup(name string) (Command, bool) {
	c, ok := p.commands[name]
	return c, ok
}

// Names lists the commands in name order.
func (p *Program) Names() []string {
	names := make([]string, 0, len(p.commands))
	for n := range p.commands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Run runs the command args[0] with the rest of args; help ("help", "-h", "--help", "help
// CMD") and --version are answered here. An early end without failure (ErrDone) is success.
func (p *Program) Run(stdout, stderr io.Writer, args []string) error {
	e := &Env{Stdout: stdout, Stderr: stderr, Prog: p.Name}
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		if len(args) > 2 {
			return Usagef("%s takes one command (got %q)", args[0], args[1:])
		}
		if len(args) == 2 {
			c, ok := p.commands[args[1]]
			if !ok {
				// As for an unknown command: the list on stderr, exit 2 (it was printed
				// on stdout with exit 0, as if asked for).
				p.usage(stderr)
				return Usagef("%s: unknown command %q", args[0], args[1])
			}
			return done(c.Run(e, []string{"-h"}))
		}
		if len(args) == 0 {
			// A usage error: the list goes with the error to stderr, so that
			// `sabench-stats > f` leaves f empty (it held the list, with exit 2).
			p.usage(stderr)
			return Usagef("no command given")
		}
		p.usage(stdout)
		return nil
	}
	if p.Version != nil && (args[0] == "--version" || args[0] == "-version") {
		if len(args) > 1 {
			return Usagef("--version takes no arguments (got %q)", args[1:])
		}
		_, err := io.WriteString(stdout, p.Version())
		return err
	}
	c, ok := p.commands[args[0]]
	if !ok {
		p.usage(stderr)
		return Usagef("unknown command %q", args[0])
	}
	return done(c.Run(e, args[1:]))
}

// done turns ErrDone into success.
func done(err error) error {
	if errors.Is(err, ErrDone) {
		return nil
	}
	return err
}

func (p *Program) usage(w io.Writer) {
	var b strings.Builder
	fmt.Fprintf(&b, "usage: %s <command> [flags]\n\ncommands:\n", p.Name)
	for _, n := range p.Names() {
		fmt.Fprintf(&b, "  %-13s %s\n", n, p.commands[n].Summary)
	}
	fmt.Fprintf(&b, "\nRun '%s <command> -h' for a command's flags.\n", p.Name)
	io.WriteString(w, b.String())
}
