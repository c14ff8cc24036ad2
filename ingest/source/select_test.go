package source

import (
	"errors"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
)

func TestSelect(t *testing.T) {
	in, err := Open(Options{Bench: Builtin})
	if err != nil {
		t.Fatal(err)
	}
	eps, err := builtinEpisodes()
	if err != nil {
		t.Fatal(err)
	}
	want := eps[7]
	ep, err := in.Select(ingest.Selection{RunID: want.RunID})
	if err != nil || ep.RunID != want.RunID {
		t.Fatalf("Select(%s) = %v, %v", want.RunID, ep, err)
	}
	var none *ingest.NoEpisodeError
	if _, err := in.Select(ingest.Selection{RunID: "no-such-run"}); !errors.As(err, &none) {
		t.Errorf("no such run: %v (%T)", err, err)
	}
}
