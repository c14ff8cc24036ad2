package oracle

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// ParsePolicy reads a JSON policy file's contents: one object, with a name and any of the
// switches. An error names the file, the line where it can tell one and the field.
func ParsePolicy(file string, data []byte) (Policy, error) {
	if err := checkPolicyKeys(file, data); err != nil {
		return Policy{}, err
	}
	p := SafeAct
	p.Name = ""
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return Policy{}, policyJSONError(file, data, dec, err)
	}
	// A second document after the first (two policies in one file, or a file appended to
	// another) would otherwise be dropped unread.
	end := dec.InputOffset()
	if _, err := dec.Token(); err != io.EOF {
		return Policy{}, fmt.Errorf("%s:%d: more follows the policy's JSON object, which ends at byte %d: one policy per file (give --policy once per file)",
			file, lineAt(data, end), end)
	}
	if err := p.Validate(); err != nil {
		return Policy{}, fmt.Errorf("%s: %w", file, err)
	}
	if p.Confirmation == ConfirmationListed {
		p.Confirmation = ""
	}
	return p, nil
}

// checkPolicyKeys refuses what encoding/json would accept silently: a key in another case
// than the switch's ("Timing" read as timing) and a key given twice (the last one won).
// Anything else wrong with the JSON is left to the decoder, whose errors say where.
func checkPolicyKeys(file string, data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	fields := append([]string{"name"}, policyFields()...)
	seen := map[string]int{} // key → its line
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil
		}
		key, _ := t.(string)
		line := lineAt(data, dec.InputOffset())
		if !slices.Contains(fields, key) {
			if i := slices.IndexFunc(fields, func(f string) bool { return strings.EqualFold(f, key) }); i >= 0 {
				return fmt.Errorf("%s:%d: unknown field %q: keys are matched exactly, want %q", file, line, key, fields[i])
			}
		}
		if first, ok := seen[key]; ok {
			return fmt.Errorf("%s:%d: %s: given twice (first on line %d): one value per switch", file, line, key, first)
		}
		seen[key] = line
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return nil
		}
	}
	return nil
}

// policyJSONError says where a policy file's JSON went wrong: the line of a syntax error
// or of a value of the wrong type, and the field.
func policyJSONError(file string, data []byte, dec *json.Decoder, err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.EOF) && len(bytes.TrimSpace(data)) == 0:
		return fmt.Errorf("%s: empty file, want a JSON object such as {\"name\": \"mine\", \"timing\": \"anytime\"}", file)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("%s:%d: the JSON ends early (the file is cut short?)", file, lineAt(data, int64(len(data))))
	case errors.As(err, &syn):
		return fmt.Errorf("%s:%d: invalid JSON: %s", file, lineAt(data, syn.Offset), syn.Error())
	case errors.As(err, &typ):
		if typ.Field == "" {
			return fmt.Errorf("%s: is a JSON %s, want an object", file, typ.Value)
		}
		return fmt.Errorf("%s:%d: %s: is a JSON %s, want a string", file, lineAt(data, typ.Offset), typ.Field, typ.Value)
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		// encoding/json gives no offset here: the decoder has read up to the field's value.
		return fmt.Errorf("%s:%d: unknown field %s (want name, %s)", file, lineAt(data, dec.InputOffset()),
			strings.TrimPrefix(err.Error(), "json: unknown field "), strings.Join(policyFields(), ", "))
	}
	return fmt.Errorf("%s: %w", file, err)
}

// policyFields are the switches' names in a policy file, in String's order.
func policyFields() []string {
	out := make([]string, 0, len(switchDefs))
	for _, sw := range switchDefs {
		out = append(out, sw.name)
	}
	return out
}

// lineAt is the 1-based line of byte offset off of data.
func lineAt(data []byte, off int64) int {
	off = min(max(off, 0), int64(len(data)))
	return 1 + bytes.Count(data[:off], []byte("\n"))
}
