package inspect

import (
	"bytes"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// naiveSkip passes over the container at d[pos] one byte at a time: where it ends (after
// its closing bracket), or the position and kind of its failure ("truncated", "backslash",
// "mismatch", "deep").
func naiveSkip(d []byte, pos int) (int, string) {
	var open []byte
	for i := pos; i < len(d); i++ {
		switch c := d[i]; c {
		case '"':
			for i++; ; i++ {
				if i >= len(d) {
					return len(d), "truncated"
				}
				if d[i] == '\\' {
					i++
					continue
				}
				if d[i] == '"' {
					break
				}
			}
		case '\\':
			return i, "backslash"
		case '{', '[':
			if len(open) == jsonv.MaxDepth+1 {
				return i, "deep"
			}
			open = append(open, c+2)
		case '}', ']':
			if len(open) == 0 || open[len(open)-1] != c {
				return i, "mismatch"
			}
			open = open[:len(open)-1]
			if len(open) == 0 {
				return i + 1, ""
			}
		}
	}
	return len(d), "truncated"
}

// skipErrKind names a skip's failure as naiveSkip does ("" for none).
func skipErrKind(err *decodeErr) string {
	if err == nil {
		return ""
	}
	switch msg := err.Error(); {
	case err.err == errTruncated:
		return "truncated"
	case strings.Contains(msg, "backslash outside a string"):
		return "backslash"
	case strings.Contains(msg, "does not match"):
		return "mismatch"
	case strings.Contains(msg, "nested too deeply"):
		return "deep"
	default:
		return msg
	}
}

// checkSkip compares skipContainer with naiveSkip on the container at d[pos].
func checkSkip(t *testing.T, d []byte, pos int) {
	t.Helper()
	wantPos, wantErr := naiveSkip(d, pos)
	l := &lexer{data: d, pos: pos}
	got := skipErrKind(l.skipContainer())
	if l.pos != wantPos || got != wantErr {
		t.Fatalf("skip of %q from %d: at %d, %q; want %d, %q", d, pos, l.pos, got, wantPos, wantErr)
	}
}

// TestSkipContainerMatchesByteByByte skips random documents made of the bytes that
// matter (quotes, backslashes, brackets) and others, with runs of backslashes and
// strings crossing the 64-byte blocks, each from every bracket in it.
func TestSkipContainerMatchesByteByByte(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte(`{}[]"\\\\ a,:é`)
	for range 4000 {
		d := make([]byte, 1+rng.IntN(400))
		for i := range d {
			d[i] = alphabet[rng.IntN(len(alphabet))]
		}
		for pos, c := range d {
			if c == '{' || c == '[' {
				checkSkip(t, d, pos)
			}
		}
	}
	// Valid documents: the real logs' samples.
	for _, name := range []string{dedup, popScored} {
		data, err := os.ReadFile(logPath(name))
		if err != nil {
			t.Fatal(err)
		}
		for pos, c := range data {
			if (c == '{' || c == '[') && pos%7 == 0 {
				checkSkip(t, data, pos)
			}
		}
	}
}

// TestSkipRestMatchesByteByByte: skipRest from a position inside an object ends (or
// fails) where the byte-by-byte scan of that object's opening brace followed by the same
// bytes does, on random documents and the real logs.
func TestSkipRestMatchesByteByByte(t *testing.T) {
	check := func(d []byte, pos int) {
		t.Helper()
		wantPos, wantErr := naiveSkip(append([]byte{'{'}, d[pos:]...), 0)
		wantPos += pos - 1
		l := &lexer{data: d, pos: pos}
		got := skipErrKind(l.skipRest())
		if wantErr == "truncated" {
			wantPos = len(d) // the naive scan's end, as skipContainer reports it
		}
		if l.pos != wantPos || got != wantErr {
			t.Fatalf("skipRest of %q from %d: at %d, %q; want %d, %q", d, pos, l.pos, got, wantPos, wantErr)
		}
	}
	rng := rand.New(rand.NewPCG(5, 6))
	alphabet := []byte(`{}[]"\\ a,:é`)
	for range 4000 {
		d := make([]byte, 1+rng.IntN(400))
		for i := range d {
			d[i] = alphabet[rng.IntN(len(alphabet))]
		}
		for pos, c := range d {
			if c == ',' || c == ':' {
				check(d, pos)
			}
		}
	}
	for _, name := range []string{dedup, popScored} {
		data, err := os.ReadFile(logPath(name))
		if err != nil {
			t.Fatal(err)
		}
		for pos, c := range data {
			if c == ',' && pos%5 == 0 {
				check(data, pos)
			}
		}
	}
	// Where it stops: after the brace that closes the object it was in.
	l := &lexer{data: []byte(`{"event": "model", "x": [1, {"y": "}]"}], "z": "\"}"} , 2`), pos: 17}
	if err := l.skipRest(); err != nil || string(l.data[l.pos:]) != " , 2" {
		t.Fatalf("skipRest: %v, left %q", err, l.data[l.pos:])
	}
}

// TestSkipContainerEdges: the cases a block boundary makes hard, and what is refused.
func TestSkipContainerEdges(t *testing.T) {
	for _, n := range []int{0, 1, 55, 56, 57, 61, 62, 63, 64, 65, 126, 127, 128} {
		for _, run := range []int{1, 2, 3, 4, 5} {
			// A string whose run of backslashes ends at byte n, then its end.
			s := `["` + strings.Repeat("x", n) + strings.Repeat(`\`, run) + `"]` + `"]`
			checkSkip(t, []byte(s), 0)
			checkSkip(t, []byte(s+` , ["a"]`), 0)
		}
		checkSkip(t, []byte(`{"a":`+strings.Repeat(" ", n)+`[1,2]}`), 0)
		checkSkip(t, []byte(`{"a":"`+strings.Repeat("}", n)+`"}`), 0)
	}
	deep := bytes.Repeat([]byte("["), jsonv.MaxDepth+2)
	checkSkip(t, deep, 0)
	l := &lexer{data: []byte(`{"a": 1} \x`)}
	if err := l.skipContainer(); err != nil || l.pos != 8 {
		t.Fatalf("a valid object before a stray backslash: at %d, %v", l.pos, err)
	}
	l = &lexer{data: []byte(`{"a": \"1"}`)}
	err := l.skipContainer()
	if err == nil || err.Error() != `invalid JSON at byte 6: a backslash outside a string, found '\\'` {
		t.Fatalf("a backslash outside a string: %v", err)
	}
}

// naiveMasks are blockMasks one byte at a time.
func naiveMasks(b *[64]byte) (quote, bslash, opens, closes uint64) {
	for i, c := range b {
		switch c {
		case '"':
			quote |= 1 << i
		case '\\':
			bslash |= 1 << i
		case '{', '[':
			opens |= 1 << i
		case '}', ']':
			closes |= 1 << i
		}
	}
	return
}

// TestBlockMasks: the masks of both paths (vector and word at a time) are the
// byte-by-byte ones, blockMasks' and strMasks'.
func TestBlockMasks(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var b [64]byte
	for range 20000 {
		for i := range b {
			if rng.IntN(3) == 0 {
				b[i] = `{}[]"\\`[rng.IntN(6)]
			} else {
				b[i] = byte(rng.IntN(256))
			}
		}
		q, s, o, c := blockMasks(&b)
		wq, ws, wo, wc := naiveMasks(&b)
		if q != wq || s != ws || o != wo || c != wc {
			t.Fatalf("%q: masks %x %x %x %x, want %x %x %x %x", b, q, s, o, c, wq, ws, wo, wc)
		}
		if q, s, o, c := blockMasksSWAR(&b); q != wq || s != ws || o != wo || c != wc {
			t.Fatalf("%q: word-at-a-time masks %x %x %x %x, want %x %x %x %x", b, q, s, o, c, wq, ws, wo, wc)
		}
		var wh uint64 // the bytes that are not ASCII
		for i, c := range b {
			if c >= 0x80 {
				wh |= 1 << i
			}
		}
		if q, s, h := strMasks(&b); q != wq || s != ws || h != wh {
			t.Fatalf("%q: string masks %x %x %x, want %x %x %x", b, q, s, h, wq, ws, wh)
		}
		if q, s, h := strMasksSWAR(&b); q != wq || s != ws || h != wh {
			t.Fatalf("%q: word-at-a-time string masks %x %x %x, want %x %x %x", b, q, s, h, wq, ws, wh)
		}
	}
}

// FuzzSkipContainer: skipContainer ends (or fails) where the byte-by-byte scan does.
func FuzzSkipContainer(f *testing.F) {
	f.Add([]byte(`{"a": ["b\\", "c\"d", {"e": []}], "f": "}"}`))
	f.Add([]byte(`[` + strings.Repeat(`"\\\\\\\"x", `, 20) + `1]`))
	f.Fuzz(func(t *testing.T, in []byte) {
		for pos, c := range in {
			if c == '{' || c == '[' {
				checkSkip(t, in, pos)
			}
		}
	})
}
