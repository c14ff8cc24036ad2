package ingest

import "fmt"

// Problem is one defect in an input, located as precisely as the source allows.
type Problem struct {
	File  string // path as given by the user
	Line  int    // 1-based line (JSONL) or row (Parquet); 0 when not applicable
	Field string // dotted field path, e.g. "record.events[3].tool"; "" for the whole line
	Msg   string
	// Dropped is the key of the episode a dedupe policy dropped (EpisodeReader.Reported),
	// so that the tables count it by configuration and condition; nil otherwise.
	Dropped *Key
	// Other is the file of the episode a duplicate repeats (the copy kept, or first seen),
	// as Msg names it, so that a record keeping base names can name both alike; "" otherwise.
	Other string
}

// String renders the problem as file:line: field: message.
func (p Problem) String() string {
	loc := p.File
	if p.Line > 0 {
		loc = fmt.Sprintf("%s:%d", loc, p.Line)
	}
	if p.Field != "" {
		return fmt.Sprintf("%s: %s: %s", loc, p.Field, p.Msg)
	}
	return fmt.Sprintf("%s: %s", loc, p.Msg)
}

func (p Problem) Error() string { return p.String() }

// Problems is a list of problems that is also an error.
type Problems []Problem

func (ps Problems) Error() string {
	switch len(ps) {
	case 0:
		return "no problems"
	case 1:
		return ps[0].String()
	}
	return fmt.Sprintf("%s (and %d more %s)", ps[0].String(), len(ps)-1, map[bool]string{true: "problem", false: "problems"}[len(ps) == 2])
}
