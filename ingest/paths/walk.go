package paths

import (
	"io/fs"
	"os"
	"path/filepath"
)

// WalkDir is filepath.WalkDir that enters root when root is a symbolic link to a
// directory: a folder the user named is read whatever it is reached through (WalkDir
// reports such a root as the link and stops there, and the folder seemed empty). Links
// met inside root are left to fn, as WalkDir leaves them. The paths fn sees start with
// root as given.
func WalkDir(root string, fn fs.WalkDirFunc) error {
	if st, err := os.Lstat(root); err == nil && st.Mode()&fs.ModeSymlink != 0 {
		if st, err := os.Stat(root); err == nil && st.IsDir() {
			// A trailing separator makes the walk's first Lstat follow the link; the
			// paths under it are joined (and so cleaned) from it.
			dir := root + string(filepath.Separator)
			return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
				if p == dir {
					// The root as given, as WalkDir gives it: callers tell it by p == root
					// (a hidden root, ./.runs, is searched, not passed over).
					return fn(root, d, err)
				}
				return fn(filepath.Clean(p), d, err)
			})
		}
	}
	return filepath.WalkDir(root, fn)
}
