//go:build !linux

package ingest

// withFileBytes calls fn with the bytes of the file at path, read as ReadLimited reads
// them (the Linux build maps the file instead). fn must not keep data.
func withFileBytes(path string, max int64, fn func(data []byte)) error {
	data, err := ReadLimited(path, max)
	if err != nil {
		return err
	}
	fn(data)
	return nil
}
