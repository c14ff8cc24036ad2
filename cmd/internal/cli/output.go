package cli

import (
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// ErrWriter remembers the first write error, so that output that did not reach its
// reader (a full disk, a closed pipe) cannot end in exit status 0.
type ErrWriter struct {
	W   io.Writer
	Err error
}

func (w *ErrWriter) Write(p []byte) (int, error) {
	if w.Err != nil {
		return 0, w.Err
	}
	n, err := w.W.Write(p)
	if err != nil {
		w.Err = err
	}
	return n, err
}

// Progress is a spinner with a count on stderr, drawn only when stderr is a terminal:
// redirected output and tests get nothing.
type Progress struct{ bar *progressbar.ProgressBar }

// NewProgress returns a progress display for an unknown total, titled desc.
func NewProgress(stderr io.Writer, desc string) *Progress {
	f, ok := stderr.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return &Progress{}
	}
	return &Progress{bar: progressbar.NewOptions(-1,
		progressbar.OptionSetWriter(f), // NewOptions defaults to stdout
		progressbar.OptionSetDescription(desc),
		progressbar.OptionShowCount(),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)}
}

// Set shows how many items are done.
func (p *Progress) Set(done int) {
	if p.bar != nil {
		_ = p.bar.Set(done)
	}
}

// Finish clears the display.
func (p *Progress) Finish() {
	if p.bar != nil {
		_ = p.bar.Finish()
	}
}
