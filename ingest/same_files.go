package ingest

import (
	"fmt"
	"io"
	"os"
)

// sameFilesHint says, after a duplicate key between files a and b, that the two are one
// file (one a link to the other, or named twice), or hold the same episodes: every
// episode of one repeats the episode at the same place in the other, by key and run id,
// and neither holds more (a release written both as JSONL and as Parquet, both passed). It returns "" otherwise, or when the files cannot be read again whole (a
// shard reads only its part); the duplicate is then reported alone. The files are read
// again only on this error path, in step, so memory does not grow with them.
func sameFilesHint(a, b string, opt ReadOptions) string {
	if sa, err := os.Stat(a); err == nil {
		if sb, err := os.Stat(b); err == nil && os.SameFile(sa, sb) {
			// A link to the file is no copy of it, as "(a copy?)" said.
			return fmt.Sprintf("%s and %s are the same file: pass it once", a, b)
		}
	}
	if opt.Shard != nil {
		return ""
	}
	opt.Hashes, opt.part = nil, nil
	fa, err := openFile(a, opt)
	if err != nil {
		return ""
	}
	defer fa.close()
	fb, err := openFile(b, opt)
	if err != nil {
		return ""
	}
	defer fb.close()
	for {
		ea, erra := fa.next()
		eb, errb := fb.next()
		if erra == io.EOF && errb == io.EOF {
			break
		}
		if erra != nil || errb != nil || ea.Key() != eb.Key() || ea.RunID != eb.RunID {
			return ""
		}
	}
	_, pa := fa.(*parquetReader)
	_, pb := fb.(*parquetReader)
	what := "(a copy?)"
	if pa != pb {
		what = "(one in JSONL, one in Parquet?)"
	}
	return fmt.Sprintf("%s and %s hold the same episodes %s: pass one of them", a, b, what)
}
