package paths

import (
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// CreateTemp is os.CreateTemp with the mode a new file gets from the user's umask (0666
// less the umask, as a shell's > gives), not os.CreateTemp's 0600: an output is written
// through a temporary file renamed into place, and kept the temporary's mode, so under
// umask 077 some outputs came out 0600 and others 0644 (a fixed chmod), and under umask
// 000 none came out writable by the group a shared folder is for.
func CreateTemp(dir, pattern string) (*os.File, error) {
	var f *os.File
	err := tempName(dir, pattern, func(name string) (err error) {
		f, err = os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		return err
	})
	return f, err
}

// MkdirTemp is os.MkdirTemp with the mode a new directory gets from the umask (0777 less
// the umask, as mkdir gives), not os.MkdirTemp's 0700; it returns the directory's name.
func MkdirTemp(dir, pattern string) (string, error) {
	var name string
	err := tempName(dir, pattern, func(n string) error {
		name = n
		return os.Mkdir(n, 0o777)
	})
	return name, err
}

// tempName calls create with dir/pattern, its last "*" (or its end) replaced by a random
// number, until create does not find the name taken.
func tempName(dir, pattern string, create func(string) error) error {
	if dir == "" {
		dir = os.TempDir()
	}
	if strings.ContainsRune(pattern, os.PathSeparator) {
		return &os.PathError{Op: "createtemp", Path: pattern, Err: errors.New("pattern contains path separator")}
	}
	prefix, suffix := pattern, ""
	if i := strings.LastIndexByte(pattern, '*'); i >= 0 {
		prefix, suffix = pattern[:i], pattern[i+1:]
	}
	for try := 0; ; try++ {
		name := filepath.Join(dir, prefix+strconv.FormatUint(uint64(rand.Uint32()), 10)+suffix)
		err := create(name)
		if !errors.Is(err, fs.ErrExist) || try == 10000 {
			return err
		}
	}
}
