package analysis

import "sync"

// cacheEntry is one result of Release.cache: computed by the first caller, which the
// callers asking at the same time wait for.
type cacheEntry struct {
	once sync.Once
	v    any
	err  error
}

// cached is f's result under key in r's cache (shared by the releases sharing r's
// verdicts), computed once: a report builds its tables, its figures and the viewer's
// leaderboards side by side, and they ask for the same intervals at the same time.
// The result is shared, so no caller may modify it.
func cached[T any](r *Release, key any, f func() (T, error)) (T, error) {
	e, _ := r.cache.LoadOrStore(key, &cacheEntry{})
	c := e.(*cacheEntry)
	c.once.Do(func() { c.v, c.err = f() })
	if c.err != nil {
		var zero T
		return zero, c.err
	}
	return c.v.(T), nil
}
