package ingest

import (
	"crypto/sha256"
	"hash"
	"io"
	"os"
	"slices"
	"sort"
	"sync"

	"github.com/apache/arrow-go/v18/parquet/file"
)

// aheadLimit bounds the copies hashingReaderAt keeps of bytes read ahead of its hashed
// prefix. The Parquet reader reads the projected columns of one row group side by side
// (a few MB for this package's 8192-row groups); bytes beyond the limit are dropped and
// read again when the prefix reaches them, so memory stays bounded for any file.
var aheadLimit = 32 << 20 // a variable for the tests

// hashingReaderAt hashes a Parquet file in order while the Parquet reader reads it out of
// order: the footer first, then the column chunks of each row group side by side. Reads
// ahead of the hashed prefix are kept until the prefix reaches them; what the reader
// never asks for (the magic, the skipped columns, the footer's surroundings) is read here
// once, when the prefix reaches it.
type hashingReaderAt struct {
	f    *os.File
	size int64

	mu    sync.Mutex
	h     hash.Hash
	next  int64   // [0, next) is hashed
	want  []span  // sorted, disjoint ranges the Parquet reader will read; nil until known
	ahead []piece // copies of reads beyond next, sorted by offset
	kept  int     // bytes in ahead
	limit int     // on kept: aheadLimit
	buf   []byte  // fill's scratch
	err   error   // a read of our own failed, or the layout is unknown: no hash
	// served counts the bytes the Parquet reader read, filled those read here: what it
	// skips, and what it read ahead beyond the limit (so read twice).
	served, filled int64
}

type span struct{ from, to int64 }

type piece struct {
	off int64
	b   []byte
}

func newHashingReaderAt(f *os.File, size int64) *hashingReaderAt {
	return &hashingReaderAt{f: f, size: size, h: sha256.New(), limit: aheadLimit}
}

func (t *hashingReaderAt) ReadAt(p []byte, off int64) (int, error) {
	n, err := t.f.ReadAt(p, off)
	t.mu.Lock()
	t.served += int64(n)
	if t.err == nil {
		t.take(p[:n], off)
		t.advance()
	}
	t.mu.Unlock()
	return n, err
}

func (t *hashingReaderAt) Seek(off int64, whence int) (int64, error) { return t.f.Seek(off, whence) }
func (t *hashingReaderAt) Close() error                              { return t.f.Close() }

// take hashes what extends the prefix and keeps what lies beyond it.
func (t *hashingReaderAt) take(b []byte, off int64) {
	end := off + int64(len(b))
	switch {
	case len(b) == 0 || end <= t.next: // hashed already
	case off <= t.next:
		t.h.Write(b[t.next-off:])
		t.next = end
	case t.kept+len(b) <= t.limit:
		i := sort.Search(len(t.ahead), func(i int) bool { return t.ahead[i].off > off })
		t.ahead = slices.Insert(t.ahead, i, piece{off, slices.Clone(b)})
		t.kept += len(b)
	}
}

// advance moves the prefix over the kept pieces it reaches and over the gaps the
// Parquet reader will not read, and stops inside a range it will.
func (t *hashingReaderAt) advance() {
	for t.err == nil && t.next < t.size {
		if len(t.ahead) > 0 && t.ahead[0].off <= t.next {
			p := t.ahead[0]
			t.ahead, t.kept = t.ahead[1:], t.kept-len(p.b)
			t.take(p.b, p.off)
			continue
		}
		if t.want == nil {
			return
		}
		end := t.size
		i := sort.Search(len(t.want), func(i int) bool { return t.want[i].to > t.next })
		if i < len(t.want) {
			if t.want[i].from <= t.next {
				return // the reader will get here
			}
			end = t.want[i].from
		}
		if len(t.ahead) > 0 && t.ahead[0].off < end {
			end = t.ahead[0].off
		}
		t.fill(end)
	}
}

// fill hashes [next, end) read from the file.
func (t *hashingReaderAt) fill(end int64) {
	if t.buf == nil {
		t.buf = make([]byte, 1<<20)
	}
	for t.next < end {
		b := t.buf[:min(int64(len(t.buf)), end-t.next)]
		n, err := t.f.ReadAt(b, t.next)
		t.h.Write(b[:n])
		t.next += int64(n)
		t.filled += int64(n)
		if n < len(b) {
			if err == nil {
				err = io.ErrUnexpectedEOF
			}
			t.err = err
			return
		}
	}
}

// setWant says which ranges the Parquet reader will read: the column chunks of the
// projected leaves in every row group, as file.RowGroupReader finds them. Without them
// there is no hash (false).
func (t *hashingReaderAt) setWant(pf *file.Reader, leaves []int) bool {
	var want []span
	md := pf.MetaData()
	for g := 0; g < pf.NumRowGroups(); g++ {
		rg := md.RowGroup(g)
		for _, leaf := range leaves {
			col, err := rg.ColumnChunk(leaf)
			if err != nil {
				t.mu.Lock()
				t.err, t.ahead, t.kept = err, nil, 0
				t.mu.Unlock()
				return false
			}
			from := col.DataPageOffset()
			if col.HasDictionaryPage() && col.DictionaryPageOffset() > 0 && from > col.DictionaryPageOffset() {
				from = col.DictionaryPageOffset()
			}
			want = append(want, span{from, from + col.TotalCompressedSize()})
		}
	}
	slices.SortFunc(want, func(a, b span) int { return int(min(max(a.from-b.from, -1), 1)) })
	merged := []span{} // not nil: known, even when empty
	for _, s := range want {
		if n := len(merged); n > 0 && s.from <= merged[n-1].to {
			merged[n-1].to = max(merged[n-1].to, s.to)
			continue
		}
		merged = append(merged, s)
	}
	t.mu.Lock()
	t.want = merged
	t.advance()
	t.mu.Unlock()
	return true
}

// finish hashes what the reader left unread and records the hash; called once every row
// was read.
func (t *hashingReaderAt) finish(hs *FileHashes, path string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.want = []span{} // nothing more will be read but by us
	t.advance()
	if t.err != nil || t.next != t.size {
		return
	}
	fh := FileHash{Bytes: t.size}
	t.h.Sum(fh.SHA256[:0])
	hs.put(path, fh)
}
