package inspect

import "bytes"

// readSamples opens data as the log file name with opt and reads its samples to the end:
// the log, the samples read and the first error, at which it stops (the log and the samples
// before it are still returned, for a test of a damaged log). The tests that read every
// sample of a log in memory read it so.
func readSamples(name string, data []byte, opt ReadOptions) (*Log, []*Sample, error) {
	r, err := OpenReaderAtWith(name, bytes.NewReader(data), int64(len(data)), nil, opt)
	if err != nil {
		return nil, nil, err
	}
	defer r.Close()
	return r.readAll()
}
