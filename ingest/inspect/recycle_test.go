package inspect

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestRecycledMemory: a sample decoded into memory recycled from other samples is the
// sample decoded afresh, for every reference document (escapes, invalid UTF-8, long
// and short strings), light and full, one memory passed from document to document.
func TestRecycledMemory(t *testing.T) {
	docs := referenceSamples(t)
	names := make([]string, 0, len(docs))
	for name := range docs {
		names = append(names, name)
	}
	slices.Sort(names)
	mem := &sampleMem{}
	for pass := 0; pass < 2; pass++ {
		for _, name := range names {
			for _, light := range []bool{false, true} {
				want, err := decodeSample("f", "m", docs[name], false, light, []string{"submit"}, nil)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				got, err := decodeSample("f", "m", docs[name], false, light, []string{"submit"}, mem)
				if err != nil {
					t.Fatalf("%s: recycled: %v", name, err)
				}
				if got.mem != mem {
					t.Fatalf("%s: the sample does not hold its memory", name)
				}
				got.mem = nil
				if !reflect.DeepEqual(got, want) {
					g, _ := json.Marshal(got)
					w, _ := json.Marshal(want)
					t.Errorf("%s (light %v):\n got %s\nwant %s", name, light, g, w)
				}
				mem.reset()
			}
		}
	}
	// The memory is reused: a transcript of many tool events decoded into recycled
	// memory allocates less than afresh.
	if raceEnabled {
		return
	}
	var events []string
	for i := range 40 {
		events = append(events, fmt.Sprintf(`{"event": "tool", "id": "call_%02d", "function": "look", "arguments": {"q": "x"}, "result": "{\"k\": \"v%d\"}"}`, i, i))
	}
	doc := []byte(`{"id": 1, "epoch": 1, "events": [` + strings.Join(events, ", ") + `]}`)
	fresh := testing.AllocsPerRun(20, func() { decodeSample("f", "m", doc, false, true, nil, nil) })
	recycled := testing.AllocsPerRun(20, func() {
		decodeSample("f", "m", doc, false, true, nil, mem)
		mem.reset()
	})
	if recycled > fresh-8 {
		t.Errorf("%.0f allocations with recycled memory, %.0f afresh", recycled, fresh)
	}
}

// TestReaderRecycle: reading a log with ReadOptions.Recycle, handing each sample back
// once it is compared, gives the samples of a read without, with one worker and several.
func TestReaderRecycle(t *testing.T) {
	logs, _ := filepath.Glob(filepath.Join(logsDir, "*.eval"))
	for _, p := range logs {
		for _, workers := range []int{1, 3} {
			rec, err := OpenWith(p, ReadOptions{NoHash: true, Recycle: true, Workers: workers, Light: true})
			if err != nil {
				t.Fatal(err)
			}
			light, err := OpenWith(p, ReadOptions{NoHash: true, Light: true})
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; ; i++ {
				want, err1 := light.Next()
				got, err2 := rec.Next()
				if err1 == io.EOF && err2 == io.EOF {
					break
				}
				if err1 != nil || err2 != nil {
					t.Fatalf("%s sample %d: %v, recycled %v", p, i, err1, err2)
				}
				mem := got.mem
				got.mem = nil
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%s sample %d differs when recycled", p, i)
				}
				got.mem = mem
				rec.Recycle(got)
				if got.mem != nil || got.Events != nil {
					t.Errorf("%s sample %d: still holds its memory", p, i)
				}
			}
			rec.Close()
			light.Close()
		}
	}
}
