package inspect

import (
	"io"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
)

func BenchmarkTmpEval10(b *testing.B) {
	files, _ := filepath.Glob("/tmp/ev10/inspect/*.eval")
	if len(files) == 0 {
		b.Skip("no logs")
	}
	files = files[:4]
	var size int64
	for _, f := range files {
		st, _ := os.Stat(f)
		size += st.Size()
	}
	b.SetBytes(size)
	runtime.LockOSThread()
	var ru0, ru1 syscall.Rusage
	syscall.Getrusage(1, &ru0)
	tot := 0
	for b.Loop() {
		n := 0
		for _, f := range files {
			r, err := OpenWith(f, ReadOptions{Workers: 1, Light: true, SkipTools: []string{"submit"}, NoHash: true, Recycle: true})
			if err != nil {
				b.Fatal(err)
			}
			for {
				s, err := r.Next()
				if err == io.EOF {
					break
				}
				if err != nil {
					b.Fatal(err)
				}
				n++
				r.Recycle(s)
			}
			r.Close()
		}
		tot += n
	}
	syscall.Getrusage(1, &ru1)
	cpu := (ru1.Utime.Nano() + ru1.Stime.Nano()) - (ru0.Utime.Nano() + ru0.Stime.Nano())
	b.ReportMetric(float64(cpu)/float64(tot), "cpu-ns/sample")
}
