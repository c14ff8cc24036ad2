package inspect

import (
	"os"
	"slices"
	"testing"
)

// A JSON log that a Windows editor saved with a byte-order mark reads as the log without
// it, as the episode and case files do; it was "invalid character 'ï'".
func TestJSONLogByteOrderMark(t *testing.T) {
	data, err := os.ReadFile(logPath(popJSON))
	if err != nil {
		t.Fatal(err)
	}
	read := func(b []byte) (ids []string) {
		t.Helper()
		_, samples, err := readSamples("log.json", b, ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range samples {
			ids = append(ids, s.Member)
		}
		return ids
	}
	want := read(data)
	got := read(append([]byte("\xef\xbb\xbf"), data...))
	if len(want) != 3 || !slices.Equal(got, want) {
		t.Errorf("with a mark: %v, without: %v", got, want)
	}
}
