package analysis

import (
	"errors"
	"io"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
)

// SliceSource streams in-memory episodes.
type SliceSource struct {
	Episodes []*ingest.Episode
	i        int
}

// Next yields the next episode, io.EOF at the end.
func (s *SliceSource) Next() (*ingest.Episode, error) {
	if s.i >= len(s.Episodes) {
		return nil, io.EOF
	}
	s.i++
	return s.Episodes[s.i-1], nil
}

// ScoreEachChunk reads src chunk at a time, scores each chunk with Detail and hands the
// chunk's episodes and verdicts ([policy][episode]) to emit before reading on, so only
// one chunk's records and details are alive at a time. opt.Others and opt.Progress are
// not used.
func ScoreEachChunk(src EpisodeSource, lookup CaseLookup, opt ScoreOptions, chunk int, emit func(eps []*ingest.Episode, s *Scored) error) error {
	if chunk < 1 {
		chunk = 1
	}
	opt.Detail, opt.Others, opt.Progress = true, nil, nil
	for eof := false; !eof; {
		eps := make([]*ingest.Episode, 0, chunk)
		for len(eps) < chunk {
			ep, err := src.Next()
			if errors.Is(err, io.EOF) {
				eof = true
				break
			}
			if err != nil {
				return err
			}
			eps = append(eps, ep)
		}
		if len(eps) == 0 {
			break
		}
		s, err := Score(&SliceSource{Episodes: eps}, lookup, opt)
		if err != nil {
			return err
		}
		if err := emit(eps, s); err != nil {
			return err
		}
	}
	return nil
}

// ScoreChunked is ScoreEachChunk that hands emit the verdicts only and returns the
// verdicts without their detail and the counts over all chunks. The verdicts equal
// Score's: each is a function of its episode alone.
func ScoreChunked(src EpisodeSource, lookup CaseLookup, opt ScoreOptions, chunk int, emit func([][]oracle.Verdict) error) (*Scored, error) {
	all := &Scored{Policies: opt.Policies, Verdicts: make([][]oracle.Verdict, len(opt.Policies)), Counts: Counts{Excluded: map[string]int{}}}
	err := ScoreEachChunk(src, lookup, opt, chunk, func(_ []*ingest.Episode, s *Scored) error {
		if err := emit(s.Verdicts); err != nil {
			return err
		}
		for pi := range s.Verdicts {
			for i := range s.Verdicts[pi] {
				s.Verdicts[pi][i].Detail = nil
			}
			all.Verdicts[pi] = append(all.Verdicts[pi], s.Verdicts[pi]...)
		}
		all.Counts.Read += s.Counts.Read
		all.Counts.Scored += s.Counts.Scored
		for r, n := range s.Counts.Excluded {
			all.Counts.Excluded[r] += n
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return all, nil
}
