package ingest

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// readAllOrErr reads every episode of path, returning the first error of any kind.
func readAllOrErr(path string) ([]*Episode, error) {
	r, err := OpenEpisodes(path, ReadOptions{})
	if err != nil {
		return nil, err
	}
	defer r.Close()
	var out []*Episode
	for {
		e, err := r.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
}

// TestReliability_ParquetByteFlipSweep: every single-byte change of a whole
// small Parquet episode file gives a clean error or the identical episodes, never a
// crash or an out-of-memory throw (a flipped byte in the stored ARROW:schema once asked
// for ~377 GB).
func TestReliability_ParquetByteFlipSweep(t *testing.T) {
	// The typed layout's file has a column chunk per struct child, and each read opens
	// them all: its strides are twelve times the JSON layout's (about 1.5 CPU-s), three
	// times under SABENCH_LONG=1 (set by .ci/run; about 6 CPU-s).
	typedScale := 12
	if os.Getenv("SABENCH_LONG") == "1" {
		typedScale = 3
	}
	for _, tc := range []struct {
		layout string
		scale  int
	}{{ParquetLayoutJSON, 1}, {ParquetLayoutTyped, typedScale}} {
		t.Run(tc.layout, func(t *testing.T) { byteFlipSweep(t, tc.layout, tc.scale) })
	}
}

func byteFlipSweep(t *testing.T, layout string, scale int) {
	dir := t.TempDir()
	src := filepath.Join(dir, "good.parquet")
	writeParquetLayout(t, src, realisticEpisodes(2, 7), layout)
	orig, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	want := jsonlBytes(readAll(t, src, ReadOptions{}))
	// Every other byte of the footer (where the ARROW:schema and all sizes live) and every
	// 11th byte of the pages; SABENCH_FULL_SWEEP=1 flips every byte (~30 s of CPU).
	// Inside the footer's long runs of text (32 printable bytes or more: the column
	// chunks' min/max statistics of the JSON columns, the base64 ARROW:schema, neither
	// of which the reader uses) every 16th byte is flipped, not every other one, except
	// within 8 bytes of the run's ends, where a length or the next field's header may sit:
	// a byte in the middle of such a value is never structure, and its flips (three fifths
	// of the sweep at every other byte, some 5 CPU-seconds) all read back identical episodes.
	footer := len(orig) - 8 - int(binary.LittleEndian.Uint32(orig[len(orig)-8:]))
	footStride, dataStride := 2, 11
	if testing.Short() {
		footStride, dataStride = 7, 41
	}
	footStride, dataStride = scale*footStride, scale*dataStride
	textStride := 8 * footStride
	if os.Getenv("SABENCH_FULL_SWEEP") == "1" {
		footStride, dataStride, textStride = 1, 1, 1
	}
	// inText[i]: byte i is inside a long text run of the footer, 8 bytes from its ends;
	// textAt[i]: its offset from the run's start.
	inText := make([]bool, len(orig))
	textAt := make([]int, len(orig))
	for i := footer; i < len(orig); {
		j := i
		for j < len(orig) && orig[j] >= 0x20 && orig[j] < 0x7f {
			j++
		}
		if j-i >= 32 {
			for k := i + 8; k < j-8; k++ {
				inText[k], textAt[k] = true, k-i
			}
		}
		i = j + 1
	}
	var flips []int
	text := 0
	for i := 0; i < len(orig); i++ {
		switch {
		case i < footer:
			if i%dataStride != 0 {
				continue
			}
		case inText[i]:
			if textAt[i]%textStride != 0 {
				continue
			}
			text++
		default:
			if i%footStride != 0 {
				continue
			}
		}
		flips = append(flips, i)
	}
	// Two workers, each with its own file, share the flips (each read is independent);
	// the outcomes are then checked in byte order, so the report is the same whatever
	// the interleaving.
	const x = 0xff
	type outcome struct {
		writeErr, err error
		diff          []byte // the episodes read without error, when they differ
	}
	outs := make([]outcome, len(flips))
	var wg sync.WaitGroup
	const workers = 2
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// The worker's copy of the file: each flip changes one byte in place and puts
			// it back after the read (rewriting the whole file each time cost a third of
			// the sweep's CPU).
			path := filepath.Join(dir, fmt.Sprintf("flip%d.parquet", w))
			f, err := os.Create(path)
			if err == nil {
				_, err = f.Write(orig)
			}
			if err != nil {
				for k := w; k < len(flips); k += workers {
					outs[k].writeErr = err
				}
				return
			}
			defer f.Close()
			for k := w; k < len(flips); k += workers {
				i := flips[k]
				if _, err := f.WriteAt([]byte{orig[i] ^ x}, int64(i)); err != nil {
					outs[k].writeErr = err
					continue
				}
				eps, err := readAllOrErr(path)
				if _, werr := f.WriteAt(orig[i:i+1], int64(i)); werr != nil {
					outs[k].writeErr = werr
					continue
				}
				if err != nil {
					outs[k].err = err
				} else if got := jsonlBytes(eps); !bytes.Equal(got, want) {
					outs[k].diff = got
				}
			}
		}()
	}
	wg.Wait()
	errs, same := 0, 0
	for k, o := range outs {
		i := flips[k]
		switch {
		case o.writeErr != nil:
			t.Fatal(o.writeErr)
		case o.err != nil:
			if o.err.Error() == "" {
				t.Fatalf("byte %d ^ %#x: empty error", i, x)
			}
			errs++
		case o.diff != nil:
			t.Fatalf("byte %d ^ %#x: read without error but the episodes differ:\n got %.300s\nwant %.300s", i, x, o.diff, want)
		default:
			same++
		}
	}
	t.Logf("%d bytes: %d flips (%d of them inside footer text): %d gave an error, %d identical data", len(orig), len(flips), text, errs, same)
}

// FuzzParquetDamaged changes up to two bytes of a whole small Parquet episode
// file (anywhere: pages, footer, the stored ARROW:schema): reading gives episodes or
// errors that name the file, never a panic, a runtime throw or a hang.
func FuzzParquetDamaged(f *testing.F) {
	dir := f.TempDir()
	src := filepath.Join(dir, "seed.parquet")
	writeParquet(f, src, realisticEpisodes(2, 7))
	orig, err := os.ReadFile(src)
	if err != nil {
		f.Fatal(err)
	}
	footer := uint32(len(orig) - 8 - int(binary.LittleEndian.Uint32(orig[len(orig)-8:])))
	f.Add(uint32(0), byte(0), uint32(0), byte(0))
	f.Add(footer+40, byte(0xff), footer+41, byte(0x7f))
	f.Add(uint32(len(orig)-9), byte(1), uint32(len(orig)-12), byte(0x80))
	f.Add(uint32(200), byte(0x10), uint32(4), byte(0xff))
	// The crasher: one byte of the base64 ARROW:schema value changed made
	// flight.DeserializeSchema ask for ~377 GB (a fatal throw).
	if k := bytes.Index(orig, []byte(arrowSchemaKey)); k >= 0 {
		for _, d := range []uint32{24, 40, 64, 100} {
			f.Add(uint32(k)+uint32(len(arrowSchemaKey))+d, byte(0x01), uint32(k)+uint32(len(arrowSchemaKey))+d, byte(0))
		}
	}
	f.Fuzz(func(t *testing.T, off1 uint32, x1 byte, off2 uint32, x2 byte) {
		data := bytes.Clone(orig)
		data[int(off1)%len(data)] ^= x1
		data[int(off2)%len(data)] ^= x2
		path := filepath.Join(t.TempDir(), "d.parquet")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := OpenEpisodes(path, ReadOptions{})
		if err != nil {
			if !strings.Contains(err.Error(), path) {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		defer r.Close()
		for i := 0; i < 100; i++ {
			_, err := r.Next()
			if err == io.EOF {
				return
			}
			if err != nil && !strings.Contains(err.Error(), path) {
				t.Fatalf("error does not name the file: %v", err)
			}
			if err != nil && AsProblems(err) == nil {
				return
			}
		}
		t.Fatal("more than 100 rows from a 2-row file")
	})
}

// TestReliability_ParquetArrowSchemaCrasher is that crasher made exact: byte 14 of
// the decoded ARROW:schema flipped (re-encoded in place, so the footer's sizes hold)
// made flight.DeserializeSchema throw "runtime: out of memory". The stored schema is
// now never decoded, so the file reads as before.
func TestReliability_ParquetArrowSchemaCrasher(t *testing.T) {
	src := filepath.Join(t.TempDir(), "good.parquet")
	eps := realisticEpisodes(2, 7)
	writeParquet(t, src, eps)
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	want := jsonlBytes(readAll(t, src, ReadOptions{}))
	k := bytes.Index(data, []byte(arrowSchemaKey))
	if k < 0 {
		t.Fatal("no ARROW:schema in the file")
	}
	// The value follows the key: thrift's compact protocol writes a field header (0x18, a
	// binary field) and the length as a varint, then the bytes. (Scanning for the base64
	// run instead fails when the length's last byte is itself a base64 character.)
	start := k + len(arrowSchemaKey)
	if start >= len(data) || data[start] != 0x18 {
		t.Fatalf("no binary field header after the key: % x", data[start:min(start+4, len(data))])
	}
	n, w := binary.Uvarint(data[start+1:])
	if w <= 0 {
		t.Fatal("bad length of the ARROW:schema value")
	}
	start += 1 + w
	end := start + int(n)
	raw, err := base64.StdEncoding.DecodeString(string(data[start:end]))
	if err != nil {
		t.Fatalf("ARROW:schema value not found: %v", err)
	}
	raw[14] ^= 0xff
	copy(data[start:end], base64.StdEncoding.EncodeToString(raw))
	p := filepath.Join(t.TempDir(), "crash.parquet")
	os.WriteFile(p, data, 0o644)
	got, err := readAllOrErr(p)
	if err != nil {
		t.Fatalf("read: %v", err)
	}
	if !bytes.Equal(jsonlBytes(got), want) {
		t.Error("episodes differ after damaging only the stored Arrow schema")
	}
}
