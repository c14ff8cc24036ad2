package ingest

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// The checks in this file look at one line (or one Parquet cell) on its own, so that a
// parallel decoder can run them per line.

// lostProblem returns a problem when the last dec.Parse of b could not keep a value as
// written (invalid UTF-8 or a lone surrogate, replaced by U+FFFD; a number a float64
// does not hold), naming the field that held it: conversion must not be silently lossy.
// prefix is the field path b sits under ("" for a whole episode line, "record" for a
// Parquet cell).
func lostProblem(dec *jsonv.Decoder, b []byte, prefix, file string, line int) *Problem {
	off, why, bad := dec.Lost()
	if !bad {
		return nil
	}
	field, isName := fieldAt(b, off)
	field = joinField(prefix, field)
	var msg string
	switch {
	case why != jsonv.LostUTF8 && why != jsonv.LostSurrogate:
		msg = "cannot be kept as written: " + why
	case isName && field == "":
		msg = why + " in a top-level field name (it would be replaced by U+FFFD)" // "under it" named no field
	case isName:
		msg = why + " in a field name under it (it would be replaced by U+FFFD)"
	default:
		msg = why + " in the value (it would be replaced by U+FFFD)"
	}
	return &Problem{File: file, Line: line, Field: field, Msg: msg}
}

// stringUTF8Problem checks one plain string cell.
func stringUTF8Problem(s, field, file string, line int) *Problem {
	if utf8.ValidString(s) {
		return nil
	}
	return &Problem{File: file, Line: line, Field: field, Msg: "invalid UTF-8 in the value (it would be replaced by U+FFFD)"}
}

func joinField(prefix, field string) string {
	switch {
	case prefix == "":
		return field
	case field == "":
		return prefix
	case strings.HasPrefix(field, "["):
		return prefix + field
	}
	return prefix + "." + field
}

// fieldAt names the field of the JSON string whose content starts at offset off of b,
// or of the number that starts there (b is valid JSON), as a dotted path with [i] for
// array elements. isName says the string is an object key (the path is then that of
// the object holding it).
func fieldAt(b []byte, off int) (path string, isName bool) {
	type frame struct {
		obj     bool
		wantKey bool
		key     string
		idx     int
	}
	var st []frame
	render := func() string {
		var sb strings.Builder
		for i, f := range st {
			if i == 0 && f.obj {
				sb.WriteString(f.key) // the top-level object's keys have no leading dot
				continue
			}
			if f.obj {
				sb.WriteByte('.')
				sb.WriteString(f.key)
			} else {
				sb.WriteString("[" + strconv.Itoa(f.idx) + "]")
			}
		}
		return sb.String()
	}
	for i := 0; i < len(b); i++ {
		if i == off && b[i] != '"' { // a number
			return render(), false
		}
		switch b[i] {
		case '{':
			st = append(st, frame{obj: true, wantKey: true})
		case '[':
			st = append(st, frame{})
		case '}', ']':
			if len(st) > 0 {
				st = st[:len(st)-1]
			}
		case ',':
			if n := len(st); n > 0 {
				if st[n-1].obj {
					st[n-1].wantKey = true
				} else {
					st[n-1].idx++
				}
			}
		case ':':
			if n := len(st); n > 0 {
				st[n-1].wantKey = false
			}
		case '"':
			start := i + 1
			j := start
			for j < len(b) && b[j] != '"' {
				if b[j] == '\\' {
					j++
				}
				j++
			}
			n := len(st)
			key := n > 0 && st[n-1].obj && st[n-1].wantKey
			if start == off {
				if key {
					st[n-1].key = ""
					return strings.TrimSuffix(render(), "."), true
				}
				return render(), false
			}
			if key {
				st[n-1].key = string(b[start:min(j, len(b))])
			}
			i = j
		}
	}
	return "", false
}
