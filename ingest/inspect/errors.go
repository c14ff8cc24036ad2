package inspect

import (
	"fmt"
	"strings"
)

// Error is a defect in a log, located by file, archive member (or JSON element, e.g.
// "samples[3]") and field.
type Error struct {
	File   string // path as given
	Member string // ZIP member or JSON location; "" for the whole file
	Field  string // dotted field path; "" when the member as a whole is at fault
	Err    error
}

func (e *Error) Error() string {
	parts := []string{e.File}
	if e.Member != "" {
		parts = append(parts, e.Member)
	}
	if e.Field != "" {
		parts = append(parts, e.Field)
	}
	return fmt.Sprintf("%s: %v", strings.Join(parts, ": "), e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

func errorf(file, member, field, format string, args ...any) *Error {
	return &Error{File: file, Member: member, Field: field, Err: fmt.Errorf(format, args...)}
}

// fieldError is a defect an UnmarshalJSON method of a header's value finds, located by
// its field's path from the header (as header.json and a .json log's root share it);
// jsonError makes it an *Error.
type fieldError struct {
	field string
	err   error
}

func (e *fieldError) Error() string { return e.field + ": " + e.err.Error() }
