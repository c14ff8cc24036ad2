package job

import "github.com/sabench/sabench-stats/bootstrap/workers"

// together runs steps side by side, or one after the other with one worker, and returns
// once every step begun has returned: with the first failed step's error (in steps' order).
func (o *Options) together(steps ...func() error) error {
	w := len(steps)
	if o.Workers <= 1 {
		w = 1
	}
	return workers.Each(len(steps), w, func(i int) error { return steps[i]() })
}
