package fsx

import (
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
)

// The temporaries of outputs not yet in place, so that a program stopped by a signal
// can remove them (RemoveTemps) instead of leaving .NAME.tmp-* siblings beside its
// outputs. A rename into place happens under the same lock (installed), so a
// temporary is either renamed whole or removed, never both, and none is installed
// after RemoveTemps.
var temps struct {
	sync.Mutex
	paths   map[string]bool
	stopped bool
}

// ErrStopped is the error of a write that was to be put in place after RemoveTemps.
var ErrStopped = errors.New("stopped: the output was not put in place")

// Temp makes a temporary file or directory beside an output with mk (which returns its
// path) and records it, so that RemoveTemps removes it; Install puts it in place, Forget
// forgets it once removed. mk runs under the lock: a temporary made while a signal's
// RemoveTemps runs is either made before and removed by it, or never made (ErrStopped);
// made and tracked apart, one made just then outlived the exit.
func Temp(mk func() (string, error)) (string, error) {
	temps.Lock()
	defer temps.Unlock()
	if temps.stopped {
		return "", ErrStopped
	}
	p, err := mk()
	if err != nil {
		return "", err
	}
	trackLocked(p)
	return p, nil
}

// trackLocked records p; the caller holds the lock.
func trackLocked(p string) {
	if temps.paths == nil {
		temps.paths = map[string]bool{}
	}
	temps.paths[p] = true
}

// Forget forgets the tracked temporary p, which its owner removed.
func Forget(p string) {
	temps.Lock()
	defer temps.Unlock()
	delete(temps.paths, p)
}

// Install runs install (the renames that put the tracked temporary p in place), unless
// RemoveTemps ran (ErrStopped); p is forgotten once installed. install runs under the
// lock and may record what it moved aside (trackLocked), to be removed by a stop too.
func Install(p string, install func() error) error {
	temps.Lock()
	defer temps.Unlock()
	if temps.stopped {
		return ErrStopped
	}
	// Forgotten first: install may record p again, when it holds what was moved aside.
	delete(temps.paths, p)
	if err := install(); err != nil {
		trackLocked(p)
		return err
	}
	return nil
}

// RemoveTemps removes every temporary file and directory of an output not yet in place,
// and returns their paths in order; from then on no output is put in place (ErrStopped).
// A program calls it when a signal stops it: outputs already in place are complete, and
// no half-written one is left.
func RemoveTemps() []string {
	temps.Lock()
	defer temps.Unlock()
	temps.stopped = true
	var removed []string
	for p := range temps.paths {
		if os.RemoveAll(p) == nil {
			removed = append(removed, filepath.Clean(p))
		}
	}
	temps.paths = nil
	sort.Strings(removed)
	// A temporary inside another (a report's chunk directory) went with it: name the outer.
	out := removed[:0]
	for _, p := range removed {
		if n := len(out); n == 0 || !strings.HasPrefix(p, out[n-1]+string(filepath.Separator)) {
			out = append(out, p)
		}
	}
	return out
}
