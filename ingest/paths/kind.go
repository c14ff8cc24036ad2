package paths

import "io/fs"

// Kind names what a path that is not a regular file is, for the refusal of an input
// ("a named pipe, not a regular file"): a reader of the error knows the word, not the
// mode string (p---------) the refusal printed.
func Kind(m fs.FileMode) string {
	switch t := m.Type(); {
	case t&fs.ModeDir != 0:
		return "a directory"
	case t&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case t&fs.ModeSocket != 0:
		return "a socket"
	case t&fs.ModeCharDevice != 0:
		return "a character device"
	case t&fs.ModeDevice != 0:
		return "a device"
	case t&fs.ModeSymlink != 0:
		return "a symbolic link"
	case t&fs.ModeIrregular != 0:
		return "a file of unknown type"
	}
	return "a regular file"
}
