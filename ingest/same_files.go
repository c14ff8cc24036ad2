package ingest

import (
	"fmt"
	"io"
	"os"
)

// sameFilesHint says, after a duplicate key between files a and b (indexes into r.paths),
// that the two are one file (one a link to the other, or named twice), or hold the same
// episodes: every episode of one repeats the episode at the same place in the other, by
// key and run id, and neither holds more (a release written both as JSONL and as Parquet,
// both passed). It returns "" otherwise, or when the files cannot be read again whole (a
// shard reads only its part); the duplicate is then reported alone. The files are read
// again only on this error path, in step, so memory does not grow with them.
func (r *runsReader) sameFilesHint(a, b int) string {
	if a == b {
		return ""
	}
	if sa, err := os.Stat(r.paths[a]); err == nil {
		if sb, err := os.Stat(r.paths[b]); err == nil && os.SameFile(sa, sb) {
			// A link to the file is no copy of it, as "(a copy?)" said.
			return fmt.Sprintf("%s and %s are the same file: pass it once", r.paths[a], r.paths[b])
		}
	}
	if r.opt.Shard != nil {
		return ""
	}
	opt := r.opt
	opt.Hashes, opt.part = nil, nil
	fa, err := openFile(r.paths[a], opt)
	if err != nil {
		return ""
	}
	defer fa.close()
	fb, err := openFile(r.paths[b], opt)
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
	return fmt.Sprintf("%s and %s hold the same episodes %s: pass one of them", r.paths[a], r.paths[b], what)
}
