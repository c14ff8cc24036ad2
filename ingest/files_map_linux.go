package ingest

import (
	"errors"
	"fmt"
	"runtime/debug"
	"syscall"
)

// withFileBytes calls fn with the bytes of the file at path (ReadLimited's checks and
// limit), mapped read-only rather than read into the heap: no copy, and the file's pages
// are the page cache's own, entered in one call (MAP_POPULATE) instead of faulted in one
// by one. fn must not keep data. A file the system cannot map (empty, or on a file system
// without mmap) is read as ReadLimited reads it. A file truncated while mapped faults on
// the missing pages: that is an error, not a crash.
func withFileBytes(path string, max int64, fn func(data []byte)) (err error) {
	f, st, err := openRegular(path)
	if err != nil {
		return err
	}
	defer f.Close()
	size := st.Size()
	if size > max {
		return fmt.Errorf("file larger than the limit of %d bytes", max)
	}
	var data []byte
	if size > 0 && int64(int(size)) == size {
		data, err = syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_PRIVATE|syscall.MAP_POPULATE)
	}
	if data == nil || err != nil {
		if data, err = readOpened(f, st, max); err != nil {
			return err
		}
		fn(data)
		return nil
	}
	defer syscall.Munmap(data)
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if p := recover(); p != nil {
			if _, fault := p.(interface{ Addr() uintptr }); !fault {
				panic(p)
			}
			err = errors.New("file changed while it was read (truncated?)")
		}
	}()
	fn(data)
	return nil
}
