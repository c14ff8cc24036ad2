package inspect

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// SampleID is a dataset sample id, which Inspect allows to be a number or a string. It
// keeps the id's text (a number as written) and whether it was a number.
type SampleID struct {
	text string
	num  bool
}

// NumberID builds a numeric sample id from its text.
func NumberID(text string) SampleID { return SampleID{text: text, num: true} }

// StringID builds a string sample id.
func StringID(s string) SampleID { return SampleID{text: s} }

// String returns the id's text: a number as written, a string unquoted.
func (id SampleID) String() string { return id.text }

// IsNumber reports whether the id was a JSON number.
func (id SampleID) IsNumber() bool { return id.num }

// IsZero reports whether the id is absent.
func (id SampleID) IsZero() bool { return id.text == "" && !id.num }

// Compare orders ids: numbers before strings, numbers by value (then text), strings
// bytewise. It is the order samples of an .eval log are delivered in.
func (id SampleID) Compare(o SampleID) int {
	if id.num != o.num {
		if id.num {
			return -1
		}
		return 1
	}
	if id.num {
		// A number past the floats parses as ±Inf with ErrRange, still in its place: it
		// was compared as text, which put 3·10^400 before 5 but after 20, no order at
		// all, so a sort's result followed the order the samples came in.
		a, _ := strconv.ParseFloat(id.text, 64)
		b, _ := strconv.ParseFloat(o.text, 64)
		if a != b {
			if a < b {
				return -1
			}
			return 1
		}
	}
	return strings.Compare(id.text, o.text)
}

// MarshalJSON writes the id back as it was: a number or a string.
func (id SampleID) MarshalJSON() ([]byte, error) {
	if id.num {
		return []byte(id.text), nil
	}
	return json.Marshal(id.text)
}

// UnmarshalJSON accepts a JSON number or string.
func (id *SampleID) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case len(b) > 0 && b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*id = SampleID{text: s}
	case len(b) > 0 && (b[0] == '-' || (b[0] >= '0' && b[0] <= '9')):
		var n json.Number
		if err := json.Unmarshal(b, &n); err != nil {
			return err
		}
		x, err := numberID(n.String())
		if err != nil {
			return err
		}
		*id = x
	default:
		return fmt.Errorf("sample id must be a number or a string, got %.20s", b)
	}
	return nil
}

// numberID is the id a JSON number t gives, as Inspect reads it (a sample id is int | str,
// and pydantic makes a float with no fraction an int): an integer as written ("-0" is 0),
// a whole number written with a fraction or an exponent as that integer ("1.0" is 1, "1e3"
// 1000; through a float64 and int64, as there); any other number is refused, as Inspect
// refuses it.
func numberID(t string) (SampleID, error) {
	if !strings.ContainsAny(t, ".eE") {
		if t == "-0" {
			t = "0"
		}
		return SampleID{text: t, num: true}, nil
	}
	f, err := strconv.ParseFloat(t, 64)
	switch {
	case err != nil && !errors.Is(err, strconv.ErrRange):
		return SampleID{}, fmt.Errorf("sample id %s is not a number", t)
	case f != math.Trunc(f):
		return SampleID{}, fmt.Errorf("sample id %s is not a whole number: Inspect reads a numeric sample id as an integer", t)
	case err != nil || f < -(1<<63) || f >= 1<<63:
		return SampleID{}, fmt.Errorf("sample id %s is outside the integers Inspect reads from a number with a fraction or an exponent (64-bit)", t)
	}
	return SampleID{text: strconv.FormatInt(int64(f), 10), num: true}, nil
}

// numberText is a JSON number.
var numberText = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`)

// idFromName parses the id part of a member name "samples/<id>_epoch_<n>.json": a
// number when it reads as one.
func idFromName(s string) SampleID {
	if numberText.MatchString(s) {
		return SampleID{text: s, num: true}
	}
	return SampleID{text: s}
}
