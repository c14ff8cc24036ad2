package figures

import (
	"bytes"
	"sync"
	"testing"
)

// TestConcurrentRender renders every figure in every format from several
// goroutines at once (run with -race); each result must equal a serial
// rendering, so callers may render figures in parallel.
func TestConcurrentRender(t *testing.T) {
	figs := smallFigures()
	want := map[string]map[Format][]byte{}
	for _, name := range smallNames {
		out, err := RenderAll(figs[name], Column)
		if err != nil {
			t.Fatal(err)
		}
		want[name] = out
	}
	var wg sync.WaitGroup
	errs := make(chan string, len(smallNames)*len(Formats)*2)
	for rep := 0; rep < 2; rep++ {
		for _, name := range smallNames {
			for _, f := range Formats {
				wg.Add(1)
				go func() {
					defer wg.Done()
					var b bytes.Buffer
					if err := Render(figs[name], f, &b, Column); err != nil {
						errs <- err.Error()
						return
					}
					if !bytes.Equal(b.Bytes(), want[name][f]) {
						errs <- name + "." + string(f) + " differs when rendered concurrently"
					}
				}()
			}
		}
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
