package fsx_test

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/sabench/sabench-stats/results/fsx"
)

func ExampleWriteFileAtomic() {
	dir, err := os.MkdirTemp("", "fsx-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "notes.txt")
	err = fsx.WriteFileAtomic(path, func(w io.Writer) error {
		_, err := io.WriteString(w, "all or nothing\n")
		return err
	})
	data, _ := os.ReadFile(path)
	fmt.Printf("%v %q\n", err, data)
	// Output: <nil> "all or nothing\n"
}
