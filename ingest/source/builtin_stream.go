package source

import (
	"errors"
	"fmt"
	"io"
	"iter"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/synth"
)

// builtinStream pulls the built-in release's episodes from its generator
// (synth.StreamDefault) as the reader asks for them, so that a command that reads them
// once neither waits for the whole release nor keeps it: its 34 thousand episodes are
// about 110 MB of small objects that every collection would otherwise mark.
type builtinStream struct {
	next func() (*ingest.Episode, error, bool)
	stop func()
}

// errStopped ends the generator when the stream is closed before its end.
var errStopped = errors.New("source: built-in stream closed")

func newBuiltinStream() *builtinStream {
	seq := func(yield func(*ingest.Episode, error) bool) {
		err := synth.StreamDefault(func(ep *ingest.Episode) error {
			if !yield(ep, nil) {
				return errStopped
			}
			return nil
		})
		if err != nil && err != errStopped {
			yield(nil, err)
		}
	}
	next, stop := iter.Pull2(seq)
	return &builtinStream{next: next, stop: stop}
}

func (s *builtinStream) Next() (*ingest.Episode, error) {
	ep, err, ok := s.next()
	switch {
	case !ok:
		return nil, io.EOF
	case err != nil:
		return nil, fmt.Errorf("built-in release: %w", err)
	}
	return ep, nil
}

func (s *builtinStream) Reported() []ingest.Problem { return nil }

func (s *builtinStream) Close() error {
	s.stop()
	return nil
}
