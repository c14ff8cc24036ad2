package job

import "sync"

// together runs steps side by side, or one after the other with one worker, and returns
// once every step has returned: with the first failed step's error (in steps' order).
func (o *Options) together(steps ...func() error) error {
	errs := make([]error, len(steps))
	if o.Workers <= 1 {
		for i, step := range steps {
			if errs[i] = step(); errs[i] != nil {
				break
			}
		}
		return firstError(errs)
	}
	var wg sync.WaitGroup
	for i, step := range steps {
		wg.Go(func() { errs[i] = step() })
	}
	wg.Wait()
	return firstError(errs)
}

func firstError(errs []error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
