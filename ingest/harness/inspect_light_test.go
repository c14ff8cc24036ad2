package harness_test

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/harness"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// TestInspectLightRead: the episodes made from a light read of the samples (what the
// stream does, recycling each sample's memory once it is an episode) equal, field by
// field, those made from a full read, with the same problems and warnings, under every
// record source, with one worker and several: on Inspect's real .eval logs, each
// relabelled as a SafeActBench case, and on a subset of the built-in release written as
// Inspect logs (every 300th episode and every 20th not completed: every configuration,
// condition, protocol and status).
func TestInspectLightRead(t *testing.T) {
	bench := builtinBench(t)
	dir := t.TempDir()
	_, files := writeInspectSubset(t, filepath.Join(dir, "synth"), func(i int, ep *ingest.Episode) bool {
		return i%300 == 0 || ep.Status != ingest.StatusCompleted && i%20 == 0
	})
	real, _ := filepath.Glob(filepath.Join(realLogs, "*.eval"))
	if len(real) < 4 {
		t.Fatalf("%d real logs", len(real))
	}
	for i, src := range real {
		dst := filepath.Join(dir, "real", filepath.Base(src))
		os.MkdirAll(filepath.Dir(dst), 0o755)
		relabel(t, src, dst, []string{"SAB-V1-001", "SAB-L-001", "SAB-V3-001", "SAB-V2-001"}[i%4])
		files = append(files, dst)
	}
	read := func(opt harness.Options, full bool) ([]*ingest.Episode, []string, []string) {
		s, err := harness.OpenInspect(files, opt)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if full {
			harness.ReadFull(s)
		}
		var eps []*ingest.Episode
		var problems []string
		for {
			ep, err := s.Next()
			if err == io.EOF {
				break
			}
			var p ingest.Problem
			if errors.As(err, &p) {
				problems = append(problems, p.String())
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			eps = append(eps, ep)
		}
		return eps, problems, s.Warnings()
	}
	for _, from := range []string{"output", "store:answer", "tool:submit"} {
		opt := harness.Options{Bench: bench, RecordFrom: from}
		full, fp, fw := read(opt, true)
		// One worker, and three: the samples then decoded ahead on other goroutines
		// into the memory the stream hands back.
		for _, workers := range []int{1, 3} {
			opt.Workers = workers
			light, lp, lw := read(opt, false)
			if len(full) < 100 || len(light) != len(full) {
				t.Fatalf("record from %s, %d workers: %d episodes read light, %d in full", from, workers, len(light), len(full))
			}
			if !reflect.DeepEqual(lp, fp) || !reflect.DeepEqual(lw, fw) {
				t.Errorf("record from %s, %d workers: problems %q, warnings %q; in full %q, %q", from, workers, lp, lw, fp, fw)
			}
			for i := range full {
				l, f := light[i], full[i]
				// Every field, the typed record and usage included.
				if !reflect.DeepEqual(l, f) {
					t.Errorf("record from %s, %d workers: %s: light\n%+v %s\nfull\n%+v %s", from, workers, f.Source, l, jsonv.Marshal(l.Record.Object()), f, jsonv.Marshal(f.Record.Object()))
				}
			}
		}
	}
}
