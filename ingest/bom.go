package ingest

import (
	"bufio"
	"bytes"
	"io"
)

// SkipBOM returns r without the UTF-8 byte-order mark it may start with: Excel's "CSV
// UTF-8" and some Windows editors write one, and a CSV header behind it is not read as
// a header ("\ufeffcase_id").
func SkipBOM(r io.Reader) io.Reader {
	br := bufio.NewReader(r)
	if b, _ := br.Peek(len(utf8BOM)); bytes.Equal(b, utf8BOM) {
		br.Discard(len(utf8BOM))
	}
	return br
}
