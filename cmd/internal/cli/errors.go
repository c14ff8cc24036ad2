package cli

import (
	"errors"
	"fmt"
	"io"
)

// UsageError is a mistake in how the command was called (exit status 2).
type UsageError struct{ msg string }

func (u *UsageError) Error() string { return u.msg }

// Usagef returns a UsageError.
func Usagef(format string, a ...any) error {
	return &UsageError{msg: fmt.Sprintf(format, a...)}
}

// Usage marks a library's error about the caller's input as a UsageError; nil stays nil.
func Usage(err error) error {
	if err == nil {
		return nil
	}
	return &UsageError{msg: err.Error()}
}

// ErrDone ends a command early without failing: help was printed (-h), or a listing
// asked for was printed; Program.Run reports it as success.
var ErrDone = errors.New("done")

// ExitCode reports err on stderr after the program's name and maps it to the exit status:
// 0 ok, 1 input or runtime error, 2 usage error.
func ExitCode(stderr io.Writer, prog string, err error) int {
	if err == nil {
		return 0
	}
	fmt.Fprintf(stderr, "%s: %v\n", prog, err)
	var u *UsageError
	if errors.As(err, &u) {
		return 2
	}
	return 1
}
