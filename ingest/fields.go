package ingest

// EpisodeFields returns the top-level fields of sabench.episode/v1 in the writers' order
// (the data dictionary is checked against it).
func EpisodeFields() []string { return append([]string(nil), episodeFields[:]...) }
