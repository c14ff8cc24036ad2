package inspect

import (
	"archive/zip"
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"sync"

	"github.com/klauspost/compress/flate"
)

// inflaters pools the deflate readers of archive members: a sample member is a few
// kilobytes, and a new reader per member (its tables, its input buffer) costs more than
// inflating it.
var inflaters sync.Pool

// inflater is a pooled deflate reader; Close returns it to the pool.
type inflater struct {
	br *bufio.Reader
	fr io.ReadCloser // a flate.Resetter
}

func newInflater(r io.Reader) io.ReadCloser {
	if z, ok := inflaters.Get().(*inflater); ok {
		z.br.Reset(r)
		if z.fr.(flate.Resetter).Reset(z.br, nil) == nil {
			return z
		}
	}
	br := bufio.NewReader(r)
	return &inflater{br: br, fr: flate.NewReader(br)}
}

func (z *inflater) Read(p []byte) (int, error) { return z.fr.Read(p) }

func (z *inflater) Close() error {
	err := z.fr.Close()
	z.br.Reset(nil)
	inflaters.Put(z)
	return err
}

// memberReader reads the sample members of one archive, one at a time, into a buffer it
// keeps: a deflated member's compressed bytes (and its data descriptor, when it has
// one) are read in one piece and inflated from memory in one call of the deflater,
// straight into the buffer at the declared size, with the checks archive/zip makes (the
// size, the CRC-32, the data descriptor's CRC-32); a member the deflater rejects is
// inflated again by klauspost's inflater for its error. A stored member, or one declared
// very large, goes through zip.File.Open (readMemberInto).
type memberReader struct {
	r    io.ReaderAt // the archive; nil: always zip.File.Open
	comp []byte      // the member's compressed bytes, then its data descriptor
	src  bytes.Reader
	fl   *deflater     // inflates the members, made at the first
	fr   io.ReadCloser // a flate.Resetter, made at the first member the deflater fails on
	data []byte        // the member buffer, reused: the sample keeps no reference to it
	// light: decode the members light (ReadOptions.Light), skipping the calls of
	// skipTools (ReadOptions.SkipTools)
	light     bool
	skipTools []string
	// recycle: decode into recycled memory (ReadOptions.Recycle)
	recycle bool
}

// memberBufs hands a member reader's buffers and inflater on from log to log (release),
// so that a log's first members do not grow new ones and build a new inflater.
var memberBufs sync.Pool

type memberBuf struct {
	comp, data []byte
	fl         *deflater
	fr         io.ReadCloser
}

// maxPooledMember bounds the buffers handed on: a log's rare huge member does not keep
// its buffer alive for the logs after it.
const maxPooledMember = 4 << 20

// acquire takes buffers handed on by a reader before, when m has none yet.
func (m *memberReader) acquire() {
	if m.fl != nil || m.data != nil {
		return
	}
	if b, ok := memberBufs.Get().(*memberBuf); ok {
		m.comp, m.data, m.fl, m.fr = b.comp, b.data, b.fl, b.fr
	}
}

// release hands m's buffers on to the next reader; m has none after.
func (m *memberReader) release() {
	if m.fl != nil && cap(m.data) <= maxPooledMember && cap(m.comp) <= maxPooledMember {
		memberBufs.Put(&memberBuf{comp: m.comp[:0], data: m.data[:0], fl: m.fl, fr: m.fr})
	}
	m.comp, m.data, m.fl, m.fr = nil, nil, nil, nil
}

// The data descriptor that follows a member's data when its flags say so: an optional
// signature, then the CRC-32 and the two sizes (read no further, as archive/zip does).
const (
	flagDataDescriptor      = 0x8
	dataDescriptorSignature = 0x08074b50
	dataDescriptorLen       = 16 // with the signature and 32-bit sizes
)

// read returns a member's bytes, in the reader's buffer (valid until the next read).
func (m *memberReader) read(file string, f *zip.File) ([]byte, error) {
	// A member declared larger than trustedMemberSize is read by readMemberInto, which
	// grows its buffer as the bytes come rather than trusting the declared size.
	m.acquire()
	if m.r == nil || f.Method != zip.Deflate || f.UncompressedSize64 > trustedMemberSize || f.CompressedSize64 > trustedMemberSize {
		return readMemberInto(file, f, &m.data)
	}
	damaged := func(err error) error {
		if errors.Is(err, io.ErrUnexpectedEOF) {
			err = fmt.Errorf("truncated member: %w", err)
		} else {
			err = fmt.Errorf("damaged member: %w", err)
		}
		return &Error{File: file, Member: f.Name, Err: err}
	}
	off, err := f.DataOffset()
	if err != nil {
		return nil, damaged(err)
	}
	n := int(f.CompressedSize64)
	desc := 0
	if f.Flags&flagDataDescriptor != 0 {
		desc = dataDescriptorLen
	}
	if cap(m.comp) < n+desc {
		m.comp = make([]byte, grown(n+desc))
	}
	got, err := m.r.ReadAt(m.comp[:n+desc], off)
	if got < n {
		if err == io.EOF || err == nil {
			err = io.ErrUnexpectedEOF
		}
		return nil, damaged(err)
	}
	var descCRC []byte // the data descriptor's CRC-32
	if desc > 0 {
		d := m.comp[n:got]
		if len(d) >= 4 && binary.LittleEndian.Uint32(d) == dataDescriptorSignature {
			d = d[4:]
		}
		if len(d) < 4 {
			return nil, damaged(io.ErrUnexpectedEOF)
		}
		descCRC = d[:4]
	}
	size := int(f.UncompressedSize64)
	data := m.data[:0]
	if cap(data) < size+8 {
		data = make([]byte, 0, grown(size+8))
	}
	if m.fl == nil {
		m.fl = new(deflater)
	}
	if m.fl.inflate(m.comp[:n], data[:size+8], size) {
		data = data[:size]
	} else if data, err = m.inflateKlauspost(m.comp[:n], data, size); err != nil {
		m.data = data
		return nil, damaged(err)
	}
	m.data = data
	switch {
	case uint64(len(data)) > f.UncompressedSize64:
		return nil, damaged(zip.ErrFormat)
	case uint64(len(data)) < f.UncompressedSize64:
		return nil, damaged(io.ErrUnexpectedEOF)
	case descCRC != nil && binary.LittleEndian.Uint32(descCRC) != f.CRC32:
		return nil, damaged(zip.ErrChecksum)
	case f.CRC32 != 0 && crc32.ChecksumIEEE(data) != f.CRC32:
		return nil, damaged(zip.ErrChecksum)
	}
	return sanitizeNonFinite(data), nil
}

// inflateKlauspost inflates a member the deflater did not read with klauspost's
// inflater, into data (grown if too small), for its error: the same as archive/zip's.
func (m *memberReader) inflateKlauspost(comp, data []byte, size int) ([]byte, error) {
	m.src.Reset(comp)
	if m.fr == nil {
		m.fr = flate.NewReader(&m.src)
	} else if err := m.fr.(flate.Resetter).Reset(&m.src, nil); err != nil {
		return data[:0], err
	}
	// One spare byte past the declared size: a member longer than it says is found by
	// the read that fills it.
	want := size + 1
	data = data[:0]
	if cap(data) < want {
		data = make([]byte, 0, grown(want))
	}
	for len(data) < want {
		k, err := m.fr.Read(data[len(data):want])
		data = data[:len(data)+k]
		if err == io.EOF {
			break
		}
		if err != nil {
			return data, err
		}
	}
	return data, nil
}

// grown is the capacity a member buffer is made with for n bytes: half as much again,
// so that the larger members that follow in a log (samples vary in size by a few
// kilobytes) mostly fit without a new buffer each.
func grown(n int) int { return n + n/2 }
