package ingest

import "io"

// SliceSource yields in-memory episodes in order, then io.EOF: the built-in release, one
// episode to explain, or a test's episodes, wherever an episode stream is read.
type SliceSource struct {
	Episodes []*Episode
	i        int
}

// Next yields the next episode, io.EOF at the end.
func (s *SliceSource) Next() (*Episode, error) {
	if s.i >= len(s.Episodes) {
		return nil, io.EOF
	}
	s.i++
	return s.Episodes[s.i-1], nil
}
