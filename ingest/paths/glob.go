package paths

import (
	"path/filepath"
	"strings"
)

// Glob is filepath.Glob as a shell expands a pattern: a name beginning with '.' is matched
// only by a pattern segment that begins with '.' too ('dir/*' does not match dir/.x, and
// 'dir/.*' does), as the folder search passes hidden entries over. hidden are the
// matches left out so, for a note (PassOver.Glob counts them).
func Glob(pattern string) (matches, hidden []string, err error) {
	all, err := filepath.Glob(pattern)
	if err != nil {
		return nil, nil, err
	}
	pat := strings.Split(filepath.ToSlash(pattern), "/")
	for _, m := range all {
		if shownBy(pat, strings.Split(filepath.ToSlash(m), "/")) {
			matches = append(matches, m)
		} else {
			hidden = append(hidden, m)
		}
	}
	return matches, hidden, nil
}

// shownBy reports whether the path of segments m, which the pattern of segments pat
// matched, has no hidden name where pat's segment has a wildcard and no leading dot. The
// segments are compared from the end: filepath.Glob cleans the part before the first
// wildcard ("./d/*" gives "d/x"), never the part after it.
func shownBy(pat, m []string) bool {
	for i := 1; i <= min(len(pat), len(m)); i++ {
		p, name := pat[len(pat)-i], m[len(m)-i]
		if strings.ContainsAny(p, "*?[") && !leadingDot(p) && strings.HasPrefix(name, ".") {
			return false
		}
	}
	return true
}

// leadingDot reports whether a pattern segment matches a leading '.' explicitly: '.', or
// '\.' where '\' escapes (not on Windows, where it separates), as a shell reads '\.*'.
func leadingDot(p string) bool {
	return strings.HasPrefix(p, ".") || (filepath.Separator != '\\' && strings.HasPrefix(p, `\.`))
}
