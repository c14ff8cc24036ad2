package inspect

import (
	"bytes"
	"encoding/json"
	"fmt"
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
		a, errA := strconv.ParseFloat(id.text, 64)
		b, errB := strconv.ParseFloat(o.text, 64)
		if errA == nil && errB == nil && a != b {
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
		*id = SampleID{text: n.String(), num: true}
	default:
		return fmt.Errorf("sample id must be a number or a string, got %.20s", b)
	}
	return nil
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
