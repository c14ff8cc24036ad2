package main

import (
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// progress is a spinner with a count on stderr, drawn only when stderr is a terminal:
// redirected output and tests get nothing (DESIGN §8).
type progress struct{ bar *progressbar.ProgressBar }

// progress returns a progress display for an unknown total.
func (c *common) progress(desc string) *progress {
	f, ok := c.stderr.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return &progress{}
	}
	return &progress{bar: progressbar.NewOptions(-1,
		progressbar.OptionSetWriter(f), // NewOptions defaults to stdout
		progressbar.OptionSetDescription(desc),
		progressbar.OptionShowCount(),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)}
}

// set shows how many items are done.
func (p *progress) set(done int) {
	if p.bar != nil {
		_ = p.bar.Set(done)
	}
}

// Finish clears the display.
func (p *progress) Finish() {
	if p.bar != nil {
		_ = p.bar.Finish()
	}
}
