package ingest

import (
	"crypto/sha256"
	"hash"
	"io"
	"sync"
)

// FileHash is an episode file's size and SHA-256: of its bytes on disk, compressed or
// not, as sha256sum prints it.
type FileHash struct {
	Bytes  int64
	SHA256 [sha256.Size]byte
}

// FileHashes collects the hash of every episode file a read went through to its end
// (ReadOptions.Hashes), taken from the bytes as the read pulls them, so that provenance
// does not read a release a second time. Safe for concurrent use.
type FileHashes struct {
	mu sync.Mutex
	m  map[string]FileHash
}

// NewFileHashes returns an empty collection.
func NewFileHashes() *FileHashes { return &FileHashes{m: map[string]FileHash{}} }

// Get returns the hash of the file at path (as the reader was given it), if a read
// covered the whole file. A nil collection has none.
func (h *FileHashes) Get(path string) (FileHash, bool) {
	if h == nil {
		return FileHash{}, false
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	fh, ok := h.m[path]
	return fh, ok
}

func (h *FileHashes) put(path string, fh FileHash) {
	h.mu.Lock()
	h.m[path] = fh
	h.mu.Unlock()
}

// hashingReader hashes a file's bytes in order as a reader pulls them.
type hashingReader struct {
	r io.Reader
	h hash.Hash
	n int64
}

func newHashingReader(r io.Reader) *hashingReader { return &hashingReader{r: r, h: sha256.New()} }

func (t *hashingReader) Read(p []byte) (int, error) {
	n, err := t.r.Read(p)
	t.h.Write(p[:n])
	t.n += int64(n)
	return n, err
}

// finish reads what the reader left of the file (nothing, normally: a decompressor
// may stop short of trailing bytes) and records the hash.
func (t *hashingReader) finish(hs *FileHashes, path string) {
	if _, err := io.Copy(io.Discard, t); err != nil {
		return // no hash: provenance reads the file itself
	}
	fh := FileHash{Bytes: t.n}
	t.h.Sum(fh.SHA256[:0])
	hs.put(path, fh)
}
