package inspect

import (
	"archive/zip"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEvalNumberAndStringIDOneMemberName: a dataset may hold the ids 1 and "1" (two
// samples to Inspect), whose .eval members are both samples/1_epoch_1.json. The second
// was refused as "sample 1 epoch 1 also in samples/1_epoch_1.json", which named the
// member it was read from as the earlier one; the message now says what is not supported.
func TestEvalNumberAndStringIDOneMemberName(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ids.eval")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	for _, m := range []struct{ name, data string }{
		{"header.json", `{"version": 2, "status": "success", "eval": {"task": "t", "model": "m", "dataset": {"sample_ids": [1, "1"]}}}`},
		{"samples/1_epoch_1.json", `{"id": 1, "epoch": 1, "scores": {"s": {"value": 1}}}`},
		{"samples/1_epoch_1.json", `{"id": "1", "epoch": 1, "scores": {"s": {"value": 0}}}`},
	} {
		w, err := zw.Create(m.name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(m.data))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	_, _, err = ReadFile(path)
	var e *Error
	if !errors.As(err, &e) || e.Member != "samples/1_epoch_1.json" || e.Field != "id" ||
		!strings.Contains(err.Error(), "is here a string and in an earlier member of the same name (samples/1_epoch_1.json) a number") ||
		!strings.Contains(err.Error(), "cannot hold the number and the string apart; not supported") {
		t.Errorf("%v", err)
	}
}

// TestEvalNumberAndStringIDOtherMemberNames: the refusal said "an earlier member of the
// same name" also of two members named otherwise; it names the earlier member alone then.
func TestEvalNumberAndStringIDOtherMemberNames(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ids.eval")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	for _, m := range []struct{ name, data string }{
		{"header.json", `{"version": 2, "status": "success", "eval": {"task": "t", "model": "m"}}`},
		{"samples/a_epoch_1.json", `{"id": 1, "epoch": 1, "scores": {"s": {"value": 1}}}`},
		{"samples/b_epoch_1.json", `{"id": "1", "epoch": 1, "scores": {"s": {"value": 0}}}`},
	} {
		w, err := zw.Create(m.name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(m.data))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	_, _, err = ReadFile(path)
	var e *Error
	if !errors.As(err, &e) || e.Member != "samples/b_epoch_1.json" || e.Field != "id" ||
		!strings.Contains(err.Error(), "is here a string and in an earlier member (samples/a_epoch_1.json) a number") {
		t.Errorf("%v", err)
	}
}
