package inspect

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMemberReaderMatchesZip: the member reader gives, for every member of the real
// .eval logs (written by Python, without data descriptors) and of their copies written
// by archive/zip (with data descriptors), the bytes zip.File.Open gives; and, for a
// member whose compressed bytes or data descriptor are damaged, the same error.
func TestMemberReaderMatchesZip(t *testing.T) {
	logs, _ := filepath.Glob(filepath.Join(logsDir, "*.eval"))
	if len(logs) == 0 {
		t.Fatal("no .eval logs")
	}
	descriptors := 0
	for _, p := range logs {
		orig, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		copied := rewriteZip(t, p, func(_ string, b []byte) []byte { return b })
		for _, data := range [][]byte{orig, copied} {
			zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
			if err != nil {
				t.Fatal(err)
			}
			mr := memberReader{r: bytes.NewReader(data)}
			for _, f := range zr.File {
				if f.Flags&flagDataDescriptor != 0 {
					descriptors++
				}
				want, werr := readMember(p, f)
				got, gerr := mr.read(p, f)
				if werr != nil || gerr != nil || !bytes.Equal(got, want) {
					t.Errorf("%s: %s: %d bytes (%v), archive/zip %d bytes (%v)", p, f.Name, len(got), gerr, len(want), werr)
				}
			}
		}
	}
	if descriptors == 0 {
		t.Error("no member with a data descriptor was read")
	}

	// Damage: flipped compressed bytes, and (in the copy) a data descriptor's CRC-32.
	p := logPath(popScored)
	orig, _ := os.ReadFile(p)
	copied := rewriteZip(t, p, func(_ string, b []byte) []byte { return b })
	const member = "samples/3_epoch_1.json"
	damage := map[string][]byte{
		"flipped bytes":   corruptMember(t, orig, member),
		"descriptor CRC":  corruptDescriptor(t, copied, member),
		"flipped in copy": corruptMember(t, copied, member),
	}
	for name, data := range damage {
		zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			t.Fatal(err)
		}
		mr := memberReader{r: bytes.NewReader(data)}
		for _, f := range zr.File {
			if f.Name != member {
				continue
			}
			_, werr := readMember("d.eval", f)
			_, gerr := mr.read("d.eval", f)
			if werr == nil || gerr == nil || gerr.Error() != werr.Error() || !strings.Contains(gerr.Error(), "d.eval: "+member+": ") {
				t.Errorf("%s: error %v, archive/zip's %v", name, gerr, werr)
			}
		}
	}
}

// corruptDescriptor changes the CRC-32 of a member's data descriptor (archive/zip
// writes one after every member, with its signature).
func corruptDescriptor(t *testing.T, data []byte, member string) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range zr.File {
		if f.Name != member {
			continue
		}
		off, err := f.DataOffset()
		if err != nil {
			t.Fatal(err)
		}
		d := off + int64(f.CompressedSize64)
		if binary.LittleEndian.Uint32(data[d:]) != dataDescriptorSignature {
			t.Fatal("no data descriptor signature after the member")
		}
		out := bytes.Clone(data)
		out[d+4] ^= 0xff
		return out
	}
	t.Fatalf("no member %s", member)
	return nil
}
