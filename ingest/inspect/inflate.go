package inspect

import (
	"bufio"
	"io"
	"sync"

	"github.com/klauspost/compress/flate"
)

// inflaters pools the deflate readers of archive members: a sample member is a few
// kilobytes, and a new reader per member (its tables, its input buffer) costs more than
// inflating it.
var inflaters sync.Pool

// inflater is a pooled deflate reader; Close returns it to the pool.
type inflater struct {
	br *bufio.Reader
	fr io.ReadCloser // a flate.Resetter
}

func newInflater(r io.Reader) io.ReadCloser {
	if z, ok := inflaters.Get().(*inflater); ok {
		z.br.Reset(r)
		if z.fr.(flate.Resetter).Reset(z.br, nil) == nil {
			return z
		}
	}
	br := bufio.NewReader(r)
	return &inflater{br: br, fr: flate.NewReader(br)}
}

func (z *inflater) Read(p []byte) (int, error) { return z.fr.Read(p) }

func (z *inflater) Close() error {
	err := z.fr.Close()
	z.br.Reset(nil)
	inflaters.Put(z)
	return err
}
