package inspect

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// jsonSource streams the "samples" array of a .json log with a token decoder; the
// header keys before it are decoded at open, those after it when the array ends.
type jsonSource struct {
	log     *Log
	dec     *json.Decoder
	closer  io.Closer
	index   int                // next element of "samples"
	inArray bool               // positioned inside "samples"
	done    bool               // the document has been read to its end
	pending []*Sample          // samples met before the header was complete
	seen    map[idEpoch]string // the member of each sample read, by id (its kind too) and epoch
}

// idEpoch identifies a sample of a log.
type idEpoch struct {
	id    SampleID
	epoch int
}

func openJSON(log *Log, r io.Reader, closer io.Closer) (source, error) {
	dec := json.NewDecoder(newNonFiniteReader(r))
	s := &jsonSource{log: log, dec: dec, closer: closer, seen: map[idEpoch]string{}}
	tok, err := dec.Token()
	if err != nil {
		return nil, s.syntax("", err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, errorf(log.File, "", "", "not an Inspect log: the document is not a JSON object")
	}
	if err := s.readKeys(true); err != nil {
		return nil, err
	}
	if s.log.Eval.Task == "" && s.log.Eval.Model == "" {
		// What the document is instead (an eval set's manifest, episodes) is the
		// reader's foreign, from the file's first keys.
		return nil, errorf(log.File, "", "eval", "missing: not an Inspect log")
	}
	return s, nil
}

// readKeys decodes the document's keys until the "samples" array opens (stopAtSamples)
// or the document ends.
func (s *jsonSource) readKeys(stopAtSamples bool) error {
	for s.dec.More() {
		tok, err := s.dec.Token()
		if err != nil {
			return s.syntax("", err)
		}
		key, _ := tok.(string)
		var dst any
		switch key {
		case "samples":
			if stopAtSamples && s.log.Eval.Task == "" {
				// The header is not complete yet: hold the samples until it is.
				if err := s.bufferSamples(); err != nil {
					return err
				}
				continue
			}
			if stopAtSamples {
				return s.openArray()
			}
			return errorf(s.log.File, "", "samples", "appears twice")
		case "version":
			dst = &s.log.Version
		case "status":
			dst = &s.log.Status
		case "eval":
			dst = &s.log.Eval
		case "plan":
			dst = &s.log.Plan
		case "results":
			dst = &s.log.Results
		case "stats":
			dst = &s.log.Stats
		case "error":
			dst = &s.log.Error
		case "reductions":
			dst = &s.log.Reductions
		default:
			var skip json.RawMessage
			dst = &skip
		}
		if err := s.dec.Decode(dst); err != nil {
			return s.fieldError(key, err)
		}
	}
	if _, err := s.dec.Token(); err != nil { // the closing '}'
		return s.syntax("", err)
	}
	// Only white space may follow the document: two logs concatenated (a copy appended
	// to itself, or to another) read as the first alone otherwise.
	end := s.dec.InputOffset()
	if _, err := s.dec.Token(); err != io.EOF {
		return errorf(s.log.File, "", "", "more follows the log's JSON document, which ends at byte %d (two logs in one file?)", end)
	}
	s.done = true
	return nil
}

// openArray consumes the "samples" value's '[' (or a null).
func (s *jsonSource) openArray() error {
	tok, err := s.dec.Token()
	if err != nil {
		return s.syntax("samples", err)
	}
	if tok == nil {
		return nil // "samples": null
	}
	if d, ok := tok.(json.Delim); !ok || d != '[' {
		return errorf(s.log.File, "", "samples", "is not an array")
	}
	s.inArray = true
	return nil
}

func (s *jsonSource) bufferSamples() error {
	if err := s.openArray(); err != nil {
		return err
	}
	for s.inArray {
		smp, err := s.element()
		if err != nil {
			return err
		}
		if smp != nil {
			s.pending = append(s.pending, smp)
		}
	}
	return nil
}

// element decodes the next element of "samples", or returns nil at its end.
func (s *jsonSource) element() (*Sample, error) {
	member := fmt.Sprintf("samples[%d]", s.index)
	if !s.dec.More() {
		if _, err := s.dec.Token(); err != nil { // ']'
			return nil, s.syntax(member, err)
		}
		s.inArray = false
		return nil, nil
	}
	var raw json.RawMessage
	if err := s.dec.Decode(&raw); err != nil {
		return nil, s.elementError(member, err)
	}
	s.index++
	smp, err := decodeSample(s.log.File, member, raw, false, false, nil, nil)
	if err != nil {
		return nil, err
	}
	// The id compares with its kind, so that the number 1 and the string "1" are two
	// samples, as Inspect keeps them (its ids are Python values, and 1 != "1").
	key := idEpoch{smp.ID, smp.Epoch}
	if prev, ok := s.seen[key]; ok {
		return nil, errorf(s.log.File, member, "id", "sample %s epoch %d also in %s", smp.ID, smp.Epoch, prev)
	}
	s.seen[key] = member
	return smp, nil
}

func (s *jsonSource) next() (*Sample, error) {
	if len(s.pending) > 0 {
		smp := s.pending[0]
		s.pending = s.pending[1:]
		return smp, nil
	}
	for !s.done {
		if s.inArray {
			smp, err := s.element()
			if err != nil {
				return nil, err
			}
			if smp != nil {
				return smp, nil
			}
			continue
		}
		if err := s.readKeys(false); err != nil {
			return nil, err
		}
	}
	return nil, io.EOF
}

func (s *jsonSource) close() error {
	if s.closer != nil {
		return s.closer.Close()
	}
	return nil
}

func (s *jsonSource) syntax(member string, err error) error {
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return errorf(s.log.File, member, "", "truncated JSON log (ends at byte %d)", s.dec.InputOffset())
	}
	return jsonError(s.log.File, member, err)
}

func (s *jsonSource) fieldError(key string, err error) error {
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return errorf(s.log.File, "", key, "truncated JSON log (ends at byte %d)", s.dec.InputOffset())
	}
	e := jsonError(s.log.File, "", err)
	var fe *fieldError
	if errors.As(err, &fe) {
		return e // its field is the path from the root already
	}
	if e.Field == "" {
		e.Field = key
	} else {
		e.Field = key + "." + e.Field
	}
	return e
}

func (s *jsonSource) elementError(member string, err error) error {
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return errorf(s.log.File, member, "", "truncated JSON log (ends at byte %d)", s.dec.InputOffset())
	}
	return jsonError(s.log.File, member, err)
}
