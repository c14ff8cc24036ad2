package source

import "github.com/sabench/sabench-stats/ingest"

// Select streams the input once and returns the one episode s selects
// (ingest.SelectEpisode: none is an *ingest.NoEpisodeError, several an
// *ingest.AmbiguousError).
func (in *Input) Select(s ingest.Selection) (*ingest.Episode, error) {
	src, err := in.Open()
	if err != nil {
		return nil, err
	}
	defer src.Close()
	return ingest.SelectEpisode(src.Next, s, in.Describe)
}
