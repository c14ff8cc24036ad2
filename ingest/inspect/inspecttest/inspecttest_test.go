package inspecttest

import (
	"archive/zip"
	"bytes"
	"io"
	"strings"
	"testing"
)

// TestRewrite: a member edited, one dropped, one added after the others, in order.
func TestRewrite(t *testing.T) {
	src := Rewrite(t, Rewrite(t, nil0(t), nil, Member{"header.json", []byte(`{}`)}, Member{"samples/1_epoch_1.json", []byte(`{"id":1}`)}, Member{"summaries.json", []byte(`[]`)}),
		func(name string, data []byte) []byte {
			if name == "summaries.json" {
				return nil
			}
			return data
		}, Member{"reductions.json", []byte(`[]`)})
	out := Rewrite(t, src, Samples(t, func(_ string, doc map[string]any) { doc["epoch"] = 2 }))
	zr, err := zip.NewReader(bytes.NewReader(out), int64(len(out)))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range zr.File {
		rc, _ := f.Open()
		b, _ := io.ReadAll(rc)
		rc.Close()
		got = append(got, f.Name+"="+string(b))
	}
	want := `header.json={} samples/1_epoch_1.json={"epoch":2,"id":1} reductions.json=[]`
	if strings.Join(got, " ") != want {
		t.Errorf("got %s\nwant %s", strings.Join(got, " "), want)
	}
}

// nil0 is an empty archive.
func nil0(t *testing.T) []byte {
	var b bytes.Buffer
	if err := zip.NewWriter(&b).Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
