package ingest

import (
	"bufio"
	"io"
)

// JSONLWriter writes episodes as sabench.episode/v1 JSONL, one object per line.
type JSONLWriter struct {
	w   *bufio.Writer
	buf []byte
	err error
}

// NewJSONLWriter returns a writer to w. Close flushes it; it does not close w.
func NewJSONLWriter(w io.Writer) *JSONLWriter {
	return &JSONLWriter{w: bufio.NewWriterSize(w, 256<<10)}
}

// Write appends one episode.
func (j *JSONLWriter) Write(e *Episode) error {
	if j.err != nil {
		return j.err
	}
	j.buf = AppendEpisodeJSON(j.buf[:0], e)
	j.buf = append(j.buf, '\n')
	_, j.err = j.w.Write(j.buf)
	return j.err
}

// Close flushes buffered lines.
func (j *JSONLWriter) Close() error {
	if j.err != nil {
		return j.err
	}
	j.err = j.w.Flush()
	return j.err
}
